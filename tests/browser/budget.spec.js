// The studio's budgets (docs/studio.md, docs/performance.md "Studio"): at most 150 KB of script
// in all (asserted), and the first screen's load times (reported, never asserted: speed is
// measured, not timed in tests; docs/testing.md).
const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('./fixtures');

const studioDir = path.join(__dirname, '../../adapters/web/studio');

test('at most 150 KB of script; the first screen\'s load times reported', async ({ page }, testInfo) => {
  const scripts = fs.readdirSync(studioDir).filter((f) => f.endsWith('.js'));
  const total = scripts.reduce((sum, f) => sum + fs.statSync(path.join(studioDir, f)).size, 0);
  expect(total).toBeLessThanOrEqual(150 * 1024);

  await page.goto('/studio/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const loaded = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
    return {
      domContentLoaded: nav.domContentLoadedEventEnd - nav.startTime,
      load: nav.loadEventEnd - nav.startTime,
      // The shell marks each screen once it is mounted: the first screen as the editor sees it.
      firstScreen: performance.getEntriesByName('studio:signin')[0]?.startTime ?? Infinity,
      scriptBytes: loaded.reduce((sum, r) => sum + r.decodedBodySize, 0),
    };
  });
  testInfo.annotations.push({ type: 'budget', description: JSON.stringify({ totalScriptBytes: total, ...timing }) });
  console.log(`studio budget: ${total} bytes of script in ${scripts.length} files; first load ${JSON.stringify(timing)}`);
  expect(timing.scriptBytes).toBeGreaterThan(0);
});
