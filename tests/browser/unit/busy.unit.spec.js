// Playwright's runner (no browser) for busy() (adapters/web/studio/dom.js), which every button
// that waits for a request uses: disabled while the request runs, enabled again afterwards
// (also after a failure), a second click meanwhile does nothing, a region is aria-busy.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let busy;
test.beforeAll(async () => {
  ({ busy } = await studioModule('dom.js'));
});

const button = (disabled = false) => ({ disabled });
const region = () => {
  const attributes = new Map();
  return {
    attributes,
    setAttribute: (name, value) => attributes.set(name, value),
    removeAttribute: (name) => attributes.delete(name),
  };
};

test('one button: disabled while fn runs, enabled after; fn runs once; its result comes back', async () => {
  const b = button();
  let release;
  let runs = 0;
  const first = busy(b, () => {
    runs += 1;
    return new Promise((resolve) => (release = resolve));
  });
  expect(b.disabled).toBe(true);
  // A second click while the first waits does nothing.
  expect(await busy(b, () => (runs += 1))).toBeUndefined();
  expect(runs).toBe(1);
  release('stored');
  expect(await first).toBe('stored');
  expect(b.disabled).toBe(false);
});

test('a failure enables the buttons too, and is not swallowed', async () => {
  const b = button();
  await expect(busy(b, async () => Promise.reject(new Error('refused')))).rejects.toThrow(
    'refused',
  );
  expect(b.disabled).toBe(false);
});

test('a list: the enabled ones wait and come back, the disabled ones stay so; the region is busy', async () => {
  const [a, b, off] = [button(), button(), button(true)];
  const r = region();
  let during;
  await busy(
    [a, b, off],
    async () => {
      during = [a.disabled, b.disabled, off.disabled, r.attributes.get('aria-busy')];
    },
    r,
  );
  expect(during).toEqual([true, true, true, 'true']);
  expect([a.disabled, b.disabled, off.disabled]).toEqual([false, false, true]);
  expect(r.attributes.has('aria-busy')).toBe(false);
  // All disabled: nothing runs.
  let ran = false;
  await busy([off], async () => (ran = true));
  expect(ran).toBe(false);
});
