// The Content screen (#/content), docs/studio.md "Content lists": every pair across pictures,
// found by a word in any of its three languages (inside longer words too), filtered, ordered,
// and reviewed, published or given audio many at a time, with the refusals listed. The specs of
// one run share a database: every pair here holds "Zaunkönig" (or its Swedish), which no other
// spec writes, and each check searches for it.
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const { newPicture } = require('./content');

async function pairOf(api, picture, { level, answerType, texts, review = false }) {
  const made = await api.post('/api/cms/db-pairs', {
    picture_id: picture.id,
    answer_type: answerType,
    level,
    statement: texts,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (review) expect((await api.post(`/api/cms/db-pairs/${made.body.id}/review`)).status).toBe(200);
  return made.body;
}

test('the Content screen: search in three languages, filters, order, bulk actions and their refusals', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Content list hedge');
  const sings = await pairOf(api, picture, {
    level: 2,
    answerType: 'text',
    texts: {
      text_de: 'Der Zaunkönig singt.',
      text_en: 'The wren sings.',
      text_sv: 'Gärdsmygen sjunger.',
    },
  });
  const flies = await pairOf(api, picture, {
    level: 4,
    answerType: 'word',
    texts: { text_de: 'Zwei Zaunkönige fliegen.', text_sv: 'Två gärdsmygar flyger.' },
  });
  const nest = await pairOf(api, picture, {
    level: 3,
    answerType: 'yes_no',
    texts: {
      text_de: 'Ein Zaunkönigsnest.',
      text_en: 'A wren’s nest.',
      text_sv: 'Ett gärdsmygbo.',
    },
    review: true,
  });

  await signIn(page, accounts.editor);
  const nav = page.getByRole('navigation', { name: 'Studio' });
  await nav.getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/#\/content$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');

  const table = page.getByRole('table', { name: 'Pairs' });
  const rows = table.locator('tbody tr');
  const shown = () => rows.evaluateAll((list) => list.map((r) => Number(r.dataset.id)));
  const row = (pair) => table.locator(`tbody tr[data-id="${pair.id}"]`);
  const listStatus = page.getByRole('status').filter({ hasText: /^(Pairs \d|No pairs)/ });
  const search = page.getByLabel('Search the texts');

  // German, inside compounds, any case; the address keeps the search.
  await search.fill('zaunkönig');
  await search.press('Enter');
  await expect(listStatus).toHaveText('Pairs 1 to 3 of 3.');
  expect(await shown()).toEqual([sings.id, flies.id, nest.id]);
  await expect(page).toHaveURL(/#\/content\?q=zaunk%C3%B6nig$/);
  await expect(row(sings)).toContainText('Der Zaunkönig singt.');
  await expect(row(sings)).toContainText('Gärdsmygen sjunger.');
  await expect(row(sings)).toContainText('on Content list hedge');
  await expect(row(flies).getByRole('cell').last()).toContainText('Text: English');
  await expect(row(flies).getByRole('cell').last()).toContainText('Audio: German, Swedish');
  // Swedish and English find the same pairs.
  await search.fill('GÄRDSMYG');
  await search.press('Enter');
  await expect(listStatus).toHaveText('Pairs 1 to 3 of 3.');
  await search.fill('wren');
  await search.press('Enter');
  await expect(listStatus).toHaveText('Pairs 1 to 2 of 2.');
  expect(await shown()).toEqual([sings.id, nest.id]);
  // Too short a term is said at once, and nothing is searched.
  await search.fill('zk');
  await search.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'letters' })).toHaveText(
    'Type at least 3 letters to search.',
  );
  await expect(listStatus).toHaveText('Pairs 1 to 2 of 2.');

  // A filter applies as it is chosen; the order too.
  await search.fill('zaunkönig');
  await search.press('Enter');
  await expect(listStatus).toHaveText('Pairs 1 to 3 of 3.');
  await page.getByLabel('Text missing in').selectOption({ label: 'English' });
  await expect(listStatus).toHaveText('Pairs 1 to 1 of 1.');
  expect(await shown()).toEqual([flies.id]);
  await page.getByLabel('Text missing in').selectOption({ label: 'No filter' });
  await page.getByLabel('Status').selectOption({ label: 'Reviewed' });
  await expect.poll(shown).toEqual([nest.id]);
  await expect(listStatus).toHaveText('Pairs 1 to 1 of 1.');
  await page.getByLabel('Status').selectOption({ label: 'Any status' });
  await page.getByLabel('Order').selectOption({ label: 'Level, highest first' });
  await expect(listStatus).toHaveText('Pairs 1 to 3 of 3.');
  await expect.poll(shown).toEqual([flies.id, nest.id, sings.id]);
  // A reload shows the same list.
  await page.reload();
  await expect(listStatus).toHaveText('Pairs 1 to 3 of 3.');
  await expect.poll(shown).toEqual([flies.id, nest.id, sings.id]);
  await expect(page.getByLabel('Search the texts')).toHaveValue('zaunkönig');
  await expect(page.getByLabel('Order')).toHaveValue('-level');
  await expectAccessible(page);

  // Bulk publish: the reviewed nest is published, the draft refused with the reason, and it stays
  // selected; the summary takes the focus.
  const bulk = page.getByRole('group', { name: 'Selected pairs' });
  await expect(bulk).toContainText('No pairs selected.');
  await expect(bulk.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select pair ${sings.id}` }).check();
  await page.getByRole('checkbox', { name: `Select pair ${nest.id}` }).check();
  await expect(bulk).toContainText('2 selected pairs');
  await bulk.getByRole('button', { name: 'Publish 2 selected pairs', exact: true }).click();
  const summary = page.locator('.content-summary');
  await expect(summary.locator('p')).toHaveText(['1 pair published.', '1 pair refused:']);
  await expect(summary.getByRole('listitem')).toHaveText([
    `Pair #${sings.id} “Der Zaunkönig singt.”: Only reviewed items can be published`,
  ]);
  await expect(summary).toBeFocused();
  await expect(row(nest)).toContainText('Published');
  await expect(row(sings)).toContainText('Draft');
  await expect(page.getByRole('checkbox', { name: `Select pair ${sings.id}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select pair ${nest.id}` })).not.toBeChecked();
  // Review it, then publish it.
  await bulk.getByRole('button', { name: 'Review 1 selected pair', exact: true }).click();
  await expect(summary).toContainText('1 pair reviewed.');
  await expect(row(sings)).toContainText('Reviewed');
  // Nothing is selected now: nothing to act on.
  await expect(bulk).toContainText('No pairs selected.');
  for (const name of ['Review', 'Publish', 'Unpublish', 'Make audio'])
    await expect(bulk.getByRole('button', { name, exact: true })).toBeDisabled();
  expect((await api.get(`/api/cms/db-pairs/${sings.id}`)).body.status).toBe('reviewed');

  // Every pair of the page; missing audio made for the one selected after.
  await page.getByRole('checkbox', { name: 'Select every pair on this page' }).check();
  await expect(bulk).toContainText('3 selected pairs');
  await page.getByRole('checkbox', { name: 'Select every pair on this page' }).uncheck();
  await expect(bulk).toContainText('No pairs selected.');
  await page.getByRole('checkbox', { name: `Select pair ${flies.id}` }).check();
  await bulk.getByRole('button', { name: 'Make audio 1 selected pair', exact: true }).click();
  await expect(summary).toContainText('Missing audio made for 1 pair.');
  await expect(row(flies).getByRole('cell').last()).toHaveText('Text: English');
  await page.getByLabel('Audio missing in').selectOption({ label: 'Any language' });
  await expect(listStatus).toHaveText('Pairs 1 to 2 of 2.');
  expect(await shown()).toEqual([nest.id, sings.id]);
  await expectAccessible(page);

  // The words: their own list, the same search, publish many at once.
  const egg = await api.post('/api/cms/db-words', {
    title_de: 'Zaunkönigsei',
    title_en: 'wren egg',
    level: 6,
  });
  expect(egg.status, JSON.stringify(egg.body)).toBe(201);
  await page
    .getByRole('navigation', { name: 'Content lists' })
    .getByRole('link', { name: 'Words' })
    .click();
  await expect(page).toHaveURL(/#\/content\/words$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Words' })).toBeVisible();
  await page.getByLabel('Search the texts').fill('WREN EGG');
  await page.getByLabel('Search the texts').press('Enter');
  const words = page.getByRole('table', { name: 'Words' });
  await expect(words.locator('tbody tr')).toHaveCount(1);
  const eggRow = words.locator(`tbody tr[data-id="${egg.body.id}"]`);
  await expect(eggRow).toContainText('Zaunkönigsei');
  await expect(eggRow.getByRole('cell').last()).toHaveText('Title: SwedishAudio: German, English');
  const wordBulk = page.getByRole('group', { name: 'Selected words' });
  await expect(wordBulk.getByRole('button', { name: 'Review' })).toHaveCount(0); // no review
  await page.getByRole('checkbox', { name: `Select word ${egg.body.id}` }).check();
  await wordBulk.getByRole('button', { name: 'Publish 1 selected word', exact: true }).click();
  await expect(page.locator('.content-summary')).toContainText('1 word published.');
  await expect(eggRow).toContainText('Published');
  expect((await api.get(`/api/cms/db-words/${egg.body.id}`)).body.status).toBe('published');
  await expectAccessible(page);

  // Statements and questions: their own lists; a statement has no level to filter or sort by.
  const nestling = await api.post('/api/cms/db-statements', {
    text_de: 'Zaunkönige brüten im Mai.',
    text_en: 'Wrens nest in May.',
  });
  expect(nestling.status, JSON.stringify(nestling.body)).toBe(201);
  const tabs = page.getByRole('navigation', { name: 'Content lists' });
  await tabs.getByRole('link', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/#\/content\/statements$/);
  await expect(page.getByLabel('Level')).toHaveCount(0);
  await expect(page.getByLabel('Order').locator('option')).toHaveCount(6);
  await page.getByLabel('Search the texts').fill('brüten');
  await page.getByLabel('Search the texts').press('Enter');
  const statementRow = page
    .getByRole('table', { name: 'Statements' })
    .locator(`tbody tr[data-id="${nestling.body.id}"]`);
  await expect(statementRow).toContainText('Wrens nest in May.');
  await page.getByRole('checkbox', { name: `Select statement ${nestling.body.id}` }).check();
  await page
    .getByRole('group', { name: 'Selected statements' })
    .getByRole('button', { name: 'Review 1 selected statement', exact: true })
    .click();
  await expect(page.locator('.content-summary')).toContainText('1 statement reviewed.');
  await expect(statementRow).toContainText('Reviewed');

  const where = await api.post('/api/cms/db-questions', {
    text_de: 'Wo brütet der Zaunkönig?',
    short_answer_de: 'In der Hecke',
    level: 4,
  });
  expect(where.status, JSON.stringify(where.body)).toBe(201);
  await tabs.getByRole('link', { name: 'Questions' }).click();
  await expect(page).toHaveURL(/#\/content\/questions$/);
  await page.getByLabel('Search the texts').fill('brütet');
  await page.getByLabel('Search the texts').press('Enter');
  const questionRow = page
    .getByRole('table', { name: 'Questions' })
    .locator(`tbody tr[data-id="${where.body.id}"]`);
  await expect(questionRow).toContainText('In der Hecke');
  await expect(questionRow.getByRole('cell').last()).toHaveText(
    'Text: English, SwedishAudio: German',
  );
  await expectAccessible(page);
});

// docs/studio/content.png (1280 x 800), taken only when asked:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite content-lists
test('screenshot of the Content screen', async ({ page, accounts, api }) => {
  const target = process.env.LL_DOCS_SCREENSHOTS;
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const picture = await newPicture(api, 'Garden in spring');
  const made = [];
  for (const [level, answerType, texts, review] of [
    [
      1,
      'word',
      {
        text_de: 'Das ist eine Heckenrose.',
        text_en: 'This is a dog rose.',
        text_sv: 'Det här är en stenros.',
      },
      true,
    ],
    [
      2,
      'text',
      { text_de: 'Die Heckenrose blüht im Juni.', text_en: 'The dog rose flowers in June.' },
      false,
    ],
    [
      3,
      'yes_no',
      {
        text_de: 'Heckenrosen haben Dornen.',
        text_en: 'Dog roses have thorns.',
        text_sv: 'Stenrosor har taggar.',
      },
      true,
    ],
    [
      2,
      'text',
      {
        text_de: 'Eine Biene sitzt auf der Heckenrose.',
        text_en: 'A bee sits on the dog rose.',
        text_sv: 'Ett bi sitter på stenrosen.',
      },
      false,
    ],
  ])
    made.push(await pairOf(api, picture, { level, answerType, texts, review }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, accounts.editor);
  await page.goto('/studio/#/content?q=heckenrose');
  await expect(page.getByRole('status').filter({ hasText: /^Pairs / })).toHaveText(
    'Pairs 1 to 4 of 4.',
  );
  for (const pair of made.slice(0, 2))
    await page.getByRole('checkbox', { name: `Select pair ${pair.id}` }).check();
  await page
    .getByRole('group', { name: 'Selected pairs' })
    .getByRole('button', { name: 'Publish 2 selected pairs', exact: true })
    .click();
  await expect(page.locator('.content-summary')).toContainText('1 pair refused:');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: require('node:path').join(target, 'content.png') });
});
