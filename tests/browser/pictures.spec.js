// The pictures screen (docs/studio.md "The pictures screen", "Uploading"): the grid, the status
// filters and the title search, pages of 50, uploads by picker and by drag-and-drop.
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const fs = require('node:fs');
const { png } = require('./images');
const { newPicture } = require('./content');

// Every picture the API lists (pages of 200), optionally of one status.
async function allPictures(api, status) {
  const found = [];
  for (let after = 0; ;) {
    const query = new URLSearchParams({ limit: '200' });
    if (status) query.set('status', status);
    if (after) query.set('after', String(after));
    const page = await api.get(`/api/pictures?${query}`);
    expect(page.status).toBe(200);
    found.push(...page.body);
    if (page.body.length < 200) return found;
    after = page.body[page.body.length - 1].id;
  }
}

const cards = (page) => page.getByRole('list', { name: 'Pictures' }).getByRole('listitem');
const statusFilter = (page, name) =>
  page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name, exact: true });

test('upload by the file picker: progress, then the picture in the grid with its thumbnail', async ({
  page,
  accounts,
  api,
}) => {
  await signIn(page, accounts.editor);
  await expectAccessible(page);
  // A slow upload link, so the progress is seen moving (Chromium's network emulation).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const image = png(800, 600, [30, 140, 200], { noise: true }); // about 1.4 MB: over a second
  // The picker as a mouse user opens it.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByText('Choose files…').click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles({ name: 'Harbour at dawn.png', mimeType: 'image/png', buffer: image });

  const progress = page.getByRole('progressbar', { name: 'Uploading Harbour at dawn.png' });
  await expect(progress).toBeVisible();
  // Seen part-way, not only at the end.
  await expect
    .poll(() => progress.evaluate((p) => p.value), { intervals: [50] })
    .toBeGreaterThan(0);
  expect(await progress.evaluate((p) => p.value)).toBeLessThan(100);
  await expect(page.getByText(/^Uploaded as picture \d+\.$/)).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveAttribute('value', '100');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const stored = (await allPictures(api)).find((p) => p.title === 'Harbour at dawn');
  expect(stored, 'the upload is stored under the file name').toBeTruthy();
  expect(stored).toMatchObject({
    status: 'draft',
    width: 800,
    height: 600,
    image_mime: 'image/png',
  });

  const card = page.locator(`a[data-picture-id="${stored.id}"]`);
  await expect(card).toContainText('Harbour at dawn');
  await expect(card).toContainText('Draft');
  // The grid shows the small rendition, never the original.
  expect(stored.thumbnail_url).toBeTruthy();
  const thumb = card.locator('img.thumb');
  await expect(thumb).toHaveAttribute('src', stored.thumbnail_url);
  await expect
    .poll(() => thumb.evaluate((img) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(stored.thumbnail_url).not.toBe(stored.image_url);
  await expectAccessible(page);

  // Clicking it opens its workspace.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${stored.id}$`));
  await expect(page.getByRole('heading', { name: 'Harbour at dawn' })).toBeVisible();
});

test('the file picker opens from the keyboard', async ({ page, accounts }) => {
  await signIn(page, accounts.editor);
  const picker = page.getByLabel('Choose files…');
  await page.getByRole('button', { name: 'Search' }).focus();
  for (let i = 0; i < 10 && !(await picker.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  // The focus is shown on the button-like label around the hidden input.
  const outline = await picker.evaluate((e) => getComputedStyle(e.closest('label')).outlineStyle);
  expect(outline).toBe('solid');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Space'),
  ]);
  await chooser.setFiles({ name: 'Lighthouse.png', mimeType: 'image/png', buffer: png(64, 48) });
  await expect(page.getByRole('link', { name: 'Open Lighthouse' })).toBeVisible();
});

test('upload by drag-and-drop', async ({ page, accounts, api }) => {
  await signIn(page, accounts.editor);
  const bytes = png(320, 240, [90, 160, 60]).toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], 'Meadow.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  const zone = page.getByRole('region', { name: 'Upload pictures' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveClass(/\bover\b/);
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveClass(/\bover\b/);
  await expect(page.getByText(/^Uploaded as picture \d+\.$/)).toBeVisible();
  const stored = (await allPictures(api)).find((p) => p.title === 'Meadow');
  expect(stored).toMatchObject({ width: 320, height: 240 });
  await expect(page.locator(`a[data-picture-id="${stored.id}"]`)).toContainText('Meadow');
});

test('refused uploads show the API message and store nothing', async ({
  page,
  accounts,
  api,
}, testInfo) => {
  await signIn(page, accounts.editor);
  const before = (await allPictures(api)).length;

  await page.getByLabel('Choose files…').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  const notImage = page.getByRole('listitem').filter({ hasText: 'notes.txt' });
  await expect(notImage.getByRole('alert')).toHaveText(
    'Not uploaded: image must be a PNG, JPEG or WebP file',
  );

  // Just over 10 MiB: the API refuses it by its size.
  const big = Buffer.concat([png(8, 8), Buffer.alloc(10 * 1024 * 1024 - 8 * 8)]);
  const expected = await api.upload('/api/pictures', big, 'image/png');
  expect(expected.status).toBe(413);
  // From a file: a 10 MiB buffer through the browser protocol is slow.
  const hugeFile = testInfo.outputPath('huge.png');
  fs.writeFileSync(hugeFile, big);
  await page.getByLabel('Choose files…').setInputFiles(hugeFile);
  const tooBig = page.getByRole('listitem').filter({ hasText: 'huge.png' });
  await expect(tooBig.getByRole('alert')).toHaveText(`Not uploaded: ${expected.body.error}`);
  fs.rmSync(hugeFile);

  expect((await allPictures(api)).length).toBe(before);
  await expectAccessible(page);
});

test('filter by status and search by title', async ({ page, accounts, api }) => {
  for (const [title, status] of [
    ['Cat on a wall', 'new'],
    ['Black cat sleeping', 'draft'],
    ['Dog in the park', 'new'],
    ['Concat street', 'draft'],
  ]) {
    expect((await api.post('/api/pictures', { title, status })).status).toBe(201);
  }
  await signIn(page, accounts.editor);

  await statusFilter(page, 'New').click();
  await expect(page).toHaveURL(/#\/pictures\?status=new$/);
  const newOnes = (await allPictures(api, 'new')).map((p) => p.title);
  await expect(cards(page)).toHaveCount(newOnes.length);
  await expect(cards(page).filter({ hasText: 'Dog in the park' })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: 'Black cat sleeping' })).toHaveCount(0);
  for (const badge of await cards(page).locator('.badge').allTextContents())
    expect(badge).toBe('New');
  await expectAccessible(page);

  // Search within the filter with the keyboard.
  await page.getByLabel('Search titles').fill('CAT');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/pictures\?status=new&q=CAT$/);
  await expect(cards(page)).toHaveText([/Cat on a wall/]);

  // Every status again: the cat titles of both statuses.
  await statusFilter(page, 'All').click();
  await expect(page).toHaveURL(/#\/pictures\?q=CAT$/);
  const catTitles = (await allPictures(api))
    .map((p) => p.title || '')
    .filter((t) => t.toLowerCase().includes('cat'));
  await expect(cards(page)).toHaveCount(catTitles.length);
  await expect(cards(page).filter({ hasText: 'Concat street' })).toHaveCount(1);

  await statusFilter(page, 'Objects created').click();
  await expect(page.getByRole('status')).toHaveText(/^No pictures/);
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);
});

test('paging past 50 pictures', async ({ page, accounts, api }) => {
  for (let i = 0; i < 55; i++)
    expect((await api.post('/api/pictures', { title: `Paging ${i}`, status: 'new' })).status).toBe(
      201,
    );
  const all = await allPictures(api);
  expect(all.length).toBeGreaterThan(50);
  await signIn(page, accounts.editor);

  await expect(cards(page)).toHaveCount(50);
  await expect(cards(page).first()).toContainText(all[0].title || `Untitled picture ${all[0].id}`);
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeHidden();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/#\/pictures\?page=2$/);
  await expect(cards(page)).toHaveCount(Math.min(50, all.length - 50));
  await expect(cards(page).first()).toContainText(
    all[50].title || `Untitled picture ${all[50].id}`,
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/#\/pictures$/);
  await expect(cards(page)).toHaveCount(50);
});

test('a picture is renamed from its heading on any of its screens; Escape keeps the title; a refusal says why', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Rename me');
  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/words`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rename me' })).toBeVisible();

  // Escape closes the form and keeps the title; the focus goes back to the button.
  const renameButton = (name) => page.getByRole('button', { name: `Rename picture “${name}”` });
  await renameButton('Rename me').click();
  const field = page.getByRole('textbox', { name: 'Title' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Rename me');
  await field.fill('Not this');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(renameButton('Rename me')).toBeFocused();
  expect((await api.get(`/api/pictures/${picture.id}`)).body.title).toBe('Rename me');

  // Renamed: stored, shown in the heading, the tabs' name and the page title; the focus on the
  // new heading and the change announced.
  await renameButton('Rename me').click();
  await field.fill('  Harbour at noon ');
  await field.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Harbour at noon' });
  await expect(heading).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'Renamed: Harbour at noon.' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Picture Harbour at noon' })).toBeVisible();
  await expect(page).toHaveTitle(/Harbour at noon/);
  expect((await api.get(`/api/pictures/${picture.id}`)).body.title).toBe('Harbour at noon');
  await expectAccessible(page);

  // On the workspace too, and the grid's search finds the new title.
  await page.goto(`/studio/#/pictures/${picture.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour at noon' })).toBeVisible();
  await renameButton('Harbour at noon').click();
  await field.fill('Harbour at dusk');
  await page.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour at dusk' })).toBeFocused();
  expect((await api.get(`/api/pictures/${picture.id}`)).body.title).toBe('Harbour at dusk');
  await page.goto('/studio/#/pictures');
  await page.getByRole('searchbox', { name: 'Search titles' }).fill('harbour at dusk');
  await page.getByRole('searchbox', { name: 'Search titles' }).press('Enter');
  await expect(cards(page).filter({ hasText: 'Harbour at dusk' })).toHaveCount(1);

  // Deleted by someone else meanwhile: the API's reason beside the field, the typing kept.
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  await renameButton('Harbour at dusk').click();
  await field.fill('Too late');
  expect((await api.delete(`/api/pictures/${picture.id}`)).status).toBe(204);
  await field.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The title could not be saved' }),
  ).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Too late');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});
