import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@modshelf/contract';
import { makeTestApp, type TestApp } from './test-app';
import { AttemptThrottle } from './throttle';
import { beginTwoFactorSetup, completeTwoFactorLogin, completeTwoFactorSetup, disableTwoFactor, startTwoFactorFlow, totpCode } from './two-factor';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? e.kind : String(e)),
  );

describe('two-factor domain (no HTTP)', () => {
  it('sets up with a code, signs in once per flow, spends a recovery code once, turns off', async () => {
    await t.signUp('tara');
    const userId = (await t.deps.credentials.findByUsername('tara'))!.userId;
    const throttle = new AttemptThrottle(5, 60_000);

    const { secret, flow } = await beginTwoFactorSetup(t.deps, userId);
    expect(await kindOf(completeTwoFactorSetup(t.deps, throttle, userId, flow, '000000'))).toBe('invalid_input');
    const codes = await completeTwoFactorSetup(t.deps, throttle, userId, flow, totpCode(secret));
    expect(codes).toHaveLength(6);
    expect(await kindOf(beginTwoFactorSetup(t.deps, userId))).toBe('invalid_input');

    const login = await startTwoFactorFlow(t.deps, userId, 'login');
    expect(await kindOf(completeTwoFactorLogin(t.deps, throttle, login, '123456', '127.0.0.1'))).toBe('unauthorized');
    expect(await completeTwoFactorLogin(t.deps, throttle, login, codes[0]!, '127.0.0.1')).toBe(userId);
    // the flow is spent, and so is the recovery code
    expect(await kindOf(completeTwoFactorLogin(t.deps, throttle, login, codes[1]!, '127.0.0.1'))).toBe('unauthorized');
    const again = await startTwoFactorFlow(t.deps, userId, 'login');
    expect(await kindOf(completeTwoFactorLogin(t.deps, throttle, again, codes[0]!, '127.0.0.1'))).toBe('unauthorized');

    await disableTwoFactor(t.deps, throttle, userId, codes[2]!);
    expect(await kindOf(disableTwoFactor(t.deps, throttle, userId, codes[3]!))).toBe('invalid_input');
    expect((await t.deps.credentials.getTotp(userId))?.enabled ?? false).toBe(false);
  });
});
