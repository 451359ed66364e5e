// The editor of one word on the Words screen (docs/studio.md "Words"): its titles, level and
// categories, read with GET /api/cms/db-words/<id> and saved with PATCH and If-Match of that
// read. A 412 (someone else saved the word first) shows the API's message with "Reload", which
// puts the word as stored now into the form; nothing is overwritten silently. The audio of each
// title (audio-field.js) sits beside its field.
import { el, errorText } from './workspace-dom.js';
import { audioControls } from './audio-field.js';
import { TITLES, wordFields } from './words-fields.js';

const CONFLICT = 412;

// Resolves to {wordId, element, focus(), refreshed(etag, word)} once the word is read; throws the
// ApiError of the read. onSaved(word) after each save or reload; onClose() on Cancel or Escape.
export async function openWordEditor({ api, wordId, categories, onSaved, onClose }) {
  const read = await api.get(`/api/cms/db-words/${wordId}`);
  let word = read.body;
  let etag = read.etag;
  let audio = () => null;
  try {
    audio = await audioControls(api, 'words', wordId);
  } catch {
    // Without the audio list the titles can still be edited; the audio screen shows the error.
  }

  const languages = Object.fromEntries(TITLES.map(([name, label, lang]) => [name, [label, lang]]));
  const fields = wordFields(word, (name) =>
    languages[name] ? audio(name, languages[name][1], `${languages[name][0]} title`) : null);
  fields.inputs.title_de.setAttribute('lang', 'de');
  fields.inputs.title_en.setAttribute('lang', 'en');
  fields.inputs.title_sv.setAttribute('lang', 'sv');

  const boxes = categories.map((c) => el('input', { type: 'checkbox', value: c.id, name: 'category' }));
  const catError = el('span', { class: 'error wd-field-error', role: 'alert' });
  const cats = el('fieldset', { class: 'wd-cats' }, el('legend', {}, 'Categories'),
    categories.length ? categories.map((c, i) => el('label', { class: 'wd-cat' }, boxes[i], ' ', c.titel_de))
                      : el('p', { class: 'muted' }, 'No categories yet (an admin adds them under Maintenance).'),
    catError);
  const fillCategories = () => {
    for (const box of boxes) box.checked = word.category_ids.includes(Number(box.value));
  };
  fillCategories();

  const msg = el('p', { class: 'error', role: 'alert' });
  const status = el('p', { class: 'wd-saved', role: 'status' });
  const reload = el('button', { type: 'button', hidden: true }, 'Reload');
  const save = el('button', { type: 'submit', class: 'primary' }, 'Save');
  const cancel = el('button', { type: 'button', onclick: () => onClose() }, 'Close');
  const form = el('form', { class: 'wd-editor', 'aria-label': `Edit ${word.title_de}`, novalidate: true },
    el('div', { class: 'wd-editor-fields' }, fields.rows), cats,
    el('div', { class: 'wd-actions' }, save, cancel, status), el('div', { class: 'wd-actions' }, msg, reload));

  const problem = (e) => {
    status.textContent = '';
    reload.hidden = e?.status !== CONFLICT;
    fields.showError(e, msg, { category_ids: catError });
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (save.disabled) return;
    save.disabled = true;
    problem(null);
    const body = { ...fields.values(), category_ids: boxes.filter((b) => b.checked).map((b) => Number(b.value)) };
    try {
      const answer = await api.send('PATCH', `/api/cms/db-words/${wordId}`, body, { ifMatch: etag });
      word = answer.body;
      etag = answer.etag;
      status.textContent = 'Saved.';
      onSaved(word);
    } catch (e) {
      problem(e);
    } finally {
      save.disabled = false;
    }
  });

  // The word as stored now replaces what the form holds (the editor asked for it).
  reload.addEventListener('click', async () => {
    reload.disabled = true;
    try {
      const answer = await api.get(`/api/cms/db-words/${wordId}`);
      word = answer.body;
      etag = answer.etag;
      fields.fill(word);
      fillCategories();
      problem(null);
      status.textContent = 'Reloaded: the word as stored now.';
      onSaved(word);
      fields.inputs.title_de.focus();
    } catch (e) {
      msg.textContent = `Reload failed: ${errorText(e)}`;
    } finally {
      reload.disabled = false;
    }
  });

  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') onClose();
  });

  return {
    wordId,
    element: form,
    focus: () => fields.inputs.title_de.focus(),
    // The screen changed the word's status (publish): that version is the one to save over,
    // unless its fields differ from the ones read (someone else's change stays a conflict).
    refreshed(nextEtag, next) {
      const same = ['title_de', 'title_en', 'title_sv', 'level', 'category_ids'].every(
        (k) => JSON.stringify(word[k]) === JSON.stringify(next[k]));
      if (nextEtag && same) {
        etag = nextEtag;
        word = next;
      }
    },
  };
}
