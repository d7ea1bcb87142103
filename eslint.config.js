// Lint runs with zero warnings allowed. Import direction is the architecture (STYLE.md):
// widgets never import the app shell or each other, the server never imports UI code, and
// components reach storage and the network only through src/lib helpers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import react from 'eslint-plugin-react';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const uiCode = ['src/app/**', 'src/renderer/**', 'src/main.tsx', 'widgets/**'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'src/generated/**', 'node_modules/**', '.tmp/**', '.tmp-*/**', '.data*/**', 'playwright-report/**', 'test-results/**'],
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
    files: ['widgets/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\./)', message: 'A widget never imports another widget.' },
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
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/(app|renderer)(/|$)', message: 'The server never imports UI code.' },
            { regex: '(^|/)widgets(/|$)', message: 'The server never imports widgets.' },
            { regex: '^react', message: 'The server never imports UI code.' },
          ],
        },
      ],
    },
  },
);
