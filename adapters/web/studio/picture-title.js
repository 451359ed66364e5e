// A picture's title as its screens' heading, with Rename beside it (docs/studio.md "Renaming a
// picture"): the title is changed in place with PATCH /api/pictures/<id>, on every screen of
// the picture. An empty title makes the picture untitled again.
import { el } from './dom.js';
import { MSG, errorText } from './messages.js';

// The picture's name on its screens: its title, or "Picture 5" while it has none.
export const pictureName = (picture) => picture.title || `Picture ${picture.id}`;
// What the Rename button acts on, for a screen reader: "picture “Harbour”" or "picture 5".
const spoken = (picture) =>
  picture.title ? `picture “${picture.title}”` : `picture ${picture.id}`;

// picture: {id, title}, kept up to date here; onRenamed(picture) after a stored change, for what
// the screen names after it (the page's title, the tab bar).
export function pictureTitle(picture, api, onRenamed = () => {}) {
  const heading = el('h1', { tabindex: '-1' }, pictureName(picture));
  const status = el('p', { class: 'pt-status', role: 'status' });
  const rename = el(
    'button',
    { type: 'button', class: 'pt-rename', 'aria-label': MSG.renamePicture(spoken(picture)) },
    'Rename',
  );
  const box = el('div', { class: 'pt' }, heading, rename, status);

  const open = () => {
    status.textContent = '';
    const input = el('input', {
      id: `pt-title-${picture.id}`,
      value: picture.title || '',
      maxlength: 200,
      autocomplete: 'off',
      'aria-describedby': `pt-error-${picture.id}`,
    });
    const error = el('p', { class: 'pt-error', id: `pt-error-${picture.id}`, role: 'alert' });
    const save = el('button', { type: 'submit' }, 'Save title');
    const cancel = el('button', { type: 'button' }, 'Cancel');
    const form = el(
      'form',
      { class: 'pt-form', 'aria-label': MSG.renamePicture(spoken(picture)), novalidate: true },
      el('label', { for: input.id }, 'Title'),
      input,
      save,
      cancel,
      error,
    );
    const close = () => {
      form.replaceWith(heading, rename);
    };
    cancel.addEventListener('click', () => {
      close();
      rename.focus();
    });
    form.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close();
      rename.focus();
    });
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const title = input.value.trim() || null;
      save.disabled = cancel.disabled = true;
      try {
        const answer = await api.send('PATCH', `/api/pictures/${picture.id}`, { title });
        picture.title = answer.body.title;
        heading.textContent = pictureName(picture);
        rename.setAttribute('aria-label', MSG.renamePicture(spoken(picture)));
        close();
        status.textContent = MSG.pictureRenamed(pictureName(picture));
        heading.focus();
        onRenamed(picture);
      } catch (failure) {
        save.disabled = cancel.disabled = false;
        error.textContent = MSG.couldNot('The title', 'saved', errorText(failure));
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    });
    heading.replaceWith(form);
    rename.remove();
    input.focus();
    input.select();
  };
  rename.addEventListener('click', open);
  return box;
}
