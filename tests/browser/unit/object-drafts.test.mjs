// node --test of the workspace's object drafts (adapters/web/studio/object-drafts.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ObjectDrafts } from "../../../adapters/web/studio/object-drafts.js";

const obj = (id, parent_id = null, extra = {}) => ({
  id, picture_id: 1, parent_id, user_notes: null, selections: [], status: "draft", ...extra,
});

test("a draft is unsaved until it equals the server's version again", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), '"e1"');
  assert.equal(d.isDirty(1), false);
  const before = d.draft(1);
  d.setDraft(1, { ...before, selections: [{ type: "bbox", x: 1, y: 2, w: 3, h: 4 }] });
  assert.deepEqual(d.dirtyIds(), [1]);
  assert.deepEqual(d.patchBody(1), { selections: [{ type: "bbox", x: 1, y: 2, w: 3, h: 4 }] });
  d.setDraft(1, before);
  assert.equal(d.isDirty(1), false);
});

test("patchBody names only changed fields; cleared notes are sent as an empty string", () => {
  const d = new ObjectDrafts();
  d.put(obj(1, null, { user_notes: "old" }), null);
  d.put(obj(2), null);
  d.setDraft(1, { ...d.draft(1), user_notes: "", parent_id: 2 });
  assert.deepEqual(d.patchBody(1), { parent_id: 2, user_notes: "" });
});

test("saved follows the server unless the draft changed during the request", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), '"e1"');
  const sent = { ...d.draft(1), user_notes: "a" };
  d.setDraft(1, sent);
  d.saved(1, obj(1, null, { user_notes: "a" }), '"e2"', sent);
  assert.equal(d.etag(1), '"e2"');
  assert.equal(d.isDirty(1), false);
  const sent2 = { ...d.draft(1), user_notes: "b" };
  d.setDraft(1, { ...sent2, user_notes: "bc" });
  d.saved(1, obj(1, null, { user_notes: "b" }), '"e3"', sent2);
  assert.equal(d.draft(1).user_notes, "bc");
  assert.equal(d.isDirty(1), true);
});

test("tree nests by the drafts' parents; unknown parents and loops become roots", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), null);
  d.put(obj(2, 1), null);
  d.put(obj(3, 2), null);
  d.put(obj(4, 99), null);
  assert.deepEqual(d.tree(), [
    { id: 1, children: [{ id: 2, children: [{ id: 3, children: [] }] }] },
    { id: 4, children: [] },
  ]);
  d.setDraft(1, { ...d.draft(1), parent_id: 3 });
  const ids = JSON.stringify(d.tree());
  for (const id of [1, 2, 3, 4]) assert.ok(ids.includes(`"id":${id}`));
});

test("parentChoices leaves out the object and everything below it", () => {
  const d = new ObjectDrafts();
  d.put(obj(1), null);
  d.put(obj(2, 1), null);
  d.put(obj(3, 2), null);
  d.put(obj(4), null);
  assert.deepEqual(d.parentChoices(1), [4]);
  assert.deepEqual(d.parentChoices(3), [1, 2, 4]);
});
