// The studio's DOM helpers: el() builds elements without innerHTML (no markup from data,
// nothing the Content-Security-Policy refuses: no style attributes, no inline handlers),
// showError() shows an error, busy() makes buttons wait while a request runs.
//   el('a', {href: '#/x', class: 'card'}, 'text', otherNode)
// Attributes: `class`, any attribute name, `on<event>` functions, boolean true for an empty
// attribute, false/null/undefined for none. Children: nodes, strings, arrays, null (skipped).
import { errorText } from './messages.js';

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on') && typeof value === 'function')
      node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

// What a screen shows when it could not be opened: the way back to the pictures, and why.
export function notOpened(text, alertClass = 'error') {
  return [
    el('p', {}, el('a', { href: '#/pictures' }, '← Pictures')),
    el('p', { role: 'alert', class: alertClass }, text),
  ];
}

// Shows an API error (or clears it with null) in an element with role="alert"
// (messages.js's errorText).
export function showError(target, error) {
  target.textContent = error ? errorText(error) : '';
}

// Runs fn (a request) with the buttons disabled, so a second click does nothing meanwhile, and
// enables them again afterwards; resolves to fn's result. `buttons` is one button or a list:
// those disabled already stay so, and when all are, fn does not run. region (optional) is
// marked aria-busy meanwhile.
export async function busy(buttons, fn, region = null) {
  const waiting = ('disabled' in buttons ? [buttons] : [...buttons]).filter((b) => !b.disabled);
  if (!waiting.length) return undefined;
  for (const b of waiting) b.disabled = true;
  region?.setAttribute('aria-busy', 'true');
  try {
    return await fn();
  } finally {
    for (const b of waiting) b.disabled = false;
    region?.removeAttribute('aria-busy');
  }
}
