// The Texts screen (docs/studio.md "Texts"): statements and questions in three languages side by
// side, generated questions, a question's answer and distractor words, review and publish, and
// two editors on one question. Driven as an editor would; what is stored is checked through the
// API (bearer token).
const path = require('node:path');
const { test, expect, expectAccessible, signIn, watchPage } = require('./fixtures');
const content = require('./content');

const newPicture = (api, title) => content.newPicture(api, title, { width: 800, height: 600 });
const { newObject } = content;

// A picture with one object and a question about it, set up through the API.
async function pictureWithQuestion(api, title, fields) {
  const picture = await newPicture(api, title);
  const object = await newObject(api, picture);
  const answer = await api.post('/api/cms/db-questions', { object_id: object.id, ...fields });
  expect(answer.status).toBe(201);
  return { picture, object, question: answer.body };
}

async function stored(api, path) {
  const answer = await api.get(path);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function openTexts(page, picture) {
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  await expect(page.getByRole('heading', { name: picture.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Texts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article', { name: 'New statement' })).toBeVisible();
}

const article = (page, name) => page.getByRole('article', { name, exact: true });
const field = (card, name) => card.getByLabel(name, { exact: true });

test('a statement written in three languages is stored, edited and deleted', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Texts statements');
  const pair = await api.post('/api/cms/db-pairs', {
    picture_id: picture.id,
    answer_type: 'text',
    statement: { text_de: 'Das ist ein Boot.' },
  });
  expect(pair.status).toBe(201);
  await signIn(page, accounts.editor);
  await openTexts(page, picture);

  // The statement of the picture's pair is listed with the pair that uses it.
  const used = article(page, `Statement #${pair.body.statement.id}`);
  await expect(field(used, 'German')).toHaveValue('Das ist ein Boot.');
  await expect(used).toContainText(`Used by pair #${pair.body.id}`);

  const form = article(page, 'New statement');
  await field(form, 'German').fill('Der Hund schläft unter dem Tisch.');
  await field(form, 'English').fill('The dog is sleeping under the table.');
  await field(form, 'Swedish').fill('Hunden sover under bordet.');
  await form.getByRole('button', { name: 'Create statement' }).click();
  await expect(page.getByRole('article', { name: /^Statement #/ })).toHaveCount(2);

  const all = await stored(api, '/api/cms/db-statements?limit=200');
  const made = all.find((s) => s.text_de === 'Der Hund schläft unter dem Tisch.');
  expect(made).toMatchObject({
    text_en: 'The dog is sleeping under the table.',
    text_sv: 'Hunden sover under bordet.',
    status: 'draft',
  });
  const card = article(page, `Statement #${made.id}`);
  await expect(card).toContainText('Not used by a pair yet');
  await expect(field(card, 'Swedish')).toHaveValue('Hunden sover under bordet.');
  // A fresh form for the next one.
  await expect(field(article(page, 'New statement'), 'German')).toHaveValue('');
  await expectAccessible(page);

  // Audio of one text field: generated, then played from the card.
  await card.getByRole('button', { name: `Generate audio: Statement #${made.id} Swedish` }).click();
  await expect(
    card.getByRole('button', { name: `Regenerate audio: Statement #${made.id} Swedish` }),
  ).toBeVisible();
  await expect(
    card.getByLabel(`Audio: Statement #${made.id} Swedish`, { exact: true }),
  ).toBeVisible();
  const audios = await stored(api, `/api/audios?source_table=statements&source_id=${made.id}`);
  expect(audios.map((a) => [a.source_field, a.language])).toEqual([['text_sv', 'sv']]);

  // Edited: only the English text changes; the card says it is saved.
  await field(card, 'English').fill('The dog sleeps under the table.');
  await expect(card.getByText('Unsaved changes')).toBeVisible();
  await card.getByRole('button', { name: `Save Statement #${made.id}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  expect(await stored(api, `/api/cms/db-statements/${made.id}`)).toMatchObject({
    text_de: 'Der Hund schläft unter dem Tisch.',
    text_en: 'The dog sleeps under the table.',
    text_sv: 'Hunden sover under bordet.',
  });

  // A statement in use cannot go: the API's 409 beside the buttons.
  page.once('dialog', (d) => d.accept());
  await used.getByRole('button', { name: 'Delete' }).click();
  await expect(used.getByRole('alert').filter({ hasText: 'is used by 1 pair(s)' })).toBeVisible();

  page.once('dialog', (d) => d.accept());
  await card.getByRole('button', { name: `Delete Statement #${made.id}` }).click();
  await expect(card).toHaveCount(0);
  expect((await api.get(`/api/cms/db-statements/${made.id}`)).status).toBe(404);
});

test('a question: texts, short answers and level are stored; a refused level is shown beside it', async ({
  page,
  accounts,
  api,
}) => {
  const { picture, object, question } = await pictureWithQuestion(api, 'Texts questions', {
    text_de: 'Was ist das?',
  });
  await signIn(page, accounts.editor);
  await openTexts(page, picture);

  const card = article(page, `Question #${question.id}`);
  await expect(field(card, 'German')).toHaveValue('Was ist das?');
  await field(card, 'German').fill('Was siehst du?');
  await field(card, 'English').fill('What do you see?');
  await field(card, 'Swedish').fill('Vad ser du?');
  await field(card, 'German short answer').fill('ein Boot');
  await field(card, 'English short answer').fill('a boat');
  await field(card, 'Swedish short answer').fill('en båt');
  await field(card, 'Level').fill('0');
  const save = card.getByRole('button', { name: `Save Question #${question.id}` });
  await save.click();
  // The API's 400 names the level: shown beside it, nothing stored.
  await expect(
    card.getByRole('alert').filter({ hasText: 'level must be an integer from 1 to 100' }),
  ).toBeVisible();
  await expect(field(card, 'Level')).toHaveAttribute('aria-invalid', 'true');
  expect((await stored(api, `/api/cms/db-questions/${question.id}`)).text_de).toBe('Was ist das?');
  await expectAccessible(page);

  await field(card, 'Level').fill('7');
  await field(card, 'Level').press('Control+s'); // the card's shortcut for Save
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  await expect(field(card, 'Level')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await stored(api, `/api/cms/db-questions/${question.id}`)).toMatchObject({
    text_de: 'Was siehst du?',
    text_en: 'What do you see?',
    text_sv: 'Vad ser du?',
    short_answer_de: 'ein Boot',
    short_answer_en: 'a boat',
    short_answer_se: 'en båt',
    level: 7,
  });

  // A new question for the object, made from the screen.
  await page.getByRole('button', { name: `New question for object #${object.id}` }).click();
  const form = article(page, 'New question');
  await expect(field(form, 'German')).toBeFocused();
  // Tab goes along the rows as they are seen: the three texts, then the three short answers.
  for (const next of ['English', 'Swedish', 'German short answer', 'English short answer']) {
    await page.keyboard.press('Tab');
    await expect(field(form, next)).toBeFocused();
  }
  await field(form, 'German').fill('Welche Farbe hat das Boot?');
  await field(form, 'German short answer').fill('rot');
  await form.getByRole('button', { name: 'Create question' }).click();
  await expect(form).toHaveCount(0);
  const list = await stored(api, `/api/object/${object.id}/questions`);
  const made = list.find((q) => q.text_de === 'Welche Farbe hat das Boot?');
  expect(made).toMatchObject({
    object_id: object.id,
    short_answer_de: 'rot',
    level: 1,
    status: 'draft',
  });
  await expect(article(page, `Question #${made.id}`)).toBeVisible();
});

test('generate questions: an object without a label word is sent to the Words tab; with one the questions are listed', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Texts generated');
  const bare = await newObject(api, picture);
  const object = await newObject(api, picture);
  const label = await api.post(`/api/cms/db-objects/${object.id}/words`, {
    title_de: 'Hund',
    title_en: 'dog',
    title_sv: 'hund',
  });
  expect(label.status).toBeLessThan(300);
  await signIn(page, accounts.editor);
  await openTexts(page, picture);

  await page.getByRole('button', { name: `Generate questions for object #${bare.id}` }).click();
  const refused = page
    .getByRole('region', { name: `Object #${bare.id}`, exact: true })
    .getByRole('alert');
  await expect(refused).toHaveText(
    'This object has no name yet: choose its label word on the Words tab, then generate.',
  );
  await expect(refused.getByRole('link', { name: /Words tab/ })).toHaveAttribute(
    'href',
    `#/pictures/${picture.id}/words?object=${bare.id}`,
  );

  const region = page.getByRole('region', { name: `Object #${object.id}: Hund`, exact: true });
  await region.getByRole('button', { name: `Generate questions for object #${object.id}` }).click();
  await expect(region.getByRole('status').filter({ hasText: 'generated' })).toBeVisible();
  const questions = await stored(api, `/api/object/${object.id}/questions`);
  expect(questions.length).toBeGreaterThan(0);
  for (const q of questions) {
    const card = article(page, `Question #${q.id}`);
    await expect(field(card, 'German')).toHaveValue(q.text_de ?? '');
  }
  await expect(region.getByRole('article')).toHaveCount(questions.length);
  await expectAccessible(page);
  // For a look at the screen (kept with the run's results).
  if (process.env.LL_BROWSER_RESULTS)
    await page.screenshot({
      path: path.join(process.env.LL_BROWSER_RESULTS, 'texts-generated.png'),
      fullPage: true,
    });
});

test("a question's words: add a distractor and an answer by their German title, remove one", async ({
  page,
  accounts,
  api,
}) => {
  const { picture, question } = await pictureWithQuestion(api, 'Texts distractors', {
    text_de: 'Was ist das?',
    short_answer_de: 'ein Hund',
  });
  await signIn(page, accounts.editor);
  await openTexts(page, picture);

  const card = article(page, `Question #${question.id}`);
  const words = card.getByRole('list', { name: `Words of question #${question.id}` });
  await field(card, 'Word (German)').fill('Katze');
  await card.getByRole('button', { name: `Add word to question #${question.id}` }).click();
  await expect(words.getByRole('listitem').filter({ hasText: 'Katze' })).toContainText(
    'distractor',
  );
  await field(card, 'Word (German)').fill('Hund');
  await card.getByLabel('Role of the new word').selectOption('answer');
  await card.getByRole('button', { name: `Add word to question #${question.id}` }).click();
  await expect(words.getByRole('listitem').filter({ hasText: 'Hund' })).toContainText('answer');
  let linked = await stored(api, `/api/cms/db-questions/${question.id}/words`);
  expect(linked.map((w) => [w.title_de, w.role]).sort()).toEqual([
    ['Hund', 'answer'],
    ['Katze', 'distractor'],
  ]);
  await expectAccessible(page);

  await words.getByRole('button', { name: 'Remove distractor Katze' }).click();
  await expect(words.getByRole('listitem').filter({ hasText: 'Katze' })).toHaveCount(0);
  linked = await stored(api, `/api/cms/db-questions/${question.id}/words`);
  expect(linked.map((w) => w.title_de)).toEqual(['Hund']);
  const katze = (await stored(api, '/api/cms/db-words?limit=200')).find(
    (w) => w.title_de === 'Katze',
  );
  expect(katze, 'the word stays').toBeTruthy();
  // The question still saves with its version (word links are not part of it).
  await field(card, 'English').fill('What is this?');
  await card.getByRole('button', { name: `Save Question #${question.id}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
});

test("review then publish a question; a refused transition shows the API's 409 beside the buttons", async ({
  page,
  accounts,
  api,
}) => {
  const { picture, question } = await pictureWithQuestion(api, 'Texts review', {
    text_de: 'Wo ist die Katze?',
  });
  await signIn(page, accounts.editor);
  await openTexts(page, picture);

  const card = article(page, `Question #${question.id}`);
  const name = `Question #${question.id}`;
  await expect(card.getByText('draft', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Publish ${name}`, exact: true }).click();
  await expect(
    card.getByRole('alert').filter({ hasText: 'Only reviewed items can be published' }),
  ).toBeVisible();
  expect((await stored(api, `/api/cms/db-questions/${question.id}`)).status).toBe('draft');
  await expectAccessible(page);

  await card.getByRole('button', { name: `Review ${name}` }).click();
  await expect(card.getByText('reviewed', { exact: true })).toBeVisible();
  await expect(card.getByRole('alert').filter({ hasText: 'Only reviewed' })).toHaveCount(0);
  await card.getByRole('button', { name: `Publish ${name}`, exact: true }).click();
  await expect(card.getByText('published', { exact: true })).toBeVisible();
  expect((await stored(api, `/api/cms/db-questions/${question.id}`)).status).toBe('published');

  // Saving after the transitions uses the version they answered with. Published, the question
  // keeps the change as its draft (drafts.spec.js).
  await field(card, 'English').fill('Where is the cat?');
  await card.getByRole('button', { name: `Save ${name}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  expect(await stored(api, `/api/cms/db-questions/${question.id}`)).toMatchObject({
    text_en: null,
    status: 'published',
    draft: { text_en: 'Where is the cat?', status: 'draft' },
  });
});

test('two editors on one question: the second save is refused with a reload offer', async ({
  page,
  browser,
  server,
  accounts,
  api,
}) => {
  const { picture, question } = await pictureWithQuestion(api, 'Texts two editors', {
    text_de: 'Was ist das?',
  });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  const other = await context.newPage();
  const problems = watchPage(other, server.origin);
  try {
    await signIn(page, accounts.editor);
    await signIn(other, accounts.editor2);
    await openTexts(page, picture);
    await openTexts(other, picture);
    const mine = article(page, `Question #${question.id}`);
    const theirs = article(other, `Question #${question.id}`);

    await field(mine, 'English').fill('What is that?');
    await field(mine, 'German').fill('Was ist dort?');
    await mine.getByRole('button', { name: /^Save/ }).click();
    await expect(mine.getByText('Saved', { exact: true })).toBeVisible();

    await field(theirs, 'German').fill('Was ist hier?');
    await theirs.getByRole('button', { name: /^Save/ }).click();
    await expect(
      theirs.getByRole('alert').filter({ hasText: 'Changed by someone else' }),
    ).toBeVisible();
    await expectAccessible(other);
    expect(await stored(api, `/api/cms/db-questions/${question.id}`)).toMatchObject({
      text_de: 'Was ist dort?',
      text_en: 'What is that?',
    });
    // The second editor's text stays, also on reload: the German both changed keeps theirs
    // with the stored one under it; the English they left alone is the first editor's.
    await expect(field(theirs, 'German')).toHaveValue('Was ist hier?');
    await theirs.getByRole('button', { name: 'Reload' }).click();
    await expect(theirs.getByRole('alert').filter({ hasText: 'Reloaded.' })).toHaveText(
      'Reloaded. Your changes are still in the fields; where someone else changed the same text, ' +
        'what is stored now is shown under it. Save keeps yours.',
    );
    await expect(field(theirs, 'German')).toHaveValue('Was ist hier?');
    await expect(theirs.locator('.tx-stored')).toHaveText(['Stored now: Was ist dort?']);
    await expect(field(theirs, 'English')).toHaveValue('What is that?');
    await expectAccessible(other);

    await theirs.getByRole('button', { name: /^Save/ }).click();
    await expect(theirs.getByText('Saved', { exact: true })).toBeVisible();
    await expect(theirs.locator('.tx-stored')).toHaveCount(0);
    expect(await stored(api, `/api/cms/db-questions/${question.id}`)).toMatchObject({
      text_de: 'Was ist hier?',
      text_en: 'What is that?',
    });
    expect(problems, 'the second page stayed clean').toEqual([]);
  } finally {
    await context.close();
  }
});
