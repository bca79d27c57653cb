// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import direction (docs/ARCHITECTURE.md): the contract depends on nothing of ours; server
 * routes never touch SQL; repositories never know HTTP; web infrastructure (lib/) never imports
 * features or pages; features never import each other.
 */
const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
});

const NO_SQL = {
  group: [
    'drizzle-orm',
    'drizzle-orm/*',
    'pg',
    '@electric-sql/pglite',
    '**/db/**',
    '**/*.repository',
    '**/*.repository.js',
  ],
  message: 'Routes call services; SQL belongs in repositories.',
};
/** Web: Toast and Modal (and react-spring under them) load on demand, configured first. */
const WEB_OVERLAYS = {
  name: 'antd-mobile',
  importNames: ['Toast', 'Modal'],
  message: 'Toast and Modal load on demand: use @/lib/overlays.',
};
/**
 * Back office (apps/admin): nothing of the user app or the server — what both apps need goes to
 * packages/ — and antd's feedback through App.useApp(), whose messages follow the theme and the
 * language (the static `message` and `notification` render outside both).
 */
const ADMIN_APART = {
  group: [
    '@ampere/web',
    '@ampere/web/*',
    '@ampere/server',
    '@ampere/server/*',
    '**/apps/web/**',
    '**/web/src/**',
    '**/apps/server/**',
  ],
  message:
    'The back office imports nothing of the user app or the server: share through packages/.',
};
const ADMIN_FEEDBACK = {
  name: 'antd',
  importNames: ['message', 'notification'],
  message: 'Use App.useApp(): the static methods ignore the theme and the language.',
};
/** The back office's layers, as the user app's: app → pages → features → core → lib. */
const adminLayer = (files, group, message) => ({
  files,
  rules: restrict(
    [ADMIN_APART, ...(group.length > 0 ? [{ group, message }] : [])],
    [ADMIN_FEEDBACK],
  ),
});
const HTTP_FREE = {
  group: ['fastify', '@fastify/*', '**/*.routes', '**/*.routes.js', '**/http/**'],
  message: 'Services and repositories know nothing of HTTP.',
};
/**
 * A module's tables and SQL are its own (issue #22): another module calls its service. Schema
 * files may still name another module's table in a foreign key, and tests may arrange state.
 */
const MODULE_PRIVATE = {
  group: ['../*/*.repository', '../*/*.repository.js', '../*/*.schema', '../*/*.schema.js'],
  message: "A module's repository and schema are private to it: call its service.",
};
const MODULES_PRIVATE_OUTSIDE = {
  group: [
    '**/modules/*/*.repository',
    '**/modules/*/*.repository.js',
    '**/modules/*/*.schema',
    '**/modules/*/*.schema.js',
  ],
  message: "Modules' repositories and schemas are private to them: call a service.",
};
const LEDGER_PRIVATE = {
  group: [
    '**/ledger/ledger.schema',
    '**/ledger/ledger.schema.js',
    '**/ledger/ledger.repository',
    '**/ledger/ledger.repository.js',
  ],
  message: 'Only the ledger module writes ledger tables: go through ledger.service.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '.e2e-artifacts/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
      // Fastify plugins and handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The client layer every web app shares: framework-free, nothing of any one app.
    files: ['packages/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict([
      {
        group: ['@/*', '@ampere/web', '@ampere/server', '**/apps/**'],
        message: '@ampere/client belongs to no app: apps import it, not the other way round.',
      },
      {
        group: ['react', 'react-dom', 'antd', 'antd-mobile', 'i18next', 'react-i18next'],
        message: '@ampere/client is framework-free: each app brings its own UI and words.',
      },
    ]),
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict([
      {
        group: ['@ampere/server', '@ampere/web', '**/apps/**'],
        message: 'The contract depends on nothing of ours.',
      },
      {
        group: ['fastify', 'react', 'drizzle-orm', 'drizzle-orm/*'],
        message: 'The contract is framework-free.',
      },
    ]),
  },
  {
    // Tests may arrange state through any module's repository, but never write money tables.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**/*.ts'],
    ignores: ['apps/server/src/modules/ledger/**'],
    rules: restrict([LEDGER_PRIVATE]),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/db/schema.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: restrict([MODULES_PRIVATE_OUTSIDE]),
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.schema.ts', '**/*.test.ts', '**/fixtures/**'],
    rules: restrict([MODULE_PRIVATE]),
  },
  {
    files: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.service.ts'],
    rules: restrict([HTTP_FREE, MODULE_PRIVATE]),
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict([NO_SQL, MODULE_PRIVATE]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([], [WEB_OVERLAYS]),
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrict(
      [
        {
          group: [
            '@/features/*',
            '@/widgets/*',
            '@/pages/*',
            '@/components/*',
            '@/app/*',
            '@/core/*',
          ],
          message: 'lib/ is infrastructure: it imports no UI and no app state.',
        },
      ],
      [WEB_OVERLAYS],
    ),
  },
  {
    // core/: the app's shared objects (api, config, session, socket, realtime), below every view.
    files: ['apps/web/src/core/**/*.{ts,tsx}'],
    rules: restrict(
      [
        {
          group: ['@/features/*', '@/widgets/*', '@/pages/*', '@/app/*'],
          message: 'core/ sits below features, widgets and pages: it imports none of them.',
        },
      ],
      [WEB_OVERLAYS],
    ),
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict(
      [
        {
          group: ['@/features/*', '@/widgets/*', '@/pages/*', '@/app/*'],
          message:
            'Features do not import each other, widgets or pages; share through core/, lib/ or components/.',
        },
      ],
      [WEB_OVERLAYS],
    ),
  },
  {
    // widgets/: pieces that compose several features, shared by pages.
    files: ['apps/web/src/widgets/**/*.{ts,tsx}'],
    rules: restrict(
      [
        {
          group: ['@/pages/*', '@/app/*'],
          message: 'Widgets compose features for pages: they import no page and not app/.',
        },
      ],
      [WEB_OVERLAYS],
    ),
  },
  {
    files: ['apps/web/src/pages/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrict(
      [{ group: ['@/app/*'], message: 'app/ composes pages; nothing below imports it.' }],
      [WEB_OVERLAYS],
    ),
  },
  {
    // The one place that loads them, and tests that compare against antd-mobile's own.
    files: [
      'apps/web/src/lib/overlays.ts',
      'apps/web/src/lib/overlayHandle.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([ADMIN_APART], [ADMIN_FEEDBACK]),
    },
  },
  adminLayer(
    ['apps/admin/src/lib/**/*.{ts,tsx}'],
    [
      '@/features/*',
      '@/pages/*',
      '@/components/*',
      '@/app/*',
      '@/core/*',
      'antd',
      'antd/*',
      '@ant-design/*',
    ],
    'lib/ is infrastructure: it imports no UI and no app state.',
  ),
  adminLayer(
    ['apps/admin/src/core/**/*.{ts,tsx}'],
    ['@/features/*', '@/pages/*', '@/app/*', '@/components/*'],
    'core/ sits below features, pages and components: it imports none of them.',
  ),
  adminLayer(
    ['apps/admin/src/features/**/*.{ts,tsx}'],
    ['@/features/*', '@/pages/*', '@/app/*'],
    'Features do not import each other or pages; share through core/, lib/ or components/.',
  ),
  adminLayer(
    ['apps/admin/src/components/**/*.{ts,tsx}'],
    ['@/features/*', '@/pages/*', '@/app/*'],
    'components/ is generic UI below features: it imports no feature, page or app/.',
  ),
  adminLayer(
    ['apps/admin/src/pages/**/*.{ts,tsx}'],
    ['@/app/*'],
    'app/ composes pages; nothing below imports it.',
  ),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests assert on parsed JSON bodies, which are untyped by nature.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
