import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@portal/server'], message: 'apps never import each other' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@portal/server'], message: 'the web app never imports the server' }] },
      ],
    },
  },
  {
    // What the public landing page loads: zod would put it over its JavaScript budget (docs/decisions/003).
    files: ['apps/web/src/features/referral/**/*.{ts,tsx}', 'packages/contract/src/referral-*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@portal/server'], message: 'the web app never imports the server' },
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
