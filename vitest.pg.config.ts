// The server tests again, on PostgreSQL: `npm run test:pg` (npm test runs it when
// PostgreSQL is installed). A throwaway cluster is started once; each test service gets a
// fresh database on it instead of a fresh SQLite file.
import { defineConfig } from 'vitest/config';

// Test files that exercise SQLite itself.
const SQLITE_ONLY = [
  'server/library/documentsListPlan.test.ts', // reads SQLite's query plans
  'server/catalog/matchCounts.test.ts', // SQLite's data_version and FTS5 counts
  'server/catalog/librarySync.test.ts', // SQLite's write lock
];

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...SQLITE_ONLY],
    globalSetup: ['server/testing/pgGlobalSetup.ts'],
    // Hang guards, not waits: tests wait on signals. The slowest tests take about 5 s on a quiet
    // 2-core machine and over 30 s when it is shared at load 20; these limits leave room for that.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR ? { json: `${process.env.CI_REPORT_DIR}/vitest-pg.json` } : undefined,
  },
});
