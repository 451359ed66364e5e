// STUB of the picture workspace (#/pictures/<id>): it only shows the picture's title. The
// workspace helper's module replaces this file (docs/studio.md "For developers": same mount
// signature, mount(container, ctx) with ctx.params.id).
import { el, showError } from './dom.js';

export async function mount(container, ctx) {
  const heading = el('h1', {}, 'Picture');
  const error = el('p', { class: 'error', role: 'alert' });
  container.append(el('p', {}, el('a', { href: '#/pictures' }, '← All pictures')), heading, error);
  try {
    const { body } = await ctx.api.get(`/api/pictures/${ctx.params.id}`);
    heading.textContent = body.title || `Untitled picture ${body.id}`;
    document.title = `${heading.textContent} · langlearn studio`;
  } catch (e) {
    showError(error, e);
  }
}
