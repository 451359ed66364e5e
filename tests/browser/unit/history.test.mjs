// node --test of the workspace's undo history (adapters/web/studio/history.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { History } from "../../../adapters/web/studio/history.js";

test("undo gives the latest edit, redo gives it back, a new edit drops the redo", () => {
  const h = new History();
  assert.equal(h.canUndo, false);
  h.push({ key: 1, before: "a", after: "b" });
  h.push({ key: 1, before: "b", after: "c" });
  assert.equal(h.undo().before, "b");
  assert.equal(h.canRedo, true);
  assert.equal(h.redo().after, "c");
  assert.equal(h.undo().before, "b");
  h.push({ key: 1, before: "b", after: "d" });
  assert.equal(h.canRedo, false);
  assert.equal(h.undo().before, "b");
  assert.equal(h.undo().before, "a");
  assert.equal(h.undo(), null);
});

test("an edit that changes nothing is not recorded", () => {
  const h = new History();
  assert.equal(h.push({ key: 1, before: { a: [1] }, after: { a: [1] } }), false);
  assert.equal(h.canUndo, false);
});

test("forget drops one key's entries only; the limit drops the oldest", () => {
  const h = new History(2);
  h.push({ key: 1, before: 0, after: 1 });
  h.push({ key: 2, before: 0, after: 1 });
  h.push({ key: 1, before: 1, after: 2 });
  assert.equal(h.done.length, 2);
  h.forget(1);
  assert.deepEqual(h.done.map((e) => e.key), [2]);
});
