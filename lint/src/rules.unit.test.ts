/**
 * Each rule of eslint.config.js fires on a small bad file, and stays quiet on its allowed twin: the files are
 * linted in memory under the path they would have (the path decides which boundary applies).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

beforeAll(() => {
  // ignore: false, so the fixtures (ignored by `npm run lint`) are linted here
  eslint = new ESLint({ cwd: ROOT, ignore: false });
});

/** The rule ids reported for `code` as the file at `path` (relative to the repository). */
async function rulesFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('import cycles', () => {
  it('fails on two files that import each other', async () => {
    const [a] = await eslint.lintFiles([join(ROOT, 'lint/fixtures/cycle/a.ts')]);
    expect(a.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});

describe('micro-frontends', () => {
  it('import no other micro-frontend, by package or by path', async () => {
    expect(await rulesFor('mfe-catalogue/src/bad.ts', "import { x } from '@modshelf/mfe-dashboard';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('mfe-catalogue/src/pages/bad.tsx', "import { x } from '../../../mfe-settings/src/lib/logic';\n")).toEqual(['no-restricted-imports']);
  });

  it('import no server package and not the shell', async () => {
    for (const spec of [
      '@modshelf/events',
      '@modshelf/service-kit',
      '@modshelf/command-service',
      '@modshelf/projection-service',
      '@modshelf/site',
      '@modshelf/shell',
    ]) {
      expect(await rulesFor('mfe-settings/src/bad.ts', `import { x } from '${spec}';\n`), spec).toEqual(['no-restricted-imports']);
    }
  });

  it('may import web-kit, contract and their own files', async () => {
    const code = "import { a } from '@modshelf/web-kit';\nimport { b } from '@modshelf/contract';\nimport { c } from './lib/logic';\n";
    expect(await rulesFor('mfe-moderation/src/ok.ts', code)).toEqual([]);
  });
});

describe('services', () => {
  it('import no other service', async () => {
    expect(await rulesFor('command-service/src/catalogue/bad.routes.ts', "import { x } from '@modshelf/projection-service';\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesFor('projection-service/src/routes/bad.routes.ts', "import { x } from '../../../command-service/src/index';\n")).toEqual([
      'no-restricted-imports',
    ]);
  });
});

describe('events/ and contract/', () => {
  it('import no service and not service-kit', async () => {
    expect(await rulesFor('events/src/bad.ts', "import { x } from '@modshelf/service-kit';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('contract/src/bad.ts', "import { x } from '@modshelf/command-service';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('events/src/store/bad.ts', "import { x } from '../../../projection-service/src/index';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('events/src/ok.ts', "import { x } from '@modshelf/contract';\n")).toEqual([]);
  });
  it('contract/ imports no other package and no framework: it is the bottom layer', async () => {
    expect(await rulesFor('contract/src/bad.ts', "import { x } from '@modshelf/events';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('contract/src/v2/bad.ts', "import { x } from '../../../web-kit/src/index';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('contract/src/bad.ts', "import Fastify from 'fastify';\n")).toEqual(['no-restricted-imports']);
    expect(await rulesFor('contract/src/ok.ts', "import { z } from 'zod';\nimport { x } from './tags';\n")).toEqual([]);
  });
});

describe('domain code', () => {
  const http = ["import Fastify from 'fastify';\n", "import multipart from '@fastify/multipart';\n", "import { ApiError } from '@modshelf/service-kit';\n"];

  it('imports no HTTP (fastify, @fastify/*, service-kit), types included', async () => {
    for (const code of [...http, "import type { FastifyRequest } from 'fastify';\n"]) {
      expect(await rulesFor('command-service/src/catalogue/project/decider.ts', code), code).toEqual(['no-restricted-imports']);
      expect(await rulesFor('projection-service/src/projectors/project.projector.ts', code), code).toEqual(['no-restricted-imports']);
    }
  });

  it('leaves the HTTP edge files, the tests and their helpers free to', async () => {
    const edges = [
      'version.routes.ts',
      'plugin.ts',
      'http.ts',
      'openapi.ts',
      'accounts.openapi.ts',
      'auth.hook.ts',
      'app.ts',
      'main.ts',
      'worker-main.ts',
      'decider.test.ts',
      'testing/harness.ts',
      'test-app.ts',
    ];
    for (const file of edges) {
      for (const code of http) expect(await rulesFor(`command-service/src/catalogue/${file}`, code), `${file}: ${code}`).toEqual([]);
    }
  });
});

describe('types', () => {
  it('fail on any', async () => {
    expect(await rulesFor('site/src/bad.ts', 'export const x = (v: any): number => v;\n')).toEqual(['@typescript-eslint/no-explicit-any']);
  });

  it('fail on as unknown as, unless the line says it is an adapter boundary', async () => {
    expect(await rulesFor('events/src/bad.ts', 'export const n = ("1" as unknown as number) + 1;\n')).toEqual(['modshelf/no-unknown-double-cast']);
    expect(await rulesFor('events/src/bad.ts', 'export const n = (<number>(<unknown>"1")) + 1;\n')).toEqual(['modshelf/no-unknown-double-cast']);
    const commented = 'export const n = ("1" as unknown as number) + 1; // adapter boundary: the driver types its rows as strings\n';
    expect(await rulesFor('events/src/ok.ts', commented)).toEqual([]);
    expect(await rulesFor('events/src/ok.ts', 'export const u = "1" as unknown;\n')).toEqual([]);
  });
});

describe('size and directives', () => {
  it('fails on a source file over 400 lines, not on a test file', async () => {
    const long = Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await rulesFor('web-kit/src/long.ts', long)).toEqual(['max-lines']);
    expect(await rulesFor('web-kit/src/long.unit.test.ts', long)).toEqual([]);
  });

  it('fails on a disable comment naming a rule that is not configured', async () => {
    const code = '// eslint-disable-next-line react-hooks/exhaustive-deps\nexport const x = 1;\n';
    expect(await rulesFor('mfe-catalogue/src/bad.ts', code)).toHaveLength(1);
  });
});
