// Small DOM helpers of the workspace's modules: elements built from data (never from HTML
// strings, so no text is ever parsed as markup) and the wording of errors and statuses.

export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  node.append(...(Array.isArray(children) ? children : [children]));
  return node;
}

const STATUS_WORDS = {
  new: "new",
  drawing_created: "drawing created",
  draft: "draft",
  objects_created: "objects created",
};

export function humanStatus(status) {
  return STATUS_WORDS[status] || status;
}

// An API error in plain words: the API's own message (ApiError.message, docs/studio.md) with
// status names as words; a failed request without an answer says so.
export function errorText(e) {
  if (e && typeof e.status === "number" && e.message) {
    return e.message.replace(/\b(drawing_created|objects_created)\b/g, (s) => humanStatus(s));
  }
  return "the server could not be reached; check the connection and try again.";
}

// The workspace's styles, beside this module (same versioned path, so the page's
// Content-Security-Policy "style-src 'self'" allows them); added once.
export function loadStylesheet(name) {
  const href = new URL(`./${name}`, import.meta.url).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  document.head.append(el("link", { rel: "stylesheet", href }));
}
