// The Cards screen (#/cards) and the Pairs tab's figures line, docs/studio.md "Cards": pairs
// are made and published through the API (bearer token), learners answer them through
// learner-api on the same database (POST /auth/progress), and the editor sees how each card
// fares: a row per answered card, sorting by a header, no rate for a small sample, the filters.
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const { scene } = require('./images');

async function created(answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

// A published pair of `picture` with a statement whose Swedish text is `sv`.
async function publishedPair(api, picture, { sv, level, answerType = 'word', ...fields }) {
  const pair = await created(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      object_id: null,
      answer_type: answerType,
      level,
      statement: { text_de: `${sv} (de)`, text_en: `${sv} (en)`, text_sv: sv },
      ...fields,
    }),
  );
  expect((await api.post(`/api/cms/db-pairs/${pair.id}/review`)).status).toBe(200);
  expect((await api.post(`/api/cms/db-pairs/${pair.id}/publish`)).status).toBe(200);
  return pair;
}

// A learner of `target` (a language code) on learner-api: answer(pairId, correct) books one
// answered card (POST /auth/progress) in that language.
async function learnerOf(learner, email, target) {
  const call = async (path, body, token) => {
    const response = await fetch(`${learner.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const languages = await (await fetch(`${learner.url}/auth/languages`)).json();
  const id = (code) => languages.find((l) => l.short_en === code).id;
  const registered = await call('/auth/register', { email, password: 'learner-password-7' });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const { token } = registered.body;
  const username = email.split('@')[0].replace(/[^A-Za-z0-9_]/g, '_');
  const profile = await call(
    '/auth/profile',
    { username, nativeLang: id('en'), targetLang: id(target) },
    token,
  );
  expect(profile.status, JSON.stringify(profile.body)).toBe(201);
  return {
    // `right` right answers, then `wrong` wrong ones.
    async answer(pairId, right, wrong = 0) {
      for (let i = 0; i < right + wrong; i += 1) {
        const booked = await call(
          '/auth/progress',
          { pair_id: pairId, correct: i < right, points: 10 },
          token,
        );
        expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      }
    },
  };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const HEADERS = [
  'Pair',
  'Answer type',
  'Level',
  'Answers',
  'Pass rate',
  'Mean difficulty',
  'Recall at review',
  'Learners',
  'Most-picked wrong choice',
];

test('the Cards screen: a row per answered card, sorting, small samples, filters; the Pairs tab figures', async ({
  page,
  accounts,
  api,
  learner,
}) => {
  // Content: a category on the label word of one pair (a pair gets its words' categories when
  // published), five published pairs and a draft.
  const category = await created(await api.post('/api/categories', { titel_de: 'Kartentiere' }));
  const picture = await created(
    await api.upload(`/api/pictures?title=${encodeURIComponent('Card figures')}`, scene(800, 600)),
  );
  const object = await created(await api.post('/api/cms/objects', { picture_id: picture.id }));
  await created(
    await api.post(`/api/cms/db-objects/${object.id}/words`, {
      title_de: 'Hund',
      title_en: 'dog',
      title_sv: 'hund',
      category_ids: [category.id],
    }),
  );
  const hund = (await api.get(`/api/cms/db-objects/${object.id}/words`)).body[0];
  const a = await publishedPair(api, picture, {
    sv: 'Det här är en hund.',
    level: 1,
    object_id: object.id,
    words_add: [{ word_id: hund.id, link_to: 'statement' }],
  });
  const b = await publishedPair(api, picture, {
    sv: 'Hunden sover.',
    level: 2,
    answerType: 'yes_no',
  });
  const c = await publishedPair(api, picture, {
    sv: 'Hunden springer.',
    level: 2,
    answerType: 'text',
  });
  const d = await publishedPair(api, picture, { sv: 'Hunden äter.', level: 3 });
  const e = await publishedPair(api, picture, { sv: 'Hunden leker.', level: 4 });
  const draft = await created(
    await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      object_id: null,
      answer_type: 'word',
      statement: { text_de: 'Die Wiese ist grün.' },
    }),
  );
  expect((await api.get(`/api/cms/db-pairs/${a.id}`)).body.status).toBe('published');

  // Answers: two learners of Swedish, one of German.
  const swede = await learnerOf(learner, 'cards-sv-1@example.com', 'sv');
  const other = await learnerOf(learner, 'cards-sv-2@example.com', 'sv');
  const german = await learnerOf(learner, 'cards-de@example.com', 'de');
  await swede.answer(a.id, 12, 3);
  await other.answer(a.id, 8, 2); // a: 20 of 25 (80 %), 2 learners
  await swede.answer(b.id, 11, 11); // b: 11 of 22 (50 %)
  await swede.answer(c.id, 5); // c: 5 answers, too few for a rate
  await german.answer(d.id, 2, 1); // d: German only
  await swede.answer(e.id, 8, 12); // e: 8 of 20 (40 %), then edited: a new revision
  await pause(50);
  expect((await api.patch(`/api/cms/db-pairs/${e.id}`, { level: 5 })).status).toBe(200);
  await pause(50);
  await swede.answer(e.id, 3); // e: 3 answers since the edit

  const served = (await api.get('/api/analytics/cards?lang=sv')).body;
  expect(served.min_answers).toBe(20);
  const serverOrder = served.cards.map((f) => f.pair_id);
  expect([...serverOrder].sort((x, y) => x - y)).toEqual([a.id, b.id, c.id, e.id]);

  // The screen, from the studio's navigation; Swedish by default.
  await signIn(page, accounts.editor);
  const nav = page.getByRole('navigation', { name: 'Studio' });
  await nav.getByRole('link', { name: 'Cards' }).click();
  await expect(page).toHaveURL(/#\/cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Language')).toHaveValue('sv');
  // The table's name says its language (the rows below are found in it whatever the language).
  await expect(page.getByRole('table', { name: 'Card figures in Swedish' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Card figures in / });
  await expect(table.getByRole('columnheader')).toHaveText(HEADERS);
  // Every header sorts through a real button.
  for (const name of HEADERS)
    await expect(
      table.getByRole('columnheader', { name }).getByRole('button', { name }),
    ).toBeVisible();
  const rows = table.locator('tbody tr');
  const order = () => rows.evaluateAll((list) => list.map((r) => Number(r.dataset.pair)));
  const row = (pair) => table.locator(`tbody tr[data-pair="${pair.id}"]`);
  // A row per card answered in Swedish, in the server's order (hardest first).
  await expect(rows).toHaveCount(4);
  expect(await order()).toEqual(serverOrder);
  await expect(page.getByRole('status')).toHaveText('4 cards answered in Swedish, hardest first.');
  await expect(table.locator('th[aria-sort]')).toHaveCount(0);

  await expect(row(a)).toContainText('Det här är en hund.');
  await expect(row(a).getByRole('cell').nth(0)).toHaveText('Word');
  await expect(row(a).getByRole('cell').nth(3)).toHaveText('80 % of 25');
  await expect(row(a).getByRole('cell').nth(6)).toHaveText('2');
  await expect(row(b).getByRole('cell').nth(3)).toHaveText('50 % of 22');
  // A small sample: the count, never a rate.
  await expect(row(c).getByRole('cell').nth(3)).toHaveText('5 answers: too few for a rate');
  await expect(row(c).getByRole('cell').nth(3)).not.toContainText('%');
  // The edited card: figures since the edit, those before it beside them.
  const edited = row(e).getByRole('cell').nth(3);
  await expect(edited).toContainText('3 answers: too few for a rate');
  await expect(edited).toContainText(/since \d{4}-\d{2}-\d{2}/);
  await expect(edited).toContainText('before the last edit: 40 % of 20');
  await expect(row(e).getByRole('cell').nth(1)).toHaveText('5');
  await expect(row(b).getByRole('cell').nth(3)).not.toContainText('since');
  await expectAccessible(page);

  // Sorting by pass rate: the rated cards by their rate, the small samples after them, either
  // way; aria-sort on the header.
  const passRate = table.getByRole('columnheader', { name: 'Pass rate' });
  await passRate.getByRole('button').click();
  await expect(passRate).toHaveAttribute('aria-sort', 'ascending');
  expect((await order()).slice(0, 2)).toEqual([b.id, a.id]);
  expect((await order()).slice(2).sort((x, y) => x - y)).toEqual([c.id, e.id]);
  await expect(page.getByRole('status')).toHaveText(
    '4 cards answered in Swedish, sorted by Pass rate, ascending.',
  );
  // The focus stays on the header's button: Enter sorts the other way.
  await expect(passRate.getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(passRate).toHaveAttribute('aria-sort', 'descending');
  expect((await order()).slice(0, 2)).toEqual([a.id, b.id]);
  expect((await order()).slice(2).sort((x, y) => x - y)).toEqual([c.id, e.id]);
  // Another column: only its header carries aria-sort.
  const answers = table.getByRole('columnheader', { name: 'Answers' });
  await answers.getByRole('button').click();
  await expect(answers).toHaveAttribute('aria-sort', 'ascending');
  await expect(passRate).not.toHaveAttribute('aria-sort');
  expect(await order()).toEqual([e.id, c.id, b.id, a.id]);
  await answers.getByRole('button').click();
  expect(await order()).toEqual([a.id, b.id, c.id, e.id]);
  await expectAccessible(page);

  // Filters: the level, then the category; each kept in the address.
  await page.getByLabel('Level').fill('2');
  await page.getByLabel('Level').press('Enter');
  await expect(page).toHaveURL(/#\/cards\?lang=sv&level=2$/);
  await expect(rows).toHaveCount(2);
  expect((await order()).sort((x, y) => x - y)).toEqual([b.id, c.id]);
  await page.getByLabel('Level').fill('');
  await page.getByLabel('Category').selectOption({ label: 'Kartentiere' });
  await expect(page).toHaveURL(new RegExp(`#/cards\\?lang=sv&category=${category.id}$`));
  await expect(rows).toHaveCount(1);
  await expect(row(a)).toBeVisible();
  // A level out of range is refused beside the filters; the rows stay.
  await page.getByLabel('Level').fill('101');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'level' })).toHaveText(
    'The level is a whole number from 1 to 100 (empty: every level).',
  );
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Level').fill('');
  await page.getByLabel('Category').selectOption({ label: 'All categories' });
  await expect(rows).toHaveCount(4);

  // Another language: German has one card; English none.
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('table', { name: 'Card figures in German' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(row(d).getByRole('cell').nth(3)).toHaveText('3 answers: too few for a rate');
  await expect(row(d)).toContainText('Hunden äter. (de)');
  await page.getByLabel('Language').selectOption('en');
  await expect(page.getByRole('status')).toHaveText('No answers in this language yet.');
  await expect(table).toBeHidden();
  await expect(page).toHaveURL(/#\/cards\?lang=en$/);
  await expectAccessible(page);

  // A reload keeps the filters (the address).
  await page.goto(`/studio/#/cards?lang=sv&level=2`);
  await expect(page.getByLabel('Language')).toHaveValue('sv');
  await expect(page.getByLabel('Level')).toHaveValue('2');
  await expect(rows).toHaveCount(2);

  // A pair's link opens it on its picture's Pairs tab, its first action focused.
  await page.goto('/studio/#/cards');
  await row(a)
    .getByRole('link', { name: new RegExp(`^#${a.id}\\b`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${picture.id}/pairs\\?pair=${a.id}$`));
  await expect(page.getByRole('button', { name: `Edit pair #${a.id}`, exact: true })).toBeFocused();

  // The Pairs tab: each card's figures per language with answers.
  const figures = async (pair) => {
    const shown = page.getByRole('article', { name: `Pair #${pair.id}`, exact: true });
    await shown.scrollIntoViewIfNeeded();
    return shown.locator('.pc-figures');
  };
  await expect(await figures(a)).toHaveText('Answers sv: 80 % of 25');
  await expect(await figures(b)).toHaveText('Answers sv: 50 % of 22');
  await expect(await figures(c)).toHaveText('Answers sv: 5 answers (too few)');
  await expect(await figures(d)).toHaveText('Answers de: 3 answers (too few)');
  await expect(await figures(e)).toHaveText('Answers sv: 3 answers (too few)');
  await expect(await figures(draft)).toHaveText('Answers none yet');
  await expectAccessible(page);
});
