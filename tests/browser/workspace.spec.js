// The picture workspace (docs/studio.md "The picture workspace"), driven with the mouse and the
// keyboard as an editor would; what the page saved is checked through the API (bearer token).
// Coordinates: the test clicks at screen points and computes the picture pixels they stand for
// from the page's own mapping (the SVG's screen matrix), so the stored selections must be in
// picture pixels whatever the zoom and whatever size the picture is shown at.
const path = require('node:path');
const { test, expect, expectAccessible, signIn, watchPage } = require('./fixtures');
const { newPicture, newObject } = require('./content');

const TOLERANCE = 1.5; // picture pixels: clicks land on whole screen pixels

async function stored(api, id) {
  const answer = await api.get(`/api/cms/objects/${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const stage = (page) => page.locator('.ws-stage');

async function openWorkspace(page, picture) {
  await page.goto(`/studio/#/pictures/${picture.id}`);
  await expect(page.getByRole('heading', { name: picture.title })).toBeVisible();
  await expect(stage(page).locator('svg image')).toBeAttached();
  await expect.poll(() => page.locator('.ws-svg').getAttribute('viewBox')).toBeTruthy();
}

// Picture pixels -> screen pixels (whole, as a mouse lands), and back, through the page's own
// mapping: the SVG's screen matrix, whose user units are picture pixels.
async function toScreen(page, [x, y]) {
  const [sx, sy] = await page.locator('.ws-svg').evaluate(
    (svg, p) => {
      const m = svg.getScreenCTM();
      return [m.a * p[0] + m.c * p[1] + m.e, m.b * p[0] + m.d * p[1] + m.f];
    },
    [x, y],
  );
  return [Math.round(sx), Math.round(sy)];
}

async function toPicture(page, [sx, sy]) {
  return page.locator('.ws-svg').evaluate(
    (svg, s) => {
      const m = svg.getScreenCTM().inverse();
      return [m.a * s[0] + m.c * s[1] + m.e, m.b * s[0] + m.d * s[1] + m.f];
    },
    [sx, sy],
  );
}

const scale = async (page) => Number(await stage(page).getAttribute('data-scale'));

function expectNear(actual, expected, what) {
  expect(
    Math.abs(actual - expected),
    `${what}: ${actual} is not within ${TOLERANCE} of ${expected}`,
  ).toBeLessThanOrEqual(TOLERANCE);
}

function expectBox(sel, [x0, y0], [x1, y1]) {
  expect(sel.type).toBe('bbox');
  expectNear(sel.x, Math.min(x0, x1), 'x');
  expectNear(sel.y, Math.min(y0, y1), 'y');
  expectNear(sel.w, Math.abs(x1 - x0), 'w');
  expectNear(sel.h, Math.abs(y1 - y0), 'h');
}

function expectPolygon(sel, points) {
  expect(sel.type).toBe('polygon');
  expect(sel.points).toHaveLength(points.length);
  sel.points.forEach(([x, y], i) => {
    expectNear(x, points[i][0], `point ${i} x`);
    expectNear(y, points[i][1], `point ${i} y`);
  });
}

async function drag(page, from, to) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 3 });
  await page.mouse.move(...to, { steps: 3 });
  await page.mouse.up();
}

async function save(page) {
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
}

const objectButton = (page, id) => page.locator(`button.ws-obj[data-object="${id}"]`);

test('draw a box and a polygon at two zoom levels: stored in picture pixels', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Red house in a meadow');
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);
  await expectAccessible(page);
  await expect(page.getByText('No objects yet')).toBeVisible();

  // A box at the fitted zoom: B, then a drag. Drawing with no object creates one.
  await page.keyboard.press('b');
  await expect(page.getByRole('button', { name: 'Box B' })).toHaveAttribute('aria-pressed', 'true');
  const fitted = await scale(page);
  const a = await toScreen(page, [260, 420]);
  const b = await toScreen(page, [540, 720]);
  const boxCorners = [await toPicture(page, a), await toPicture(page, b)];
  await drag(page, a, b);
  await expect(page.locator('.ws-sel')).toHaveCount(1);
  const objects = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body;
  expect(objects).toHaveLength(1);
  const id = objects[0].id;
  await expect(page.locator('.ws-unsaved')).toHaveText('Unsaved changes (1 object)');
  await expect(objectButton(page, id)).toContainText('1 selection');

  // Zoom in twice with the keyboard, then a polygon added to the same object (asked for: a
  // shape otherwise makes a new object): P, three clicks, Enter.
  await page.getByRole('button', { name: `Add a shape to #${id}` }).click();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  expect(await scale(page)).toBeGreaterThan(fitted * 1.5);
  await page.keyboard.press('p');
  const clicks = [];
  for (const p of [
    [620, 300],
    [900, 330],
    [780, 560],
  ])
    clicks.push(await toScreen(page, p));
  const expected = [];
  for (const c of clicks) expected.push(await toPicture(page, c));
  for (const c of clicks) await page.mouse.click(...c);
  await page.keyboard.press('Enter');
  await expect(page.locator('.ws-sel')).toHaveCount(2);
  await expectAccessible(page);

  await save(page);
  const object = await stored(api, id);
  expect(object.selections).toHaveLength(2);
  expectBox(object.selections[0], ...boxCorners);
  expectPolygon(object.selections[1], expected);

  // A second polygon at the fitted zoom (0), closed by a double-click.
  await page.getByRole('button', { name: `Add a shape to #${id}` }).click();
  await page.keyboard.press('0');
  expect(await scale(page)).toBeCloseTo(fitted, 5);
  const second = [];
  for (const p of [
    [100, 100],
    [300, 120],
    [200, 260],
  ])
    second.push(await toScreen(page, p));
  const secondExpected = [];
  for (const c of second) secondExpected.push(await toPicture(page, c));
  await page.mouse.click(...second[0]);
  await page.mouse.click(...second[1]);
  await page.mouse.dblclick(...second[2]);
  await expect(page.locator('.ws-sel')).toHaveCount(3);
  // Escape drops a polygon being drawn.
  await page.mouse.click(...(await toScreen(page, [900, 700])));
  await page.mouse.click(...(await toScreen(page, [1000, 700])));
  await page.keyboard.press('Escape');
  await expect(page.locator('.ws-drawing')).toHaveCount(0);
  await expect(page.locator('.ws-sel')).toHaveCount(3);
  await page.keyboard.press('Control+s');
  await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
  expectPolygon((await stored(api, id)).selections[2], secondExpected);
  expect((await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body).toHaveLength(1);
});

test('a shape makes a new object unless it is added to one; shapes and list show the label word', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'A dog and a cat');
  const dog = await newObject(api, picture, {
    selections: [{ type: 'bbox', x: 100, y: 100, w: 200, h: 150 }],
  });
  const word = {
    title_de: 'Zeichenhund',
    title_en: 'drawn dog',
    title_sv: 'tecknad hund',
    level: 1,
  };
  expect((await api.post(`/api/cms/db-objects/${dog.id}/words`, word)).status).toBe(201);
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);
  // Named by number and label word on the picture and in the list.
  await expect(page.locator(`text.ws-label`)).toHaveText([`#${dog.id} Zeichenhund`]);
  await expect(objectButton(page, dog.id)).toContainText(`#${dog.id} Zeichenhund`);

  // The dog is chosen, and has a shape: a box drawn now makes a new object (the cat).
  await objectButton(page, dog.id).click();
  await page.keyboard.press('b');
  await expect(page.locator('.ws-hint')).toContainText('Each shape makes a new object.');
  await drag(page, await toScreen(page, [500, 300]), await toScreen(page, [700, 500]));
  await expect(page.locator('button.ws-obj')).toHaveCount(2);
  const [, cat] = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body;
  await expect(objectButton(page, cat.id)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('text.ws-label')).toHaveText([`#${dog.id} Zeichenhund`, `#${cat.id}`]);

  // Adding to the dog is asked for: the next shape joins it, once; Escape takes it back.
  await objectButton(page, dog.id).click();
  const add = page.getByRole('button', { name: `Add a shape to #${dog.id} Zeichenhund` });
  await add.click();
  await expect(page.locator('.ws-hint')).toContainText(
    `The next shape joins object #${dog.id} Zeichenhund`,
  );
  await page.keyboard.press('Escape');
  await expect(page.locator('.ws-hint')).toContainText('Each shape makes a new object.');
  await add.click();
  await drag(page, await toScreen(page, [100, 400]), await toScreen(page, [250, 550]));
  await expect(objectButton(page, dog.id)).toContainText('2 selections');
  await expect(page.locator('.ws-hint')).toContainText('Each shape makes a new object.');
  // "New object" makes an empty one: the next shape goes to it (it has none yet).
  await page.getByRole('button', { name: 'New object' }).click();
  await expect(page.locator('button.ws-obj')).toHaveCount(3);
  await expect(page.locator('.ws-hint')).toContainText('which has none yet');
  const empty = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body[2];
  await drag(page, await toScreen(page, [800, 600]), await toScreen(page, [900, 700]));
  await expect(objectButton(page, empty.id)).toContainText('1 selection');
  await expect(page.locator('button.ws-obj')).toHaveCount(3);
  // Asked to join the dog, then another object chosen on the picture: that ask is dropped.
  await objectButton(page, dog.id).click();
  await add.click();
  await page.keyboard.press('v');
  await page.mouse.click(...(await toScreen(page, [600, 400]))); // the cat's box
  await expect(objectButton(page, cat.id)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('b');
  await expect(page.locator('.ws-hint')).toContainText('Each shape makes a new object.');
  await expectAccessible(page);
  await save(page);
  const objects = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body;
  expect(objects.map((o) => o.selections.length)).toEqual([2, 1, 1]);

  // The cat is named here, in all three languages at once; its shape says so at once.
  await objectButton(page, cat.id).click();
  const form = page.getByRole('form', { name: 'Label word' });
  await expect(form).toContainText('No label word yet');
  await form.getByLabel('German', { exact: true }).fill('Zeichenkatze');
  await form.getByLabel('English', { exact: true }).fill('cat');
  await form.getByLabel('Swedish', { exact: true }).fill('katt');
  await form.getByLabel('Level', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Set label' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Zeichenkatze is the label of object #${cat.id} now.`,
  );
  await expect(form).toContainText('Label: Zeichenkatze (English cat, Swedish katt), level 2.');
  await expect(form.getByRole('button', { name: 'Change label' })).toBeFocused();
  await expect(page.locator('text.ws-label')).toContainText([`#${cat.id} Zeichenkatze`]);
  await expect(objectButton(page, cat.id)).toContainText(`#${cat.id} Zeichenkatze`);
  const words = (await api.get(`/api/cms/db-objects/${cat.id}/words`)).body;
  expect(words.map((w) => [w.title_de, w.title_en, w.title_sv, w.level, w.is_label])).toEqual([
    ['Zeichenkatze', 'cat', 'katt', 2, true],
  ]);
  // An existing word is linked as stored, and the form says so.
  await objectButton(page, objects[2].id).click();
  await form.getByLabel('German', { exact: true }).fill('zeichenhund');
  await form.getByLabel('Level', { exact: true }).fill('5');
  await form.getByRole('button', { name: 'Set label' }).click();
  await expect(form.getByRole('status')).toContainText(
    `Zeichenhund existed already and was linked to object #${objects[2].id} as stored: level 1`,
  );
  // A refused title: the API's message beside its field, nothing linked.
  await objectButton(page, cat.id).click();
  await form.getByLabel('Level', { exact: true }).fill('101');
  await form.getByLabel('German', { exact: true }).fill('Kater');
  await form.getByRole('button', { name: 'Change label' }).click();
  await expect(form.getByLabel('Level', { exact: true })).toHaveAccessibleDescription(
    'level must be an integer from 1 to 100',
  );
  expect((await api.get(`/api/cms/db-objects/${cat.id}/words`)).body).toHaveLength(1);
  await expectAccessible(page);
});

test('the wheel zooms around the pointer; space-drag, the middle button and the pan tool move the picture', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Zoom and pan', { width: 1600, height: 1000 });
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);
  // The picture is shown from its phone rendition when it has one, stretched over its own size.
  expect(
    picture.phone_url,
    'the upload has a phone rendition, smaller than the picture',
  ).toBeTruthy();
  const image = page.locator('.ws-svg image');
  await expect(image).toHaveAttribute('href', picture.phone_url);
  const shown = await image.evaluate(async (node) => {
    const img = new Image();
    img.src = node.getAttribute('href');
    await img.decode();
    return img.naturalWidth;
  });
  expect(shown).toBeLessThan(1600);
  await expect(image).toHaveAttribute('width', '1600');
  await expect(image).toHaveAttribute('height', '1000');

  const before = await scale(page);
  const pointer = await toScreen(page, [1000, 600]);
  await page.mouse.move(...pointer);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => scale(page)).toBeGreaterThan(before * 1.2);
  const under = await toPicture(page, pointer);
  expectNear(under[0], 1000, 'the point under the pointer (x)');
  expectNear(under[1], 600, 'the point under the pointer (y)');
  await expect(page.getByLabel('Zoom', { exact: true })).toHaveText(
    `${Math.round((await scale(page)) * 100)}%`,
  );

  // Each way of panning moves the picture by the drag, and draws nothing.
  const pans = {
    'space held': async (from, to) => {
      await page.keyboard.down(' ');
      await drag(page, from, to);
      await page.keyboard.up(' ');
    },
    'middle button': async (from, to) => {
      await page.mouse.move(...from);
      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(...to, { steps: 4 });
      await page.mouse.up({ button: 'middle' });
    },
    'pan tool': async (from, to) => {
      await page.keyboard.press('h');
      await drag(page, from, to);
    },
  };
  await page.keyboard.press('b');
  for (const [how, pan] of Object.entries(pans)) {
    const from = await toScreen(page, [800, 500]);
    const to = [from[0] - 120, from[1] + 60];
    await pan(from, to);
    const now = await toScreen(page, [800, 500]);
    expect(Math.abs(now[0] - to[0]), how).toBeLessThanOrEqual(1);
    expect(Math.abs(now[1] - to[1]), how).toBeLessThanOrEqual(1);
  }
  await expect(page.locator('.ws-sel')).toHaveCount(0);
  await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
  await page.getByRole('button', { name: 'Fit 0' }).click();
  expect(await scale(page)).toBeCloseTo(before, 5);
  await expectAccessible(page);
});

test('move, resize, undo and redo, delete: the saved result', async ({ page, accounts, api }) => {
  const picture = await newPicture(api, 'Editing shapes');
  const object = await newObject(api, picture, {
    selections: [
      { type: 'bbox', x: 100, y: 100, w: 200, h: 150 },
      {
        type: 'polygon',
        points: [
          [500, 100],
          [700, 150],
          [600, 300],
        ],
      },
    ],
  });
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);
  await expect(page.getByRole('button', { name: 'Select V' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Move the box by dragging it (50, 30 picture pixels).
  const from = await toScreen(page, [200, 175]);
  const to = await toScreen(page, [250, 205]);
  const moved = [
    (await toPicture(page, to))[0] - (await toPicture(page, from))[0],
    (await toPicture(page, to))[1] - (await toPicture(page, from))[1],
  ];
  await drag(page, from, to);
  await expect(page.locator('.ws-handle')).toHaveCount(4);
  // Resize it by its bottom-right corner.
  const corner = await page.locator('[data-handle="se"]').boundingBox();
  const target = await toScreen(page, [420, 360]);
  const resized = await toPicture(page, target);
  await drag(page, [corner.x + corner.width / 2, corner.y + corner.height / 2], target);
  await save(page);
  let box = (await stored(api, object.id)).selections[0];
  expectBox(box, [100 + moved[0], 100 + moved[1]], resized);

  // A polygon's vertex by its handle; undo puts it back, redo (both shortcuts) again.
  await page.mouse.click(...(await toScreen(page, [600, 180])));
  await expect(page.locator('.ws-handle')).toHaveCount(3);
  const vertex = await page.locator('[data-handle="2"]').boundingBox();
  const vertexTo = await toScreen(page, [650, 380]);
  const vertexAt = await toPicture(page, vertexTo);
  await drag(page, [vertex.x + vertex.width / 2, vertex.y + vertex.height / 2], vertexTo);
  const polygon = () => page.locator('polygon.ws-sel');
  const original = '500,100 700,150 600,300';
  await expect(polygon()).not.toHaveAttribute('points', original);
  await page.keyboard.press('Control+z');
  await expect(polygon()).toHaveAttribute('points', original);
  await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
  await page.keyboard.press('Control+Shift+z');
  await expect(polygon()).not.toHaveAttribute('points', original);
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(polygon()).toHaveAttribute('points', original);
  await page.keyboard.press('Control+y');
  await expect(polygon()).not.toHaveAttribute('points', original);
  await expectAccessible(page);
  await save(page);
  expectPolygon((await stored(api, object.id)).selections[1], [[500, 100], [700, 150], vertexAt]);

  // Delete the box with the Delete key; undo brings it back before saving, redo deletes again.
  box = (await stored(api, object.id)).selections[0];
  await page.mouse.click(...(await toScreen(page, [box.x + box.w / 2, box.y + box.h / 2])));
  await expect(page.locator('.ws-handle')).toHaveCount(4);
  await page.keyboard.press('Delete');
  await expect(page.locator('.ws-sel')).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await expect(page.locator('.ws-sel')).toHaveCount(2);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('.ws-sel')).toHaveCount(1);
  await save(page);
  const after = (await stored(api, object.id)).selections;
  expect(after).toHaveLength(1);
  expectPolygon(after[0], [[500, 100], [700, 150], vertexAt]);

  // Without the pointer: ] selects, Shift+arrows move by 10 picture pixels, arrows by 1.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ws-handle')).toHaveCount(0);
  await page.keyboard.press(']');
  await expect(page.locator('.ws-handle')).toHaveCount(3);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await save(page);
  expectPolygon(
    (await stored(api, object.id)).selections[0],
    after[0].points.map(([x, y]) => [x + 10, y + 1]),
  );
});

test('nest an object under another, write notes; leaving unsaved asks first', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Nesting objects');
  const house = await newObject(api, picture, {
    selections: [{ type: 'bbox', x: 240, y: 400, w: 300, h: 320 }],
  });
  const door = await newObject(api, picture, {
    selections: [{ type: 'bbox', x: 350, y: 600, w: 60, h: 110 }],
  });
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);

  // "New object" adds one and chooses it; the next shape would go to it (it has none).
  await page.getByRole('button', { name: 'New object' }).click();
  await expect(page.locator('button.ws-obj')).toHaveCount(3);
  const created = (await api.get(`/api/cms/objects?picture_id=${picture.id}`)).body;
  expect(created).toHaveLength(3);
  await expect(objectButton(page, created[2].id)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: `Object #${created[2].id}` })).toBeVisible();

  await objectButton(page, door.id).click();
  await expect(objectButton(page, door.id)).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Parent').selectOption(String(house.id));
  await page.getByLabel('Notes').fill('The front door, painted green.');
  // Nested at once, before saving, and marked unsaved.
  await expect(
    page.locator(
      `li:has(> button.ws-obj[data-object="${house.id}"]) ul button.ws-obj[data-object="${door.id}"]`,
    ),
  ).toBeVisible();
  await expect(objectButton(page, door.id)).toContainText('(unsaved)');
  await expectAccessible(page);

  // Leaving asks; "stay" keeps the workspace and the changes.
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('link', { name: '← Pictures' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pictures/${picture.id}$`));
  await expect(page.getByLabel('Notes')).toHaveValue('The front door, painted green.');

  await save(page);
  expect(await stored(api, door.id)).toMatchObject({
    parent_id: house.id,
    user_notes: 'The front door, painted green.',
  });
  // The house cannot become the door's child: the door is below it.
  await objectButton(page, house.id).click();
  await expect(page.getByLabel('Parent').locator(`option[value="${door.id}"]`)).toHaveCount(0);

  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: '← Pictures' }).click();
  await expect(page).toHaveURL(/#\/pictures$/);
});

test('finish moves the picture along its flow; a refused finish says why', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Ready to finish');
  await newObject(api, picture, { selections: [{ type: 'bbox', x: 10, y: 10, w: 50, h: 50 }] });
  const older = await newPicture(api, 'Older flow', { status: 'new' });
  const raced = await newPicture(api, 'Finished elsewhere');
  await signIn(page, accounts.editor);

  await openWorkspace(page, picture);
  await expect(page.getByText('Status: draft')).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText('Status: objects created')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finished' })).toBeDisabled();
  // And says what comes next.
  await expect(
    page.getByRole('link', { name: 'name the objects on the Words tab' }),
  ).toHaveAttribute('href', new RegExp(`#/pictures/\\d+/words$`));
  expect((await api.get(`/api/pictures/${picture.id}`)).body.status).toBe('objects_created');
  await expectAccessible(page);

  await openWorkspace(page, older);
  await page.getByRole('button', { name: 'Finish annotation' }).click();
  await expect(page.getByText('Status: drawing created')).toBeVisible();
  expect((await api.get(`/api/pictures/${older.id}`)).body.status).toBe('drawing_created');

  // Someone else finished it after the page loaded: the API's 409 in plain words.
  await openWorkspace(page, raced);
  expect((await api.post(`/api/pictures/${raced.id}/finish`)).status).toBe(200);
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.locator('.ws-finish-box').getByRole('alert')).toHaveText(
    'Not finished: Cannot finish a picture in status objects created',
  );
  await expect(page.getByText('Status: objects created')).toBeVisible();
  await expectAccessible(page);
});

// A second browser (its own cookies), watched like the fixture's page.
async function secondPage(browser, server) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return { page, problems: watchPage(page, server.origin), close: () => context.close() };
}

test('two editors on one object: the second save is offered a reload', async ({
  page,
  browser,
  server,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Two editors');
  const object = await newObject(api, picture, {
    user_notes: 'first notes',
    selections: [{ type: 'bbox', x: 100, y: 100, w: 100, h: 100 }],
  });
  const other = await secondPage(browser, server);
  try {
    await signIn(page, accounts.editor);
    await signIn(other.page, accounts.editor2);
    await openWorkspace(page, picture);
    await openWorkspace(other.page, picture);

    // The first editor changes the notes and saves.
    await page.getByLabel('Notes').fill('changed by editor one');
    await save(page);

    // The second editor, still on the old version, adds a box to the object and saves:
    // refused, nothing overwritten, a reload offered; the local change stays until the editor
    // chooses.
    await other.page.getByRole('button', { name: `Add a shape to #${object.id}` }).click();
    await drag(
      other.page,
      await toScreen(other.page, [400, 400]),
      await toScreen(other.page, [600, 500]),
    );
    await expect(other.page.locator('.ws-sel')).toHaveCount(2);
    await other.page.getByRole('button', { name: /^Save/ }).click();
    const problem = other.page.locator('.ws-save-msg');
    await expect(problem).toContainText(
      `Object #${object.id} not saved: Changed by someone else: reload`,
    );
    await expect(other.page.locator('.ws-save-msg[role="alert"]')).toBeVisible();
    await expectAccessible(other.page);
    await expect(other.page.locator('.ws-sel')).toHaveCount(2);
    expect(await stored(api, object.id)).toMatchObject({
      user_notes: 'changed by editor one',
      selections: [object.selections[0]],
    });

    await other.page.getByRole('button', { name: `Reload object #${object.id}` }).click();
    await expect(other.page.getByLabel('Notes')).toHaveValue('changed by editor one');
    await expect(other.page.locator('.ws-sel')).toHaveCount(1);
    await expect(other.page.locator('.ws-unsaved')).toHaveText('All changes saved');
    await expect(problem).toBeEmpty();

    // After the reload the second editor's edits save over the new version.
    await other.page.getByRole('button', { name: `Add a shape to #${object.id}` }).click();
    await drag(
      other.page,
      await toScreen(other.page, [400, 400]),
      await toScreen(other.page, [600, 500]),
    );
    await save(other.page);
    const final = await stored(api, object.id);
    expect(final.user_notes).toBe('changed by editor one');
    expect(final.selections).toHaveLength(2);
    expect(other.problems, 'the second page stayed clean').toEqual([]);
  } finally {
    await other.close();
  }
});

// The screenshot of docs/studio.md (1280 x 800), taken only when asked, like the others:
//   LL_DOCS_SCREENSHOTS=$PWD/docs/studio tests/browser/run.sh build/test sqlite workspace
test('screenshot of the workspace with a box and a polygon', async ({ page, accounts, api }) => {
  const target = process.env.LL_DOCS_SCREENSHOTS;
  test.skip(!target, 'LL_DOCS_SCREENSHOTS is not set');
  const picture = await newPicture(api, 'Sun over the hills');
  const sky = await newObject(api, picture, { user_notes: 'Sky' });
  await newObject(api, picture, { user_notes: 'Hills', parent_id: null });
  await signIn(page, accounts.editor);
  await openWorkspace(page, picture);
  // The sun (a box) as a part of the sky, the nearer hill (a polygon) as its own object.
  await page.getByRole('button', { name: 'New object' }).click();
  await expect(page.locator('button.ws-obj[aria-pressed="true"]')).toHaveText(/^#3/);
  await page.getByLabel('Parent').selectOption(String(sky.id));
  await page.getByLabel('Notes').fill('Sun');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Box B' }).click();
  await drag(page, await toScreen(page, [375, 150]), await toScreen(page, [610, 390]));
  await page.locator('button.ws-obj').filter({ hasText: 'Hills' }).click();
  await page.keyboard.press('p');
  for (const p of [
    [40, 640],
    [330, 560],
    [640, 600],
    [900, 700],
    [880, 860],
    [60, 860],
  ])
    await page.mouse.click(...(await toScreen(page, p)));
  await page.keyboard.press('Enter');
  await page.keyboard.press('v');
  // The hills named while drawing: their shape and list entry carry the label word.
  const form = page.getByRole('form', { name: 'Label word' });
  await form.getByLabel('German', { exact: true }).fill('Hügel');
  await form.getByLabel('English', { exact: true }).fill('hill');
  await form.getByLabel('Swedish', { exact: true }).fill('kulle');
  await form.getByRole('button', { name: 'Set label' }).click();
  await expect(page.locator('text.ws-label')).toContainText(['#2 Hügel']);
  await page.keyboard.press('Control+s');
  await expect(page.locator('.ws-unsaved')).toHaveText('All changes saved');
  await page.mouse.click(...(await toScreen(page, [400, 700])));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(target, 'workspace.png') });
});
