import { codeFlow, codeOnly } from '@modshelf/contract/v2';
import type { FastifyInstance } from 'fastify';
import { requireSession, unauthorized } from '@modshelf/service-kit';
import type { AccountDeps } from './support';
import { issueSession, correlationOf } from './http';
import type { AttemptThrottle } from './throttle';
import { beginTwoFactorSetup, completeTwoFactorLogin, completeTwoFactorSetup, disableTwoFactor } from './two-factor';

export function registerTwoFactorRoutes(app: FastifyInstance, deps: AccountDeps, throttle: AttemptThrottle): void {
  app.post('/v2/auth/2fa/get_secret', async (request) => beginTwoFactorSetup(deps, requireSession(request).userId));

  app.post('/v2/auth/2fa', async (request) => {
    const actor = requireSession(request);
    const { flow, code } = codeFlow.parse(request.body ?? {});
    return { backup_codes: await completeTwoFactorSetup(deps, throttle, actor.userId, flow, code, correlationOf(request)) };
  });

  app.delete('/v2/auth/2fa', async (request, reply) => {
    const actor = requireSession(request);
    const { code } = codeOnly.parse(request.body ?? {});
    await disableTwoFactor(deps, throttle, actor.userId, code, correlationOf(request));
    return reply.status(204).send();
  });

  app.post('/v2/auth/login/2fa', async (request, reply) => {
    const { flow, code } = codeFlow.parse(request.body ?? {});
    const userId = await completeTwoFactorLogin(deps, throttle, flow, code, request.ip);
    const account = await deps.credentials.getAccount(userId);
    if (!account) throw unauthorized();
    return { session: await issueSession(deps, account, request, reply) };
  });
}
