// Small helpers of the screens' modules: dom.js's el (elements are never built from HTML
// strings), SVG elements and an object's selection as its shape, and loading a screen's
// stylesheet. Their words are in messages.js.
import { el } from './dom.js';
import { pointsAttribute } from './geometry.js';

export { el };

const SVG = 'http://www.w3.org/2000/svg';

// An SVG element with these attributes (el() makes HTML elements).
export function svg(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// A selection ({type: 'bbox', x, y, w, h} or {type: 'polygon', points}) as its SVG shape, in
// picture pixels, with `attrs` beside: the workspace's stage and the learner preview's outline.
export function selectionShape(sel, attrs = {}) {
  return sel.type === 'bbox'
    ? svg('rect', { ...attrs, x: sel.x, y: sel.y, width: sel.w, height: sel.h })
    : svg('polygon', { ...attrs, points: pointsAttribute(sel.points) });
}

// The workspace's styles, beside this module (same versioned path, so the page's
// Content-Security-Policy "style-src 'self'" allows them); added once. Resolves when they apply,
// so the stage is measured with its real size.
export function loadStylesheet(name) {
  const href = new URL(`./${name}`, import.meta.url).href;
  const found = [...document.querySelectorAll('link[rel="stylesheet"]')].find(
    (l) => l.href === href,
  );
  if (found)
    return found.sheet
      ? Promise.resolve()
      : new Promise((r) => found.addEventListener('load', r, { once: true }));
  const link = el('link', { rel: 'stylesheet', href });
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
  });
  document.head.append(link);
  return loaded;
}
