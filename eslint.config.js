// @ts-check
/**
 * The boundaries and rules every package follows (issue 11), checked by `npm run lint` and by `npm test`.
 * Each boundary rule has a failing fixture in lint/src/boundaries.unit.test.ts.
 */
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import modshelf from './lint/src/no-unknown-double-cast.js';

const MFES = ['mfe-catalogue', 'mfe-dashboard', 'mfe-moderation', 'mfe-settings'];
const SERVICES = ['command-service', 'projection-service'];
/** Packages that run on the server: the browser's packages never import them. */
const SERVER = ['events', 'service-kit', ...SERVICES, 'site', 'integration', 'proof', 'bench', 'scripts'];
/** Tests and their helpers (a `testing/` folder, a `test-*.ts` file): not domain code, not held to 400 lines. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test-*.ts', 'e2e/**', 'proof/**', 'integration/**/*.integration.ts'];
/** The HTTP edge of a service; every other non-test file under a service's src/ is domain code. */
const HTTP_EDGE = ['**/*.routes.ts', '**/plugin.ts', '**/http.ts', '**/openapi.ts', '**/*.openapi.ts', '**/*.hook.ts', '**/app.ts', '**/*main.ts'];

const pkg = (dir) => [`@modshelf/${dir}`, `@modshelf/${dir}/*`];
/** a relative import reaching into another package's folder */
const folder = (dir) => [`**/${dir}/src`, `**/${dir}/src/**`, `**/../${dir}`];
const banned = (dirs, message) => ({ group: [...dirs.flatMap(pkg), ...dirs.flatMap(folder)], message });
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const HTTP = {
  group: ['fastify', '@fastify/*', ...pkg('service-kit'), ...folder('service-kit')],
  message:
    'Domain code does not import HTTP (fastify, @fastify/*, @modshelf/service-kit): only the edge files (*.routes.ts, plugin.ts, http.ts, openapi.ts, *.openapi.ts, *.hook.ts, app.ts, *main.ts) do.',
};

/** A micro-frontend imports no other micro-frontend, no server package and not the shell. */
const mfeZones = MFES.map((mfe) => ({
  files: [`${mfe}/**/*.{ts,tsx}`],
  rules: restrict(banned([...MFES.filter((m) => m !== mfe), ...SERVER, 'shell'], `${mfe} may import only itself, @modshelf/web-kit and @modshelf/contract.`)),
}));

/** A service imports no other service; its domain code imports no HTTP either. */
const serviceZones = SERVICES.flatMap((svc) => {
  const other = banned(
    SERVICES.filter((s) => s !== svc),
    `${svc} must not import the other service: services talk through events.`,
  );
  return [
    { files: [`${svc}/**/*.ts`], rules: restrict(other) },
    { files: [`${svc}/src/**/*.ts`], ignores: [...HTTP_EDGE, ...TESTS], rules: restrict(other, HTTP) },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '.servers/**',
      '.venv-proof/**',
      'e2e/screenshots/**',
      'lint/fixtures/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX, modshelf },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json', alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'modshelf/no-unknown-double-cast': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  ...mfeZones,
  ...serviceZones,
  {
    // events/ and contract/ sit below the services: they import no service and not service-kit
    files: ['events/**/*.ts', 'contract/**/*.ts'],
    rules: restrict(banned(['service-kit', ...SERVICES, 'site'], 'events/ and contract/ import no service and not service-kit.')),
  },
  {
    // contract/ is the bottom layer, shared by the services and the browser: zod only
    files: ['contract/**/*.ts'],
    rules: restrict(
      banned(
        ['events', 'service-kit', 'web-kit', 'shell', ...SERVICES, 'site', ...MFES],
        'contract/ imports no other package: it is the bottom layer (zod only).',
      ),
      { group: ['fastify', '@fastify/*', 'react', 'react-dom', 'react/*'], message: 'contract/ is framework-free: zod only.' },
    ),
  },
);
