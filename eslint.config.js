// Lint runs with zero warnings allowed. Import direction is the architecture (STYLE.md):
// widgets never import the app shell or each other, the server never imports UI code, and
// components reach storage and the network only through src/lib helpers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import react from 'eslint-plugin-react';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';


// Import direction is the architecture (STYLE.md): lib <- components <- renderer <- features <- widgets <- app.
// Areas reach each other only through their index.ts; the server never reaches UI code or seed data from a route.
const AREAS = ['account', 'games', 'home', 'wallet', 'engagement', 'agent', 'protection', 'security', 'records'];
const throughIndex = (target, message) =>
  AREAS.map((area) => ({ target, from: `./src/features/${area}`, except: ['./index.ts'], message }));
// The server by area (server/modules/<area>): a module is reached only through its index.ts, from
// outside and from another module. server/app.ts also registers each module's routes (routes/index.ts)
// and the site's own page routes, the ops CLI's registry takes each module's verbs (ops/index.ts),
// and the tables are declared across modules for their foreign keys (tables.ts files, the schema,
// the money kernel's ledger tables). A module's services and ops verbs never import routes.
const SERVER_MODULES = ['account', 'agent', 'engagement', 'games', 'protection', 'records', 'site', 'wallet'];
const anyModule = './server/modules/*/**';
const moduleIndex = '**/server/modules/*/index.ts';
const THROUGH_INDEX = 'A module is imported only through its index.ts (server/modules/<area>).';
const serverModuleZones = [
  {
    target: [
      './server/!(app).ts',
      './server/!(modules|ops|db|money)/**',
      './server/ops/*.ts',
      './server/ops/!(verbs)/**',
      './server/ops/verbs/!(index).ts',
      './server/db/!(schema).ts',
      './server/db/*/**',
      './server/money/!(tables).ts',
      './scripts/**',
    ],
    from: anyModule,
    except: [moduleIndex],
    message: THROUGH_INDEX,
  },
  {
    target: './server/app.ts',
    from: anyModule,
    except: [moduleIndex, '**/server/modules/*/routes/index.ts', '**/server/modules/site/routes/{site,install,preview}.ts'],
    message: `${THROUGH_INDEX} server/app.ts also registers each module's routes (server/modules/<area>/routes) and the site's page routes.`,
  },
  {
    target: './server/ops/verbs/index.ts',
    from: anyModule,
    except: [moduleIndex, '**/server/modules/*/ops/index.ts'],
    message: `${THROUGH_INDEX} The ops registry also takes each module's verbs (server/modules/<area>/ops).`,
  },
  {
    target: ['./server/db/schema.ts', './server/money/tables.ts'],
    from: anyModule,
    except: [moduleIndex, '**/server/modules/*/tables.ts'],
    message: `${THROUGH_INDEX} The schema and the ledger's tables also name the modules' tables (server/modules/<area>/tables).`,
  },
  ...SERVER_MODULES.flatMap((area) => [
    {
      target: [`./server/modules/!(${area})/!(tables).ts`, `./server/modules/!(${area})/*/**`],
      from: `./server/modules/${area}`,
      except: ['./index.ts'],
      message: `Inside a module, another module is imported only through its index.ts (server/modules/${area}).`,
    },
    {
      target: `./server/modules/!(${area})/tables.ts`,
      from: `./server/modules/${area}`,
      except: ['./index.ts', './tables.ts'],
      message: `A module's tables reference another module's tables (server/modules/${area}/tables), anything else through its index.ts.`,
    },
  ]),
  {
    target: ['./server/modules/*/services/**', './server/modules/*/ops/**'],
    from: './server/**/routes/**',
    message: "A module's services and ops verbs never import routes: routes call services, not the other way round.",
  },
];

const boundaryZones = [
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/components', './src/renderer', './widgets', './server'],
    message: 'src/lib is the bottom layer: it knows no area, no UI part, no widget and no server code.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app', './src/renderer', './widgets', './server'],
    message: 'Shared UI parts know no area: they import src/lib only.',
  },
  {
    target: './src/renderer',
    from: ['./src/features', './src/app', './widgets', './server'],
    message: 'The renderer is handed its widgets; it imports src/lib only.',
  },
  {
    target: './src/tenant',
    from: ['./src/features', './src/app', './src/components', './src/renderer', './widgets', './server'],
    message: 'Tenant loading knows no UI and no server.',
  },
  { target: './src/features', from: ['./src/app', './widgets', './server'], message: 'An area never imports the app shell, widgets or the server.' },
  ...AREAS.flatMap((area) =>
    throughIndex(`./src/features/!(${area})/**`, `Another area is reached only through its index.ts.`).filter((z) => z.from.endsWith(`/${area}`)),
  ),
  { target: './widgets', from: ['./src/app', './src/renderer', './server'], message: 'Widgets import src/lib, src/components and area entry points only.' },
  ...throughIndex('./widgets/**', 'Widgets import an area only through its index.ts.'),
  {
    target: './server',
    from: ['./src/app', './src/renderer', './src/features', './src/components', './widgets'],
    message: 'The server imports only src/domain, src/lib, src/tenant, src/generated and its own folders.',
  },
  // Pure domain rules (money, contract terms, rebate rates, date ranges) are shared by the server and the browser.
  {
    target: './src/domain',
    from: ['./server', './src/features', './src/app', './src/components', './src/renderer', './src/lib', './src/tenant', './widgets', './reference'],
    message: 'src/domain holds pure rules: it imports only src/generated types and its own files (no server, UI, src/lib or Node/DOM code).',
  },
  { target: './server/routes', from: './server/db/seed*', message: 'Routes never import seed data: constants live in server/lib or a service.' },
  ...serverModuleZones,
  // Reference partners are other parties: only their public protocol joins them to the platform.
  { target: './server', from: './reference', message: 'The server reaches reference partners (RefPay, RefGames) only over HTTP, never by import.' },
  { target: './reference', from: ['./server', './src', './widgets'], message: 'A reference partner is its own program: it imports nothing of the platform.' },
  // The wallet conformance kit (reference/wallet-conformance and its command) is a public tool for any
  // operator's wallet: only the protocol's vendor side, never the platform's code.
  {
    target: './scripts/wallet-conformance.ts',
    from: ['./server', './src', './widgets'],
    message: 'The wallet conformance kit is a public tool for any wallet: it imports nothing of the platform, only reference/.',
  },
  // RefPay and RefGames are two parties: neither imports the other (RefGames speaks through reference/vendor-protocol).
  { target: './reference/refgames', from: './reference/refpay', message: 'RefGames is another party than RefPay: no import between them.' },
  { target: './reference/refpay', from: ['./reference/refgames', './reference/vendor-protocol'], message: 'RefPay is another party than RefGames: no import between them.' },
];

// Amount arithmetic lives in src/domain/money.ts (its doc comment states the one rounding rule):
// elsewhere no `* 100` or `/ 100` (currency units <-> minor units, percents), and in the code that
// handles money no Math.round/floor/ceil at all, nor anywhere on a value named like an amount.
const hundred = (op, side) => `BinaryExpression[operator='${op}'][${side}.type='Literal'][${side}.value=100]`;
const MONEY_MODULE = 'Amount arithmetic goes through src/domain/money.ts (toMinor, toAmount, percentOf, timesMultiplier...): one rounding rule.';
const hundredRules = ['*', '/'].flatMap((op) => [hundred(op, 'left'), hundred(op, 'right')]).map((selector) => ({ selector, message: `No * 100 or / 100 here. ${MONEY_MODULE}` }));
const roundingCall = "CallExpression[callee.object.name='Math'][callee.property.name=/^(round|floor|ceil)$/]";
const AMOUNT_NAMES = '/amount|fee|balance|bonus|stake|payout|minor|rebate|turnover|budget|deposit|withdraw|jackpot|dividend|netLoss|price|prize|wallet/i';
const amountRoundingRules = [{ selector: `${roundingCall} Identifier[name=${AMOUNT_NAMES}]`, message: `No Math.round/floor/ceil on an amount. ${MONEY_MODULE}` }];
const roundingRules = [{ selector: roundingCall, message: `No Math.round/floor/ceil in money code. ${MONEY_MODULE}` }];
const codeFiles = ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'server/**/*.ts'];
// Files whose 100s and rounding are not money: pixels, colours, animation, contrast ratios.
const notMoney = ['src/components/step-loop.ts', 'src/tenant/contrast.ts', 'server/lib/captcha-image.ts', 'server/lib/game-icon.ts', 'server/lib/app-icons.ts'];
// Code that is all about money: no rounding of its own at all.
const moneyCode = [
  'src/domain/{contract-terms,agent-rebate-rates}.ts',
  'server/modules/wallet/services/{deposits,withdrawals,rebates,transfers}.ts',
  'server/modules/engagement/services/{rewards,promotions}.ts',
  'server/modules/agent/services/agent-contracts.ts',
  'server/money/turnover.ts',
  'server/modules/wallet/routes/ops-{balance,deposits,withdrawals,turnover}.ts',
  'server/modules/engagement/routes/ops-promotions.ts',
  'server/ops/cli-args.ts',
  'widgets/{withdraw-form,withdrawal-records,deposit-form,upline-transfer}/*.tsx',
];

// The ledger's tables (server/money/tables.ts) are the money kernel's: elsewhere no import of them and
// no SQL naming them (the areas call the kernel's postings and named queries), but in the seeders.
const LEDGER_OWNERS = ['server/money/**', 'server/db/schema.ts', 'server/db/seed*.ts', 'server/modules/records/services/records-seed.ts', 'server/modules/agent/services/team-seed.ts'];
const LEDGER_KERNEL = 'The ledger tables are the money kernel\'s (server/money): call its postings and named queries.';
const ledgerRules = [
  { selector: 'ImportSpecifier[imported.name=/^ledger(Accounts|Transactions|Entries|Days)$/]', message: `No import of a ledger table. ${LEDGER_KERNEL}` },
  { selector: 'ExportSpecifier[local.name=/^ledger(Accounts|Transactions|Entries|Days)$/]', message: `No export of a ledger table. ${LEDGER_KERNEL}` },
  { selector: 'TemplateElement[value.raw=/ledger_(accounts|transactions|entries|days)/]', message: `No SQL on a ledger table. ${LEDGER_KERNEL}` },
  { selector: 'Literal[value=/ledger_(accounts|transactions|entries|days)/]', message: `No SQL on a ledger table. ${LEDGER_KERNEL}` },
];
const serverFiles = ['server/**/*.ts'];
const serverImportPatterns = [
  { regex: '(^|/)src/(app|renderer)(/|$)', message: 'The server never imports UI code.' },
  { regex: '(^|/)widgets(/|$)', message: 'The server never imports widgets.' },
  { regex: '^react', message: 'The server never imports UI code.' },
];

const uiCode = ['src/app/**', 'src/renderer/**', 'src/main.tsx', 'widgets/**'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-ssr/**', 'src/generated/**', 'node_modules/**', '.tmp/**', '.tmp-*/**', '.data*/**', 'playwright-report/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, react },
    settings: { react: { version: '19' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // User-facing text comes from i18n keys, never from literals in JSX.
      'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true, allowedStrings: ['·', '/', '×', '+', '-', '>>', '%', ':', '(', ')'] }],
      'react/jsx-key': 'error',
    },
  },
  {
    files: ['**/*.test.tsx', 'tests/**', 'e2e/**'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
  // Accessibility (DESIGN.md: Lighthouse accessibility 95+): labels, roles, alt text and keyboard
  // reachability are checked on every component, not left to the e2e axe run.
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['**/*.tsx'],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'server/**/*.ts', 'reference/**/*.ts', 'scripts/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['widgets/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\./)', message: 'A widget never imports another widget.' },
            { regex: '^(\\.\\./)+widgets/', message: 'A widget never imports another widget (not through ../../widgets/ either).' },
            { regex: '(^|/)src/(app|renderer)(/|$)', message: 'Widgets may import src/lib only, never the app shell or the renderer.' },
            { regex: '^ajv', message: 'The browser never ships Ajv: use the precompiled validators in src/generated.' },
          ],
        },
      ],
    },
  },
  {
    files: ['widgets/registry.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(app|renderer)(/|$)', message: 'src/lib is the bottom layer: it never imports the app shell or the renderer.' },
            { regex: '(^|/)widgets(/|$)', message: 'src/lib never imports widgets.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**', 'src/renderer/**', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^ajv', message: 'The browser never ships Ajv: use the precompiled validators in src/generated.' }, { regex: '(^|/)server(/|$)', message: 'The browser never imports server code.' }] },
      ],
    },
  },
  {
    files: uiCode,
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through the client in src/lib.' },
        { name: 'localStorage', message: 'Use the storage helper in src/lib.' },
        { name: 'sessionStorage', message: 'Use the storage helper in src/lib.' },
      ],
    },
  },
  // Areas and shared UI parts reach the network and storage only through src/lib's api and storage modules.
  {
    files: ['src/features/**', 'src/components/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through the client in src/lib/api.' },
        { name: 'localStorage', message: 'Use the storage helper in src/lib.' },
        { name: 'sessionStorage', message: 'Use the storage helper in src/lib.' },
      ],
    },
  },
  {
    files: ['src/features/**', 'src/components/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => [
          { object, property: 'fetch', message: 'Call the API through the client in src/lib/api.' },
          { object, property: 'localStorage', message: 'Use the storage helper in src/lib.' },
          { object, property: 'sessionStorage', message: 'Use the storage helper in src/lib.' },
        ]),
      ],
    },
  },
  {
    files: codeFiles,
    ignores: ['src/domain/money.ts', '**/*.test.{ts,tsx}', ...notMoney],
    rules: { 'no-restricted-syntax': ['error', ...hundredRules, ...amountRoundingRules] },
  },
  // The server outside the kernel: the money selectors and the ledger's (one no-restricted-syntax per file).
  {
    files: serverFiles,
    ignores: ['**/*.test.{ts,tsx}', ...notMoney, ...LEDGER_OWNERS],
    rules: { 'no-restricted-syntax': ['error', ...hundredRules, ...amountRoundingRules, ...ledgerRules] },
  },
  {
    files: notMoney.filter((f) => f.startsWith('server/')),
    rules: { 'no-restricted-syntax': ['error', ...ledgerRules] },
  },
  {
    files: moneyCode,
    ignores: ['**/*.test.{ts,tsx}', ...LEDGER_OWNERS],
    rules: { 'no-restricted-syntax': ['error', ...hundredRules, ...roundingRules, ...ledgerRules] },
  },
  {
    files: moneyCode.filter((f) => f.startsWith('server/money/')),
    rules: { 'no-restricted-syntax': ['error', ...hundredRules, ...roundingRules] },
  },
  // An area's index.ts names its public face: every export by name, no `export *` (after the
  // money blocks: a later block's no-restricted-syntax replaces an earlier one's, so the money
  // selectors are repeated here).
  {
    files: ['src/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...hundredRules,
        ...amountRoundingRules,
        { selector: 'ExportAllDeclaration', message: "An area's index.ts names its exports: no `export *`." },
      ],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(react|node:|fastify|drizzle)', message: 'src/domain holds pure rules: no React, Node, Fastify or database code.' }] },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImportPatterns }] },
  },
  // Services are functions of the platform and an actor: no Fastify (routes hold the HTTP side).
  {
    files: ['server/modules/*/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...serverImportPatterns, { regex: '^(fastify|@fastify/)', message: 'A service imports no Fastify: it takes the platform and an actor (server/platform.ts).' }] },
      ],
    },
  },
);
