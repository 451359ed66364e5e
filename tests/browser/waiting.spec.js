// Buttons that wait for a request (adapters/web/studio/dom.js busy(), docs/studio.md "For
// developers"): each is disabled while its request runs, so a second click sends nothing, and
// is enabled again when the answer has come, also when it is a refusal. Each request is held
// in the browser (page.route) until the test has seen the button wait.
const { test, expect, signIn } = require('./fixtures');
const content = require('./content');

// Holds the requests of `method` to `url` until release(); `arrived` once the first is held.
async function hold(page, url, method) {
  let release;
  let arrived;
  const released = new Promise((resolve) => (release = resolve));
  const held = new Promise((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    arrived();
    await released;
    return route.continue();
  });
  return { held, release };
}

test('sign-in: Sign in waits for the answer, then takes a second try', async ({
  page,
  accounts,
}) => {
  await page.goto('/studio/#/signin');
  const submit = page.getByRole('button', { name: 'Sign in' });
  const request = await hold(page, '**/api/session', 'POST');
  await page.getByLabel('E-mail').fill(accounts.editor.email);
  await page.getByLabel('Password').fill('not the password');
  await submit.click();
  await request.held;
  await expect(submit).toBeDisabled();
  request.release();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(submit).toBeEnabled();
});

test('maintenance: Add waits for the category to be stored', async ({ page, accounts, api }) => {
  const name = `Wartend ${Date.now()}`;
  await signIn(page, accounts.admin);
  await page.goto('/studio/#/maintenance');
  const add = page.getByRole('button', { name: 'Add', exact: true });
  const request = await hold(page, '**/api/categories', 'POST');
  await page.getByLabel('New category').fill(name);
  await add.click();
  await request.held;
  await expect(add).toBeDisabled();
  request.release();
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText(name);
  await expect(add).toBeEnabled();
  const stored = (await api.get('/api/categories')).body.filter((c) => c.titel_de === name);
  expect(stored).toHaveLength(1);
});

test('pairs and texts: Publish all reviewed, and a text card while it saves', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await content.newPicture(api, 'Waiting');
  const created = await api.post('/api/cms/db-pairs', {
    picture_id: picture.id,
    answer_type: 'yes_no',
    statement: { text_de: 'Ein Hund.', text_en: 'A dog.', text_sv: 'En hund.' },
  });
  expect(created.status).toBe(201);
  expect((await api.post(`/api/cms/db-pairs/${created.body.id}/review`)).status).toBe(200);
  await signIn(page, accounts.editor);

  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);
  const publish = page.getByRole('button', { name: 'Publish all reviewed' });
  const publishing = await hold(page, '**/api/pipeline/publish', 'POST');
  await publish.click();
  await publishing.held;
  await expect(publish).toBeDisabled();
  publishing.release();
  await expect(page.getByRole('status').filter({ hasText: 'Published 1 pair' })).toBeVisible();
  await expect(publish).toBeEnabled();

  const statementId = created.body.statement.id;
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = page.getByRole('article', { name: `Statement #${statementId}`, exact: true });
  await card.getByLabel('English', { exact: true }).fill('A small dog.');
  const saving = await hold(page, `**/api/cms/db-statements/${statementId}`, 'PATCH');
  await card.getByRole('button', { name: `Save Statement #${statementId}` }).click();
  await saving.held;
  await expect(card).toHaveAttribute('aria-busy', 'true');
  await expect(
    card.getByRole('button', { name: `Review Statement #${statementId}` }),
  ).toBeDisabled();
  saving.release();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  await expect(card).not.toHaveAttribute('aria-busy', /.*/);
  // The published pair shows the statement: the change is its draft, to be reviewed next
  // (drafts.spec.js).
  await expect(
    card.getByRole('button', { name: `Review changes to statement #${statementId}` }),
  ).toBeEnabled();
  expect((await api.get(`/api/cms/db-statements/${statementId}`)).body.draft.text_en).toBe(
    'A small dog.',
  );
});
