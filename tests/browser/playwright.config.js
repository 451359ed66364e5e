// Playwright for the studio's browser tests (tests/browser/run.sh sets the LL_* variables).
// Debian's chromium (Playwright's own browser download is not reachable), headless, no sandbox
// (the tests run as root), one worker: each run starts one authoring-api (fixtures.js).
const { defineConfig } = require('@playwright/test');
const os = require('node:os');
const path = require('node:path');

// run.sh puts them in the build tree; never in the source tree.
const results = process.env.LL_BROWSER_RESULTS || path.join(os.tmpdir(), 'll-browser-results');

module.exports = defineConfig({
  testDir: __dirname,
  testMatch: /.*\.spec\.js$/,
  testIgnore: /\/unit\//, // the studio's pure logic: unit.config.js
  outputDir: path.join(results, 'artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: path.join(results, 'report.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 5_000,
  },
});
