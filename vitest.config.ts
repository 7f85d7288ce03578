import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The packaged-app tests build the app first: npm run test:packaged (vitest.packaged.config.ts).
    exclude: ['**/node_modules/**', '**/*.packaged.test.ts'],
    // Hang guards, not waits: tests wait on signals. The slowest tests take about 5 s on a quiet
    // 2-core machine and over 30 s when it is shared at load 20; these limits leave room for that.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR ? { json: `${process.env.CI_REPORT_DIR}/vitest.json` } : undefined,
  },
});
