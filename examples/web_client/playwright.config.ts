// The browser tests drive Debian's chromium (no browser can be downloaded
// here) against a real game-host started by tests/host.ts ("club": the
// games of this build), or against an installed host serving a game built
// outside the tree ("installed": tests/sdk/reversi_sdk_test.py runs it).
// "speed" prints the page's timings on a throttled network, on demand.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two files at once, each worker with a host of its own: the tests mostly
  // wait for the host and the computer, and take half the time this way.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  outputDir: process.env.CLUB_TEST_OUTPUT ?? "test-results",
  projects: [
    { name: "club", testIgnore: /(installed|speed)\// },
    { name: "installed", testMatch: /installed\/.*\.spec\.ts/ },
    // Figures, not tests: run by hand (tests/speed/page_speed.spec.ts).
    { name: "speed", testMatch: /speed\/.*\.spec\.ts/ },
  ],
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" },
    locale: "en-GB",
    trace: "retain-on-failure",
  },
});
