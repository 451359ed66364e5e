// Playwright's runner (no browser) for the workspace's object drafts (adapters/web/studio/object-drafts.js).
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let ObjectDrafts;
test.beforeAll(async () => {
  ({ ObjectDrafts } = await studioModule('object-drafts.js'));
});

const obj = (id, parent_id = null, extra = {}) => ({
  id,
  picture_id: 1,
  parent_id,
  user_notes: null,
  selections: [],
  status: 'draft',
  ...extra,
});

test("a draft is unsaved until it equals the server's version again", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), '"e1"');
  expect(d.isDirty(1)).toBe(false);
  const before = d.draft(1);
  d.setDraft(1, { ...before, selections: [{ type: 'bbox', x: 1, y: 2, w: 3, h: 4 }] });
  expect(d.dirtyIds()).toEqual([1]);
  expect(d.patchBody(1)).toEqual({ selections: [{ type: 'bbox', x: 1, y: 2, w: 3, h: 4 }] });
  d.setDraft(1, before);
  expect(d.isDirty(1)).toBe(false);
});

test('patchBody names only changed fields; cleared notes are sent as an empty string', () => {
  const d = new ObjectDrafts();
  d.put(obj(1, null, { user_notes: 'old' }), null);
  d.put(obj(2), null);
  d.setDraft(1, { ...d.draft(1), user_notes: '', parent_id: 2 });
  expect(d.patchBody(1)).toEqual({ parent_id: 2, user_notes: '' });
});

test('saved follows the server unless the draft changed during the request', () => {
  const d = new ObjectDrafts();
  d.put(obj(1), '"e1"');
  const sent = { ...d.draft(1), user_notes: 'a' };
  d.setDraft(1, sent);
  d.saved(1, obj(1, null, { user_notes: 'a' }), '"e2"', sent);
  expect(d.etag(1)).toBe('"e2"');
  expect(d.isDirty(1)).toBe(false);
  const sent2 = { ...d.draft(1), user_notes: 'b' };
  d.setDraft(1, { ...sent2, user_notes: 'bc' });
  d.saved(1, obj(1, null, { user_notes: 'b' }), '"e3"', sent2);
  expect(d.draft(1).user_notes).toBe('bc');
  expect(d.isDirty(1)).toBe(true);
});

test("tree nests by the drafts' parents; unknown parents and loops become roots", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), null);
  d.put(obj(2, 1), null);
  d.put(obj(3, 2), null);
  d.put(obj(4, 99), null);
  expect(d.tree()).toEqual([
    { id: 1, children: [{ id: 2, children: [{ id: 3, children: [] }] }] },
    { id: 4, children: [] },
  ]);
  d.setDraft(1, { ...d.draft(1), parent_id: 3 });
  const ids = JSON.stringify(d.tree());
  for (const id of [1, 2, 3, 4]) expect(ids).toContain(`"id":${id}`);
});

test('parentChoices leaves out the object and everything below it', () => {
  const d = new ObjectDrafts();
  d.put(obj(1), null);
  d.put(obj(2, 1), null);
  d.put(obj(3, 2), null);
  d.put(obj(4), null);
  expect(d.parentChoices(1)).toEqual([4]);
  expect(d.parentChoices(3)).toEqual([1, 2, 4]);
});
