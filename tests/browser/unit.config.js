// Playwright's runner for the studio's pure logic (tests/browser/unit/, run.sh BUILD unit): no
// browser is started; the specs import the studio's modules (unit/studio-modules.js).
const { defineConfig } = require('@playwright/test');
const os = require('node:os');
const path = require('node:path');

const results = process.env.LL_BROWSER_RESULTS || path.join(os.tmpdir(), 'll-unit-results');

module.exports = defineConfig({
  testDir: path.join(__dirname, 'unit'),
  testMatch: /.*\.unit\.spec\.js$/,
  outputDir: path.join(results, 'artifacts'),
  workers: 1,
  forbidOnly: true,
  reporter: [['list']],
});
