import { describe, expect, it } from 'vitest';
import { aptPlan, describeCommands, runInstall } from './debian-package';

describe('installing a Debian package', () => {
  it('installs with apt as root, updating the lists first when apt does not know the package', () => {
    expect(aptPlan('wrk', { isRoot: true, hasApt: true, aptKnows: true })).toEqual({
      action: 'install',
      commands: [['apt-get', 'install', '-y', '-qq', 'wrk']],
    });
    const fresh = aptPlan('chromium', { isRoot: true, hasApt: true, aptKnows: false });
    expect(fresh.action === 'install' && describeCommands(fresh.commands)).toBe('apt-get update -qq && apt-get install -y -qq chromium');
  });

  it('says why it cannot: no apt-get (even as root), or not root', () => {
    expect(aptPlan('wrk', { isRoot: true, hasApt: false, aptKnows: false })).toEqual({ action: 'fail', why: 'no-apt' });
    expect(aptPlan('wrk', { isRoot: false, hasApt: true, aptKnows: true })).toEqual({ action: 'fail', why: 'not-root' });
  });

  it('runs the commands in order and stops at the first that fails, naming it', () => {
    const ran: string[] = [];
    const run = (cmd: string, args: string[]) => (ran.push([cmd, ...args].join(' ')), args[0] === 'update' ? 100 : 0);
    expect(
      runInstall(
        [
          ['apt-get', 'update', '-qq'],
          ['apt-get', 'install', '-y', '-qq', 'wrk'],
        ],
        run,
      ),
    ).toEqual({
      ok: false,
      failed: '`apt-get update -qq` failed (exit 100)',
    });
    expect(ran).toEqual(['apt-get update -qq']);
    expect(runInstall([['true'], ['true']], (cmd) => (ran.push(cmd), 0))).toEqual({ ok: true });
    expect(ran).toEqual(['apt-get update -qq', 'true', 'true']);
  });
});
