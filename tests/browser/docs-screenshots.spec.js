// The screenshots of docs/studio.md (1280 x 800), taken only when asked:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite docs-screenshots
const path = require('node:path');
const { test, expect, signIn } = require('./fixtures');
const { scene } = require('./images');

const target = process.env.LL_DOCS_SCREENSHOTS;

test('screenshots of the sign-in and pictures screens', async ({ page, accounts, api }) => {
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const pictures = [
    ['Farmyard', 'new', 0.1],
    ['Kitchen table', 'draft', 0.3],
    ['Harbour at dawn', 'draft', 0.5],
    ['Market stall', 'new', 0.7],
    ['Classroom', 'draft', 0.9],
    ['Garden in spring', 'new', 0.2],
  ];
  for (const [title, status, hue] of pictures)
    expect(
      (
        await api.upload(
          `/api/pictures?${new URLSearchParams({ title, status })}`,
          scene(640, 480, hue),
        )
      ).status,
    ).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/studio/#/signin');
  await page.getByLabel('E-mail').fill(accounts.editor.email);
  await page.screenshot({ path: path.join(target, 'signin.png') });

  await signIn(page, accounts.editor);
  await page.getByLabel('Choose files…').setInputFiles({
    name: 'Street market.png',
    mimeType: 'image/png',
    buffer: scene(640, 480, 0.6),
  });
  await expect(page.getByText(/^Uploaded as picture \d+\.$/)).toBeVisible();
  await page.getByLabel('Choose files…').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('shopping list'),
  });
  await expect(page.getByText(/^Not uploaded/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pictures' }).getByRole('listitem')).toHaveCount(
    pictures.length + 1,
  );
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(target, 'pictures.png') });
});

test('screenshots of a text card with its History open and the Activity screen', async ({
  page,
  accounts,
  api,
}) => {
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const ok = async (answer, status = 200) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  const picture = await ok(
    await api.upload(
      `/api/pictures?${new URLSearchParams({ title: 'Garden gate' })}`,
      scene(640, 480, 0.4),
    ),
    201,
  );
  const pair = await ok(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      answer_type: 'text',
      statement: { text_de: 'Das Tor ist offen.', text_en: 'The gate is open.' },
    }),
    201,
  );
  const id = pair.statement.id;
  await signIn(page, accounts.editor);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const card = page.getByRole('article', { name: `Statement #${id}`, exact: true });
  const german = card.getByLabel('German', { exact: true });
  await german.fill('Das Gartentor ist offen.');
  await card.getByLabel('Swedish', { exact: true }).fill('Grinden är öppen.');
  await card.getByRole('button', { name: `Save Statement #${id}` }).click();
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Review Statement #${id}` }).click();
  await expect(card.locator('.badge')).toHaveText('reviewed');
  await card.getByRole('button', { name: `History of statement #${id}` }).click();
  await expect(card.locator('.ch-entry')).toHaveCount(3);
  await page.mouse.move(0, 0);
  await card.screenshot({ path: path.join(target, 'history.png') });

  await page.goto('/studio/#/activity');
  await expect(page.getByRole('table', { name: 'Changes' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(target, 'activity.png') });
});
