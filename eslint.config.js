// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

const webFeatures = fs
  .readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'e2e/.artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'bench/*.mjs', 'apps/*/build.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // import-x reads only files with these extensions when it follows imports (no-cycle);
      // its default is JavaScript only, which hid every TypeScript cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Without a resolver import-x cannot follow `@/…`, `@agentry/…` or relative `.js` specifiers
      // to their files, and every path rule silently checks nothing. Only the web app declares
      // `paths` (`@/*`); the other workspaces resolve through node_modules and relative paths.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: 'apps/web/tsconfig.json',
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // maxDepth bounds the search from each import; the cycles we meet are short, and an
      // unbounded search made lint several times slower.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 6 }],
      // An import the resolver cannot follow is unchecked by every rule above; fail instead.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // packages/core is pure: it imports no app.
            { target: './packages/core', from: './apps' },
            { target: './packages/core', from: './packages/widget-ui' },
            // packages/widget-ui holds the widget's view components: core only, no app.
            { target: './packages/widget-ui', from: './apps' },
            // apps never import each other; they share through packages/core.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/web', from: './apps/widget' },
            { target: './apps/widget', from: './apps/server' },
            { target: './apps/widget', from: './apps/web' },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/server', from: './apps/widget' },
            // web: shared -> features -> app; a feature never imports another feature.
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/hooks', from: './apps/web/src/features' },
            { target: './apps/web/src/hooks', from: './apps/web/src/app' },
            { target: './apps/web/src/test', from: './apps/web/src/features' },
            // One zone per feature: it may import from itself only, never from another feature.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; move the shared piece down to components, lib or packages/core.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/widget/**/*.{ts,tsx}', 'packages/widget-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests may use loose typing on parsed JSON bodies.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
