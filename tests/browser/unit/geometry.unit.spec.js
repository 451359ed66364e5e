// Playwright's runner (no browser) for the workspace's geometry (adapters/web/studio/geometry.js): the mapping between
// the screen and picture pixels, and the shapes' edits within the picture.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let g;
test.beforeAll(async () => {
  g = await studioModule('geometry.js');
});

test('fitView centres the picture and shows all of it', () => {
  const v = g.fitView(1000, 500, 2000, 1000, 0);
  expect(v.scale).toBe(0.5);
  expect(g.pictureToStage(v, 0, 0)).toEqual([0, 0]);
  expect(g.pictureToStage(v, 2000, 1000)).toEqual([1000, 500]);
  const tall = g.fitView(1000, 500, 100, 100, 0);
  expect(tall.scale).toBe(5);
  expect(g.pictureToStage(tall, 50, 50)).toEqual([500, 250]);
});

test('stage and picture coordinates are inverse of each other at any zoom', () => {
  let v = { scale: 1, x: 0, y: 0 };
  v = g.zoomAt(v, 2.5, 100, 40);
  v = g.panBy(v, 30, -12);
  const [px, py] = g.stageToPicture(v, 321, 123);
  const [sx, sy] = g.pictureToStage(v, px, py);
  expect(Math.abs(sx - 321) < 1e-9 && Math.abs(sy - 123) < 1e-9).toBe(true);
});

test('zoomAt keeps the anchor point in place and stays within the scale limits', () => {
  const v = { scale: 1, x: 10, y: 20 };
  const before = g.pictureToStage(v, 200, 150);
  const z = g.zoomAt(v, 3, 200, 150);
  expect(z.scale).toBe(3);
  const after = g.pictureToStage(z, 200, 150);
  expect(Math.abs(before[0] - after[0]) < 1e-9 && Math.abs(before[1] - after[1]) < 1e-9).toBe(true);
  expect(g.zoomAt(v, 1e6, 0, 0).scale).toBe(g.MAX_SCALE);
  expect(g.zoomAt(v, 1e-6, 0, 0).scale).toBe(g.MIN_SCALE);
});

test('viewBox is the visible region in picture pixels', () => {
  expect(g.viewBox({ scale: 2, x: 10, y: 5 }, 800, 600)).toBe('10 5 400 300');
});

test('boxFromCorners orders, clamps and rounds; a box without area is null', () => {
  expect(g.boxFromCorners(50.4, 80.6, 10.2, 20, 64, 48)).toEqual({
    type: 'bbox',
    x: 10,
    y: 20,
    w: 40,
    h: 28,
  });
  expect(g.boxFromCorners(-5, -5, 10, 10, 64, 48)).toEqual({
    type: 'bbox',
    x: 0,
    y: 0,
    w: 10,
    h: 10,
  });
  expect(g.boxFromCorners(5, 5, 5.2, 30, 64, 48)).toBe(null);
});

test('polygonFromPoints drops repeated points and refuses fewer than 3 or no area', () => {
  expect(
    g.polygonFromPoints(
      [
        [1, 1],
        [1, 1],
        [10, 1],
        [10, 10],
        [1, 1],
      ],
      64,
      48,
    ),
  ).toEqual({
    type: 'polygon',
    points: [
      [1, 1],
      [10, 1],
      [10, 10],
    ],
  });
  expect(
    g.polygonFromPoints(
      [
        [1, 1],
        [10, 1],
      ],
      64,
      48,
    ),
  ).toBe(null);
  expect(
    g.polygonFromPoints(
      [
        [1, 1],
        [5, 1],
        [10, 1],
      ],
      64,
      48,
    ),
  ).toBe(null);
  expect(
    g.polygonFromPoints(
      [
        [-3, 2],
        [100, 2],
        [50, 90],
      ],
      64,
      48,
    ).points,
  ).toEqual([
    [0, 2],
    [64, 2],
    [50, 48],
  ]);
});

test('translate keeps a selection whole inside the picture', () => {
  const box = { type: 'bbox', x: 10, y: 10, w: 20, h: 10 };
  expect(g.translate(box, 5, -3, 64, 48)).toEqual({ type: 'bbox', x: 15, y: 7, w: 20, h: 10 });
  expect(g.translate(box, 100, 100, 64, 48)).toEqual({ type: 'bbox', x: 44, y: 38, w: 20, h: 10 });
  const poly = {
    type: 'polygon',
    points: [
      [5, 5],
      [15, 5],
      [10, 12],
    ],
  };
  expect(g.translate(poly, -10, 0, 64, 48).points).toEqual([
    [0, 5],
    [10, 5],
    [5, 12],
  ]);
});

test('resizeBox moves one corner and keeps the opposite; flipping past it works', () => {
  const box = { type: 'bbox', x: 10, y: 10, w: 20, h: 10 };
  expect(g.resizeBox(box, 'se', 40, 30, 64, 48)).toEqual({
    type: 'bbox',
    x: 10,
    y: 10,
    w: 30,
    h: 20,
  });
  expect(g.resizeBox(box, 'nw', 0, 0, 64, 48)).toEqual({ type: 'bbox', x: 0, y: 0, w: 30, h: 20 });
  expect(g.resizeBox(box, 'se', 5, 5, 64, 48)).toEqual({ type: 'bbox', x: 5, y: 5, w: 5, h: 5 });
  expect(g.resizeBox(box, 'ne', 10, 20, 64, 48), 'a box without area is refused').toEqual(box);
});

test('moveVertex moves one point within the picture', () => {
  const poly = {
    type: 'polygon',
    points: [
      [5, 5],
      [15, 5],
      [10, 12],
    ],
  };
  expect(g.moveVertex(poly, 2, 70, 30.4, 64, 48).points).toEqual([
    [5, 5],
    [15, 5],
    [64, 30],
  ]);
});

test('normalizeSelection keeps only the stored fields', () => {
  expect(g.normalizeSelection({ type: 'bbox', x: 1, y: 2, w: 3, h: 4, extra: 1 })).toEqual({
    type: 'bbox',
    x: 1,
    y: 2,
    w: 3,
    h: 4,
  });
});
