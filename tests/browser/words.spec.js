// The Words screen (docs/studio.md "Words"), driven as an editor would: suggestions from the
// offline FreeDict generator accepted or dropped for a picture and for an object, the object's
// label, a word's titles, level and categories, publishing, the reload offer when someone else
// saved first, and removing a word from a picture. What the page stored is checked through the
// API (bearer token). One server per run: each test uses its own words.
const { test, expect, expectAccessible, signIn, watchPage } = require('./fixtures');
const content = require('./content');

const newPicture = (api, title) =>
  content.newPicture(api, title, { width: 320, height: 240, hue: 0.6 });
const { newObject } = content;

async function linkToPicture(api, picture, word) {
  const answer = await api.post(`/api/cms/pictures/${picture.id}/words`, { level: 1, ...word });
  expect(answer.status).toBe(201);
  return answer.body.find((w) => w.title_de === word.title_de);
}

async function storedWords(api, path) {
  const answer = await api.get(path);
  expect(answer.status).toBe(200);
  return answer.body;
}

// Every stored word's title_de, page by page.
async function allTitles(api) {
  const titles = [];
  for (let after = 0; ;) {
    const page = await storedWords(
      api,
      `/api/cms/db-words?limit=200${after ? `&after=${after}` : ''}`,
    );
    titles.push(...page.map((w) => w.title_de));
    if (page.length < 200) return titles;
    after = page[page.length - 1].id;
  }
}

// The words stored since `before` (other specs of the run may have made some of the same).
const added = (before, after) => after.filter((t) => !before.includes(t));

async function openWords(page, picture, object) {
  await page.goto(`/studio/#/pictures/${picture.id}/words${object ? `?object=${object.id}` : ''}`);
  await expect(page.getByRole('heading', { name: picture.title })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      name: object ? `Words of object #${object.id}` : 'Words of the picture',
    }),
  ).toBeVisible();
  await expect(page.locator('.wd-words [role="status"]')).toHaveCount(0); // the words are read
}

// Asks the generator for `count` suggestions; their German titles as the page shows them.
async function generate(page, count) {
  await page.getByLabel('How many').fill(String(count));
  await page.getByRole('button', { name: 'Generate suggestions' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /suggestions? from freedict/ }),
  ).toBeVisible();
  return page.locator('.wd-sugg strong').allTextContents();
}

const row = (page, title) =>
  page.locator('.wd-table tbody tr').filter({ has: page.getByText(title, { exact: true }) });

test('suggestions for a picture: the accepted ones are stored and linked, the dropped one is not', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Garten');
  await signIn(page, accounts.editor);
  await openWords(page, picture);
  await expect(page.getByText('No words linked to the picture yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Words' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  // The generator starts from the picture's words: one added by hand.
  const add = page.getByRole('form', { name: 'Add a word' });
  await add.getByLabel('German', { exact: true }).fill('Baum');
  await add.getByRole('button', { name: 'Add word' }).click();
  await expect(row(page, 'Baum')).toBeVisible();

  const before = await allTitles(api);
  const titles = await generate(page, 4);
  expect(titles.length).toBeGreaterThanOrEqual(3);
  // Nothing is stored while they are only suggestions.
  expect(
    (await storedWords(api, `/api/cms/pictures/${picture.id}/words`)).map((w) => w.title_de),
  ).toEqual(['Baum']);
  await expectAccessible(page);

  const [first, dropped, ...rest] = titles;
  await page.getByRole('button', { name: `Accept ${first}` }).click();
  await expect(row(page, first)).toBeVisible();
  await page.getByRole('button', { name: `Drop ${dropped}` }).click();
  await expect(page.locator('.wd-sugg')).toHaveCount(rest.length);
  if (rest.length > 1) await page.getByRole('button', { name: 'Accept all' }).click();
  else await page.getByRole('button', { name: `Accept ${rest[0]}` }).click();
  await expect(page.locator('.wd-sugg')).toHaveCount(0);
  for (const t of rest) await expect(row(page, t)).toBeVisible();

  const linked = (await storedWords(api, `/api/cms/pictures/${picture.id}/words`)).map(
    (w) => w.title_de,
  );
  expect(linked.sort()).toEqual(['Baum', first, ...rest].sort());
  expect(added(before, await allTitles(api))).not.toContain(dropped);
});

test('suggestions for an object: the missing label is offered first; accepted words are linked beside the label', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Am Zaun');
  const object = await newObject(api, picture, { user_notes: 'der Hund links' });
  await signIn(page, accounts.editor);
  await openWords(page, picture);

  // The object is chosen from the list by its notes; it has no label yet.
  const choice = page.getByRole('button', { name: /^Object #\d+ · no label der Hund links$/ });
  await choice.click();
  await expect(choice).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: `Words of object #${object.id}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${picture.id}/words\\?object=${object.id}$`));

  // No label, no suggestions: the API's 409 and the offer to set the label.
  await page.getByRole('button', { name: 'Generate suggestions' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This object has no name yet: add its German name as its label first.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set the label first' }).click();
  const add = page.getByRole('form', { name: 'Add a word' });
  await expect(add.getByLabel('German', { exact: true })).toBeFocused();
  await expect(add.getByLabel("As the object's label")).toBeChecked();
  await page.keyboard.type('Hund');
  await add.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByText('Label word: Hund')).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Object #\d+ · Hund der Hund links$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set the label first' })).toBeHidden();

  const before = await allTitles(api);
  const titles = await generate(page, 3);
  expect(titles.length).toBeGreaterThanOrEqual(2);
  const [first, dropped] = titles;
  await page.getByRole('button', { name: `Drop ${dropped}` }).click();
  await page.getByRole('button', { name: `Accept ${first}` }).click();
  await expect(row(page, first)).toBeVisible();
  await expectAccessible(page);

  let words = await storedWords(api, `/api/cms/db-objects/${object.id}/words`);
  expect(words.map((w) => [w.title_de, w.is_label]).sort()).toEqual(
    [
      [first, false],
      ['Hund', true],
    ].sort(),
  );
  expect(added(before, await allTitles(api))).not.toContain(dropped);

  // The accepted word becomes the label; the former label's link goes (the API's rule), the
  // word Hund itself stays.
  await page.getByRole('button', { name: `Make label: ${first}` }).click();
  await expect(page.getByText(`Label word: ${first}`)).toBeVisible();
  await expect(row(page, 'Hund')).toHaveCount(0);
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^Object #${object.id} · ${first} der Hund links$`),
    }),
  ).toBeVisible();
  words = await storedWords(api, `/api/cms/db-objects/${object.id}/words`);
  expect(words.map((w) => [w.title_de, w.is_label])).toEqual([[first, true]]);
  expect(await allTitles(api)).toContain('Hund');
});

test("a word's titles, level and categories are edited and stored; publish and unpublish", async ({
  page,
  accounts,
  api,
}) => {
  const tiere = await api.post('/api/categories', { titel_de: 'Tiere (Wörter)' });
  const hof = await api.post('/api/categories', { titel_de: 'Bauernhof (Wörter)' });
  expect([tiere.status, hof.status]).toEqual([201, 201]);
  const picture = await newPicture(api, 'Auf dem Hof');
  const word = await linkToPicture(api, picture, { title_de: 'Mutterschaf' });
  await signIn(page, accounts.editor);
  await openWords(page, picture);

  await page.getByRole('button', { name: 'Edit Mutterschaf' }).click();
  const form = page.getByRole('form', { name: 'Edit Mutterschaf' });
  await expect(form.getByLabel('German', { exact: true })).toBeFocused();
  await expectAccessible(page);

  // A refusal is shown beside the field it names; nothing is stored.
  await form.getByLabel('German', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('German', { exact: true })).toHaveAccessibleDescription(
    'title_de is required',
  );
  await expect(form.getByRole('alert').filter({ hasText: 'title_de is required' })).toBeVisible();
  expect((await api.get(`/api/cms/db-words/${word.id}`)).body.title_de).toBe('Mutterschaf');

  await form.getByLabel('German', { exact: true }).fill('Mutterschaf');
  await form.getByLabel('English', { exact: true }).fill('sheep');
  await form.getByLabel('Swedish', { exact: true }).fill('får');
  await form.getByLabel('Level', { exact: true }).fill('3');
  await form.getByLabel('Tiere (Wörter)').check();
  await form.getByLabel('Bauernhof (Wörter)').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.wd-saved')).toHaveText('Saved.');
  await expect(row(page, 'Mutterschaf')).toContainText('sheep');
  await expect(row(page, 'Mutterschaf')).toContainText('Tiere (Wörter), Bauernhof (Wörter)');
  let stored = (await api.get(`/api/cms/db-words/${word.id}`)).body;
  expect(stored).toMatchObject({
    title_de: 'Mutterschaf',
    title_en: 'sheep',
    title_sv: 'får',
    level: 3,
    category_ids: [tiere.body.id, hof.body.id].sort((a, b) => a - b),
  });

  // One category off, the Swedish title cleared.
  await form.getByLabel('Bauernhof (Wörter)').uncheck();
  await form.getByLabel('Swedish', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Mutterschaf').locator('td').nth(5)).toHaveText('Tiere (Wörter)');
  stored = (await api.get(`/api/cms/db-words/${word.id}`)).body;
  expect(stored).toMatchObject({ title_sv: null, category_ids: [tiere.body.id] });

  await page.getByRole('button', { name: 'Publish Mutterschaf' }).click();
  await expect(row(page, 'Mutterschaf')).toContainText('published');
  await expect(page.getByRole('button', { name: 'Unpublish Mutterschaf' })).toBeFocused();
  expect((await api.get(`/api/cms/db-words/${word.id}`)).body.status).toBe('published');
  // The editor is still open on the published version: a save goes through.
  await form.getByLabel('Level', { exact: true }).fill('4');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Mutterschaf').locator('td').nth(3)).toHaveText('4');
  await page.getByRole('button', { name: 'Unpublish Mutterschaf' }).click();
  await expect(row(page, 'Mutterschaf')).toContainText('draft');
  expect((await api.get(`/api/cms/db-words/${word.id}`)).body).toMatchObject({
    status: 'draft',
    level: 4,
  });
  await expectAccessible(page);
});

test('a second editor saved the word first: 412, nothing overwritten, Reload keeps the edit beside the stored word', async ({
  page,
  browser,
  server,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Ziegen');
  const word = await linkToPicture(api, picture, { title_de: 'Zicklein', title_en: 'goat' });
  await signIn(page, accounts.editor);
  await openWords(page, picture);
  await page.getByRole('button', { name: 'Edit Zicklein' }).click();
  const form = page.getByRole('form', { name: 'Edit Zicklein' });

  // A second editor, in another browser, changes the word meanwhile.
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const other = await context.newPage();
    const problems = watchPage(other, server.origin);
    await signIn(other, accounts.editor2);
    await openWords(other, picture);
    await other.getByRole('button', { name: 'Edit Zicklein' }).click();
    const theirs = other.getByRole('form', { name: 'Edit Zicklein' });
    await theirs.getByLabel('English', { exact: true }).fill('nanny goat');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await expect(theirs.locator('.wd-saved')).toHaveText('Saved.');
    expect(problems, 'the second page stayed clean').toEqual([]);
  } finally {
    await context.close();
  }

  await form.getByLabel('English', { exact: true }).fill('billy goat');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Changed by someone else' }),
  ).toBeVisible();
  await expectAccessible(page);
  expect((await api.get(`/api/cms/db-words/${word.id}`)).body.title_en).toBe('nanny goat');
  await expect(form.getByLabel('English', { exact: true })).toHaveValue('billy goat'); // the editor's text stays

  // Reload keeps the editor's English, with the stored one under it; the list shows the word
  // as stored.
  await form.getByRole('button', { name: 'Reload' }).click();
  await expect(form.locator('.wd-saved')).toHaveText(
    'Reloaded. Your changes are still in the form; where someone else changed the same field, ' +
      'what is stored now is shown under it. Save keeps yours.',
  );
  await expect(form.getByLabel('English', { exact: true })).toHaveValue('billy goat');
  await expect(form.locator('.wd-stored')).toHaveText(['Stored now: nanny goat']);
  await expect(form.getByRole('button', { name: 'Reload' })).toBeHidden();
  await expect(row(page, 'Zicklein')).toContainText('nanny goat');
  await expectAccessible(page);
  await form.getByLabel('Level', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.wd-saved')).toHaveText('Saved.');
  await expect(form.locator('.wd-stored')).toHaveCount(0);
  expect((await api.get(`/api/cms/db-words/${word.id}`)).body).toMatchObject({
    title_en: 'billy goat',
    level: 2,
  });
});

test('a word added by hand and one removed from the picture: the removed word itself stays', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Weide');
  const gaul = await linkToPicture(api, picture, { title_de: 'Ackergaul' });
  await signIn(page, accounts.editor);
  await openWords(page, picture);

  const add = page.getByRole('form', { name: 'Add a word' });
  await add.getByLabel('German', { exact: true }).fill('Milchkuh');
  await add.getByLabel('English', { exact: true }).fill('cow');
  await add.getByLabel('Level', { exact: true }).fill('2');
  await add.getByRole('button', { name: 'Add word' }).click();
  await expect(row(page, 'Milchkuh')).toContainText('cow');
  await expect(add.getByLabel('German', { exact: true })).toHaveValue('');
  let linked = await storedWords(api, `/api/cms/pictures/${picture.id}/words`);
  expect(linked.map((w) => [w.title_de, w.title_en, w.level])).toEqual([
    ['Ackergaul', null, 1],
    ['Milchkuh', 'cow', 2],
  ]);

  // A bad level: the API's message beside the field, nothing linked.
  await add.getByLabel('German', { exact: true }).fill('Hausesel');
  await add.getByLabel('Level', { exact: true }).fill('101');
  await add.getByRole('button', { name: 'Add word' }).click();
  await expect(add.getByLabel('Level', { exact: true })).toHaveAccessibleDescription(
    'level must be an integer from 1 to 100',
  );
  expect(await storedWords(api, `/api/cms/pictures/${picture.id}/words`)).toHaveLength(2);

  // A word whose German title exists (another picture's, level 4) is linked as stored, and the
  // form says so with its level and titles: nothing typed is lost without a word.
  const other = await newPicture(api, 'Stall');
  await linkToPicture(api, other, { title_de: 'Stute', title_en: 'mare', level: 4 });
  await add.getByLabel('German', { exact: true }).fill('stute');
  await add.getByLabel('English', { exact: true }).fill('horse');
  await add.getByLabel('Level', { exact: true }).fill('2');
  await add.getByRole('button', { name: 'Add word' }).click();
  await expect(add.getByRole('status')).toHaveText(
    'Stute existed already and was linked to the picture as stored: level 4, English mare, ' +
      'Swedish (none). To change it, use Edit Stute.',
  );
  await expect(page.getByRole('button', { name: 'Edit Stute' })).toBeFocused();
  await expect(row(page, 'Stute')).toContainText('4');
  linked = await storedWords(api, `/api/cms/pictures/${picture.id}/words`);
  expect(linked.map((w) => [w.title_de, w.title_en, w.level])).toContainEqual(['Stute', 'mare', 4]);
  await page.getByRole('button', { name: 'Remove Stute from the picture' }).click();

  await page.getByRole('button', { name: 'Remove Ackergaul from the picture' }).click();
  await expect(row(page, 'Ackergaul')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Milchkuh' })).toBeFocused();
  linked = await storedWords(api, `/api/cms/pictures/${picture.id}/words`);
  expect(linked.map((w) => w.title_de)).toEqual(['Milchkuh']);
  expect((await api.get(`/api/cms/db-words/${gaul.id}`)).status).toBe(200);
  await expectAccessible(page);
});
