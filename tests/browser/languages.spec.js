// The studio's languages (adapters/web/studio/languages.js) are the database's: the codes
// (short_en), names (titel_en) and order of learner-api's GET /auth/languages on the same
// database, and the screens show them so (docs/studio.md "For developers").
const { test, expect, signIn } = require('./fixtures');

test('the studio has the languages of the database, in its order, and shows them so', async ({
  page,
  accounts,
  learner,
}) => {
  const answer = await fetch(`${learner.url}/auth/languages`);
  expect(answer.status).toBe(200);
  const stored = (await answer.json()).map((l) => ({ code: l.short_en, name: l.titel_en }));
  expect(stored.length).toBeGreaterThan(0);

  await signIn(page, accounts.editor);
  // The module as the studio serves it (its CSP allows only the studio's own modules).
  const studio = await page.evaluate(async () => {
    const base = document.querySelector('script[type="module"]').src.replace(/studio\.js$/, '');
    const { LANGUAGES } = await import(`${base}languages.js`);
    return LANGUAGES.map(({ code, name }) => ({ code, name }));
  });
  expect(studio).toEqual(stored);

  // A screen with a column per language: the Audio screen's coverage table.
  await page.goto('/studio/#/audio');
  const table = page.getByRole('table', { name: 'Audio coverage per kind and language' });
  await expect(table.getByRole('columnheader')).toHaveText(['Kind', ...stored.map((l) => l.name)]);
});
