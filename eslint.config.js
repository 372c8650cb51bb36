import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noServerImports = { group: ['**/apps/server/**', '@portal/server'], message: 'the web app never imports the server' };

/**
 * The web app's layers (STYLE.md, bulletproof-react): app → features → lib/components. A feature is one
 * domain, named like the server's module (features/leads ↔ modules/leads), and holds that domain's admin
 * and partner screens; a feature never imports another feature, and nothing below app imports app.
 * Zones are made from the folders on disk, so a new feature is covered without touching this file.
 * The public landing page (features/leads/landing) is its own light entry (docs/decisions/002): it
 * imports nothing of the app's, not even lib/ or components/, so the portal's code cannot reach its bundle.
 */
const webSrc = './apps/web/src';
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLanding = `${webSrc}/features/leads/landing`;
const webLayerZones = [
  {
    target: webLanding,
    from: webSrc,
    except: ['./features/leads/landing'],
    message: 'the landing page is its own light entry (docs/decisions/002): it imports only its own folder and the contract',
  },
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'features never import each other: move what they share to lib/ or components/, or compose them in app/',
  })),
  {
    target: [`${webSrc}/features`, `${webSrc}/lib`, `${webSrc}/components`],
    from: `${webSrc}/app`,
    message: 'only app/ composes the app: features, lib and components never import it',
  },
  {
    target: [`${webSrc}/lib`, `${webSrc}/components`],
    from: `${webSrc}/features`,
    message: 'lib/ and components/ sit below the features and never import them',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.artifacts/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  // The rules that need type information (promises, unsafe any, template expressions) and the import-cycle
  // check run in oxlint (.oxlintrc.json), whose type-aware pass costs a tenth of this one's; ESLint keeps the
  // syntax rules and the layer and dependency rules.
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the modules it resolves (layer zones, declared dependencies) with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ ...noServerImports, message: 'apps never import each other' }] }],
      'import-x/no-self-import': 'error',
      // Every package a file imports is declared in its own workspace's package.json.
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, includeTypes: false }],
    },
  },
  {
    // The server's runtime code uses its dependencies only; dev dependencies are for tests and tools.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }],
      // Seeds and demo data live in apps/server/scripts: an import from there would put them in the bundle.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server/src', from: './apps/server/scripts', message: 'seeds and demo data stay out of the server' },
          ],
        },
      ],
    },
  },
  {
    // Settings are read only through the settings module (getSettingValue, getBrandSettings).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/settings/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...noServerImports, message: 'apps never import each other' },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              importNames: ['settings'],
              message: 'read settings through the settings module (modules/settings/index.ts), not the table',
            },
          ],
        },
      ],
    },
  },
  {
    // Transactions are opened in one layer: a service that writes takes the database and opens its own.
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'routes never open a transaction: call the service with app.db and let it open one',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerImports] }],
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
    },
  },
  {
    // What the public landing page loads: zod would put it over its JavaScript budget (docs/decisions/003).
    files: ['apps/web/src/features/leads/landing/**/*.{ts,tsx}', 'packages/contract/src/referral-*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerImports,
            {
              group: ['zod', 'zod/*', '@hookform/resolvers', '@hookform/resolvers/*'],
              message: 'the landing page stays zod-free: use validateReferralForm (docs/decisions/003)',
            },
          ],
        },
      ],
    },
  },
);
