import { builtinModules } from 'node:module';
import path from 'node:path';

import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint = correctness + the module boundaries of STYLE.md section 2, so an
 * editor flags a forbidden import before the build does. Formatting belongs
 * to Prettier, so no stylistic rules here.
 */

const builtinMessage = 'Node built-ins stay on the server (STYLE.md section 2).';

/** Bare built-in names (`fs`, `http`) as exact paths: as patterns they would also match `#shared/http/…`. */
const nodeBuiltinPaths = builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: builtinMessage }));

/** Imports `client/` and `shared/` must never reach (STYLE.md section 2). */
const serverOnly = [
  // `regex`, not `group`: gitignore-style groups read a leading `#` as a comment.
  { regex: '^(#server/|(\\.\\./)+server/)', message: 'client/ and shared/ never import server/ (STYLE.md section 2).' },
  { group: ['node:*', 'fs/*', 'path/*', 'stream/*', 'util/*'], message: builtinMessage },
  { group: ['pino', 'pino-*', 'contentful', 'contentful/*', '@contentful/node-apps-toolkit'], message: 'Server-only package (STYLE.md section 2).' },
];

const processEnv = {
  object: 'process',
  property: 'env',
  message: 'Only server/config.ts reads process.env; take settings from Config (STYLE.md section 4).',
};

/**
 * The layers (ADR 020): requests enter through the server entry, go to api/ssr, which call services, which
 * reach the hosted services through adapters (or the embedded stand-ins). Arrows point one way only.
 */
const layers = [
  { type: 'middleware', pattern: 'server/middleware/**', partialMatch: false },
  { type: 'api', pattern: ['server/api/**', 'server/insights/**'], partialMatch: false },
  { type: 'ssr', pattern: 'server/ssr/**', partialMatch: false },
  { type: 'services', pattern: 'server/services/**', partialMatch: false },
  { type: 'embedded', pattern: 'server/embedded/**', partialMatch: false },
  // Last: what no folder above claims (index.ts, app.ts, composition.ts, config.ts, logger.ts, lifecycle/).
  { type: 'entry', pattern: 'server/**', partialMatch: false },
  { type: 'client', pattern: 'client/**', partialMatch: false },
  { type: 'shared', pattern: 'shared/**', partialMatch: false },
];

/** Which layers each layer may import (itself included). `entry` types (Config, Logger) are readable from every server layer. */
const mayImport = {
  entry: ['entry', 'middleware', 'api', 'ssr', 'services', 'embedded', 'shared'],
  middleware: ['middleware', 'entry', 'shared'],
  api: ['api', 'middleware', 'services', 'entry', 'shared'],
  ssr: ['ssr', 'middleware', 'services', 'entry', 'shared', 'client'],
  services: ['services', 'embedded', 'entry', 'shared'],
  // The embedded Algolia API is an HTTP edge too: it uses the app's rate limiter and error responder.
  embedded: ['embedded', 'middleware', 'entry', 'shared'],
  client: ['client', 'shared'],
  shared: ['shared'],
};

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/', '.cache/', 'public/', 'content/', '**/*.gen.*'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // verbatimModuleSyntax: types are imported with `import type`.
      // `typeof import('…')` stays allowed: it types a module loaded at run time (server/ssr/assets.ts).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'erasableSyntaxOnly: use a union of literals instead of an enum.' },
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only (STYLE.md section 3).' },
      ],
    },
  },
  {
    // A few type-aware checks where a slip costs the most: promises nobody awaits (Express handlers, streams).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { paths: nodeBuiltinPaths, patterns: serverOnly }],
      'no-restricted-properties': ['error', processEnv],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [...serverOnly, { regex: '^(#client/|(\\.\\./)+client/)', message: 'shared/ imports only shared/ (STYLE.md section 2).' }],
        },
      ],
      'no-restricted-properties': ['error', processEnv],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'node:process', importNames: ['env'], message: processEnv.message }],
          // The SSR entry is the one door from server/ into client/ (loaded by path, typed by import type).
          patterns: [
            {
              regex: '^(#client/|(\\.\\./)+client/)(?!entry\\.server\\.tsx$)',
              message: 'server/ reaches client/ only through client/entry.server.tsx (STYLE.md section 2).',
            },
          ],
        },
      ],
      'no-restricted-properties': ['error', processEnv],
    },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [path.resolve(import.meta.dirname, 'eslint-import-resolver.cjs')]: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': layers,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(mayImport).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: to } } } },
          })),
        },
      ],
      // Import cycles, type-only imports included, are dependency-cruiser's (.dependency-cruiser.cjs): import-x's no-cycle skips `import type`.
    },
  },
  {
    files: ['server/config.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // Tests spy on console, build their own config and drive the SSR entry directly.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-console': 'off', 'no-restricted-properties': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // Tool configs must default-export.
    files: ['*.config.{js,ts}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // ESLint resolvers are loaded with require(), so they are CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
