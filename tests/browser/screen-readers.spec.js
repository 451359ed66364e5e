// Keyboard and screen-reader use across the screens (docs/studio.md "Keyboard and screen
// readers"): the controls' names, and the skip links.
//
// Every control says what it acts on: on each
// screen, with two items of each kind listed, no two buttons, links or choice lists share an
// accessible name, so a screen reader's list of buttons tells "Publish pair #9" from "Publish
// pair #10". (Text fields are named by their language inside a card named after its item.)
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const { newPicture, newObject } = require('./content');

// The accessible names of the page's buttons and links, from Playwright's ARIA snapshot.
async function controlNames(page) {
  const snapshot = await page.locator('body').ariaSnapshot();
  const names = [];
  for (const line of snapshot.split('\n')) {
    const m = line.match(/^\s*- '?(button|link|combobox) "((?:[^"\\]|\\.)*)"/);
    if (m) names.push(`${m[1]} "${m[2]}"`);
  }
  return names;
}

function repeated(names) {
  const seen = new Map();
  for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([n, count]) => `${n} x${count}`);
}

test('no two controls on a screen share a name', async ({ page, accounts, api }) => {
  const picture = await newPicture(api, 'Names');
  const objects = [
    await newObject(api, picture, { selections: [{ type: 'bbox', x: 10, y: 10, w: 100, h: 80 }] }),
    await newObject(api, picture, {
      selections: [{ type: 'bbox', x: 300, y: 200, w: 100, h: 80 }],
    }),
  ];
  for (const [o, [de, en, sv]] of objects.map((o, i) => [
    o,
    [
      ['Tasse', 'cup', 'kopp'],
      ['Teller', 'plate', 'tallrik'],
    ][i],
  ]))
    expect(
      (
        await api.post(`/api/cms/db-objects/${o.id}/words`, {
          title_de: de,
          title_en: en,
          title_sv: sv,
        })
      ).status,
    ).toBe(201);
  for (const title_de of ['Löffel', 'Gabel'])
    expect(
      (await api.post(`/api/cms/pictures/${picture.id}/words`, { title_de, level: 1 })).status,
    ).toBe(201);
  const questions = [];
  const pairs = [];
  for (const [i, o] of objects.entries()) {
    const q = await api.post('/api/cms/db-questions', {
      object_id: o.id,
      text_de: `Frage ${i}?`,
      short_answer_de: `Antwort ${i}`,
    });
    expect(q.status).toBe(201);
    questions.push(q.body.id);
    const p = await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      object_id: o.id,
      answer_type: 'question',
      question_id: q.body.id,
      statement: { text_de: `Satz ${i}.`, text_en: `Sentence ${i}.` },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    pairs.push(p.body.id);
  }
  // The same word linked to both: each card's Unlink says which pair.
  const spoon = (await api.get(`/api/cms/pictures/${picture.id}/words`)).body.find(
    (w) => w.title_de === 'Löffel',
  );
  for (const id of pairs)
    expect(
      (
        await api.patch(`/api/cms/db-pairs/${id}`, {
          words_add: [{ word_id: spoon.id, link_to: 'statement' }],
        })
      ).status,
    ).toBe(200);
  await signIn(page, accounts.admin);
  const first = `#${objects[0].id} Tasse`;
  // Each screen, what to do there first, and the control that shows it is all there.
  const screens = [
    ['#/pictures?q=Names', null, 'Names'], // other specs' pictures may share a title
    [`#/pictures/${picture.id}`, new RegExp(`^${first}`), `Delete object ${first}`],
    [`#/pictures/${picture.id}/words`, null, 'Remove Gabel from the picture'],
    [`#/pictures/${picture.id}/words?object=${objects[0].id}`, null, 'Edit Tasse'],
    [`#/pictures/${picture.id}/texts`, null, `Add word to question #${questions[1]}`],
    [`#/pictures/${picture.id}/pairs`, null, `Delete pair #${pairs[1]}`],
    [`#/pairs/${pairs[0]}/preview?lang=de`, null, 'Swedish'],
    ['#/content?q=Tasse', null, 'Make audio'],
    ['#/content/words?q=Tasse', null, 'Make audio'],
    ['#/content/statements', null, 'Make audio'],
    ['#/content/questions', null, 'Make audio'],
    ['#/cards', null, 'Show'],
    ['#/audio', null, 'Sign out'],
    ['#/maintenance', null, 'Sign out'],
  ];
  for (const [route, click, last] of screens) {
    await page.goto(`/studio/${route}`);
    if (click) await page.getByRole('button', { name: click }).click();
    await expect(
      page
        .getByRole('button', { name: last })
        .or(page.getByRole('link', { name: last }))
        .first(),
    ).toBeVisible();
    const names = await controlNames(page);
    expect(names.length, route).toBeGreaterThan(6);
    expect(repeated(names), route).toEqual([]);
  }
});

// The skip links: the first stop of Tab after the header; each moves the focus to its list, from
// where the next Tab is inside the list.
test('skip links lead past forms to each list', async ({ page, accounts, api }) => {
  const picture = await newPicture(api, 'Skipping');
  const object = await newObject(api, picture);
  const pairs = [];
  for (const n of [1, 2]) {
    const p = await api.post('/api/cms/db-pairs', {
      picture_id: picture.id,
      object_id: object.id,
      answer_type: 'word',
      statement: { text_de: `Satz ${n}.` },
    });
    expect(p.status).toBe(201);
    pairs.push(p.body);
  }
  await signIn(page, accounts.editor);

  // Pairs: past the head, the tabs, the bar and the form (opened) to the first pair's controls.
  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);
  await page.getByRole('button', { name: 'New pair' }).click();
  await expect(page.getByRole('form', { name: 'New pair' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the pair list' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Pairs of this picture' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${picture.id}/pairs$`)); // no route change
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: `Preview pair #${pairs[0].id}` })).toBeFocused();

  // Texts: two lists, each with its own link.
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  await expect(page.getByRole('heading', { name: 'Questions', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Skip to the question list' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Questions', level: 2 })).toBeFocused();
  await page.getByRole('link', { name: 'Skip to the statement list' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Statements', level: 2 })).toBeFocused();

  // Pictures: past the search, the filters and the upload to the first picture (searched for:
  // other specs' pictures share the database and may fill the first page).
  await page.goto('/studio/#/pictures?q=Skipping');
  await expect(page.getByRole('link', { name: /^Skipping/ })).toBeVisible();
  await page.getByRole('link', { name: 'Skip to the picture list' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Pictures' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('list', { name: 'Pictures' }).getByRole('link').first(),
  ).toBeFocused();
  await expectAccessible(page);
});

// Tab order follows the visual order in every form: within a form, each field Tab reaches next
// is on a lower row, or on the same row to the right; never back up (a form read down its
// columns while its fields sit in rows would put one language's text in another's field).
// Fields, not buttons: a text's audio buttons sit under it and come right after it, its column
// being one language's (docs/studio.md "Keyboard and screen readers").
async function orderProblems(page) {
  return page.evaluate(() => {
    const focusable = 'input:not([type="hidden"]), select, textarea';
    const problems = [];
    for (const form of document.querySelectorAll('form, fieldset, [role="form"]')) {
      const controls = [...form.querySelectorAll(focusable)].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !c.disabled;
      });
      for (let i = 1; i < controls.length; i++) {
        const a = controls[i - 1].getBoundingClientRect();
        const b = controls[i].getBoundingClientRect();
        const lower = b.top >= a.bottom - 4;
        const sameRow = b.top < a.bottom - 4 && b.bottom > a.top + 4;
        if (lower || (sameRow && b.left >= a.left)) continue;
        const name = (c) =>
          c.getAttribute('aria-label') ||
          c.labels?.[0]?.textContent ||
          c.textContent ||
          c.name ||
          c.tagName;
        problems.push(
          `${form.getAttribute('aria-label') || form.querySelector('legend, h2, h3')?.textContent || form.tagName}: "${name(controls[i - 1]).trim()}" then "${name(controls[i]).trim()}"`,
        );
      }
    }
    return problems;
  });
}

test('Tab order follows the visual order in every form', async ({ page, accounts, api }) => {
  const picture = await newPicture(api, 'Order');
  const object = await newObject(api, picture, {
    selections: [{ type: 'bbox', x: 10, y: 10, w: 100, h: 80 }],
  });
  expect(
    (
      await api.post(`/api/cms/db-objects/${object.id}/words`, {
        title_de: 'Krug',
        title_en: 'jug',
        title_sv: 'kanna',
      })
    ).status,
  ).toBe(201);
  const q = await api.post('/api/cms/db-questions', { object_id: object.id, text_de: 'Was?' });
  expect(q.status).toBe(201);
  const pair = await api.post('/api/cms/db-pairs', {
    picture_id: picture.id,
    object_id: object.id,
    answer_type: 'question',
    question_id: q.body.id,
    statement: { text_de: 'Ein Krug.' },
  });
  expect(pair.status).toBe(201);
  await signIn(page, accounts.editor);
  // Each screen, what opens its forms, and what shows they are open.
  const screens = [
    ['#/pictures', async () => {}, page.getByRole('searchbox')],
    [
      `#/pictures/${picture.id}`,
      async () => page.getByRole('button', { name: /^#\d+ Krug/ }).click(),
      page.getByRole('button', { name: /^Delete object #\d+ Krug/ }),
    ],
    [
      `#/pictures/${picture.id}/words?object=${object.id}`,
      async () => {},
      page.getByRole('button', { name: 'Edit Krug' }),
    ],
    [
      `#/pictures/${picture.id}/texts`,
      async () =>
        page.getByRole('button', { name: `New question for object #${object.id}` }).click(),
      page.getByRole('article', { name: /^New question/ }),
    ],
    [
      `#/pictures/${picture.id}/pairs`,
      async () => {
        await page.getByRole('button', { name: 'New pair' }).click();
        await page.getByRole('button', { name: `Edit pair #${pair.body.id}` }).click();
      },
      page.getByRole('button', { name: 'Create pair' }),
    ],
    ['#/content', async () => {}, page.getByRole('button', { name: 'Search', exact: true })],
    ['#/cards', async () => {}, page.getByRole('button', { name: 'Show' })],
  ];
  const found = {};
  for (const [route, open, ready] of screens) {
    await page.goto(`/studio/${route}`);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await open();
    await expect(ready).toBeVisible();
    found[route] = await orderProblems(page);
  }
  expect(found).toEqual(Object.fromEntries(screens.map(([route]) => [route, []])));
});
