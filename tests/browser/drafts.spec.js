// Drafts of published content (docs/studio.md "Drafts of published content"): an edit of a text
// that learners see is kept as a draft beside it; the studio shows both versions and the words
// that differ, and the learner feed (learner-api's GET /feed) keeps the published text until the
// changes are reviewed and published. Driven as an editor would on the Pairs and Texts screens;
// the API (bearer token) sets up the published content and checks what is stored.
// With LL_DOCS_SCREENSHOTS set, the pair card showing both versions is kept as
// docs/studio/drafts.png:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite drafts
const path = require('node:path');
const { test, expect, expectAccessible, signIn, learnerOf } = require('./fixtures');
const content = require('./content');

async function ok(answer, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

// A published pair in the German feed: its statement in three languages with German audio.
async function publishedPair(api, title, statement) {
  const picture = await content.newPicture(api, title, { width: 800, height: 600 });
  const pair = await ok(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'text',
      statement,
      question: { text_de: 'Was macht die Katze?', short_answer_de: 'schlafen' },
    }),
    201,
  );
  await ok(
    await api.post('/api/audios/generate-for', {
      source_table: 'statements',
      source_id: pair.statement.id,
      source_field: 'text_de',
      language: 'de',
    }),
    201,
  );
  await ok(await api.post(`/api/cms/db-pairs/${pair.id}/review`));
  await ok(await api.post(`/api/cms/db-pairs/${pair.id}/publish`));
  return { picture, pair };
}

const article = (page, name) => page.getByRole('article', { name, exact: true });

test("a published pair's edited statement reaches learners only once its changes are reviewed and published", async ({
  page,
  accounts,
  api,
  learner,
}) => {
  const { picture, pair } = await publishedPair(api, 'Drafts of a pair', {
    text_de: 'Die Hauskatze schläft auf dem Sofa.',
    text_en: 'The cat is sleeping on the sofa.',
    text_sv: 'Katten sover i soffan.',
  });
  const feed = await learnerOf(learner, 'drafts-pair@example.com');
  expect((await feed(pair.id)).statement.de).toBe('Die Hauskatze schläft auf dem Sofa.');

  await signIn(page, accounts.editor);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);
  const card = article(page, `Pair #${pair.id}`);
  await expect(card.locator('.badge')).toHaveText('Published');

  // The edit form of a published pair says that learners keep the published text.
  await card.getByRole('button', { name: `Edit pair #${pair.id}` }).click();
  const form = card.getByRole('form', { name: `Edit pair #${pair.id}` });
  await expect(form).toContainText(
    'Learners keep seeing the published text until you publish the changes.',
  );
  const german = form
    .getByRole('group', { name: 'Statement', exact: true })
    .getByLabel('German', { exact: true });
  await german.fill('Die Katze schläft auf dem Sofa.');
  await form.getByRole('button', { name: 'Save' }).click();

  // Both versions, the changed words marked: struck through in the published text, underlined
  // in the draft.
  await expect(card.getByText('Published · changes in draft')).toBeVisible();
  const changes = card.getByRole('table', { name: `Changes to pair #${pair.id}` });
  await expect(changes.getByRole('columnheader')).toHaveText([
    'Field',
    'Published',
    'Draft (not yet seen by learners)',
  ]);
  const row = changes.getByRole('row', { name: /^Statement: German text/ });
  await expect(row.getByRole('cell')).toHaveText([
    'Die Hauskatze schläft auf dem Sofa.',
    'Die Katze schläft auf dem Sofa.',
  ]);
  await expect(row.locator('del')).toHaveText(['Hauskatze']);
  await expect(row.locator('ins')).toHaveText(['Katze']);
  await expect(changes.getByRole('row')).toHaveCount(2); // the header and the one changed field
  // The card's table still shows what learners get.
  await expect(card.locator('.pc-texts td[lang="de"]').first()).toHaveText(
    'Die Hauskatze schläft auf dem Sofa.',
  );
  await expectAccessible(page);
  if (process.env.LL_DOCS_SCREENSHOTS) {
    await page.mouse.move(0, 0);
    await card.screenshot({ path: path.join(process.env.LL_DOCS_SCREENSHOTS, 'drafts.png') });
  }

  // Stored as the statement's draft; the feed still serves the published text.
  const drafted = await ok(await api.get(`/api/cms/db-pairs/${pair.id}`));
  expect(drafted.status).toBe('published');
  expect(drafted.statement.text_de).toBe('Die Hauskatze schläft auf dem Sofa.');
  expect(drafted.statement.draft).toMatchObject({
    text_de: 'Die Katze schläft auf dem Sofa.',
    status: 'draft',
  });
  expect((await feed(pair.id)).statement.de).toBe('Die Hauskatze schläft auf dem Sofa.');

  // The edit form starts from the draft.
  await card.getByRole('button', { name: `Edit pair #${pair.id}` }).click();
  await expect(german).toHaveValue('Die Katze schläft auf dem Sofa.');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // The learner preview of the changes: the card as it will be, beside the one learners get.
  await card.getByRole('link', { name: `Preview changes to pair #${pair.id}` }).click();
  await expect(
    page.getByRole('heading', { name: `Learner preview of the changes: pair #${pair.id}` }),
  ).toBeVisible();
  const previewCard = page.getByRole('article', { name: 'Card in German' });
  await expect(previewCard).toContainText('Die Katze schläft auf dem Sofa.');
  await expect(page.getByText(/^The changes in draft are not published/)).toBeVisible();
  // The audio speaks the published text: not the changed one's.
  await expect(page.getByRole('list', { name: 'Why not' })).toContainText('German');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'As learners get it now' }).click();
  await expect(
    page.getByRole('heading', { name: `Learner preview: pair #${pair.id}` }),
  ).toBeVisible();
  await expect(previewCard).toContainText('Die Hauskatze schläft auf dem Sofa.');
  await expect(page.getByRole('link', { name: 'As learners get it now' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);

  // Review changes: the next step, Publish changes, has the focus.
  await card.getByRole('button', { name: `Review changes to pair #${pair.id}` }).click();
  await expect(card.getByText('Published · changes reviewed')).toBeVisible();
  const publish = card.getByRole('button', { name: `Publish changes to pair #${pair.id}` });
  await expect(publish).toBeFocused();
  await expect(card.getByRole('button', { name: /^Review changes/ })).toHaveCount(0);
  expect((await feed(pair.id)).statement.de).toBe('Die Hauskatze schläft auf dem Sofa.');

  // The German audio speaks the published text: publishing is refused, with the offer.
  await publish.click();
  const alert = card.getByRole('alert');
  await expect(alert).toContainText(
    `Not published: The audio of pair ${pair.id}'s statement ${pair.statement.id} (German text) ` +
      'speaks an older text: make the audio again before publishing',
  );
  await expect(alert).toBeFocused();
  await expectAccessible(page);
  expect((await feed(pair.id)).statement.de).toBe('Die Hauskatze schläft auf dem Sofa.');

  await card
    .getByRole('button', { name: `Make audio and publish changes to pair #${pair.id}` })
    .click();
  await expect(card.getByText(/changes (in draft|reviewed)/)).toHaveCount(0);
  await expect(card.locator('.pc-texts td[lang="de"]').first()).toHaveText(
    'Die Katze schläft auf dem Sofa.',
  );
  // The changes are out: the pair's first step (Edit) has the focus, not the page.
  await expect(card.getByRole('button', { name: `Edit pair #${pair.id}` })).toBeFocused();
  await expect(card.locator('.badge')).toHaveText('Published');
  await expectAccessible(page);

  const published = await ok(await api.get(`/api/cms/db-pairs/${pair.id}`));
  expect(published.statement).toMatchObject({ text_de: 'Die Katze schläft auf dem Sofa.' });
  expect(published.statement.draft).toBeNull();
  const entry = await feed(pair.id);
  expect(entry.statement).toMatchObject({
    de: 'Die Katze schläft auf dem Sofa.',
    en: 'The cat is sleeping on the sofa.',
    sv: 'Katten sover i soffan.',
  });
  const audios = await ok(
    await api.get(`/api/audios?source_table=statements&source_id=${pair.statement.id}`),
  );
  expect(audios.find((a) => a.source_field === 'text_de').spoken_text).toBe(
    'Die Katze schläft auf dem Sofa.',
  );
});

test('a published statement on the Texts screen: its changes are published, or discarded', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await content.newPicture(api, 'Drafts of a statement', {
    width: 800,
    height: 600,
  });
  const statement = await ok(
    await api.post('/api/cms/db-statements', {
      text_de: 'Der Hund bellt.',
      text_en: 'The dog barks.',
    }),
    201,
  );
  // A (draft) pair that uses it lists it on the picture's Texts screen.
  await ok(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'text',
      statement_id: statement.id,
    }),
    201,
  );
  await ok(await api.post(`/api/cms/db-statements/${statement.id}/review`));
  await ok(await api.post(`/api/cms/db-statements/${statement.id}/publish`));
  const name = `statement #${statement.id}`;
  const stored = async () => ok(await api.get(`/api/cms/db-statements/${statement.id}`));

  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = article(page, `Statement #${statement.id}`);
  const german = card.getByLabel('German', { exact: true });
  await expect(german).toHaveValue('Der Hund bellt.');
  await expect(card).toContainText(
    'Learners keep seeing the published text until you publish the changes.',
  );
  await expect(card.getByRole('button', { name: /changes to/ })).toHaveCount(0);

  await german.fill('Der Hund schläft.');
  await card.getByLabel('Swedish', { exact: true }).fill('Hunden sover.');
  await card.getByRole('button', { name: `Save Statement #${statement.id}` }).click();
  await expect(card.getByText('Published · changes in draft')).toBeVisible();
  const changes = card.getByRole('table', { name: `Changes to ${name}` });
  await expect(changes.getByRole('row', { name: /^German text/ }).getByRole('cell')).toHaveText([
    'Der Hund bellt.',
    'Der Hund schläft.',
  ]);
  await expect(changes.getByRole('row', { name: /^Swedish text/ }).getByRole('cell')).toHaveText([
    '(empty)',
    'Hunden sover.',
  ]);
  await expect(changes.locator('del')).toHaveText(['bellt']);
  await expect(changes.locator('ins')).toHaveText(['schläft', 'Hunden sover.']);
  await expect(card.locator('.badge')).toHaveText('published');
  await expectAccessible(page);
  expect(await stored()).toMatchObject({
    text_de: 'Der Hund bellt.',
    text_sv: null,
    status: 'published',
    draft: { text_de: 'Der Hund schläft.', text_sv: 'Hunden sover.', status: 'draft' },
  });

  // Read again, the card starts from the draft: its fields hold the draft's texts.
  await page.reload();
  await expect(german).toHaveValue('Der Hund schläft.');
  await expect(card.getByText('Published · changes in draft')).toBeVisible();

  // Publish before review: refused, the reason has the focus.
  await card.getByRole('button', { name: `Publish changes to ${name}` }).click();
  const refusal = card.getByRole('alert').filter({ hasText: 'Only reviewed items' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();

  await card.getByRole('button', { name: `Review changes to ${name}` }).click();
  await expect(card.getByText('Published · changes reviewed')).toBeVisible();
  await expect(card.getByRole('button', { name: `Publish changes to ${name}` })).toBeFocused();
  await card.getByRole('button', { name: `Publish changes to ${name}` }).click();
  await expect(card.getByText(/changes (in draft|reviewed)/)).toHaveCount(0);
  // Published: the next step is Unpublish.
  await expect(
    card.getByRole('button', { name: `Unpublish Statement #${statement.id}` }),
  ).toBeFocused();
  await expect(german).toHaveValue('Der Hund schläft.');
  expect(await stored()).toMatchObject({
    text_de: 'Der Hund schläft.',
    text_sv: 'Hunden sover.',
    status: 'published',
    draft: null,
  });

  // Another change, then Discard changes: the published text is back, in the field too.
  await german.fill('Der Hund spielt.');
  await card.getByRole('button', { name: `Save Statement #${statement.id}` }).click();
  await expect(card.getByText('Published · changes in draft')).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(
      `Discard the changes to ${name}? Learners keep seeing the published text.`,
    );
    dialog.accept();
  });
  await card.getByRole('button', { name: `Discard changes to ${name}` }).click();
  await expect(card.getByText(/changes (in draft|reviewed)/)).toHaveCount(0);
  await expect(card.getByRole('table')).toHaveCount(0);
  await expect(german).toHaveValue('Der Hund schläft.');
  await expect(german).toBeFocused();
  await expect(card.getByText('Changes discarded')).toBeVisible();
  await expect(card.getByRole('button', { name: /changes to/ })).toHaveCount(0);
  await expectAccessible(page);
  expect(await stored()).toMatchObject({ text_de: 'Der Hund schläft.', draft: null });
});

test('the Content screen lists the items whose changes wait in a draft', async ({
  page,
  accounts,
  api,
}) => {
  const { pair } = await publishedPair(api, 'Drafts in the content lists', {
    text_de: 'Der Igel schläft im Laub.',
  });
  const { pair: quiet } = await publishedPair(api, 'No drafts in the content lists', {
    text_de: 'Der Igel frisst im Laub.',
  });
  await ok(
    await api.patch(`/api/cms/db-pairs/${pair.id}`, {
      statement: { text_de: 'Der Igel schläft unter dem Laub.' },
    }),
  );

  await signIn(page, accounts.editor);
  await page.goto('/studio/#/content?q=igel');
  const table = page.getByRole('table', { name: 'Pairs' });
  const row = (p) => table.locator(`tbody tr[data-id="${p.id}"]`);
  await expect(row(pair)).toContainText('Changes in draft');
  await expect(row(quiet)).toBeVisible();
  await expect(row(quiet)).not.toContainText('Changes in draft');

  // The Drafts filter keeps only those, and the address keeps the filter.
  await page.getByLabel('Drafts').selectOption('true');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/has_draft=true/);
  await expect(row(pair)).toBeVisible();
  await expect(row(quiet)).toHaveCount(0);
  await expectAccessible(page);

  // The statements' list too; the words' has no such filter (words have no drafts).
  await page.goto('/studio/#/content/statements?has_draft=true&q=igel');
  const statements = page.getByRole('table', { name: 'Statements' });
  await expect(statements.locator('tbody tr')).toHaveCount(1);
  await expect(statements.locator(`tbody tr[data-id="${pair.statement.id}"]`)).toContainText(
    'Changes in draft',
  );
  await page.goto('/studio/#/content/words');
  await expect(page.getByRole('heading', { level: 2, name: 'Words' })).toBeVisible();
  await expect(page.getByLabel('Audio missing in')).toBeVisible();
  await expect(page.getByLabel('Drafts')).toHaveCount(0);
});
