// End-to-end tests: the real renderer in Chromium, talking to the real core in browser
// mode (embedded service, real replica). One worker: the machine has two cores and the
// tests share one core process.
import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './scripts/testChromium.ts';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  // Bounds, not delays: every wait is on the app's own signals and ends as soon as they come.
  // They are wide because CI machines have two cores and may be shared (at load 20 a screen
  // with an axe pass took over 120 s); a pass is no slower.
  timeout: 300_000,
  expect: { timeout: 45_000 },
  retries: 0,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    viewport: { width: 1360, height: 820 },
    actionTimeout: 45_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...TEST_CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
