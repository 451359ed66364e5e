// Playwright's runner (no browser) for the workspace's undo history (adapters/web/studio/history.js).
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let History;
test.beforeAll(async () => {
  ({ History } = await studioModule('history.js'));
});

test('undo gives the latest edit, redo gives it back, a new edit drops the redo', () => {
  const h = new History();
  expect(h.canUndo).toBe(false);
  h.push({ key: 1, before: 'a', after: 'b' });
  h.push({ key: 1, before: 'b', after: 'c' });
  expect(h.undo().before).toBe('b');
  expect(h.canRedo).toBe(true);
  expect(h.redo().after).toBe('c');
  expect(h.undo().before).toBe('b');
  h.push({ key: 1, before: 'b', after: 'd' });
  expect(h.canRedo).toBe(false);
  expect(h.undo().before).toBe('b');
  expect(h.undo().before).toBe('a');
  expect(h.undo()).toBe(null);
});

test('an edit that changes nothing is not recorded', () => {
  const h = new History();
  expect(h.push({ key: 1, before: { a: [1] }, after: { a: [1] } })).toBe(false);
  expect(h.canUndo).toBe(false);
});

test("forget drops one key's entries only; the limit drops the oldest", () => {
  const h = new History(2);
  h.push({ key: 1, before: 0, after: 1 });
  h.push({ key: 2, before: 0, after: 1 });
  h.push({ key: 1, before: 1, after: 2 });
  expect(h.done.length).toBe(2);
  h.forget(1);
  expect(h.done.map((e) => e.key)).toEqual([2]);
});
