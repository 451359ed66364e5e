// Skip links (docs/studio.md "Keyboard and screen readers"): the first stops of Tab on a screen
// with lists, each moving the focus to one list (its heading, or the list itself), past the
// forms and controls before it. Shown only while focused. The studio routes by the address's
// hash, so a link here does not change it: it moves the focus itself.
import { el } from './dom.js';

// targets: [{ label: 'the pair list', target: element or () => element }].
export function skipLinks(targets) {
  return el(
    'nav',
    { class: 'skip-links', 'aria-label': 'Skip links' },
    targets.map(({ label, target }) =>
      el(
        'a',
        {
          href: '#',
          onclick: (event) => {
            event.preventDefault();
            jump(typeof target === 'function' ? target() : target);
          },
        },
        `Skip to ${label}`,
      ),
    ),
  );
}

function jump(node) {
  if (!node) return;
  if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1'); // focusable by script only
  node.scrollIntoView({ block: 'start' });
  node.focus({ preventScroll: true });
}
