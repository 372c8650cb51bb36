import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/** Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                setupFiles: ['./test-setup/fail-on-console-error.ts'],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
