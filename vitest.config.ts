import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/scripts/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * Server tests on one database kind. Each run migrates one template per kind (test/global-setup.ts)
 * and every test file gets a copy. Test files share their worker's module cache (isolate: false):
 * importing Fastify and the server once per worker instead of once per file halves the run.
 * So a server test must not vi.mock server modules, and must undo what it changes globally
 * (fake timers, stubbed env, spies).
 */
const serverProject = (name: string, testDb: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: serverTests,
    env: { TEST_DB: testDb },
    isolate: false,
    globalSetup: ['./apps/server/test/global-setup.ts'],
    setupFiles: ['./test-setup/fail-on-console-error.ts'],
    // npm test runs these beside the type check, lint and build, so a test may get a third of a core for a
    // while: a limit here only has to catch a hang, never a slow moment.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/** Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on this 2-core machine, which
    // left a core idle while a test waited on its database. Two keep both busy.
    maxWorkers: 2,
    projects: [
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
          // The first render of a lazy page compiles it; on a busy 2-core machine that can pass 5 s.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
