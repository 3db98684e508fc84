/**
 * Builds one front-end package (run from the package folder: `node ../web-kit/build/build.mjs`).
 * Plain JavaScript on purpose: module federation turns runtime functions into source text, and a
 * TypeScript loader such as tsx would leave its helpers (__name) in that text.
 *
 * Env: MODSHELF_OUT_DIR (default <pkg>/dist), MODSHELF_BUILD_LABEL (appended to the version).
 * package.json "modshelf": {"kind":"host"} or {"kind":"remote","name","expose","routes"}.
 * A remote also gets dist/remote.json: its entry in the runtime remotes manifest.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
const BUILD_DIR = dirname(fileURLToPath(import.meta.url));

function caretVersion(pkg) {
  return `^${JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version}`;
}

/** The react-router API the front end may use (the shared copy is tree-shaken to it). */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
];
// A package that needs another react-router or react-intl export adds it to these lists (all packages
// share one tree-shaken copy, so an export missing here is undefined at run time).

export const INTL_EXPORTS = ['FormattedMessage', 'FormattedNumber', 'FormattedDate', 'IntlProvider', 'useIntl', 'defineMessages'];

/**
 * The bundles run preact/compat wherever the sources import react or react-dom (types and unit tests keep
 * React). Each request is matched exactly, so `react/jsx-runtime` is not read as `preact/compat/jsx-runtime`.
 */
export function preactAliases() {
  return {
    react$: 'preact/compat',
    'react/jsx-runtime$': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
    'react-dom$': 'preact/compat',
    'react-dom/client$': 'preact/compat/client',
  };
}

/**
 * The singletons every front-end package shares. In the bundles react and react-dom are preact/compat (preactAliases),
 * and each preact module is shared under ONE key, its own: a react or react-dom request is consumed under the key of the
 * preact module it stands for (`shareKey`). With react, react-dom and preact/ as keys of their own, a build provided
 * preact/compat under only one of them (which one varied from build to build), so the others were in no share scope
 * and a part consuming them (the catalogue: preact/compat from the JSX runtime, react-dom from @tanstack/react-virtual
 * and recharts) loaded its own preact/compat chunk (site/src/web-shared.int.test.ts, e2e/shell.e2e.test.ts).
 */
export function sharedModules() {
  const preactVersion = JSON.parse(readFileSync(require.resolve('preact/package.json'), 'utf8')).version;
  const preact = { singleton: true, version: preactVersion, requiredVersion: `^${preactVersion}` };
  const asPreact = (key) => ({ ...preact, shareKey: key, import: key });
  return {
    react: asPreact('preact/compat'),
    'react-dom': asPreact('preact/compat'),
    'react/jsx-runtime': asPreact('preact/compat/jsx-runtime'),
    'react/jsx-dev-runtime': asPreact('preact/compat/jsx-dev-runtime'),
    'react-dom/client': asPreact('preact/compat/client'),
    preact,
    'preact/': preact,
    'react-router': {
      singleton: true,
      requiredVersion: caretVersion('react-router'),
      // every package ships the same subset, so the host's copy serves the remotes too
      treeShaking: { usedExports: ROUTER_EXPORTS, mode: 'runtime-infer' },
    },
    jotai: { singleton: true, requiredVersion: caretVersion('jotai') },
    'react-intl': {
      singleton: true,
      requiredVersion: caretVersion('react-intl'),
      treeShaking: { usedExports: INTL_EXPORTS, mode: 'runtime-infer' },
    },
    '@modshelf/web-kit': { singleton: true, requiredVersion: '^0.1.0' },
  };
}

/**
 * The federation runtime packages ship ESM (.js) beside CommonJS (.cjs), but rspack resolves the
 * runtime it injects with require.resolve, i.e. the CommonJS files, which cannot be tree-shaken (the
 * snapshot/manifest/node code stays in). Aliasing each .cjs file to its ESM twin lets the
 * FEDERATION_OPTIMIZE_* and ENV_TARGET flags drop the unused parts: about 12 KiB gzip less across
 * the shell's main chunk and each remoteEntry.js.
 */
export function federationRuntimeEsmAliases() {
  const alias = {};
  const root = dirname(dirname(dirname(require.resolve('@module-federation/sdk'))));
  for (const pkg of ['runtime-tools', 'runtime', 'runtime-core', 'webpack-bundler-runtime', 'sdk', 'error-codes']) {
    const dist = join(root, pkg, 'dist');
    if (!existsSync(dist)) continue;
    for (const f of readdirSync(dist, { recursive: true })) {
      if (!String(f).endsWith('.cjs')) continue;
      const esm = join(dist, String(f).replace(/\.cjs$/, '.js'));
      if (existsSync(esm)) alias[`${join(dist, String(f))}$`] = esm;
    }
  }
  return alias;
}

/** The chunk name of a remote's exposed routes module (its preload list starts there). */
export const EXPOSE_CHUNK = 'expose-routes';

/**
 * The scripts a page needs before its first render, from the build's chunk graph, written to
 * dist/preload.json; the server names them in <link rel=preload> so the browser fetches them at
 * once instead of one hop after another.
 * - the host: the chunks of its import() named "bootstrap" (webpackChunkName) and every chunk that
 *   provides a shared module (the shell provides them all, and loads them all before it renders);
 * - a remote: the chunks of its exposed module, and per page pattern of package.json's
 *   `modshelf.pages` (`{"/mods": "page-search"}`, `:param` one segment, a final `*` the rest) the
 *   chunks of the named lazy import that renders it;
 * - both: per language, the chunks of the package's own message bundle (src/messages/{locale}.json), which
 *   a page in that language loads before it renders its text.
 */
export function preloadLists(json, info) {
  const files = (group) => (json.namedChunkGroups?.[group]?.assets ?? []).map((a) => a.name).filter((f) => f.endsWith('.js'));
  if (info.kind === 'host') {
    const shared = json.chunks
      .filter((c) => (c.origins ?? []).some((o) => String(o.moduleName ?? '').startsWith('provide shared module')))
      .flatMap((c) => c.files.filter((f) => f.endsWith('.js')));
    return { scripts: [...new Set([...files('bootstrap'), ...shared])], messages: messageFiles(json) };
  }
  const pages = Object.entries(info.pages ?? {}).map(([path, chunk]) => {
    const scripts = files(chunk);
    if (scripts.length === 0) throw new Error(`modshelf.pages: no chunk named "${chunk}" (for ${path})`);
    return { path, scripts };
  });
  return { scripts: files(EXPOSE_CHUNK), pages, messages: messageFiles(json) };
}

/** Per language, the script files of the chunks holding the package's src/messages/{locale}.json. */
export function messageFiles(json) {
  const out = {};
  for (const m of json.modules ?? []) {
    const hit = /^\.\/src\/messages\/([A-Za-z-]+)\.json$/.exec(String(m.name ?? ''));
    if (!hit) continue;
    const ids = new Set(m.chunks ?? []);
    const files = json.chunks.filter((c) => ids.has(c.id)).flatMap((c) => c.files.filter((f) => f.endsWith('.js')));
    out[hit[1]] = [...new Set([...(out[hit[1]] ?? []), ...files])];
  }
  return out;
}

/**
 * The share keys a build provides and consumes (from the stats' shared modules), written to dist/shared.json: a key
 * a part consumes that the shell does not provide is not shared at all (the part runs its own copy).
 */
export function sharedKeys(json) {
  const keys = { provides: new Set(), consumes: new Set() };
  for (const m of json.modules ?? []) {
    const hit = /^(provide|consume) shared module \([^)]*\) (@?[^@\s]+)@/.exec(String(m.name ?? ''));
    if (hit) keys[hit[1] === 'provide' ? 'provides' : 'consumes'].add(hit[2]);
  }
  return { provides: [...keys.provides].sort(), consumes: [...keys.consumes].sort() };
}

export function readPackage(pkgDir) {
  return JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
}

export function packageVersion(pkg, label) {
  return label ? `${pkg.version}+${label}` : pkg.version;
}

export function webConfig({ pkgDir, outDir, label }) {
  const pkg = readPackage(pkgDir);
  const info = pkg.modshelf;
  if (!info) throw new Error(`${pkg.name}: package.json has no "modshelf" section`);
  const isHost = info.kind === 'host';
  const mfName = isHost ? 'shell' : info.name;
  const version = packageVersion(pkg, label);
  const plugins = [
    new rspack.DefinePlugin({ __PACKAGE_VERSION__: JSON.stringify(version) }),
    new ModuleFederationPlugin({
      name: mfName,
      ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { [info.expose]: { import: './src/remote.tsx', name: EXPOSE_CHUNK } } }),
      shared: sharedModules(),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // the host ships the federation runtime once; remotes' entries use it instead of bundling another copy
      experiments: {
        ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
        // remotes are plain remoteEntry.js files from our manifest: no snapshot/manifest machinery, browser only;
        // a part consumes no remotes itself, so its entry drops the remote-loading code
        optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
      },
    }),
  ];
  if (isHost) {
    // in the head (deferred), so the browser asks for the runtime before the chunks the page preloads
    plugins.push(new rspack.HtmlRspackPlugin({ template: join(pkgDir, 'src/index.html'), inject: 'head', scriptLoading: 'defer' }));
  }
  return {
    mode: 'production',
    context: pkgDir,
    target: 'web',
    devtool: false,
    entry: { main: './src/index.ts' },
    output: {
      path: outDir ?? join(pkgDir, 'dist'),
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      publicPath: isHost ? '/' : 'auto',
      uniqueName: mfName,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // react-router's package exports point at its development build; ship the production one
      alias: {
        ...federationRuntimeEsmAliases(),
        ...preactAliases(),
        // messages are compiled at build time (precompile-messages-loader.cjs): no ICU parser in the browser
        '@formatjs/icu-messageformat-parser$': join(BUILD_DIR, 'icu-lite-parser.js'),
        'react-router$': join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
      },
    },
    module: {
      rules: [
        {
          // ICU messages -> ASTs (bundles and the English defaults in the sources)
          test: /(\.tsx?|[\\/]messages[\\/][^\\/]+\.json)$/,
          exclude: /node_modules/,
          enforce: 'pre',
          loader: join(BUILD_DIR, 'precompile-messages-loader.cjs'),
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins,
  };
}

export async function buildPackage(pkgDir, outDir, label) {
  const config = webConfig({ pkgDir, outDir, label });
  const stats = await new Promise((res, rej) => rspack(config, (err, s) => (err ? rej(err) : res(s))));
  const json = stats.toJson({
    all: false,
    errors: true,
    warnings: true,
    hash: true,
    assets: true,
    chunks: true,
    chunkOrigins: true,
    chunkGroups: true,
    modules: true,
    // each module's chunk ids (messageFiles)
    ids: true,
    nestedModules: false,
  });
  if (stats.hasErrors()) throw new Error(`build of ${pkgDir} failed:\n${json.errors.map((e) => e.message).join('\n')}`);
  for (const w of json.warnings ?? []) console.warn(`warning in ${pkgDir}: ${w.message}`);
  const pkg = readPackage(pkgDir);
  const info = pkg.modshelf;
  const out = config.output.path;
  if (info.kind === 'remote') {
    const version = `${packageVersion(pkg, label)}#${(json.hash ?? '').slice(0, 10)}`;
    const entry = { name: info.name, version, entry: 'remoteEntry.js', expose: info.expose, routes: info.routes };
    writeFileSync(join(out, 'remote.json'), JSON.stringify(entry, null, 2) + '\n');
  }
  writeFileSync(join(out, 'preload.json'), JSON.stringify(preloadLists(json, info), null, 2) + '\n');
  writeFileSync(join(out, 'shared.json'), JSON.stringify(sharedKeys(json), null, 2) + '\n');
  const size = json.assets.reduce((n, a) => n + a.size, 0);
  console.log(`built ${pkg.name} -> ${out} (${json.assets.length} files, ${(size / 1024).toFixed(1)} KiB)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outDir = process.env.MODSHELF_OUT_DIR ? resolve(process.env.MODSHELF_OUT_DIR) : undefined;
  buildPackage(process.cwd(), outDir, process.env.MODSHELF_BUILD_LABEL || undefined).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
