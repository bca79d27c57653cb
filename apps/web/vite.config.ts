import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { preloadFirstPage } from './src/app/launchPreload';
import type { FirstPageFiles } from './src/app/launchPreload';

const apiTarget = process.env.AMPERE_API ?? 'http://127.0.0.1:8080';

/** The page's own dark blue-grey (the tab bar's), as the launcher and status bar show it. */
const THEME_COLOR = '#1f2a3a';

/**
 * Issue #20: installable, and the app shell launches offline. The service worker precaches the
 * build (scripts, styles, index.html, icons) and answers navigations with index.html — never those
 * to the API, the back office or the socket, and it caches nothing at run time, so an API answer is
 * never served stale. A new build is announced (registerType 'prompt'), not swapped in under the
 * user. It is registered from `app/pwa.ts`, loaded after the first render of a production build.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/*.png'],
  manifest: {
    id: '/',
    name: 'Ampere',
    short_name: 'Ampere',
    description: 'Fixed-time trading, wallet and savings',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [
      /^\/api(\/|$)/,
      /^\/admin(\/|$)/,
      /^\/ws(\/|$)/,
      /^\/healthz/,
      /^\/readyz/,
    ],
    // Nothing at run time: the API, uploads and the socket always go to the network.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // A waiting worker takes over only when the user accepts the reload.
    skipWaiting: false,
    clientsClaim: false,
  },
  devOptions: { enabled: false },
});

/**
 * The modules of the first page's chunk (`app` below): our own code, and of the libraries only
 * the parts the shell, Log in and Home draw — listed, because the entry's static graph runs
 * through library index files that re-export every component. A part not listed still works: it
 * loads in a small chunk of its own (a request more, `bench/web-bundle` shows it).
 */
/** A path under node_modules, whatever the platform's separator. */
const lib = (path: string) =>
  new RegExp(String.raw`[\\/]node_modules[\\/]` + path.replaceAll('/', String.raw`[\\/]`));
const FIRST_PAGE: readonly RegExp[] = [
  /[\\/]apps[\\/]web[\\/]src[\\/]/,
  /[\\/]packages[\\/](contract|client)[\\/]src[\\/]/,
  lib('@tanstack/(query-core|react-query)/'),
  lib('ahooks/es/(useMemoizedFn|useUpdate|utils)/'),
  lib('(classnames|react-is|tslib)/'),
  lib(
    'antd-mobile-icons/es/(App|ClockCircle|CollectMoney|ExclamationCircle|Gift|Histogram|Left|Loop|Message|PayCircle|ReceivePayment|UserAdd|User)Outline\\.js$',
  ),
  lib(
    'antd-mobile/es/(global|components/(badge|button|config-provider|dot-loading|safe-area|tab-bar|tag))/',
  ),
  lib('antd-mobile/es/locales/(base|en-US|zh-CN)\\.js$'),
  lib(
    'antd-mobile/es/utils/(attach-properties-to-component|can-use-dom|merge-locale|native-props|traverse-react-node|use-props-value|validate|with-default-props)\\.js$',
  ),
];

/**
 * The first page's lazy parts, each in one chunk instead of the 27 (Log in) and 40 (Home) small
 * files the automatic split makes of them (issue #20, LCP): on a phone's slow link every wave of
 * small requests costs round trips. Listed like FIRST_PAGE (library index files re-export every
 * component, so following imports would take whole libraries); a part not listed still works, in
 * a small chunk of its own. Modules both pages use are a chunk of their own (`first-shared`), so
 * neither page downloads the other's.
 */
const src = (path: string) =>
  new RegExp(String.raw`[\\/]apps[\\/]web[\\/]src[\\/]` + path.replaceAll('/', String.raw`[\\/]`));
const pkg = (path: string) =>
  new RegExp(String.raw`[\\/]packages[\\/]` + path.replaceAll('/', String.raw`[\\/]`));
const FIRST_SHARED: readonly RegExp[] = [
  src('i18n/errorText\\.ts$'),
  lib('@tanstack/(query-core|react-query)/build/modern/(mutationObserver|useMutation)\\.js$'),
  lib('ahooks/es/(useIsomorphicLayoutEffect/|utils/(isBrowser|noop)\\.js$)'),
  lib('antd-mobile-icons/es/(Right|Close)Outline\\.js$'),
  lib('antd-mobile/es/(components/list/|utils/is-node-with-content\\.js$)'),
];
const LOGIN_PAGE: readonly RegExp[] = [
  src('pages/user/(LoginPage\\.tsx|useSignIn\\.ts|AuthPage\\.module\\.css)$'),
  src('features/auth/(components/(LoginForm|AuthFootnote|AuthHero)|api/auth)\\.'),
  lib('(rc-field-form|async-validator|deepmerge|@floating-ui)/'),
  lib('antd-mobile/es/components/(form|input|popover)/'),
  lib('antd-mobile-icons/es/(CloseCircleFill|QuestionCircleOutline)\\.js$'),
];
/**
 * The small helpers under Log in's form that many other pages' components use too: their own
 * chunk, so those pages do not fetch Log in's.
 */
const LOGIN_HELPERS: readonly RegExp[] = [
  lib(
    'rc-util/(lib/(warning|React/isFragment|Dom/findDOMNode|hooks/useMemo|ref)|es/(React/isFragment|utils/(get|set)|warning|Children/toArray|isEqual))\\.js$',
  ),
  lib('@babel/runtime/helpers/(esm/|(interopRequireDefault|interopRequireWildcard|typeof)\\.js$)'),
  lib('ahooks/es/(createUpdateEffect|useClickAway|useLatest|useUnmount)/'),
  lib(
    'ahooks/es/utils/(createEffectWithTarget|depsAreSame|domTarget|getDocumentOrShadow|useEffectWithTarget)\\.js$',
  ),
  lib(
    'antd-mobile/es/utils/(bound|convert-px|dev-log|get-container|render-to-container|should-render|undefined-fallback|use-initialized|use-isomorphic-update-layout-effect|with-stop-propagation)\\.js$',
  ),
];
const HOME_PARTS: readonly RegExp[] = [
  src('pages/tabbar/(HomePage(Content|Markets)\\.tsx|homeData\\.ts)$'),
  src('components/(EmptyState|QueryState|RelativeTime|RetryState)\\.'),
  src('(core|lib)/socket\\.ts$'),
  src('lib/visibility\\.ts$'),
  src('features/account/(api/account|components/BalanceSummary|hooks/useAccount|levels)\\.'),
  src('features/content/(api/content|components/(BannerSwiper|NoticeList)|hooks/useContent)\\.'),
  src(
    'features/market/(MarketStreamProvider|api/market|components/(ChangeBadge|ProductList|ProductRow|ProductStateTag)|hooks/(useMarketStream|useProducts)|links|quote|stream|streamChannels|streamFrames)\\.',
  ),
  pkg('client/src/relativeTime\\.ts$'),
  pkg(
    'contract/src/(account|common|content|market|money|money/amount|money/rounding|params|socket)\\.ts$',
  ),
  lib(
    '@tanstack/(query-core|react-query)/build/modern/(queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\\.js$',
  ),
  lib('ahooks/es/useTimeout/'),
  lib('antd-mobile-icons/es/(File|Sound|Star)(Outline|Fill)\\.js$'),
  lib('antd-mobile/es/(components/notice-bar/|utils/use-(mutation|resize)-effect\\.js$)'),
];
const matches = (patterns: readonly RegExp[]) => (id: string) =>
  patterns.some((pattern) => pattern.test(id));

/**
 * Emits the tiny classic script that starts the first page's chunks at once (app/launchPreload.ts)
 * and names it in index.html, `async`, before the entry. The server's CSP allows only our own
 * scripts, so it is a file, not inline. Its lists: each page's chunks and style sheets that the
 * entry does not already preload.
 */
function firstPagePreload(): Plugin {
  return {
    name: 'ampere:first-page-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (roots: readonly OutputChunk[]): OutputChunk[] => {
          const seen = new Map<string, OutputChunk>();
          const visit = (c: OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.set(c.fileName, c);
            for (const f of c.imports) {
              const next = byFile.get(f);
              if (next) visit(next);
            }
          };
          roots.forEach(visit);
          return [...seen.values()];
        };
        // The chunk that holds the page's module (a group's chunk has no facade of its own).
        const facade = (suffix: string): OutputChunk => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
          if (!chunk) throw new Error(`firstPagePreload: no chunk for ${suffix}`);
          return chunk;
        };
        const entry = closure(chunks.filter((c) => c.isEntry));
        const initial = new Set(entry.map((c) => c.fileName));
        const filesOf = (...roots: string[]): string[] =>
          closure(roots.map(facade))
            .filter((c) => !initial.has(c.fileName))
            .flatMap((c) => [...(c.viteMetadata?.importedCss ?? []), c.fileName])
            .map((f) => `/${f}`);
        const files: FirstPageFiles = {
          login: filesOf('/src/pages/user/LoginPage.tsx'),
          home: filesOf(
            '/src/pages/tabbar/HomePageContent.tsx',
            '/src/pages/tabbar/HomePageMarkets.tsx',
          ),
        };
        const source = `try{(${preloadFirstPage.toString()})(${JSON.stringify(files)},document,localStorage)}catch(e){}\n`;
        const ref = this.emitFile({ type: 'asset', name: 'first-page.js', source });
        const html = bundle['index.html'] as OutputAsset | undefined;
        if (!html) throw new Error('firstPagePreload: no index.html in the bundle');
        html.source = String(html.source).replace(
          '<script type="module"',
          `<script async src="/${this.getFileName(ref)}"></script>\n    <script type="module"`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), pwa, firstPagePreload()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Libraries the first page runs in full anyway. One file compresses better than
              // the dozen the default split makes of them (BRIEF §9: initial JS, gzip).
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            {
              // Everything else the first page runs (the entry's static graph: our modules and
              // the library parts they draw), one file instead of ≈ 50 small ones.
              name: 'app',
              tags: ['$initial'],
              test: (id) => FIRST_PAGE.some((pattern) => pattern.test(id)),
              // Only what `test` names: followed recursively, a library's index file would
              // bring every component it re-exports (antd-mobile's: 145 KB gzip).
              includeDependenciesRecursively: false,
            },
            {
              name: 'first-shared',
              test: matches(FIRST_SHARED),
              includeDependenciesRecursively: false,
            },
            { name: 'login', test: matches(LOGIN_PAGE), includeDependenciesRecursively: false },
            {
              name: 'login-helpers',
              test: matches(LOGIN_HELPERS),
              includeDependenciesRecursively: false,
            },
            { name: 'home', test: matches(HOME_PARTS), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Rendering in jsdom beside the server's files on a two-core machine can take seconds.
    testTimeout: 30_000,
  },
});
