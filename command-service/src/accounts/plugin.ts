import type { FastifyInstance } from 'fastify';
import { AttemptThrottle } from './throttle';
import { throttleTableFor } from './throttle-table';
import { LeasedJob } from '../kernel/leased-job';
import { leasesFor } from '../kernel/leases';
import { registerAuthRoutes } from './auth.routes';
import { registerEmailRoutes } from './email.routes';
import { registerTwoFactorRoutes } from './twofactor.routes';
import { registerTokenRoutes } from './token.routes';
import { registerProfileRoutes } from './profile.routes';
import { registerMailboxRoutes } from './mailbox.routes';
import { deleteAppsOf, registerOAuthRoutes } from './oauth.routes';
import { join } from 'node:path';
import { OutboxMailer, mailerFromEnv } from './mail';
import { forgetBilling, processBillingCycle, registerBillingRoutes, type BillingDeps } from './billing/billing.routes';
import { SandboxPaymentProvider } from './billing/provider';
import { BillingVault } from './billing/vault';
import type { AccountDeps } from './support';
import { ACCOUNT_ROUTES, installAccessMatrix, routeKey } from './access-matrix.hook';

const OWNED_PREFIXES = ['/v2/auth/', '/v2/pat', '/v2/session/', '/v2/oauth/', '/_avatars/', '/v2/billing/'];

/**
 * The accounts API: /v2/auth/*, /v2/pat*, /v2/session/*, profile writes on
 * /v2/user/{id}, OAuth and billing. Call `installAuth(app, { credentials })`
 * (service-kit) before this, on the same app.
 */
export function registerAccountRoutes(app: FastifyInstance, given: AccountDeps): void {
  const ownVault = !given.billingVault;
  const deps: BillingDeps = {
    ...given,
    mailer: given.mailer ?? mailerFromEnv(given.dataDir),
    payments: given.payments ?? new SandboxPaymentProvider(),
    billingVault: given.billingVault ?? new BillingVault(join(given.dataDir, 'billing.db')),
  };
  const rl = deps.rateLimit ?? {};
  // failed sign-in and code attempts are counted in the credential vault's file: shared by the replicas, kept across restarts
  const throttleTable = throttleTableFor(deps.credentials, deps.dataDir);
  const throttle = new AttemptThrottle(rl.signInAttempts ?? 10, rl.signInWindowMs ?? 15 * 60 * 1000, { table: throttleTable, scope: 'signin' });
  // encapsulated: the access-matrix hook sees only these routes (auth, error handling and
  // rate limiting installed on the parent still apply)
  app.register(async (scope) => {
    installAccessMatrix(scope, new Map(ACCOUNT_ROUTES.map((r) => [routeKey(r.method, r.url), r])), OWNED_PREFIXES);
    registerAuthRoutes(scope, deps, throttle);
    registerEmailRoutes(scope, deps, throttle);
    registerTwoFactorRoutes(scope, deps, throttle);
    registerTokenRoutes(scope, deps);
    registerProfileRoutes(scope, deps, async (userId) => {
      await deleteAppsOf(deps, userId);
      await forgetBilling(deps, userId);
    });
    registerOAuthRoutes(scope, deps);
    registerBillingRoutes(scope, deps);
  });
  const cycleMs = deps.billingCycleMs ?? 10 * 60 * 1000;
  // one replica runs the billing cycle at a time (its charges are also serialized per user by the store-held billing lock)
  const cycle = new LeasedJob({
    name: 'billing-cycle',
    leases: deps.leases ?? leasesFor(deps.store, deps.dataDir),
    everyMs: cycleMs,
    run: () => processBillingCycle(deps),
    log: (m, err) => app.log.error({ err }, m),
  });
  cycle.start();
  app.addHook('onClose', async () => {
    await cycle.close();
    if (ownVault) deps.billingVault.close();
    throttleTable.close();
  });
  if (deps.mailer instanceof OutboxMailer && deps.devMailbox !== false) registerMailboxRoutes(app, deps.mailer, { open: process.env.DEV_MAILBOX_OPEN === '1' });
}
