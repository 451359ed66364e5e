// The Audio screen, the audio controls of a text field (audio-field.js) and the Maintenance
// screen (docs/studio.md "Audio" and "Maintenance"), driven as an editor or admin would; what is
// stored is checked through the API (bearer token). Speech is the real espeak-ng of the server.
// The database is shared by the run's tests, so counts are read from the API, never assumed.
const { execFileSync } = require('node:child_process');
const { test, expect, expectAccessible, signIn } = require('./fixtures');

const LANGS = ['de', 'en', 'sv'];
const unique = (text) => `${text} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function coverage(api) {
  const answer = await api.get('/api/audios/coverage');
  expect(answer.status).toBe(200);
  return answer.body;
}

const missingOf = (c) =>
  Object.values(c)
    .flatMap((t) => LANGS.map((l) => t[l].items - t[l].with_audio))
    .reduce((a, b) => a + b, 0);

async function statement(api, texts) {
  const answer = await api.post('/api/cms/db-statements', texts);
  expect(answer.status).toBe(201);
  return answer.body;
}

// The table cell of a kind (row) and language (column) on the Audio screen.
function cell(page, kind, language) {
  const column = { German: 2, English: 3, Swedish: 4 }[language];
  return page.getByRole('row', { name: new RegExp(`^${kind}`) }).locator(`td:nth-child(${column})`);
}

async function openAudio(page) {
  await page.goto('/studio/#/audio');
  await expect(page.getByRole('heading', { name: 'Audio', exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

test('the Audio screen shows the coverage; one cell generates in rounds and Stop ends the run', async ({
  page,
  accounts,
  api,
}) => {
  for (let i = 0; i < 7; i += 1)
    await statement(api, { text_en: unique(`The dog number ${i} sleeps`) });
  const before = await coverage(api);
  const en = before.statements.en;
  const missing = en.items - en.with_audio;
  expect(missing).toBeGreaterThanOrEqual(7);

  await signIn(page, accounts.editor);
  await page.getByRole('link', { name: 'Audio' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(cell(page, 'Statements', 'English')).toContainText(
    `${en.with_audio} of ${en.items}`,
  );
  await expect(cell(page, 'Statements', 'English')).toContainText(
    `${Math.floor(en.ratio * 100)} %`,
  );
  await expectAccessible(page);

  // The first round is held until Stop has been pressed: the run must end after it.
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  const bodies = [];
  await page.route('**/api/audios/generate-batch', async (route) => {
    bodies.push(route.request().postDataJSON());
    if (bodies.length === 1) await gate;
    await route.continue();
  });
  await cell(page, 'Statements', 'English')
    .getByRole('button', { name: /statements in English/ })
    .click();
  const progress = page.getByRole('progressbar', { name: 'Audio generated' });
  await expect(progress).toBeVisible();
  await expect(
    page.locator('.audio-progress').getByText(`0 of ${missing}`, { exact: true }),
  ).toBeVisible();
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]).toEqual({ source_table: 'statements', language: 'en', limit: 5 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
  release();
  await expect(page.getByText(`Stopped: 5 of ${missing} generated.`)).toBeVisible({
    timeout: 20_000,
  });
  expect(bodies).toHaveLength(1);

  const after = await coverage(api);
  expect(after.statements.en.with_audio).toBe(en.with_audio + 5);
  expect(after.statements.de).toEqual(before.statements.de);
  // The table was read again.
  await expect(cell(page, 'Statements', 'English')).toContainText(
    `${en.with_audio + 5} of ${en.items}`,
  );
  await page.unroute('**/api/audios/generate-batch');
});

test('texts the synthesizer cannot speak are listed and the run ends instead of retrying for ever', async ({
  page,
  accounts,
  api,
}) => {
  await statement(api, { text_sv: unique('Hunden skäller') });
  const total = missingOf(await coverage(api));
  await signIn(page, accounts.editor);
  await openAudio(page);
  // The server's answers are replaced: espeak-ng does not fail on demand. Round 1 speaks two and
  // fails one; round 2 only meets the failing one again, so the run must end there.
  const failure = {
    source_table: 'words',
    source_id: 40,
    source_field: 'title_sv',
    language: 'sv',
    error: 'Speech synthesis failed',
  };
  const answers = [
    { generated: 2, skipped: 0, failed: [failure] },
    { generated: 0, skipped: 0, failed: [failure] },
  ];
  const bodies = [];
  await page.route('**/api/audios/generate-batch', (route) => {
    bodies.push(route.request().postDataJSON());
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(answers[bodies.length - 1] ?? answers[1]),
    });
  });
  await page.getByRole('button', { name: 'Generate everything that is missing' }).click();
  await expect(page.getByText('Finished: 2 generated, 1 could not be spoken.')).toBeVisible();
  expect(bodies).toEqual([{ limit: 5 }, { limit: 6 }]);
  await expect(
    page.getByRole('list', { name: 'Texts that could not be spoken' }).getByRole('listitem'),
  ).toHaveText(['Word 40, title_sv (Swedish): Speech synthesis failed']);
  await expect(
    page.locator('.audio-progress').getByText(`2 of ${total}`, { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.unroute('**/api/audios/generate-batch');
});

test('"Generate everything that is missing" runs to 100 % and the table matches the API', async ({
  page,
  accounts,
  api,
}, testInfo) => {
  test.setTimeout(90_000);
  await statement(api, {
    text_de: unique('Die Katze schläft'),
    text_en: 'The cat sleeps',
    text_sv: 'Katten sover',
  });
  const question = await api.post('/api/cms/db-questions', {
    text_de: unique('Wo ist die Katze?'),
  });
  expect(question.status).toBe(201);
  const word = await api.post('/api/cms/db-words', {
    title_de: unique('Katze'),
    title_en: 'cat',
    title_sv: 'katt',
    level: 1,
  });
  expect(word.status).toBe(201);
  const total = missingOf(await coverage(api));
  expect(total).toBeGreaterThanOrEqual(5);

  await signIn(page, accounts.editor);
  await openAudio(page);
  await page.screenshot({ path: testInfo.outputPath('audio-before.png') });
  await page.getByRole('button', { name: 'Generate everything that is missing' }).click();
  await expect(page.getByText(/^Finished: \d+ generated\.$/)).toBeVisible({ timeout: 80_000 });
  const progress = page.getByRole('progressbar', { name: 'Audio generated' });
  await expect(progress).toHaveAttribute('max', String(total));
  await expect(progress).toHaveAttribute('value', String(total));
  await expect(
    page.locator('.audio-progress').getByText(`${total} of ${total}`, { exact: true }),
  ).toBeVisible();
  await expect(page.locator('.audio-failures li')).toHaveCount(0); // no failures listed

  const after = await coverage(api);
  expect(missingOf(after)).toBe(0);
  for (const [kind, table] of [
    ['Statements', after.statements],
    ['Questions', after.questions],
    ['Words', after.words],
  ]) {
    for (const [lang, name] of [
      ['de', 'German'],
      ['en', 'English'],
      ['sv', 'Swedish'],
    ]) {
      const c = table[lang];
      if (!c.items) await expect(cell(page, kind, name)).toHaveText('no texts');
      else {
        await expect(cell(page, kind, name).locator('.audio-share')).toHaveText(
          `${c.with_audio} of ${c.items}`,
        );
        await expect(cell(page, kind, name).locator('.audio-percent')).toHaveText('100 %');
      }
    }
  }
  await expect(
    page.getByRole('button', { name: 'Generate everything that is missing' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Generate \d+ missing/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('audio-after.png') });
  await expectAccessible(page);
});

test('audio controls of a text field: generate without playing, the player, the API error beside it', async ({
  page,
  accounts,
  api,
}) => {
  const item = await statement(api, { text_de: unique('Der Hund bellt laut') });
  await signIn(page, accounts.editor);
  await openAudio(page);
  // audio-field.js is mounted in the studio page itself (its CSP allows only the studio's own
  // modules): the module is loaded as the screens load it, with the page's session.
  const mountField = () =>
    page.evaluate(async (id) => {
      const base = document.querySelector('script[type="module"]').src.replace(/studio\.js$/, '');
      const { createApi } = await import(`${base}api.js`);
      const { audioControls } = await import(`${base}audio-field.js`);
      const api = createApi();
      api.setSession((await api.get('/api/session')).body);
      const audioFor = await audioControls(api, 'statements', id);
      document.getElementById('field-test')?.remove();
      const host = document.createElement('div');
      host.id = 'field-test';
      host.append(
        audioFor('text_de', 'de', 'German text'),
        audioFor('text_sv', 'sv', 'Swedish text'),
      );
      document.querySelector('main').append(host);
    }, item.id);
  await mountField();

  const german = page.getByRole('group', { name: 'Audio of German text' });
  await expect(german.getByLabel('Audio: German text', { exact: true })).toBeHidden();
  await german.getByRole('button', { name: 'Generate audio: German text' }).click();
  const player = page.getByLabel('Audio: German text', { exact: true });
  await expect(player).toBeVisible({ timeout: 15_000 });
  await expect(german.getByRole('button', { name: 'Regenerate audio: German text' })).toBeEnabled();
  await expect
    .poll(() => player.evaluate((a) => a.duration), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await player.evaluate((a) => a.paused)).toBe(true); // generating never plays
  const src = await player.getAttribute('src');
  expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.wav$/);

  // The Swedish text is empty: the API's 409 is shown beside its button, nothing is stored.
  const swedish = page.getByRole('group', { name: 'Audio of Swedish text' });
  await swedish.getByRole('button', { name: 'Generate audio: Swedish text' }).click();
  await expect(swedish.getByRole('alert')).toHaveText(
    `statements ${item.id} has no text in text_sv`,
  );
  await expectAccessible(page);

  // Stored: read again, the field shows its audio from the start.
  const stored = await api.get(`/api/audios?source_table=statements&source_id=${item.id}`);
  expect(stored.status).toBe(200);
  expect(stored.body.map((a) => [a.source_field, a.language, a.audio_url])).toEqual([
    ['text_de', 'de', src],
  ]);
  await mountField();
  await expect(page.getByLabel('Audio: German text', { exact: true })).toHaveAttribute('src', src);
  await expect(page.getByRole('button', { name: 'Generate audio: Swedish text' })).toBeVisible();
});

async function categories(api) {
  const answer = await api.get('/api/categories');
  expect(answer.status).toBe(200);
  return answer.body;
}

test('an admin adds, renames and deletes a category', async ({ page, accounts, api }, testInfo) => {
  const existing = await api.post('/api/categories', { titel_de: unique('Möbel') });
  expect(existing.status).toBe(201);
  await signIn(page, accounts.admin);
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Categories' });
  await expect(list).toContainText(existing.body.titel_de);
  await expectAccessible(page);

  // Add: a name that exists already is refused beside the field; a new one is stored.
  const field = page.getByLabel('New category');
  await field.fill(existing.body.titel_de);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('.category-add').getByRole('alert')).toHaveText(
    `Category "${existing.body.titel_de}" exists already`,
  );
  const name = unique('Fahrzeuge');
  await field.fill(name);
  await field.press('Enter');
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(page.locator('#new-category-error')).toBeEmpty();
  const added = (await categories(api)).find((c) => c.titel_de === name);
  expect(added).toBeTruthy();

  // Rename: an empty name is refused with the API's message, then a new name is stored.
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const input = page.getByLabel(`German name of ${name}`);
  await expect(input).toBeFocused();
  await input.fill('');
  await input.press('Enter');
  await expect(list.getByRole('alert')).toHaveText(/titel_de/);
  const renamed = unique('Autos');
  await input.fill(renamed);
  // The English and Swedish titles go with it (the statistics label the category with them).
  await page.getByLabel(`English name of ${name}`).fill('Cars');
  await page.getByLabel(`Swedish name of ${name}`).fill('Bilar');
  await page.screenshot({ path: testInfo.outputPath('maintenance-rename.png') });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText(renamed, { exact: true })).toBeVisible();
  await expect(list.getByText('EN Cars · SV Bilar', { exact: true })).toBeVisible();
  let stored = (await categories(api)).find((c) => c.id === added.id);
  expect(stored?.titel_de).toBe(renamed);
  expect(stored?.titel_en).toBe('Cars');
  expect(stored?.titel_sv).toBe('Bilar');
  await page.screenshot({ path: testInfo.outputPath('maintenance.png') });

  // An emptied title is none again.
  await page.getByRole('button', { name: `Rename ${renamed}` }).click();
  await expect(page.getByLabel(`English name of ${renamed}`)).toHaveValue('Cars');
  await page.getByLabel(`Swedish name of ${renamed}`).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('EN Cars', { exact: true })).toBeVisible();
  stored = (await categories(api)).find((c) => c.id === added.id);
  expect(stored?.titel_en).toBe('Cars');
  expect(stored?.titel_sv).toBeNull();

  // Delete asks first; Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const ask = page.getByRole('group', { name: new RegExp(`^Delete “${renamed}”`) });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await categories(api)).some((c) => c.id === added.id)).toBe(true);
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  // The question stays while the DELETE is under way (its line already hides the name), so
  // the list is read only once the question has gone.
  await expect(ask).toHaveCount(0);
  await expect(list.getByText(renamed, { exact: true })).toHaveCount(0);
  expect((await categories(api)).some((c) => c.id === added.id)).toBe(false);
});

// Legacy data the API never makes: an item deleted behind the API's back, its audio left over.
function deleteBehindTheApi(server, sql) {
  if (server.backend === 'postgresql')
    execFileSync('psql', [server.env.DATABASE_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  else execFileSync('sqlite3', [server.env.DATABASE_URL.replace(/^sqlite:\/\//, ''), sql]);
}

test('an admin purges orphans after a confirmation and sees the counts', async ({
  page,
  accounts,
  api,
  server,
}, testInfo) => {
  const item = await statement(api, { text_de: unique('Das Haus ist rot') });
  const audio = await api.post('/api/audios/generate-for', {
    source_table: 'statements',
    source_id: item.id,
    source_field: 'text_de',
    language: 'de',
  });
  expect(audio.status).toBe(201);
  deleteBehindTheApi(server, `DELETE FROM statements WHERE id = ${item.id}`);

  await signIn(page, accounts.admin);
  await page.goto('/studio/#/maintenance');
  await page.getByRole('button', { name: 'Purge orphans…' }).click();
  const ask = page.getByRole('group', { name: /^Remove every orphan now/ });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Purge orphans…' }).click();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Purge' }).click();
  const result = page.getByRole('table', { name: /^Removed \d+ orphaned record/ });
  await expect(result).toBeVisible();
  await expect(result.getByRole('row', { name: /^Audios/ })).toContainText('1');
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.screenshot({
    path: testInfo.outputPath('maintenance-purge-1024.png'),
    fullPage: true,
  });
  await expectAccessible(page);
  // Gone: the item's audios are no longer stored, and a second purge finds nothing.
  const left = await api.get(`/api/audios?source_table=statements&source_id=${item.id}`);
  expect(left.body).toEqual([]);
  await page.getByRole('button', { name: 'Purge orphans…' }).click();
  await ask.getByRole('button', { name: 'Purge' }).click();
  await expect(page.getByRole('table', { name: 'Nothing to remove: no orphans' })).toBeVisible();
});

test('an editor has no Maintenance: no link, the screen refuses, the API answers 403', async ({
  page,
  accounts,
  api,
}) => {
  const kept = await api.post('/api/categories', { titel_de: unique('Pflanzen') });
  expect(kept.status).toBe(201);
  const before = await categories(api);
  await signIn(page, accounts.editor);
  await expect(
    page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Audio' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Maintenance' })).toHaveCount(0);
  await page.goto('/studio/#/maintenance');
  await expect(page.getByText('Maintenance is for admins.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Add|Purge|Rename|Delete/ })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);

  // The page's own session (cookie and CSRF token) is refused by the API.
  const answers = await page.evaluate(async (id) => {
    const session = await (await fetch('/api/session')).json();
    const send = async (method, path, body) => {
      const r = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: body && JSON.stringify(body),
      });
      return [r.status, await r.json()];
    };
    return [
      await send('POST', '/api/purge-all-orphans'),
      await send('POST', '/api/categories', { titel_de: 'Nie' }),
      await send('PATCH', `/api/categories/${id}`, { titel_de: 'Nie' }),
      await send('DELETE', `/api/categories/${id}`),
    ];
  }, kept.body.id);
  for (const answer of answers)
    expect(answer).toEqual([
      403,
      { error: 'Insufficient permissions', code: 'insufficient_permissions' },
    ]);
  expect(await categories(api)).toEqual(before);
});
