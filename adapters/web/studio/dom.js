// A small helper to build elements without innerHTML (no markup from data, nothing the
// Content-Security-Policy refuses: no style attributes, no inline handlers).
//   el('a', {href: '#/x', class: 'card'}, 'text', otherNode)
// Attributes: `class`, any attribute name, `on<event>` functions, boolean true for an empty
// attribute, false/null/undefined for none. Children: nodes, strings, arrays, null (skipped).
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

// Shows an API error (or clears it with null) in an element with role="alert".
export function showError(target, error) {
  target.textContent = error ? error.message || String(error) : '';
}
