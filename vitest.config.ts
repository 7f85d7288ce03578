import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The packaged-app tests build the app first: npm run test:packaged (vitest.packaged.config.ts).
    exclude: ['**/node_modules/**', '**/*.packaged.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR ? { json: `${process.env.CI_REPORT_DIR}/vitest.json` } : undefined,
  },
});
