// The studio's budgets (docs/studio.md, docs/performance.md "Studio"): each screen, opened
// directly as the first screen of a page load, loads at most 150 KB of script (asserted); its
// load times and the studio's script in all are reported, never asserted (speed is measured, not
// timed in tests; docs/testing.md).
const fs = require('node:fs');
const path = require('node:path');
const { test, expect, signIn } = require('./fixtures');
const { scene } = require('./images');

const studioDir = path.join(__dirname, '../../adapters/web/studio');

// What the page has loaded so far: times since the navigation and the script's bytes.
async function measure(page, screen) {
  return page.evaluate((name) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const loaded = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
    return {
      domContentLoaded: Math.round(nav.domContentLoadedEventEnd - nav.startTime),
      // The shell marks each screen once it is mounted: the screen as the editor sees it.
      screen: Math.round(performance.getEntriesByName(`studio:${name}`)[0]?.startTime ?? -1),
      scriptBytes: loaded.reduce((sum, r) => sum + r.decodedBodySize, 0),
      scriptFiles: loaded.length,
    };
  }, screen);
}

async function opened(page, hash, screen) {
  await page.goto('about:blank');
  await page.goto(`/studio/${hash}`);
  await expect
    .poll(() => page.evaluate((n) => performance.getEntriesByName(`studio:${n}`).length, screen))
    .toBe(1);
  return measure(page, screen);
}

test('every screen loads at most 150 KB of script; load times reported', async ({
  page,
  api,
  accounts,
}, testInfo) => {
  test.setTimeout(60_000);
  const scripts = fs.readdirSync(studioDir).filter((f) => f.endsWith('.js'));
  const total = scripts.reduce((sum, f) => sum + fs.statSync(path.join(studioDir, f)).size, 0);

  const picture = (await api.upload('/api/pictures?title=Budget', scene(400, 300, 0.2))).body;
  const pair = (
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'yes_no',
      statement: { text_de: 'Ein Bild.', text_en: 'A picture.', text_sv: 'En bild.' },
    })
  ).body;
  expect(pair.id).toBeGreaterThan(0);

  const report = { totalScriptBytes: total, totalScriptFiles: scripts.length };
  await page.goto('/studio/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  report.signin = await measure(page, 'signin');
  await signIn(page, accounts.admin);
  const screens = [
    ['pictures', '#/pictures'],
    ['workspace', `#/pictures/${picture.id}`],
    ['words', `#/pictures/${picture.id}/words`],
    ['texts', `#/pictures/${picture.id}/texts`],
    ['pairs', `#/pictures/${picture.id}/pairs`],
    ['preview', `#/pairs/${pair.id}/preview?lang=de`],
    ['audio', '#/audio'],
    ['maintenance', '#/maintenance'],
  ];
  for (const [screen, hash] of screens) report[screen] = await opened(page, hash, screen);

  testInfo.annotations.push({ type: 'budget', description: JSON.stringify(report) });
  console.log(`studio budget: ${JSON.stringify(report)}`);
  for (const [screen, figures] of Object.entries(report)) {
    if (typeof figures !== 'object') continue;
    expect(figures.scriptBytes, `script loaded by ${screen}`).toBeGreaterThan(0);
    expect(figures.scriptBytes, `script loaded by ${screen}`).toBeLessThanOrEqual(150 * 1024);
  }
});
