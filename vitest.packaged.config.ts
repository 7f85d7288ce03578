// The packaged-app tests (npm run test:packaged): one build of the unpacked Linux app
// (scripts/packaging/buildTestPackage.ts, in the global setup), then checks of what it holds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/packaging/**/*.packaged.test.ts'],
    globalSetup: ['scripts/packaging/packagedSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR ? { json: `${process.env.CI_REPORT_DIR}/vitest-packaged.json` } : undefined,
  },
});
