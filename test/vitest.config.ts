import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test`: every suite on SQLite, and the engine's and the template-folder suites a second
 * time on the engine's generated tier; with TEST_DATABASE_URL (a PostgreSQL server, `.ci/run`
 * starts one) the server suites run a second time with every test server on PostgreSQL.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || '';

/** Suites about SQLite itself (its file, damage, backups): nothing of them exists on PostgreSQL. */
const SQLITE_ONLY = [
  'test/server/hardening/database-integrity.test.ts',
  'test/server/hardening/database-faults*.test.ts',
  'test/server/config-and-migrations.test.ts',
];

/**
 * Suites about template folders and the authors' dev server: their pages read the store through
 * the repositories the storefront's own page suites already run on PostgreSQL, so a second engine
 * adds no case, only about a minute and a half of the run.
 */
const TEMPLATE_AUTHOR_SUITES = [
  'test/server/theme/**',
  'test/server/dev/**',
  'test/server/dev-server.test.ts',
];

/**
 * Suites whose cases end before any store is opened or never use one: a start refused (a port
 * taken, a setting that is not valid, a template folder that cannot be served), connections
 * that send or read slowly, the store commands' launcher. A second engine changes nothing in them.
 */
const STORE_INDEPENDENT_SUITES = [
  'test/server/hardening/cannot-serve.test.ts',
  'test/server/hardening/slow-clients.test.ts',
  'test/server/run-command.test.ts',
];

/**
 * Engine suites that render no template (they test the tag reader, the date arithmetic, the name
 * readers, the expression evaluator and the JSON reader directly): the generated second tier
 * would run nothing of theirs, only repeat them. A suite that renders, even once, stays in.
 */
const ENGINE_SUITES_WITHOUT_RENDERS = [
  'test/engine/tag-fast-path.test.ts',
  'test/engine/plugins/date/strftime-exactness.test.ts',
  'test/engine/runtime/name-readers.test.ts',
  'test/engine/runtime/json-reader.test.ts',
  'test/engine/expressions/closures.test.ts',
];

// Vitest reads this file more than once (and workers inherit the environment): say it once.
if (!postgresUrl && process.env.POSTGRES_SKIP_NOTED === undefined) {
  process.env.POSTGRES_SKIP_NOTED = '1';
  process.stdout.write('PostgreSQL suites skipped: TEST_DATABASE_URL is not set (see README.md, "Tests on PostgreSQL").\n');
}

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    testTimeout: 30000,
    // a suite's beforeAll often starts a server, migrating a fresh store: on PostgreSQL on a busy machine that passed 10 s
    hookTimeout: 30000,
    // most suites wait on servers, sockets and child processes rather than the CPU: three at once
    // keep two cores busy (vitest's default here would be one or two)
    maxWorkers: 3,
    // and all three stay: a worker vitest retires for being idle while its last file still runs
    // ends that file with "Terminating worker thread" when files share workers (below)
    minWorkers: 3,
    poolOptions: {
      // The node suites share their workers: a file no longer loads the server's and the engine's
      // modules afresh in a new process, which was a third of the suite's time. Each file still
      // opens its own store, server and ports.
      forks: { isolate: false },
      // The browser-like (jsdom) suites keep a fresh worker each: React and the DOM are global.
      threads: { isolate: true },
    },
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'test/client/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['test/client/**/*.test.ts', 'test/client/**/*.test.tsx'],
          pool: 'threads',
        },
      },
      {
        // The engine's suites again, and the server's pages from the theme and the public template
        // folders, every render on the generated second tier (generated-run.ts).
        extends: true,
        test: {
          name: 'engine-second-tier',
          include: ['test/engine/**/*.test.ts', 'test/server/theme/**/*.test.ts'],
          exclude: ['node_modules/**', 'test/engine/cli*.test.ts', ...ENGINE_SUITES_WITHOUT_RENDERS],
          setupFiles: ['test/engine/second-tier-setup.ts'],
        },
      },
      ...(postgresUrl
        ? [{
          extends: true as const,
          test: {
            name: 'postgres',
            include: ['test/server/**/*.test.ts'],
            exclude: ['node_modules/**', ...SQLITE_ONLY, ...TEMPLATE_AUTHOR_SUITES, ...STORE_INDEPENDENT_SUITES],
            env: { TEST_ENGINE: 'postgres' },
          },
        }]
        : []),
    ],
  },
});
