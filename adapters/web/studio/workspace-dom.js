// Small helpers of the workspace's modules: the wording of errors and statuses, and the
// workspace's stylesheet. Elements are built with dom.js's el (never from HTML strings).
import { el } from './dom.js';

export { el };

const STATUS_WORDS = {
  new: 'new',
  drawing_created: 'drawing created',
  draft: 'draft',
  objects_created: 'objects created',
};

export function humanStatus(status) {
  return STATUS_WORDS[status] || status;
}

// An API error in plain words: the API's own message (ApiError.message, docs/studio.md) with
// status names as words; a failed request without an answer says so.
export function errorText(e) {
  if (e && typeof e.status === 'number' && e.message) {
    return e.message.replace(/\b(drawing_created|objects_created)\b/g, (s) => humanStatus(s));
  }
  return 'the server could not be reached; check the connection and try again.';
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
