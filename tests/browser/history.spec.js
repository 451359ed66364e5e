// The content's history in the studio (docs/studio.md "History"): a card's History lists the
// item's changes with who made them and the fields before and after; "Restore the version before this change"
// writes a text's earlier version as an ordinary edit (a live text keeps it as its draft, so
// the learner feed does not change); the Activity screen lists the changes of everyone, of the
// signed-in editor, or of one picture. Driven as an editor would; the API (bearer token: the
// "System" in the history) sets up content and checks what is stored.
const { test, expect, expectAccessible, signIn, learnerOf } = require('./fixtures');
const content = require('./content');

async function ok(answer, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const article = (page, name) => page.getByRole('article', { name, exact: true });

// A statement used by a draft pair of a new picture (listed on its Texts tab, not live).
async function draftStatement(api, title, text_de) {
  const picture = await content.newPicture(api, title, { width: 800, height: 600 });
  const pair = await ok(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'text',
      statement: { text_de, text_en: 'A sentence.' },
    }),
    201,
  );
  return { picture, pair, statement: pair.statement };
}

// The item's changes as the API lists them, newest first.
async function changesOf(api, item, id) {
  return (await ok(await api.get(`/api/content/changes?item=${item}&item_id=${id}`))).changes;
}

test("a statement's History names its editor and both texts; an earlier version is restored in place", async ({
  page,
  accounts,
  api,
}) => {
  const { picture, statement } = await draftStatement(api, 'History of a text', 'Der Hund bellt.');
  const name = `statement #${statement.id}`;
  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = article(page, `Statement #${statement.id}`);
  const german = card.getByLabel('German', { exact: true });
  await expect(german).toHaveValue('Der Hund bellt.');
  await german.fill('Der Hund schläft.');
  await card.getByRole('button', { name: `Save Statement #${statement.id}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();

  // History: a toggle named after the statement, its panel listing the changes newest first.
  const toggle = card.getByRole('button', { name: `History of ${name}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = card.getByRole('region', { name: `History of ${name}` });
  const entries = panel.getByRole('list', { name: `Changes to ${name}` }).locator('> li');
  const [edit, created] = await changesOf(api, 'statements', statement.id);
  expect(edit).toMatchObject({ action: 'update', editor_email: accounts.editor.email });
  await expect(entries.first()).toHaveAttribute('data-change', String(edit.id));
  await expect(entries.first()).toContainText(`${accounts.editor.email} (you) · Changed`);
  const row = entries.first().getByRole('row', { name: /^German text/ });
  await expect(row.getByRole('cell')).toHaveText(['Der Hund bellt.', 'Der Hund schläft.']);
  // The creation, by the API's development token: the system; no earlier version to restore.
  const first = entries.last();
  await expect(first).toHaveAttribute('data-change', String(created.id));
  await expect(first).toContainText('System · Created');
  await expect(first.getByRole('row', { name: /^German text/ }).getByRole('cell')).toHaveText([
    '—',
    'Der Hund bellt.',
  ]);
  await expect(first.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await expectAccessible(page);

  // Restore the version before the edit: not live, so the text itself changes back.
  await entries
    .first()
    .getByRole('button', {
      name: `Restore the version before this change to ${name} (change ${edit.id})`,
    })
    .click();
  const done = panel.getByRole('status').filter({ hasText: 'Restored.' });
  await expect(done).toHaveText('Restored.');
  await expect(done).toBeFocused();
  await expect(german).toHaveValue('Der Hund bellt.');
  await expect(card.getByText(/changes in draft/)).toHaveCount(0);
  expect(await ok(await api.get(`/api/cms/db-statements/${statement.id}`))).toMatchObject({
    text_de: 'Der Hund bellt.',
    draft: null,
  });
  // The restore is the newest change, the editor's.
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(`${accounts.editor.email} (you) · Changed`);
  await expect(
    entries
      .first()
      .getByRole('row', { name: /^German text/ })
      .getByRole('cell'),
  ).toHaveText(['Der Hund schläft.', 'Der Hund bellt.']);

  // Closed again: the panel is hidden.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
});

test('restoring an earlier version of a published text makes it a draft; learners keep the published one', async ({
  page,
  accounts,
  api,
  learner,
}) => {
  const picture = await content.newPicture(api, 'History of a published text', {
    width: 800,
    height: 600,
  });
  const pair = await ok(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'text',
      statement: { text_de: 'Die Katze schläft.', text_en: 'The cat sleeps.' },
    }),
    201,
  );
  const sid = pair.statement.id;
  await ok(
    await api.post('/api/audios/generate-for', {
      source_table: 'statements',
      source_id: sid,
      source_field: 'text_de',
      language: 'de',
    }),
    201,
  );
  await ok(await api.post(`/api/cms/db-pairs/${pair.id}/review`));
  await ok(await api.post(`/api/cms/db-pairs/${pair.id}/publish`));
  // A change published through its draft: learners get the new text.
  await ok(await api.patch(`/api/cms/db-statements/${sid}`, { text_de: 'Die Katze spielt.' }));
  await ok(await api.post(`/api/cms/db-statements/${sid}/review`));
  await ok(await api.post(`/api/cms/db-statements/${sid}/publish?make_audio=true`));
  const feed = await learnerOf(learner, 'history-restore@example.com');
  expect((await feed(pair.id)).statement.de).toBe('Die Katze spielt.');
  // The edit that began the new text (its draft): before it, the first text, and no draft.
  const change = (await changesOf(api, 'statements', sid)).find(
    (c) =>
      c.action === 'update' &&
      c.before?.draft === null &&
      c.after?.draft?.text_de === 'Die Katze spielt.',
  );
  expect(change).toBeTruthy();

  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = article(page, `Statement #${sid}`);
  const german = card.getByLabel('German', { exact: true });
  await expect(german).toHaveValue('Die Katze spielt.');
  await card.getByRole('button', { name: `History of statement #${sid}` }).click();
  const panel = card.getByRole('region', { name: `History of statement #${sid}` });
  const entry = panel.locator(`li[data-change="${change.id}"]`);
  await expect(entry.getByRole('row', { name: /^Draft/ }).getByRole('cell')).toHaveText([
    '—',
    /^German text: Die Katze spielt\./,
  ]);
  await entry
    .getByRole('button', {
      name: `Restore the version before this change to statement #${sid} (change ${change.id})`,
    })
    .click();

  // The card shows the earlier text as its draft beside the published one; the focus is on
  // the message that says so.
  const done = panel.getByRole('status').filter({ hasText: /^Restored/ });
  await expect(done).toHaveText(
    'Restored as a draft: learners see the published text until you publish the changes.',
  );
  await expect(done).toBeFocused();
  // (The statement itself is a draft; the published pair shows it to learners.)
  await expect(card.getByText('Seen by learners · changes in draft')).toBeVisible();
  const changes = card.getByRole('table', { name: `Changes to statement #${sid}` });
  await expect(changes.getByRole('row', { name: /^German text/ }).getByRole('cell')).toHaveText([
    'Die Katze spielt.',
    'Die Katze schläft.',
  ]);
  await expect(german).toHaveValue('Die Katze schläft.');
  await expect(
    card.getByRole('button', { name: `Review changes to statement #${sid}` }),
  ).toBeVisible();
  await expectAccessible(page);

  const stored = await ok(await api.get(`/api/cms/db-statements/${sid}`));
  expect(stored).toMatchObject({
    text_de: 'Die Katze spielt.',
    draft: { text_de: 'Die Katze schläft.', status: 'draft' },
  });
  expect((await feed(pair.id)).statement.de).toBe('Die Katze spielt.');
});

test('the Activity screen lists the changes, only mine when asked, and a picture’s from its tab', async ({
  page,
  accounts,
  api,
}) => {
  const here = await draftStatement(api, 'Activity here', 'Der Vogel singt.');
  const there = await draftStatement(api, 'Activity there', 'Der Fisch schwimmt.');
  const [createdThere] = await changesOf(api, 'statements', there.statement.id);

  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${here.picture.id}/texts`);
  const card = article(page, `Statement #${here.statement.id}`);
  await card.getByLabel('German', { exact: true }).fill('Der Vogel fliegt.');
  await card.getByRole('button', { name: `Save Statement #${here.statement.id}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  const [edit] = await changesOf(api, 'statements', here.statement.id);
  expect(edit.editor_email).toBe(accounts.editor.email);

  // A pair's History: its own changes (its creation), nothing to restore.
  await page.goto(`/studio/#/pictures/${here.picture.id}/pairs`);
  const pairCard = article(page, `Pair #${here.pair.id}`);
  await pairCard.getByRole('button', { name: `History of pair #${here.pair.id}` }).click();
  const pairHistory = pairCard.getByRole('region', { name: `History of pair #${here.pair.id}` });
  await expect(pairHistory.locator('li').last()).toContainText('System · Created');
  await expect(pairHistory.getByRole('button', { name: /^Restore/ })).toHaveCount(0);

  // Every change, from the header.
  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page).toHaveURL(/#\/activity$/);
  await expect(page).toHaveTitle('Activity · langlearn studio');
  const table = page.getByRole('table', { name: 'Changes' });
  const row = (change) => table.locator(`tbody tr[data-change="${change.id}"]`);
  await expect(row(edit).getByRole('cell')).toHaveText([
    `${accounts.editor.email} (you)`,
    'Changed',
    // The link's text, what a screen reader hears after it, the picture.
    `Statement #${here.statement.id} on the Texts tab of picture #${here.picture.id}picture #${here.picture.id}`,
    'German text',
  ]);
  const link = row(edit).getByRole('link', {
    name: `Statement #${here.statement.id} on the Texts tab of picture #${here.picture.id}`,
  });
  await expect(link).toHaveAttribute('href', `#/pictures/${here.picture.id}/texts`);
  await expect(row(createdThere)).toContainText('System');
  await expectAccessible(page);

  // Only my changes: the system's go, the address keeps the choice.
  await page.getByLabel('Only my changes').check();
  await expect(page).toHaveURL(/#\/activity\?editor=\d+$/);
  await expect(row(createdThere)).toHaveCount(0);
  await expect(row(edit)).toBeVisible();
  for (const who of await table.locator('tbody tr td:first-of-type').allTextContents())
    expect(who).toBe(`${accounts.editor.email} (you)`);
  await page.reload();
  await expect(page.getByLabel('Only my changes')).toBeChecked();
  await expect(row(edit)).toBeVisible();
  await expect(row(createdThere)).toHaveCount(0);

  // The item's link leads to where it is edited.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${here.picture.id}/texts$`));

  // A picture's Activity tab: that picture's changes only.
  await page.getByRole('link', { name: 'Activity of this picture' }).click();
  await expect(page).toHaveURL(new RegExp(`#/activity\\?picture=${here.picture.id}$`));
  await expect(page).toHaveTitle('Activity: Activity here · langlearn studio');
  await expect(page.getByRole('link', { name: 'Activity of this picture' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(row(edit)).toBeVisible();
  await expect(row(createdThere)).toHaveCount(0);
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  for (const cell of await table.locator('tbody tr td:nth-of-type(3)').allTextContents())
    expect(cell).toMatch(new RegExp(`picture #${here.picture.id}$`, 'i'));
  await expectAccessible(page);

  // Mine within the picture's: the system's creation of the picture's pair goes.
  const [createdHere] = await changesOf(api, 'pairs', here.pair.id);
  await expect(row(createdHere)).toBeVisible();
  await page.getByLabel('Only my changes').check();
  await expect(page).toHaveURL(new RegExp(`#/activity\\?picture=${here.picture.id}&editor=\\d+$`));
  await expect(row(createdHere)).toHaveCount(0);
  await expect(row(edit)).toBeVisible();
});

test('"Older changes" pages back through a long history', async ({ page, accounts, api }) => {
  const { picture, statement } = await draftStatement(api, 'A long history', 'Satz 0.');
  for (let n = 1; n <= 22; n += 1)
    await ok(await api.patch(`/api/cms/db-statements/${statement.id}`, { text_de: `Satz ${n}.` }));
  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = article(page, `Statement #${statement.id}`);
  await card.getByRole('button', { name: `History of statement #${statement.id}` }).click();
  const entries = card.locator('.ch-entry');
  await expect(entries).toHaveCount(20);
  const older = card.getByRole('button', { name: `Older changes to statement #${statement.id}` });
  await older.click();
  await expect(entries).toHaveCount(23); // 22 edits and the creation
  await expect(entries.nth(20)).toBeFocused();
  await expect(older).toBeHidden();
  await expect(entries.last()).toContainText('System · Created');
});
