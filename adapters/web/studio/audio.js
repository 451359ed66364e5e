// Placeholder: this screen is being built (issue 17).
import { el } from './dom.js';

export function mount(container) {
  container.replaceChildren(el('section', { class: 'screen' }, el('h1', {}, 'Coming soon')));
}
