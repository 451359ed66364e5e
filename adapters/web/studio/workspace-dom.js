// Small helpers of the screens' modules: dom.js's el (elements are never built from HTML
// strings) and loading a screen's stylesheet. Their words are in messages.js.
import { el } from './dom.js';

export { el };

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
