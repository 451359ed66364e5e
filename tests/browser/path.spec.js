// The editor's whole walk from a photo to cards in the learner feed (docs/studio.md "From photo
// to feed"), in the studio only: upload, mark two objects, name them and pick generated words,
// write texts in three languages on the Texts tab and in the pair form, make a pair of each answer type, generate and play audio,
// review, publish, preview; then a learner gets the cards through learner-api's GET /feed; last,
// an edit of a published card that learners get only once its changes are reviewed and
// published. The API (bearer token) only checks what was stored, never sets anything up. The
// walk's steps and the editor's actions are counted and its time reported (never asserted:
// docs/testing.md); the learner's first look at the feed is not part of the walk's time.
// With LL_DOCS_SCREENSHOTS set, each step's end is kept as docs/studio/walk-<n>.png:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite path
const path = require('node:path');
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const { scene } = require('./images');

const TITLE = 'Kitchen table';

test('from photo to feed with the studio only', async ({
  page,
  accounts,
  api,
  learner,
}, testInfo) => {
  test.setTimeout(180_000);
  const started = Date.now();
  let steps = 0;
  let actions = 0;
  const shots = process.env.LL_DOCS_SCREENSHOTS;
  const step = (name, body) =>
    test.step(name, async () => {
      steps += 1;
      await body();
      await expectAccessible(page);
      if (shots) {
        await page.mouse.move(0, 0);
        await page.screenshot({ path: path.join(shots, `walk-${steps}.png`), fullPage: true });
      }
    });
  // Each thing the editor does with the mouse or the keyboard counts as one action.
  const act = (promise) => {
    actions += 1;
    return promise;
  };

  await step('sign in', async () => {
    await signIn(page, accounts.editor);
    actions += 3; // e-mail, password, Sign in
  });

  let picture;
  await step('upload the photo', async () => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      act(page.getByText('Choose files…').click()),
    ]);
    await act(
      chooser.setFiles({
        name: `${TITLE}.png`,
        mimeType: 'image/png',
        buffer: scene(1200, 900, 0.1),
      }),
    );
    const done = page.getByText(/^Uploaded as picture \d+\.$/);
    await expect(done).toBeVisible({ timeout: 15_000 });
    const id = Number((await done.textContent()).match(/\d+/)[0]);
    picture = (await api.get(`/api/pictures/${id}`)).body;
    expect(picture).toMatchObject({ title: TITLE, status: 'draft', width: 1200, height: 900 });
    await act(page.locator(`a[data-picture-id="${id}"]`).click());
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  });

  // Picture pixels -> screen pixels through the drawing's own mapping.
  const toScreen = async ([x, y]) => {
    const [sx, sy] = await page.locator('.ws-svg').evaluate(
      (svg, p) => {
        const m = svg.getScreenCTM();
        return [m.a * p[0] + m.c * p[1] + m.e, m.b * p[0] + m.d * p[1] + m.f];
      },
      [x, y],
    );
    return [Math.round(sx), Math.round(sy)];
  };

  let objects;
  await step('draw two objects: a box and a polygon', async () => {
    await expect.poll(() => page.locator('.ws-svg').getAttribute('viewBox')).toBeTruthy();
    await act(page.keyboard.press('b'));
    const [a, b] = [await toScreen([150, 150]), await toScreen([550, 600])];
    await page.mouse.move(...a);
    await page.mouse.down();
    await page.mouse.move(...b, { steps: 5 });
    await act(page.mouse.up());
    // Each shape makes an object of its own (made by the API before the next is drawn).
    await expect(page.locator('button.ws-obj')).toHaveCount(1);
    await act(page.keyboard.press('p'));
    for (const p of [
      [700, 200],
      [1100, 250],
      [900, 700],
    ])
      await act(page.mouse.click(...(await toScreen(p))));
    await act(page.keyboard.press('Enter'));
    await expect(page.locator('.ws-sel')).toHaveCount(2);
    await expect(page.locator('button.ws-obj')).toHaveCount(2);
    await act(page.getByRole('button', { name: /^Save/ }).click());
    await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
    await act(page.getByRole('button', { name: 'Finish', exact: true }).click());
    await expect(page.getByText('Status: objects created')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'name the objects on the Words tab' }),
    ).toBeVisible();
    objects = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body;
    expect(objects.map((o) => o.selections.map((s) => s.type))).toEqual([['bbox'], ['polygon']]);
  });

  const wordRow = (title) =>
    page.locator('.wd-table tbody tr').filter({ has: page.getByText(title, { exact: true }) });
  const labels = ['Tisch', 'Apfel'];
  let accepted;
  await step('name both objects and pick generated words', async () => {
    await act(page.getByRole('link', { name: 'name the objects on the Words tab' }).click());
    await expect(page.getByRole('heading', { name: 'Words of the picture' })).toBeVisible();
    for (const [i, object] of objects.entries()) {
      await act(page.getByRole('button', { name: new RegExp(`^Object #${object.id} · `) }).click());
      await expect(
        page.getByRole('heading', { name: `Words of object #${object.id}` }),
      ).toBeVisible();
      const add = page.getByRole('form', { name: 'Add a word' });
      await expect(add.getByLabel("As the object's label")).toBeChecked();
      await act(add.getByLabel('German', { exact: true }).fill(labels[i]));
      await act(add.getByRole('button', { name: 'Add word' }).click());
      await expect(page.getByText(`Label word: ${labels[i]}`)).toBeVisible();
    }
    // Suggestions for the apple (the chosen object now): one accepted, one dropped.
    await act(page.getByLabel('How many').fill('3'));
    await act(page.getByRole('button', { name: 'Generate suggestions' }).click());
    await expect(
      page.getByRole('status').filter({ hasText: /suggestions? from freedict/ }),
    ).toBeVisible();
    const titles = await page.locator('.wd-sugg strong').allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(2);
    [accepted] = titles;
    await act(page.getByRole('button', { name: `Accept ${accepted}` }).click());
    await expect(wordRow(accepted)).toBeVisible();
    await act(page.getByRole('button', { name: `Drop ${titles[1]}` }).click());
    const stored = (await api.get(`/api/cms/db-objects/${objects[1].id}/words`)).body;
    expect(stored.map((w) => [w.title_de, w.is_label]).sort()).toEqual(
      [
        ['Apfel', true],
        [accepted, false],
      ].sort(),
    );
  });

  let written;
  await step('write a statement in three languages on the Texts tab', async () => {
    await act(page.getByRole('link', { name: 'Texts', exact: true }).click());
    const form = page.getByRole('article', { name: 'New statement', exact: true });
    await act(form.getByLabel('German', { exact: true }).fill('Auf dem Tisch liegt ein Apfel.'));
    await act(form.getByLabel('English', { exact: true }).fill('There is an apple on the table.'));
    await act(form.getByLabel('Swedish', { exact: true }).fill('Det ligger ett äpple på bordet.'));
    await act(form.getByRole('button', { name: 'Create statement' }).click());
    await expect(page.getByRole('article', { name: /^Statement #/ })).toHaveCount(1);
    const statements = (await api.get('/api/cms/db-statements?limit=200')).body;
    written = statements.find((st) => st.text_de === 'Auf dem Tisch liegt ein Apfel.');
    expect(written).toMatchObject({
      text_en: 'There is an apple on the table.',
      text_sv: 'Det ligger ett äpple på bordet.',
    });
  });

  const card = (id) => page.getByRole('article', { name: `Pair #${id}`, exact: true });
  const group = (scope, name) => scope.getByRole('group', { name, exact: true });
  const fillTexts = async (scope, [de, en, sv]) => {
    await act(scope.getByLabel('German', { exact: true }).fill(de));
    await act(scope.getByLabel('English', { exact: true }).fill(en));
    await act(scope.getByLabel('Swedish', { exact: true }).fill(sv));
  };
  const made = [];
  const create = async (form) => {
    await act(form.getByRole('button', { name: 'Create pair' }).click());
    await expect(form.getByRole('status')).toHaveText(/^Pair #\d+ created\.$/);
    await expect(page.locator('article.pc')).toHaveCount(made.length + 1);
    const id = Number((await form.getByRole('status').textContent()).match(/#(\d+)/)[1]);
    made.push(id);
  };
  await step('make a pair of each answer type, texts in three languages', async () => {
    await act(page.getByRole('link', { name: 'Pairs', exact: true }).click());
    const form = page.getByRole('form', { name: 'New pair' });
    await expect(form).toBeVisible();
    const table = `${labels[0]} (#${objects[0].id})`;
    const apple = `${labels[1]} (#${objects[1].id})`;

    await act(form.getByLabel('Object', { exact: true }).selectOption({ label: table }));
    await act(form.getByLabel('Answer type').selectOption('word'));
    await fillTexts(group(form, 'New statement'), [
      'Das ist ein Tisch.',
      'This is a table.',
      'Det här är ett bord.',
    ]);
    await act(form.getByLabel('Write a new question').check());
    await fillTexts(group(form, 'New question'), ['Was ist das?', 'What is this?', 'Vad är det?']);
    await fillTexts(group(form, 'Short answer'), ['ein Tisch', 'a table', 'ett bord']);
    await act(form.getByLabel(labels[0], { exact: true }).selectOption('both'));
    await create(form);

    await act(form.getByLabel('Object', { exact: true }).selectOption({ label: apple }));
    await act(form.getByLabel('Answer type').selectOption('question'));
    await act(form.getByLabel('Write a new statement').check());
    await fillTexts(group(form, 'New statement'), [
      'Der Apfel ist rot.',
      'The apple is red.',
      'Äpplet är rött.',
    ]);
    await act(form.getByLabel('Write a new question').check());
    await fillTexts(group(form, 'New question'), [
      'Welche Farbe hat der Apfel?',
      'What colour is the apple?',
      'Vilken färg har äpplet?',
    ]);
    await fillTexts(group(form, 'Short answer'), ['rot', 'red', 'röd']);
    await act(form.getByLabel(accepted, { exact: true }).selectOption('statement'));
    await create(form);

    await act(form.getByLabel('Answer type').selectOption('text'));
    await act(form.getByLabel('Use a statement of this picture').check());
    await act(
      form
        .getByLabel('Statement to share')
        .selectOption({ label: `#${written.id}: Auf dem Tisch liegt ein Apfel. (no pair yet)` }),
    );
    await act(form.getByLabel('No question').check());
    await create(form);

    await act(form.getByLabel('Object', { exact: true }).selectOption({ label: table }));
    await act(form.getByLabel('Answer type').selectOption('yes_no'));
    await act(form.getByLabel('Write a new statement').check());
    await fillTexts(group(form, 'New statement'), [
      'Der Tisch ist aus Holz.',
      'The table is made of wood.',
      'Bordet är av trä.',
    ]);
    await act(form.getByLabel('Write a new question').check());
    await fillTexts(group(form, 'New question'), [
      'Ist der Tisch aus Holz?',
      'Is the table made of wood?',
      'Är bordet av trä?',
    ]);
    await fillTexts(group(form, 'Short answer'), ['ja', 'yes', 'ja']);
    await create(form);

    const pairs = (await api.get(`/api/cms/db-pairs?picture_id=${picture.id}`)).body;
    expect(pairs.map((p) => [p.id, p.answer_type, p.status])).toEqual([
      [made[0], 'word', 'draft'],
      [made[1], 'question', 'draft'],
      [made[2], 'text', 'draft'],
      [made[3], 'yes_no', 'draft'],
    ]);
    expect(pairs[0].statement).toMatchObject({
      text_de: 'Das ist ein Tisch.',
      text_en: 'This is a table.',
      text_sv: 'Det här är ett bord.',
    });
    expect(pairs[1].question).toMatchObject({
      short_answer_de: 'rot',
      short_answer_en: 'red',
      short_answer_se: 'röd',
    });
    expect(pairs[2].statement.id).toBe(written.id); // written on the Texts tab
    expect(pairs[0].words.map((w) => w.link_to).sort()).toEqual(['question', 'statement']);
  });

  await step("generate the statements' German audio and play it", async () => {
    for (const id of made) {
      await act(card(id).getByRole('button', { name: 'Edit' }).click());
      const edit = page.getByRole('form', { name: `Edit pair #${id}` });
      const generate = edit.getByRole('button', {
        name: /^(Generate|Regenerate) audio: statement in German$/,
      });
      await act(generate.click());
      const player = edit.locator('audio[aria-label="Audio: statement in German"]');
      await expect(player).toBeVisible({ timeout: 15_000 });
      await expect
        .poll(() => player.evaluate((a) => a.duration || 0), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // Played in the page: it runs past its start.
      await act(player.evaluate((a) => a.play()));
      await expect.poll(() => player.evaluate((a) => a.currentTime)).toBeGreaterThan(0);
      await player.evaluate((a) => a.pause());
      await act(edit.getByRole('button', { name: 'Cancel' }).click());
    }
  });

  await step('review every pair, publish them as a batch', async () => {
    for (const id of made) {
      await act(card(id).getByRole('button', { name: 'Review' }).click());
      await expect(card(id).locator('.badge')).toHaveText('Reviewed');
    }
    await act(page.getByRole('button', { name: 'Publish all reviewed' }).click());
    for (const id of made) await expect(card(id).locator('.badge')).toHaveText('Published');
    const pairs = (await api.get(`/api/cms/db-pairs?picture_id=${picture.id}`)).body;
    expect(pairs.map((p) => p.status)).toEqual([
      'published',
      'published',
      'published',
      'published',
    ]);
  });

  await step('see a card in the learner preview', async () => {
    await act(
      card(made[1])
        .getByRole('link', { name: `Preview pair #${made[1]}` })
        .click(),
    );
    await expect(page.getByText('In the feed: learners of German get this card.')).toBeVisible();
    // Swedish has no audio yet: the preview says why the card is not in that feed.
    await act(page.getByRole('link', { name: 'Swedish' }).click());
    await expect(
      page.getByRole('article', { name: 'Card in Swedish' }).getByText('Äpplet är rött.'),
    ).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveText([/^The statement has no audio in Swedish/]);
    await act(page.getByRole('link', { name: 'German' }).click());
    const shown = page.getByRole('article', { name: 'Card in German' });
    await expect(shown.getByText('Der Apfel ist rot.')).toBeVisible();
    await expect(shown.getByText('Welche Farbe hat der Apfel?')).toBeVisible();
    const audio = page.getByLabel('Statement audio in German');
    await expect.poll(() => audio.evaluate((a) => a.duration || 0)).toBeGreaterThan(0);
  });

  let walked = Date.now() - started;

  // A learner gets the four cards, as the preview showed them.
  const json = (r) => r.json();
  const registered = await fetch(`${learner.url}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'path-learner@example.com', password: 'learner-password-9' }),
  }).then(json);
  const readFeed = () =>
    fetch(`${learner.url}/feed?lang=de&after=${made[0] - 1}&limit=4`, {
      headers: { Authorization: `Bearer ${registered.token}` },
    }).then(json);
  const feed = await readFeed();
  expect(feed.items.map((i) => [i.pair_id, i.answer_type])).toEqual([
    [made[0], 'word'],
    [made[1], 'question'],
    [made[2], 'text'],
    [made[3], 'yes_no'],
  ]);
  expect(feed.items[1]).toMatchObject({
    statement: { de: 'Der Apfel ist rot.', en: 'The apple is red.', sv: 'Äpplet är rött.' },
    question: { de: 'Welche Farbe hat der Apfel?', short_answer_se: 'röd' },
  });
  const preview = (await api.get(`/api/cms/db-pairs/${made[1]}/preview?lang=de`)).body;
  expect(feed.items[1]).toEqual(preview.item);
  for (const item of feed.items) {
    expect((await fetch(`${learner.url}${item.audio_url}`)).status).toBe(200);
    expect((await fetch(`${learner.url}${item.image_url}`)).status).toBe(200);
  }

  // The apple card, published, changed: learners keep the published statement until the change
  // is reviewed and published (docs/studio.md "Drafts of published content").
  const resumed = Date.now();
  const statementIn = async (id) =>
    (await readFeed()).items.find((item) => item.pair_id === id).statement.de;
  await step('change a published card: learners see it once the change is published', async () => {
    await act(page.getByRole('link', { name: `← Pairs of ${TITLE}` }).click());
    const apple = card(made[1]);
    await act(apple.getByRole('button', { name: `Edit pair #${made[1]}` }).click());
    const edit = page.getByRole('form', { name: `Edit pair #${made[1]}` });
    await act(
      group(edit, 'Statement')
        .getByLabel('German', { exact: true })
        .fill('Der Apfel ist rot und rund.'),
    );
    await act(edit.getByRole('button', { name: 'Save' }).click());
    await expect(apple.getByText('Published · changes in draft')).toBeVisible();
    const changed = apple
      .getByRole('table', { name: `Changes to pair #${made[1]}` })
      .getByRole('row', { name: /^Statement: German text/ });
    await expect(changed.getByRole('cell')).toHaveText([
      'Der Apfel ist rot.',
      'Der Apfel ist rot und rund.',
    ]);
    expect(await statementIn(made[1])).toBe('Der Apfel ist rot.');

    await act(apple.getByRole('button', { name: `Review changes to pair #${made[1]}` }).click());
    await expect(apple.getByText('Published · changes reviewed')).toBeVisible();
    await act(apple.getByRole('button', { name: `Publish changes to pair #${made[1]}` }).click());
    // The German audio speaks the published statement: made again as the changes go out.
    await expect(apple.getByRole('alert')).toContainText('speaks an older text');
    expect(await statementIn(made[1])).toBe('Der Apfel ist rot.');
    await act(
      apple
        .getByRole('button', { name: `Make audio and publish changes to pair #${made[1]}` })
        .click(),
    );
    await expect(apple.getByText(/changes (in draft|reviewed)/)).toHaveCount(0);
    await expect(apple.locator('.badge')).toHaveText('Published');
    expect(await statementIn(made[1])).toBe('Der Apfel ist rot und rund.');
  });
  walked += Date.now() - resumed;
  const seconds = walked / 1000;

  const figures = { steps, actions, seconds };
  testInfo.annotations.push({ type: 'path', description: JSON.stringify(figures) });
  console.log(`studio path: ${JSON.stringify(figures)}`);
});
