// Geometry of the picture workspace (docs/studio.md "Picture workspace"): selections are kept
// and stored in pixels of the picture (docs/openapi-authoring.yaml, Selection), whatever the
// zoom; the view maps them to the screen. Pure functions, no DOM, so node --test checks them.

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 32;

export function clamp(v, lo, hi) {
  return Math.min(hi, Math.max(lo, v));
}

// Stored coordinates are whole picture pixels: finer precision than the picture has means
// nothing, and whole numbers keep the stored JSON readable.
export function roundPixel(v) {
  return Math.round(v);
}

// A view: the picture pixel at the stage's top-left corner (x, y) and screen pixels per picture
// pixel (scale).
export function fitView(stageW, stageH, picW, picH, margin = 16) {
  const availW = Math.max(1, stageW - 2 * margin);
  const availH = Math.max(1, stageH - 2 * margin);
  const scale = clamp(Math.min(availW / picW, availH / picH), MIN_SCALE, MAX_SCALE);
  // Centre the picture in the stage.
  return { scale, x: picW / 2 - stageW / 2 / scale, y: picH / 2 - stageH / 2 / scale };
}

// Zooms by factor, keeping the picture point (px, py) where it is on the screen.
export function zoomAt(view, factor, px, py) {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const k = view.scale / scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

// Pans by a distance in screen pixels.
export function panBy(view, dxScreen, dyScreen) {
  return {
    scale: view.scale,
    x: view.x - dxScreen / view.scale,
    y: view.y - dyScreen / view.scale,
  };
}

export function stageToPicture(view, sx, sy) {
  return [view.x + sx / view.scale, view.y + sy / view.scale];
}

export function pictureToStage(view, px, py) {
  return [(px - view.x) * view.scale, (py - view.y) * view.scale];
}

// The SVG viewBox that shows the view on a stage of stageW x stageH screen pixels: the SVG's
// user units are picture pixels.
export function viewBox(view, stageW, stageH) {
  return [view.x, view.y, stageW / view.scale, stageH / view.scale]
    .map((v) => +v.toFixed(4))
    .join(' ');
}

export function clampPoint(px, py, picW, picH) {
  return [roundPixel(clamp(px, 0, picW)), roundPixel(clamp(py, 0, picH))];
}

// A box from two corners in any order, within the picture; null when it has no area.
export function boxFromCorners(x0, y0, x1, y1, picW, picH) {
  const [ax, ay] = clampPoint(Math.min(x0, x1), Math.min(y0, y1), picW, picH);
  const [bx, by] = clampPoint(Math.max(x0, x1), Math.max(y0, y1), picW, picH);
  if (bx - ax < 1 || by - ay < 1) return null;
  return { type: 'bbox', x: ax, y: ay, w: bx - ax, h: by - ay };
}

export function polygonArea(points) {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

// A polygon from clicked points within the picture, repeated neighbours dropped; null when
// fewer than 3 points remain or it encloses nothing (the API wants 3 to 10000 points).
export function polygonFromPoints(points, picW, picH) {
  const kept = [];
  for (const [x, y] of points) {
    const p = clampPoint(x, y, picW, picH);
    const last = kept[kept.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) kept.push(p);
  }
  while (
    kept.length > 1 &&
    kept[0][0] === kept[kept.length - 1][0] &&
    kept[0][1] === kept[kept.length - 1][1]
  ) {
    kept.pop();
  }
  if (kept.length < 3 || kept.length > 10000 || polygonArea(kept) === 0) return null;
  return { type: 'polygon', points: kept };
}

export function bounds(sel) {
  if (sel.type === 'bbox')
    return { minX: sel.x, minY: sel.y, maxX: sel.x + sel.w, maxY: sel.y + sel.h };
  const xs = sel.points.map((p) => p[0]);
  const ys = sel.points.map((p) => p[1]);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

// Moves a selection by (dx, dy) picture pixels, held inside the picture as a whole (it stops at
// the edge instead of being squashed).
export function translate(sel, dx, dy, picW, picH) {
  const b = bounds(sel);
  const mx = roundPixel(clamp(dx, -b.minX, picW - b.maxX));
  const my = roundPixel(clamp(dy, -b.minY, picH - b.maxY));
  if (sel.type === 'bbox') return { ...sel, x: sel.x + mx, y: sel.y + my };
  return { type: 'polygon', points: sel.points.map(([x, y]) => [x + mx, y + my]) };
}

// The corners of a box, named by compass points; a handle drags its corner while the opposite
// one stays.
export const CORNERS = ['nw', 'ne', 'se', 'sw'];

export function cornerPoint(box, corner) {
  const x = corner.includes('w') ? box.x : box.x + box.w;
  const y = corner.includes('n') ? box.y : box.y + box.h;
  return [x, y];
}

export function resizeBox(box, corner, px, py, picW, picH) {
  const opposite = { nw: 'se', ne: 'sw', se: 'nw', sw: 'ne' }[corner];
  const [ox, oy] = cornerPoint(box, opposite);
  return boxFromCorners(ox, oy, px, py, picW, picH) || box;
}

export function moveVertex(polygon, index, px, py, picW, picH) {
  const points = polygon.points.map((p, i) => (i === index ? clampPoint(px, py, picW, picH) : p));
  return polygonArea(points) === 0 ? polygon : { type: 'polygon', points };
}

// A selection as the API stores it, only the fields of its type (ContentObject.selections has
// additionalProperties: false).
export function normalizeSelection(sel) {
  if (sel.type === 'bbox') return { type: 'bbox', x: sel.x, y: sel.y, w: sel.w, h: sel.h };
  return { type: 'polygon', points: sel.points.map(([x, y]) => [x, y]) };
}

// The SVG "points" attribute of a polygon.
export function pointsAttribute(points) {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}
