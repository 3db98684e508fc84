import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, decideChromium, ensureChromium, type ChromiumEnvironment } from './chromium';

/** A machine with the given files, user and package manager. */
function machine(o: Partial<Omit<ChromiumEnvironment, 'isExecutable'>> & { files?: string[] } = {}): ChromiumEnvironment & { files: Set<string> } {
  const files = new Set(o.files ?? []);
  return {
    configuredPath: o.configuredPath,
    isExecutable: (p) => files.has(p),
    isRoot: o.isRoot ?? false,
    hasApt: o.hasApt ?? true,
    aptKnows: o.aptKnows ?? true,
    files,
  };
}

describe('which browser the tests get', () => {
  it('uses Debian chromium when it is there, whoever runs the tests', () => {
    for (const isRoot of [true, false]) {
      expect(decideChromium(machine({ files: [DEBIAN_CHROMIUM], isRoot }))).toEqual({ action: 'use', path: DEBIAN_CHROMIUM });
    }
  });

  it('installs Debian chromium with apt when missing and running as root', () => {
    expect(decideChromium(machine({ isRoot: true }))).toEqual({
      action: 'install',
      path: DEBIAN_CHROMIUM,
      commands: [['apt-get', 'install', '-y', '-qq', 'chromium']],
    });
  });

  it('updates the package lists first when apt does not know chromium yet (a fresh image)', () => {
    const d = decideChromium(machine({ isRoot: true, aptKnows: false }));
    expect(d.action === 'install' && d.commands.map((c) => c.slice(0, 2).join(' '))).toEqual(['apt-get update', 'apt-get install']);
  });

  it('says in one line what to install when missing and not root', () => {
    const d = decideChromium(machine({ isRoot: false }));
    expect(d.action).toBe('fail');
    const message = d.action === 'fail' ? d.message : '';
    expect(message).toContain('sudo apt-get install chromium');
    expect(message).toContain(DEBIAN_CHROMIUM);
    expect(message).not.toContain('\n');
  });

  it('says what to install when there is no apt, even as root', () => {
    const d = decideChromium(machine({ isRoot: true, hasApt: false }));
    expect(d.action).toBe('fail');
    expect(d.action === 'fail' && d.message).toMatch(/package manager.*CHROMIUM_PATH/);
  });

  it('never installs in place of a CHROMIUM_PATH that is missing', () => {
    const d = decideChromium(machine({ isRoot: true, configuredPath: '/opt/chrome/chrome' }));
    expect(d.action).toBe('fail');
    expect(d.action === 'fail' && d.message).toContain('CHROMIUM_PATH=/opt/chrome/chrome');
    expect(decideChromium(machine({ configuredPath: '/opt/chrome/chrome', files: ['/opt/chrome/chrome'] }))).toEqual({
      action: 'use',
      path: '/opt/chrome/chrome',
    });
  });
});

describe('ensureChromium', () => {
  it('runs the install commands in order and then uses the installed browser', () => {
    const env = machine({ isRoot: true, aptKnows: false });
    const ran: string[] = [];
    const lines: string[] = [];
    const outcome = ensureChromium({
      env,
      log: (l) => lines.push(l),
      run: (cmd, args) => {
        ran.push([cmd, ...args].join(' '));
        if (args[0] === 'install') env.files.add(DEBIAN_CHROMIUM);
        return 0;
      },
    });
    expect(outcome).toEqual({ ok: true, path: DEBIAN_CHROMIUM, installed: true });
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(lines).toHaveLength(1);
  });

  it('fails with one line when apt fails, and runs nothing more', () => {
    const ran: string[] = [];
    const outcome = ensureChromium({ env: machine({ isRoot: true }), log: () => undefined, run: (cmd, args) => (ran.push([cmd, ...args].join(' ')), 100) });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(/apt-get install .*failed \(exit 100\)/);
    expect(ran).toHaveLength(1);
  });

  it('runs nothing when not root, and reports the line it logged', () => {
    const lines: string[] = [];
    const outcome = ensureChromium({
      env: machine(),
      log: (l) => lines.push(l),
      run: () => {
        throw new Error('must not run');
      },
    });
    expect(outcome).toEqual({ ok: false, message: lines[0] });
  });
});
