// Playwright's runner (no browser) for the content's history in words (adapters/web/studio/
// changes.js): field names, values, who made a change, where its item is edited, the API's
// paths for a scope.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let changes;
test.beforeAll(async () => {
  changes = await studioModule('changes.js');
});

const change = (fields) => ({
  id: 12,
  at: '2026-03-12T14:05:00Z',
  editor_id: 3,
  editor_email: 'editor@example.com',
  item: 'statements',
  item_id: 5,
  action: 'update',
  picture_id: 7,
  before: null,
  after: null,
  ...fields,
});

test("a change's fields before and after, in words", () => {
  const rows = changes.changeRows(
    change({
      before: { text_de: 'Der Hund bellt.', draft: null, short_answer_se: 'hund' },
      after: {
        text_de: 'Der Hund schläft.',
        draft: { text_de: 'Der Hund spielt.', text_en: null, status: 'draft' },
        short_answer_se: null,
        categories: [2, 4],
      },
    }),
  );
  expect(rows).toEqual([
    {
      key: 'text_de',
      field: 'German text',
      lang: 'de',
      before: 'Der Hund bellt.',
      after: 'Der Hund schläft.',
    },
    {
      key: 'draft',
      field: 'Draft',
      lang: null,
      before: null,
      after: ['German text: Der Hund spielt.', 'English text: —', 'Not reviewed yet'],
    },
    {
      key: 'short_answer_se',
      field: 'Swedish short answer',
      lang: 'sv',
      before: 'hund',
      after: null,
    },
    {
      key: 'categories',
      field: 'Categories',
      lang: null,
      before: null,
      after: ['Category #2', 'Category #4'],
    },
  ]);
  expect(changes.fieldList(change({ after: { status: 'reviewed', audio_text_sv: 'a.mp3' } }))).toBe(
    'Status, Audio: Swedish text',
  );
});

test('values: links, selections, ids, flags, empty lists', () => {
  expect(
    changes.valueText('words', [
      { word_id: 3, role: 'answer' },
      { word_id: 4, is_label: true },
    ]),
  ).toEqual(['Word #3 (answer)', 'Word #4 (label)']);
  expect(changes.valueText('words', [9])).toEqual(['Word #9']);
  expect(
    changes.valueText('selections', [
      { type: 'bbox', x: 1, y: 2, w: 30, h: 40 },
      {
        type: 'polygon',
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    ]),
  ).toEqual(['Box at 1, 2, 30 × 40', 'Polygon of 3 points']);
  expect(changes.valueText('object_id', 8)).toBe('Object #8');
  expect(changes.valueText('objects_created', true)).toBe('yes');
  expect(changes.valueText('categories', [])).toBeNull();
  expect(changes.valueText('level', 4)).toBe('4');
  expect(changes.valueText('status', 'reviewed')).toBe('Reviewed');
  expect(changes.valueText('answer_type', 'yes_no')).toBe('Yes / no');
  expect(changes.valueText('audio_text_de', '3a59c1d2e4f5a6b7.wav')).toBe('Recording 3a59c1d2…');
  expect(changes.valueText('draft', { text_de: 'Ein Hund.', status: 'reviewed' })).toEqual([
    'German text: Ein Hund.',
    'Reviewed',
  ]);
});

test('who: the editor, "you", the system', () => {
  expect(changes.whoText(change({}), 9)).toBe('editor@example.com');
  expect(changes.whoText(change({}), 3)).toBe('editor@example.com (you)');
  expect(changes.whoText(change({ editor_id: null, editor_email: null }), 3)).toBe('System');
  expect(changes.whoText(change({ editor_email: null }), 9)).toBe('Account #3');
  expect(changes.actionText(change({ action: 'create' }))).toBe('Created');
});

test("restore is offered for a text's change with an earlier version", () => {
  expect(changes.restorable(change({ before: { text_de: 'a' } }))).toBe(true);
  expect(changes.restorable(change({ action: 'create', after: { text_de: 'a' } }))).toBe(false);
  expect(changes.restorable(change({ item: 'pairs', before: { level: 1 } }))).toBe(false);
  // A review or publish alone changed no text: nothing to restore.
  expect(changes.restorable(change({ before: { status: 'draft' } }))).toBe(false);
  expect(changes.restorable(change({ before: { draft: null } }))).toBe(true);
  // A review of the draft changes its status, not its texts: nothing to restore.
  expect(
    changes.restorable(
      change({
        before: { draft: { text_de: 'a', text_en: null, text_sv: null, status: 'draft' } },
        after: { draft: { text_de: 'a', text_en: null, text_sv: null, status: 'reviewed' } },
      }),
    ),
  ).toBe(false);
  expect(
    changes.restorable(
      change({
        before: { draft: { text_de: 'a', status: 'draft' } },
        after: { draft: { text_de: 'b', status: 'draft' } },
      }),
    ),
  ).toBe(true);
  expect(
    changes.restorable(change({ item: 'questions', before: { short_answer_se: 'hund' } })),
  ).toBe(true);
});

test('where an item is edited', () => {
  expect(changes.itemPlace(change({}))).toEqual({
    href: '#/pictures/7/texts',
    where: ' on the Texts tab of picture #7',
  });
  expect(changes.itemPlace(change({ item: 'pairs', item_id: 9 })).href).toBe(
    '#/pictures/7/pairs?pair=9',
  );
  expect(changes.itemPlace(change({ item: 'pictures', item_id: 7, picture_id: null })).href).toBe(
    '#/pictures/7',
  );
  expect(changes.itemPlace(change({ item: 'words', picture_id: null }))).toBeNull();
});

test('the API paths and addresses of a scope', () => {
  expect(changes.changesPath({}, null, null)).toBe('/api/content/changes');
  expect(changes.changesPath({ item: { table: 'pairs', id: 4 } }, 30, 20)).toBe(
    '/api/content/changes?item=pairs&item_id=4&before=30&limit=20',
  );
  // One filter only: a picture's, an editor among them kept by the page.
  expect(changes.changesPath({ picture: 7, editor: 3 })).toBe('/api/content/changes?picture_id=7');
  expect(changes.changesPath({ editor: 3 })).toBe('/api/content/changes?editor_id=3');
  const kept = changes.keptBy({ picture: 7, editor: 3 });
  expect(kept(change({}))).toBe(true);
  expect(kept(change({ editor_id: null }))).toBe(false);
  expect(changes.keptBy({ editor: 3 })(change({ editor_id: null }))).toBe(true);
  expect(changes.activityHash({ picture: 7, editor: 3 })).toBe('#/activity?picture=7&editor=3');
  expect(changes.activityHash()).toBe('#/activity');
});
