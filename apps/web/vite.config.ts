import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { dropDependency, inlineStyleSheet } from './src/app/inlineStyleSheet';
import { preloadFirstPage } from './src/app/launchPreload';
import type { FirstPageFiles } from './src/app/launchPreload';
import { MANIFEST_HREF } from './src/app/manifestLink';
import { slimIcon } from './src/app/slimIcons';
import { LAUNCH_READS, startLaunchRequests } from './src/lib/launchRequest';
import { FALLBACK_LOCALE } from '../../packages/contract/src/locales';

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
  // Linked by the app once its first screen is done (app/manifestLink.ts), not by index.html.
  manifestFilename: MANIFEST_HREF.slice(1),
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
  // Vite's dynamic-import helper: a file of its own otherwise, one more request before the app.
  /^\0vite\/preload-helper\.js$/,
  // antd-mobile's index: after tree-shaking only its `import './global'` is left, which was an
  // empty file of its own (the `es` chunk) that every chunk imported.
  lib('antd-mobile/es/index\\.js$'),
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
  // Log in's Input clamps with it; a file of its own otherwise, one request more for 0.1 KB.
  lib('antd-mobile/es/utils/bound\\.js$'),
];
const LOGIN_PAGE: readonly RegExp[] = [
  src('pages/user/(LoginPage\\.tsx|useSignIn\\.ts|AuthPage\\.module\\.css)$'),
  src('features/auth/(components/(LoginForm|AuthFootnote|AuthHero)|api/auth)\\.'),
  lib('antd-mobile/es/components/input/'),
  lib('antd-mobile-icons/es/CloseCircleFill\\.js$'),
];
/**
 * The small helpers under antd-mobile's Form, popups and pickers, which many pages' components
 * use: one chunk of their own instead of a dozen small files.
 */
const FORM_HELPERS: readonly RegExp[] = [
  lib(
    'rc-util/(lib/(warning|React/isFragment|Dom/findDOMNode|hooks/useMemo|ref)|es/(React/isFragment|utils/(get|set)|warning|Children/toArray|isEqual))\\.js$',
  ),
  lib('@babel/runtime/helpers/(esm/|(interopRequireDefault|interopRequireWildcard|typeof)\\.js$)'),
  lib('ahooks/es/(createUpdateEffect|useClickAway|useLatest|useUnmount)/'),
  lib(
    'ahooks/es/utils/(createEffectWithTarget|depsAreSame|domTarget|getDocumentOrShadow|useEffectWithTarget)\\.js$',
  ),
  lib(
    'antd-mobile/es/utils/(convert-px|dev-log|get-container|render-to-container|should-render|undefined-fallback|use-initialized|use-isomorphic-update-layout-effect|with-stop-propagation)\\.js$',
  ),
];
const HOME_PARTS: readonly RegExp[] = [
  src('pages/tabbar/(HomePageContent\\.tsx|homeData\\.ts)$'),
  src('components/(EmptyState|QueryState|RelativeTime|RetryState)\\.'),
  src('features/account/(api/account|components/BalanceSummary|hooks/useAccount|levels)\\.'),
  src(
    'features/content/(api/content|components/(BannerSwiper|NoticeList)|hooks/useContent|noticeBar)\\.',
  ),
  pkg('client/src/relativeTime\\.ts$'),
  pkg('contract/src/(account|common|content|money|money/amount|money/rounding|params)\\.ts$'),
  lib(
    '@tanstack/(query-core|react-query)/build/modern/(queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\\.js$',
  ),
  lib('ahooks/es/useTimeout/'),
  lib('antd-mobile-icons/es/(File|Sound)Outline\\.js$'),
  lib('antd-mobile/es/(components/notice-bar/|utils/use-(mutation|resize)-effect\\.js$)'),
];
/**
 * Home's market summary, below the fold: loaded after the first screen (HomePage.tsx), in one
 * chunk with the socket client and the market stream.
 */
const HOME_MARKETS: readonly RegExp[] = [
  src('pages/tabbar/HomePageMarkets\\.tsx$'),
  src('(core|lib)/socket\\.ts$'),
  src('lib/visibility\\.ts$'),
  src(
    'features/market/(MarketStreamProvider|api/market|components/(ChangeBadge|ProductList|ProductRow|ProductStateTag|nearViewport)|hooks/(useMarketStream|useProducts)|links|quote|stream|streamChannels|streamFrames)\\.',
  ),
  pkg('contract/src/(market|socket)\\.ts$'),
  lib('antd-mobile-icons/es/Star(Outline|Fill)\\.js$'),
];
const matches = (patterns: readonly RegExp[]) => (id: string) =>
  patterns.some((pattern) => pattern.test(id));

/**
 * Emits the tiny classic script that starts the launch's first API reads (lib/launchRequest.ts)
 * and the first page's chunks (app/launchPreload.ts) at once, and names it in index.html,
 * `async`, before the entry. The server's CSP allows only our own scripts, so it is a file, not
 * inline. Its lists: each page's chunks and style sheets that the entry does not already preload.
 * It also takes out the manifest's link, which the app adds.
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
        const html = bundle['index.html'] as OutputAsset | undefined;
        if (!html) throw new Error('firstPagePreload: no index.html in the bundle');
        // What index.html loads itself: the entry's chunks (its scripts and preloads name them).
        const named = (c: OutputChunk) => String(html.source).includes(`/${c.fileName}"`);
        const entry = closure(chunks.filter((c) => c.isEntry || named(c)));
        const initial = new Set(entry.map((c) => c.fileName));
        const filesOf = (...roots: string[]): string[] =>
          closure(roots.map(facade))
            .filter((c) => !initial.has(c.fileName))
            .flatMap((c) => [...(c.viteMetadata?.importedCss ?? []), c.fileName])
            .map((f) => `/${f}`);
        const files: FirstPageFiles = {
          login: filesOf('/src/pages/user/LoginPage.tsx'),
          // With the content feature's English messages, which Home's announcements wait for in
          // every language (the fallback, i18n/feature.ts).
          home: filesOf(
            '/src/pages/tabbar/HomePageContent.tsx',
            `/src/i18n/locales/${FALLBACK_LOCALE}/content.json`,
          ),
        };
        // The launch's reads first (lib/launchRequest.ts: the config, and Home's on a signed-in
        // launch at Home), then the page's files.
        const source =
          `try{(${startLaunchRequests.toString()})(${JSON.stringify(LAUNCH_READS)},${JSON.stringify(FALLBACK_LOCALE)},window,localStorage)}catch(e){}\n` +
          `try{(${preloadFirstPage.toString()})(${JSON.stringify(files)},document,localStorage)}catch(e){}\n`;
        const ref = this.emitFile({ type: 'asset', name: 'first-page.js', source });
        // The manifest's link (which the PWA plugin writes) is the app's to add after the first
        // screen (app/manifestLink.ts).
        const manifestLink = /\s*<link rel="manifest"[^>]*>/;
        if (!manifestLink.test(String(html.source)))
          throw new Error('firstPagePreload: no manifest link in index.html to move');
        html.source = String(html.source)
          .replace(manifestLink, '')
          .replace(
            '<script type="module"',
            `<script async src="/${this.getFileName(ref)}"></script>\n    <script type="module"`,
          );
      },
    },
  };
}

/**
 * index.html's first downloads on a slow phone's link (issue #20). Over HTTP/1.1 the browser has
 * six connections to the server, and when it asks for the page's files only the document's is
 * open; each other one takes a round trip to open. The style sheet (4.4 KB Brotli) took the open
 * one, and React DOM — the largest file of every first page (57 KB) and the last to arrive — had
 * to open another. So the style sheet goes inside the document, which still fits in the first
 * round trip's window (the CSP allows inline style); its file leaves the build and the lists of
 * what lazy pages load first (app/inlineStyleSheet.ts); and React DOM's script is named first.
 * Lighthouse, three runs each: the visitor's LCP 2.03–2.15 → 1.91–1.99 s, Home's unchanged
 * (BENCHMARKS.md, session 26). Runs after firstPagePreload, which adds first-page.js's tag.
 */
function firstDownloads(): Plugin {
  return {
    name: 'ampere:first-downloads',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('firstDownloads: no index.html in the bundle');
        const inlined = inlineStyleSheet(String(html.source), (file) => {
          const sheet = bundle[file];
          if (sheet?.type !== 'asset') throw new Error(`firstDownloads: no ${file} in the bundle`);
          return String(sheet.source);
        });
        if (!inlined) throw new Error('firstDownloads: index.html links no style sheet');
        Reflect.deleteProperty(bundle, inlined.file);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          file.code = dropDependency(file.code, inlined.file);
          // A helper of another shape would be left naming the sheet, and load it a second time.
          if (file.code.includes(inlined.file))
            throw new Error(`firstDownloads: ${file.fileName} still names ${inlined.file}`);
        }
        const reactDom =
          /\s*(<script type="module" crossorigin src="\/assets\/react-dom-[^"]+"><\/script>)/;
        const tag = reactDom.exec(inlined.html);
        if (!tag?.[1]) throw new Error('firstDownloads: no script tag for react-dom in index.html');
        const first = tag[1];
        html.source = inlined.html
          .replace(tag[0], '')
          .replace('<script ', () => `${first}\n    <script `);
      },
    },
  };
}

/**
 * antd-mobile-icons' components, slimmed as they are bundled (issue #20): their path data has six
 * or seven decimals on a 48-unit grid, and every element carries an id from the design file that
 * nothing refers to (no icon uses `url(#…)`). Two decimals — 1/2,400 of the icon, far below a
 * pixel at any size the app draws one — and no ids draw the same and weigh ≈ 45 % less after
 * compression (≈ 4 KB of the first screen's icons). `slimIcon` is unit-tested (slimIcons.test.ts).
 */
function slimIcons(): Plugin {
  return {
    name: 'ampere:slim-icons',
    apply: 'build',
    transform: {
      filter: { id: /antd-mobile-icons[\\/]es[\\/][A-Za-z0-9]+\.js$/ },
      handler: (code) => ({ code: slimIcon(code), map: null }),
    },
  };
}

export default defineConfig({
  plugins: [react(), pwa, firstPagePreload(), firstDownloads(), slimIcons()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // WEB_SOURCEMAP=1: maps beside the files, to read a CPU profile of the built app by its
    // sources (never shipped: the release build has none).
    sourcemap: !!process.env.WEB_SOURCEMAP,
    target: 'es2022',
    // Every browser the app supports (es2022) preloads modules itself: the polyfill only made the
    // entry a file of its own, one more request before the app (issue #20).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React DOM, the largest library of the first page (57 KB Brotli), in a file of its
              // own beside `framework` (28 KB): the longest download before any paint, and over
              // HTTP/1.1 a file is one connection's share of a slow link while the first page's
              // other requests hold the rest. Split, the two download on two connections at once
              // (issue #20, LCP in Lighthouse, three runs each: Home 2.45–2.50 → 2.31–2.42 s, the
              // visitor's page 2.32–2.39 → 2.20–2.27 s; BENCHMARKS.md, session 24).
              name: 'react-dom',
              test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            },
            {
              // Libraries the first page runs in full anyway. One file compresses better than
              // the dozen the default split makes of them (BRIEF §9: initial JS, gzip).
              name: 'framework',
              // Not react-i18next's <Trans> and its HTML parser: only Register uses them.
              test: (id) =>
                /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/.test(
                  id,
                ) &&
                !/[\\/]react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext)\.js$/.test(id),
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
              name: 'form-helpers',
              test: matches(FORM_HELPERS),
              includeDependenciesRecursively: false,
            },
            { name: 'home', test: matches(HOME_PARTS), includeDependenciesRecursively: false },
            {
              name: 'home-markets',
              test: matches(HOME_MARKETS),
              includeDependenciesRecursively: false,
            },
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
