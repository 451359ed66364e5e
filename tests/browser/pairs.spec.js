// The pairs screen (#/pictures/<id>/pairs) and the learner preview (#/pairs/<id>/preview),
// docs/studio.md "Pairs" and "Learner preview": driven as an editor would; what the page stored
// is checked through the API (bearer token), which also sets up pictures, objects and words.
const path = require('node:path');
const { test, expect, expectAccessible, signIn, watchPage } = require('./fixtures');
const { scene } = require('./images');

async function created(answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

// A picture with an image, one object labelled `label`, and a picture word.
async function setting(api, title, { label = 'Hund', pictureWord = 'Wiese', categoryIds } = {}) {
  const picture = await created(
    await api.upload(`/api/pictures?title=${encodeURIComponent(title)}`, scene(800, 600, 0.3)),
  );
  const object = await created(await api.post('/api/cms/objects', { picture_id: picture.id }));
  const labelWord = {
    title_de: label,
    title_en: 'dog',
    title_sv: 'hund',
    category_ids: categoryIds,
  };
  expect((await api.post(`/api/cms/db-objects/${object.id}/words`, labelWord)).status).toBe(201);
  expect(
    (await api.post(`/api/cms/pictures/${picture.id}/words`, { title_de: pictureWord, level: 1 }))
      .status,
  ).toBe(201);
  return { picture, object };
}

async function pairOf(api, picture, object, fields = {}) {
  return created(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      object_id: object?.id ?? null,
      answer_type: 'word',
      statement: {
        text_de: 'Das ist ein Hund.',
        text_en: 'This is a dog.',
        text_sv: 'Det här är en hund.',
      },
      ...fields,
    }),
  );
}

// Published words (German, English, Swedish): the wrong choices of a word or question card.
async function publishedWords(api, titles, categoryIds = []) {
  for (const [de, en, sv] of titles)
    await created(
      await api.post('/api/cms/db-words', {
        title_de: de,
        title_en: en,
        title_sv: sv,
        level: 1,
        status: 'published',
        category_ids: categoryIds,
      }),
    );
}

const stored = async (api, id) => (await api.get(`/api/cms/db-pairs/${id}`)).body;
const card = (page, id) => page.getByRole('article', { name: `Pair #${id}`, exact: true });
const group = (scope, name) => scope.getByRole('group', { name, exact: true });

async function openPairs(page, picture) {
  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);
  await expect(page.getByRole('heading', { level: 1, name: picture.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pairs', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

async function fillTexts(scope, [de, en, sv]) {
  await scope.getByLabel('German', { exact: true }).fill(de);
  await scope.getByLabel('English', { exact: true }).fill(en);
  await scope.getByLabel('Swedish', { exact: true }).fill(sv);
}

test('a pair of each answer type through the form: stored with its statement, question and answer type', async ({
  page,
  accounts,
  api,
}) => {
  const { picture, object } = await setting(api, 'Dog on a meadow');
  const question = await created(
    await api.post('/api/cms/db-questions', {
      object_id: object.id,
      text_de: 'Was ist das?',
      text_en: 'What is this?',
      text_sv: 'Vad är det?',
      short_answer_de: 'ein Hund',
    }),
  );
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  const form = page.getByRole('form', { name: 'New pair' });
  await expect(form).toBeVisible(); // open at once on a picture without pairs
  await expect(page.getByText('No pairs yet')).toBeVisible();
  await expectAccessible(page);

  // 1. word: the object, a new statement, the object's question, the label word linked to both.
  await form.getByLabel('Object', { exact: true }).selectOption({ label: `Hund (#${object.id})` });
  await form.getByLabel('Answer type').selectOption('word');
  await fillTexts(group(form, 'New statement'), [
    'Das ist ein Hund.',
    'This is a dog.',
    'Det här är en hund.',
  ]);
  await form.getByLabel("One of the object's questions").check();
  await form
    .getByLabel("Object's question", { exact: true })
    .selectOption({ label: `#${question.id}: Was ist das?` });
  await form.getByLabel('Hund', { exact: true }).selectOption('both');
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Pair #\d+ created\.$/);
  await expect(form.getByRole('status')).toBeFocused(); // the message, not the page
  const first = Number((await form.getByRole('status').textContent()).match(/#(\d+)/)[1]);
  await expect(card(page, first)).toBeVisible();

  // 2. question: a new question with its short answers, level 2.
  await form.getByLabel('Answer type').selectOption('question');
  await form.getByLabel('Level').fill('2');
  await fillTexts(group(form, 'New statement'), [
    'Der Hund schläft.',
    'The dog sleeps.',
    'Hunden sover.',
  ]);
  await form.getByLabel('Write a new question').check();
  await fillTexts(group(form, 'New question'), [
    'Was macht der Hund?',
    'What does the dog do?',
    'Vad gör hunden?',
  ]);
  await fillTexts(group(form, 'Short answer'), ['schlafen', 'sleep', 'sova']);
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(form.getByRole('status')).not.toHaveText(`Pair #${first} created.`);
  await expect(form.getByRole('status')).toHaveText(/^Pair #\d+ created\.$/);

  // 3. text: the first pair's statement shared, no question.
  await form.getByLabel('Answer type').selectOption('text');
  await form.getByLabel('Use a statement of this picture').check();
  await form.getByLabel('No question').check();
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(page.locator('article.pc')).toHaveCount(3);

  // 4. yes/no: no object, a new statement in German only, the picture word linked to it.
  await form
    .getByLabel('Object', { exact: true })
    .selectOption({ label: 'None (the whole picture)' });
  await form.getByLabel('Answer type').selectOption('yes_no');
  await form.getByLabel('Level').fill('1');
  await form.getByLabel('Write a new statement').check();
  await group(form, 'New statement')
    .getByLabel('German', { exact: true })
    .fill('Die Wiese ist grün.');
  await expect(form.getByLabel('Wiese').locator('option[value="both"]')).toBeDisabled(); // no question
  await form.getByLabel('Wiese').selectOption('statement');
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(page.locator('article.pc')).toHaveCount(4);
  await expectAccessible(page);

  const pairs = (await api.get(`/api/cms/db-pairs?picture_id=${picture.id}`)).body;
  expect(pairs.map((p) => p.answer_type)).toEqual(['word', 'question', 'text', 'yes_no']);
  const [word, asked, text, yesNo] = pairs;
  expect(word).toMatchObject({
    object_id: object.id,
    level: 1,
    status: 'draft',
    question: { id: question.id },
    statement: {
      text_de: 'Das ist ein Hund.',
      text_en: 'This is a dog.',
      text_sv: 'Det här är en hund.',
    },
  });
  expect(word.words.map((w) => [w.title_de, w.link_to]).sort()).toEqual([
    ['Hund', 'question'],
    ['Hund', 'statement'],
  ]);
  expect(asked).toMatchObject({
    object_id: object.id,
    level: 2,
    words: [],
    statement: { text_de: 'Der Hund schläft.', text_sv: 'Hunden sover.' },
    question: {
      text_de: 'Was macht der Hund?',
      text_en: 'What does the dog do?',
      text_sv: 'Vad gör hunden?',
      short_answer_de: 'schlafen',
      short_answer_en: 'sleep',
      short_answer_se: 'sova',
    },
  });
  expect(text).toMatchObject({
    object_id: object.id,
    question: null,
    statement: { id: word.statement.id },
  });
  expect(yesNo).toMatchObject({
    object_id: null,
    question: null,
    statement: { text_de: 'Die Wiese ist grün.', text_en: null },
  });
  expect(yesNo.words).toMatchObject([{ title_de: 'Wiese', link_to: 'statement' }]);

  // What the cards show.
  const shown = card(page, asked.id);
  await expect(shown).toContainText('Answer type: Question · Level 2');
  await expect(shown.getByRole('row', { name: /Short answer/ })).toContainText('sova');
  await expect(card(page, text.id).getByRole('row', { name: /Question/ })).toContainText(
    'No question',
  );
});

test('an API refusal in the form is shown beside the part it names', async ({
  page,
  accounts,
  api,
}) => {
  const { picture } = await setting(api, 'Refusals');
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  const form = page.getByRole('form', { name: 'New pair' });
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(group(form, 'Statement').getByRole('alert')).toHaveText(
    'Write the statement in at least one language.',
  );
  await group(form, 'New statement')
    .getByLabel('English', { exact: true })
    .fill('A question without text.');
  await expect(group(form, 'Statement').getByRole('alert')).toBeHidden(); // gone once the part is changed
  await form.getByLabel('Write a new question').check();
  await group(form, 'Short answer').getByLabel('English', { exact: true }).fill('yes');
  await form.getByRole('button', { name: 'Create pair' }).click();
  await expect(group(form, 'Question').getByRole('alert')).toHaveText(
    'Not created: question.text_de, question.text_en or question.text_sv is required',
  );
  await expect(group(form, 'Question').getByRole('alert')).toBeFocused();
  await group(form, 'New statement')
    .getByLabel('German', { exact: true })
    .fill('Eine Frage ohne Text.');
  await expect(group(form, 'Question').getByRole('alert')).toBeVisible(); // another part changed: it stays
  await group(form, 'New question').getByLabel('German', { exact: true }).fill('Ist das so?');
  await expect(group(form, 'Question').getByRole('alert')).toBeHidden();
  expect((await api.get(`/api/cms/db-pairs?picture_id=${picture.id}`)).body).toEqual([]);
});

test('link a word to question and statement, then unlink one', async ({ page, accounts, api }) => {
  const { picture, object } = await setting(api, 'Linking words');
  const pair = await pairOf(api, picture, object, {
    question: { text_de: 'Was ist das?', short_answer_de: 'ein Hund' },
  });
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  const shown = card(page, pair.id);
  await expect(shown.getByText('none', { exact: true })).toBeVisible();
  await shown.getByLabel('Word to link').selectOption({ label: 'Hund' });
  await shown.getByLabel('Link to').selectOption('both');
  await shown.getByRole('button', { name: 'Link word' }).click();
  await expect(
    shown.getByRole('list', { name: `Linked words of pair #${pair.id}` }).getByRole('listitem'),
  ).toHaveCount(2);
  let links = (await stored(api, pair.id)).words;
  expect(links.map((w) => [w.title_de, w.link_to]).sort()).toEqual([
    ['Hund', 'question'],
    ['Hund', 'statement'],
  ]);

  await shown.getByRole('button', { name: 'Unlink Hund from the question' }).click();
  await expect(shown.getByRole('listitem')).toHaveCount(1);
  links = (await stored(api, pair.id)).words;
  expect(links.map((w) => [w.title_de, w.link_to])).toEqual([['Hund', 'statement']]);
  // The picture's word is offered too.
  await expect(shown.getByLabel('Word to link').locator('option')).toHaveText(['Wiese', 'Hund']);
  await expectAccessible(page);
});

test('edit a pair; a second editor saving first makes the save refused (412) and Reload shows it', async ({
  page,
  browser,
  server,
  accounts,
  api,
}) => {
  const { picture, object } = await setting(api, 'Editing');
  const pair = await pairOf(api, picture, object);
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  const shown = card(page, pair.id);

  await shown.getByRole('button', { name: 'Edit' }).click();
  const edit = shown.getByRole('form', { name: `Edit pair #${pair.id}` });
  await edit.getByLabel('Answer type').selectOption('yes_no');
  await edit.getByLabel('Level').fill('3');
  await group(edit, 'Statement').getByLabel('English', { exact: true }).fill('Here is a dog.');
  await fillTexts(group(edit, 'Question'), [
    'Ist das ein Hund?',
    'Is this a dog?',
    'Är det en hund?',
  ]);
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(shown).toContainText('Answer type: Yes / no · Level 3');
  let now = await stored(api, pair.id);
  expect(now).toMatchObject({
    answer_type: 'yes_no',
    level: 3,
    statement: { text_de: 'Das ist ein Hund.', text_en: 'Here is a dog.' },
    question: { text_de: 'Ist das ein Hund?', text_sv: 'Är det en hund?', short_answer_de: null },
  });

  // A second editor, in another browser, changes the pair while the form is open.
  await shown.getByRole('button', { name: 'Edit' }).click();
  await group(edit, 'Statement').getByLabel('German', { exact: true }).fill('Mein Text.');
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const other = await context.newPage();
    const problems = watchPage(other, server.origin);
    await signIn(other, accounts.editor2);
    await openPairs(other, picture);
    await card(other, pair.id).getByRole('button', { name: 'Edit' }).click();
    await group(card(other, pair.id), 'Statement')
      .getByLabel('German', { exact: true })
      .fill('Ihr Text.');
    await card(other, pair.id).getByRole('button', { name: 'Save' }).click();
    await expect(card(other, pair.id).getByRole('row', { name: /Statement/ })).toContainText(
      'Ihr Text.',
    );
    expect(problems, 'the second page stayed clean').toEqual([]);
  } finally {
    await context.close();
  }
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(shown.getByRole('alert')).toContainText('Not saved: Changed by someone else');
  await expect(group(edit, 'Statement').getByLabel('German', { exact: true })).toHaveValue(
    'Mein Text.',
  ); // kept until Reload
  expect((await stored(api, pair.id)).statement.text_de).toBe('Ihr Text.');
  await expectAccessible(page);
  // Reload keeps the editor's text in the form and shows the stored one beside it; the focus
  // is on the message that says so.
  await shown.getByRole('button', { name: `Reload pair #${pair.id}` }).click();
  await expect(shown.getByRole('alert')).toContainText(
    'Reloaded. Your changes are still in the form',
  );
  await expect(shown.getByRole('alert')).toBeFocused();
  const german = group(edit, 'Statement').getByLabel('German', { exact: true });
  await expect(german).toHaveValue('Mein Text.');
  await expect(group(edit, 'Statement').locator('.pc-stored')).toHaveText([
    'Stored now: Ihr Text.',
  ]);
  await expectAccessible(page);
  // Cancel takes the stored pair ...
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(shown.getByRole('row', { name: /Statement/ })).toContainText('Ihr Text.');
  await expect(shown.locator('.pc-msg')).toBeEmpty();
  // ... and after another conflict, Save keeps the editor's text over the stored one.
  await shown.getByRole('button', { name: 'Edit' }).click();
  await german.fill('Mein zweiter Text.');
  const theirs = { statement: { text_de: 'Ihr zweiter Text.', text_en: 'Their second text.' } };
  expect((await api.patch(`/api/cms/db-pairs/${pair.id}`, theirs)).status).toBe(200);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(shown.getByRole('alert')).toContainText('Not saved: Changed by someone else');
  await shown.getByRole('button', { name: `Reload pair #${pair.id}` }).click();
  await expect(german).toHaveValue('Mein zweiter Text.');
  await expect(group(edit, 'Statement').locator('.pc-stored')).toHaveText([
    'Stored now: Ihr zweiter Text.',
  ]);
  // The English text, which this editor left alone, is the other's: no conflict there.
  await expect(group(edit, 'Statement').getByLabel('English', { exact: true })).toHaveValue(
    'Their second text.',
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  expect((await stored(api, pair.id)).statement).toMatchObject({
    text_de: 'Mein zweiter Text.',
    text_en: 'Their second text.',
  });

  // Emptying every question field takes the question off the pair.
  await shown.getByRole('button', { name: 'Edit' }).click();
  await fillTexts(group(edit, 'Question'), ['', '', '']);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(shown.getByRole('row', { name: /Question/ })).toContainText('No question');
  now = await stored(api, pair.id);
  expect(now.question).toBeNull();
});

test('delete a pair after confirming', async ({ page, accounts, api }) => {
  const { picture, object } = await setting(api, 'Deleting');
  const keep = await pairOf(api, picture, object);
  const gone = await pairOf(api, picture, object, { statement: { text_de: 'Weg damit.' } });
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  page.once('dialog', (dialog) => dialog.dismiss());
  await card(page, gone.id).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, gone.id)).toBeVisible();
  expect((await api.get(`/api/cms/db-pairs/${gone.id}`)).status).toBe(200);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(`Delete pair #${gone.id}?`);
    dialog.accept();
  });
  await card(page, gone.id).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, gone.id)).toHaveCount(0);
  expect((await api.get(`/api/cms/db-pairs/${gone.id}`)).status).toBe(404);
  expect((await api.get(`/api/cms/db-pairs/${keep.id}`)).status).toBe(200);
  await expect(page.locator('.pairs-summary')).toHaveText(
    '1 pair: 1 draft, 0 reviewed, 0 published',
  );
});

test('review and publish one by one, a refused publish, and "Publish all reviewed"', async ({
  page,
  accounts,
  api,
}) => {
  const { picture, object } = await setting(api, 'Publishing');
  const pairs = [];
  for (const text of ['Eins.', 'Zwei.', 'Drei.', 'Vier.'])
    pairs.push(await pairOf(api, picture, object, { statement: { text_de: text } }));
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  const first = card(page, pairs[0].id);
  // Every action names the pair it acts on (a screen reader's list of buttons).
  for (const action of ['Edit', 'Review', 'Publish', 'Delete'])
    await expect(
      page.getByRole('button', { name: `${action} pair #${pairs[2].id}`, exact: true }),
    ).toBeVisible();
  // "Go to a pair" gets past the cards before it: the fourth pair's Review is two keys away.
  const go = page.getByRole('navigation', { name: 'Go to a pair' });
  await expect(go.getByRole('button')).toHaveCount(4);
  await go.getByRole('button', { name: `Pair #${pairs[3].id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Edit pair #${pairs[3].id}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Review pair #${pairs[3].id}` })).toBeFocused();

  // Publishing a draft is refused: the API's message beside the pair; nothing changes.
  await first.getByRole('button', { name: 'Publish' }).click();
  await expect(first.getByRole('alert')).toHaveText(
    'Not published: Only reviewed items can be published',
  );
  expect((await stored(api, pairs[0].id)).status).toBe('draft');
  // The focus goes to the reason, not to the page.
  await expect(first.getByRole('alert')).toBeFocused();
  await expectAccessible(page);

  await first.getByRole('button', { name: 'Review' }).click();
  await expect(first.locator('.badge')).toHaveText('Reviewed');
  await expect(first.locator('.pc-msg')).toBeEmpty();
  // ... and after a step to the pair's next one.
  await expect(first.getByRole('button', { name: `Publish pair #${pairs[0].id}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first.locator('.badge')).toHaveText('Published');
  await expect(first.getByRole('button', { name: `Edit pair #${pairs[0].id}` })).toBeFocused();
  expect((await stored(api, pairs[0].id)).status).toBe('published');
  // Published, but no learner gets it yet: the card says so.
  const feedLine = (shown) => shown.locator('.pc-feed');
  await expect(feedLine(first)).toHaveText(
    'Not in the feed for German, English, Swedish: no statement audio',
  );
  // Unpublish is offered, but not as the highlighted step.
  await expect(first.getByRole('button', { name: 'Unpublish' })).not.toHaveClass(/primary/);
  await expect(first.locator('button.primary')).toHaveCount(0);
  // German audio from the card's edit form puts it in the German feed.
  await first.getByRole('button', { name: 'Edit' }).click();
  await first.getByRole('button', { name: 'Generate audio: statement in German' }).click();
  await expect(feedLine(first)).toHaveText(
    'In the feed for German · not for English, Swedish: no statement audio',
  );
  expect((await api.get(`/api/cms/db-pairs/${pairs[0].id}/preview?lang=de`)).body.in_feed).toBe(
    true,
  );
  await expectAccessible(page);
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, pairs[1].id).locator('.pc-feed')).toBeHidden(); // a draft has no feed line
  await expect(card(page, pairs[1].id)).not.toContainText('null'); // nor a stray word where it would be

  // Two more reviewed, one left a draft: the batch publishes the two.
  for (const p of pairs.slice(1, 3)) {
    await card(page, p.id).getByRole('button', { name: 'Review' }).click();
    await expect(card(page, p.id).locator('.badge')).toHaveText('Reviewed');
  }
  await page.getByRole('button', { name: 'Publish all reviewed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published 2' })).toHaveText(
    `Published 2 pairs: #${pairs[1].id}, #${pairs[2].id}. Not in every feed yet: ` +
      `#${pairs[1].id} (not for German, English, Swedish), #${pairs[2].id} (not for German, English, Swedish).`,
  );
  await expect(feedLine(card(page, pairs[2].id))).toHaveText(
    'Not in the feed for German, English, Swedish: no statement audio',
  );
  await page.screenshot({ path: test.info().outputPath('feed-lines.png'), fullPage: true });
  const statuses = (await api.get(`/api/cms/db-pairs?picture_id=${picture.id}`)).body.map(
    (p) => p.status,
  );
  expect(statuses).toEqual(['published', 'published', 'published', 'draft']);
  await expect(card(page, pairs[2].id).locator('.badge')).toHaveText('Published');
  await expect(page.locator('.pairs-summary')).toHaveText(
    '4 pairs: 1 draft, 0 reviewed, 3 published',
  );

  // Nothing left to publish says so; unpublish takes one back to reviewed.
  await page.getByRole('button', { name: 'Publish all reviewed' }).click();
  await expect(
    page.getByText('Nothing published: no pair of this picture is reviewed.'),
  ).toBeVisible();
  await first.getByRole('button', { name: 'Unpublish' }).click();
  await expect(first.locator('.badge')).toHaveText('Reviewed');
  await expect(feedLine(first)).toBeHidden();
  expect((await stored(api, pairs[0].id)).status).toBe('reviewed');
});

// The card a learner of `lang` gets for the pair from learner-api's GET /feed, or undefined.
async function feedCard(learner, account, pairId, lang) {
  const json = (response) => response.json();
  const login = await fetch(`${learner.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  }).then(json);
  const feed = await fetch(`${learner.url}/feed?lang=${lang}&after=${pairId - 1}&limit=1`, {
    headers: { Authorization: `Bearer ${login.token}` },
  }).then(json);
  return feed.items.find((item) => item.pair_id === pairId);
}

test('the learner preview before and after publishing, in two languages', async ({
  page,
  accounts,
  api,
  learner,
}) => {
  const category = await created(await api.post('/api/categories', { titel_de: 'Haustiere' }));
  const { picture, object } = await setting(api, 'Preview', { categoryIds: [category.id] });
  const pair = await pairOf(api, picture, object, {
    answer_type: 'yes_no',
    level: 2,
    question: {
      text_de: 'Ist das ein Hund?',
      text_sv: 'Är det en hund?',
      short_answer_de: 'ja',
      short_answer_se: 'ja',
    },
  });
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  await card(page, pair.id)
    .getByRole('link', { name: `Preview pair #${pair.id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/pairs/${pair.id}/preview$`));
  await expect(
    page.getByRole('heading', { name: `Learner preview: pair #${pair.id}` }),
  ).toBeVisible();

  // Before publishing: German by default, not in the feed, and why.
  const cardShown = page.getByRole('article', { name: 'Card in German' });
  await expect(cardShown.getByText('Das ist ein Hund.')).toBeVisible();
  await expect(cardShown.getByText('Ist das ein Hund?')).toBeVisible();
  await expect(page.getByText('Not in the feed for learners of German yet')).toBeVisible();
  const whyNot = page.getByRole('list', { name: 'Why not' }).getByRole('listitem');
  await expect(whyNot).toHaveText([
    'The pair is not published',
    /^The statement has no audio in German/,
  ]);
  await expect(cardShown.getByText('No statement audio in German.')).toBeVisible();
  await expect(cardShown.getByRole('img')).toHaveAttribute(
    'src',
    picture.phone_url || picture.image_url,
  );
  await expect(cardShown).toContainText('Yes / no');
  await expect(cardShown).toContainText('Haustiere'); // what publishing will store, from the linked words
  await expectAccessible(page);

  // The missing German audio generated beside its reason: the preview is read again.
  await whyNot.getByRole('button', { name: 'Generate audio: statement in German' }).click();
  await expect(whyNot).toHaveText(['The pair is not published']);
  await expect
    .poll(() => page.getByLabel('Statement audio in German').evaluate((a) => a.duration || 0))
    .toBeGreaterThan(0);
  const audios = (
    await api.get(`/api/audios?source_table=statements&source_id=${pair.statement.id}`)
  ).body;
  expect(audios.map((a) => [a.source_field, a.language])).toEqual([['text_de', 'de']]);

  // Audio in Swedish, reviewed and published, all through the API.
  for (const [field, language] of [['text_sv', 'sv']]) {
    const audio = await api.post('/api/audios/generate-for', {
      source_table: 'statements',
      source_id: pair.statement.id,
      source_field: field,
      language,
    });
    expect(audio.status, JSON.stringify(audio.body)).toBe(201);
  }
  expect((await api.post(`/api/cms/db-pairs/${pair.id}/review`)).status).toBe(200);
  expect((await api.post(`/api/cms/db-pairs/${pair.id}/publish`)).status).toBe(200);

  // The preview's card is the one the learner feed delivers.
  const previewed = (await api.get(`/api/cms/db-pairs/${pair.id}/preview?lang=de`)).body;
  expect(previewed.in_feed).toBe(true);
  expect(await feedCard(learner, accounts.endUser, pair.id, 'de')).toEqual(previewed.item);

  await page.reload();
  await expect(page.getByText('In the feed: learners of German get this card.')).toBeVisible();
  const audio = page.getByLabel('Statement audio in German');
  await expect(audio).toBeVisible();
  await expect.poll(() => audio.evaluate((a) => a.duration || 0)).toBeGreaterThan(0);
  await expectAccessible(page);

  // Swedish through the language choice, kept in the address.
  await page.getByRole('link', { name: 'Swedish' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pairs/${pair.id}/preview\\?lang=sv$`));
  const swedish = page.getByRole('article', { name: 'Card in Swedish' });
  await expect(swedish.getByText('Det här är en hund.')).toBeVisible();
  await expect(swedish.getByText('Är det en hund?')).toBeVisible();
  await expect(page.getByText('In the feed: learners of Swedish get this card.')).toBeVisible();
  await expect
    .poll(() => page.getByLabel('Statement audio in Swedish').evaluate((a) => a.duration || 0))
    .toBeGreaterThan(0);
  // English has no audio: the reason says so, in words, with the audio beside it; generating
  // it puts the card into the English feed.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(whyNot).toHaveText([/^The statement has no audio in English/]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('preview.png') });
  await whyNot.getByRole('button', { name: 'Generate audio: statement in English' }).click();
  await expect(page.getByText('In the feed: learners of English get this card.')).toBeVisible();
  await expect(page.getByLabel('Statement audio in English')).toBeVisible();
  expect((await api.get(`/api/cms/db-pairs/${pair.id}/preview?lang=en`)).body.in_feed).toBe(true);
});

test('the learner preview says what each answer type asks of a learner', async ({
  page,
  accounts,
  api,
}) => {
  const { picture, object } = await setting(api, 'Tasks');
  // One category for the label and the three words: its wrong choices, whatever else the
  // database holds.
  const forest = await created(await api.post('/api/categories', { titel_de: 'Waldtiere' }));
  // The label's object outlined: a word card marks it on the picture.
  const marked = await created(
    await api.post('/api/cms/objects', {
      picture_id: picture.id,
      selections: [{ type: 'bbox', x: 100, y: 120, w: 300, h: 200 }],
    }),
  );
  expect(
    (
      await api.post(`/api/cms/db-objects/${marked.id}/words`, {
        title_de: 'Eichhörnchen',
        title_en: 'squirrel',
        title_sv: 'ekorre',
        category_ids: [forest.id],
      })
    ).status,
  ).toBe(201);
  await publishedWords(
    api,
    [
      ['Igel', 'hedgehog', 'igelkott'],
      ['Dachs', 'badger', 'grävling'],
      ['Fuchs', 'fox', 'räv'],
    ],
    [forest.id],
  );
  const word = await pairOf(api, picture, marked);
  const yesNo = await pairOf(api, picture, object, {
    answer_type: 'yes_no',
    question: {
      text_de: 'Ist das eine Katze?',
      text_en: 'Is this a cat?',
      short_answer_de: 'nein',
      short_answer_en: 'no',
    },
  });
  const text = await pairOf(api, picture, null, { answer_type: 'text' });
  const german = await pairOf(api, picture, object, {
    answer_type: 'question',
    question: { text_de: 'Was ist das?', short_answer_de: 'ein Hund' },
  });
  await signIn(page, accounts.editor);
  const task = page.getByRole('region', { name: 'What the learner is asked' });
  const choices = task.getByRole('list', {
    name: 'Choices (each learner gets them in another order each day):',
  });

  // A word card: four choices (the wrong ones from the published words), the label marked
  // right, the object outlined on the picture.
  await page.goto(`/studio/#/pairs/${word.id}/preview?lang=sv`);
  await expect(task).toContainText('Name the marked object: pick a word, or type it.');
  await expect(choices.getByRole('listitem')).toHaveCount(4);
  for (const wrong of ['igelkott', 'grävling', 'räv'])
    await expect(
      choices.getByRole('listitem').filter({ hasText: new RegExp(`^${wrong}$`) }),
    ).toHaveCount(1);
  await expect(choices.getByRole('listitem').filter({ hasText: '✓ right' })).toHaveText(
    'ekorre ✓ right',
  );
  await expect(task).toContainText('Typed answers graded right: ekorre');
  const shown = page.getByRole('article', { name: 'Card in Swedish' });
  await expect(
    shown.getByRole('img', { name: 'The picture: Tasks, the object marked' }),
  ).toBeVisible();
  await expect(shown.locator('.pv-outline rect')).toHaveAttribute('width', '300');
  await expectAccessible(page);

  // yes_no in English: the question is the prompt; its short answer says no.
  await page.goto(`/studio/#/pairs/${yesNo.id}/preview?lang=en`);
  await expect(task).toContainText('Answer yes or no: pick one, or type it.');
  await expect(task).toContainText('Prompt: Is this a cat?');
  await expect(choices.getByRole('listitem')).toHaveCount(2);
  await expect(choices.getByRole('listitem').filter({ hasText: '✓ right' })).toHaveText(
    'no ✓ right',
  );
  await expect(choices.getByRole('listitem').filter({ hasText: /^yes$/ })).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: 'Card in English' }).locator('.pv-outline'),
  ).toHaveCount(0);

  // A text card: read and rated.
  await page.goto(`/studio/#/pairs/${text.id}/preview?lang=de`);
  await expect(task).toContainText('Read the statement, then rate how well they understood it.');
  await expect(task.getByRole('list', { name: 'Ratings' }).getByRole('listitem')).toHaveText([
    '1 Again',
    '2 Hard',
    '3 Good',
    '4 Easy',
  ]);

  // A question answered in German only: typed in German; learners of English cannot answer it.
  await page.goto(`/studio/#/pairs/${german.id}/preview?lang=de`);
  await expect(task).toContainText('Typed answers graded right: ein Hund');
  await expect(task).toContainText('No choices in German');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(task).toContainText(
    'Learners of English cannot answer this card: it has no answer in English.',
  );
  await expectAccessible(page);
});

// The screenshots of docs/studio.md (1280 x 800), taken only when asked, like the others:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite pairs
test('screenshots of the pairs screen and the learner preview', async ({ page, accounts, api }) => {
  const target = process.env.LL_DOCS_SCREENSHOTS;
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const { picture, object } = await setting(api, 'Dog on a meadow');
  const hund = (await api.get(`/api/cms/db-objects/${object.id}/words`)).body[0];
  const first = await pairOf(api, picture, object, {
    question: {
      text_de: 'Was ist das?',
      text_en: 'What is this?',
      text_sv: 'Vad är det?',
      short_answer_de: 'ein Hund',
      short_answer_en: 'a dog',
      short_answer_se: 'en hund',
    },
    words_add: [{ word_id: hund.id, link_to: 'both' }],
  });
  await api.post(`/api/cms/db-pairs/${first.id}/review`);
  await pairOf(api, picture, null, {
    answer_type: 'yes_no',
    statement: { text_de: 'Die Wiese ist grün.', text_en: 'The meadow is green.' },
  });
  await api.post('/api/audios/generate-for', {
    source_table: 'statements',
    source_id: first.statement.id,
    source_field: 'text_de',
    language: 'de',
  });
  await signIn(page, accounts.editor);
  await openPairs(page, picture);
  await card(page, first.id).getByRole('button', { name: 'Publish' }).click();
  await expect(card(page, first.id).locator('.badge')).toHaveText('Published');
  await page.screenshot({ path: path.join(target, 'pairs.png') });
  await card(page, first.id)
    .getByRole('link', { name: `Preview pair #${first.id}` })
    .click();
  await expect(page.getByText('In the feed: learners of German get this card.')).toBeVisible();
  await expect
    .poll(() => page.getByLabel('Statement audio in German').evaluate((a) => a.duration || 0))
    .toBeGreaterThan(0);
  await page.screenshot({ path: path.join(target, 'preview.png') });
});

// docs/studio.md "What each answer type asks of a learner": one preview per answer type, each
// card published with its statement spoken, as a learner of German gets it.
test('screenshots of what each answer type asks', async ({ page, accounts, api }) => {
  const target = process.env.LL_DOCS_SCREENSHOTS;
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const picture = await created(
    await api.upload('/api/pictures?title=Farmyard', scene(800, 600, 0.25)),
  );
  const object = await created(
    await api.post('/api/cms/objects', {
      picture_id: picture.id,
      selections: [{ type: 'bbox', x: 250, y: 180, w: 300, h: 240 }],
    }),
  );
  await created(
    await api.post(`/api/cms/db-objects/${object.id}/words`, {
      title_de: 'Katze',
      title_en: 'cat',
      title_sv: 'katt',
    }),
  );
  const label = (await api.get(`/api/cms/db-objects/${object.id}/words`)).body[0];
  await publishedWords(api, [
    ['Ente', 'duck', 'anka'],
    ['Gans', 'goose', 'gås'],
    ['Schaf', 'sheep', 'får'],
  ]);
  const statement = {
    text_de: 'Die Katze schläft in der Sonne.',
    text_en: 'The cat sleeps in the sun.',
  };
  const cards = {
    word: await pairOf(api, picture, object, { statement }),
    question: await pairOf(api, picture, object, {
      answer_type: 'question',
      statement,
      question: { text_de: 'Welches Tier schläft?', short_answer_de: 'die Katze' },
      words_add: [{ word_id: label.id, link_to: 'question' }],
    }),
    'yes-no': await pairOf(api, picture, object, {
      answer_type: 'yes_no',
      statement,
      question: { text_de: 'Schläft die Katze?', short_answer_de: 'ja' },
    }),
    text: await pairOf(api, picture, null, { answer_type: 'text', statement }),
  };
  for (const pair of Object.values(cards)) {
    await api.post('/api/audios/generate-for', {
      source_table: 'statements',
      source_id: pair.statement.id,
      source_field: 'text_de',
      language: 'de',
    });
    await api.post(`/api/cms/db-pairs/${pair.id}/review`);
    await api.post(`/api/cms/db-pairs/${pair.id}/publish`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, accounts.editor);
  for (const [type, pair] of Object.entries(cards)) {
    await page.goto(`/studio/#/pairs/${pair.id}/preview?lang=de`);
    await expect(page.getByText('In the feed: learners of German get this card.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'What the learner is asked' })).toBeVisible();
    await page.screenshot({ path: path.join(target, `answer-${type}.png`) });
  }
});
