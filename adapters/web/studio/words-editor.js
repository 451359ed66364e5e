// The word forms of the Words screen (docs/studio.md "Words"): the fields of a word (titles and
// level, each with its error beside it) for "Add a word" and the editor of one word, saved with
// PATCH and If-Match of its last read. A 412 shows the API's message with "Reload", which puts
// the word as stored now into the form: nothing is overwritten silently.
import { busy, el } from './dom.js';
import { LANGUAGES } from './languages.js';
import { MSG, errorText } from './messages.js';
import { audioControls } from './audio-field.js';
import { mergeField, storedNote } from './reload-merge.js';

// [name, label, language]: a title in each language, then the level.
const FIELDS = [...LANGUAGES.map((l) => [`title_${l.code}`, l.name, l.code]), ['level', 'Level']];
// What a save sends and compares: the fields and the categories.
const SAVED = [...FIELDS.map(([name]) => name), 'category_ids'];
let serial = 0;

// The field an API message is about ('title_en must be ...', 'A word with title_de "X" exists').
const FIELD_FIRST = new RegExp(`^(${SAVED.join('|')})\\b`);
const fieldOf = (message) =>
  FIELD_FIRST.exec(message)?.[1] ?? (/\btitle_de "/.test(message) ? 'title_de' : null);

// extra(name, lang, label) may give a node shown after a title's input (its audio).
export function wordFields(word, extra = () => null) {
  const n = ++serial;
  const inputs = {};
  const errors = {};
  const rows = FIELDS.map(([name, label, lang]) => {
    const id = `wf${n}-${name}`;
    inputs[name] = el(
      'input',
      lang
        ? {
            id,
            lang,
            type: 'text',
            maxlength: 200,
            autocomplete: 'off',
            'aria-describedby': `${id}-e`,
          }
        : {
            id,
            type: 'number',
            min: 1,
            max: 100,
            class: 'wd-level-input',
            'aria-describedby': `${id}-e`,
          },
    );
    errors[name] = el('span', { id: `${id}-e`, class: 'error wd-field-error', role: 'alert' });
    return el(
      'div',
      { class: 'wd-field' },
      el('label', { for: id }, label),
      el('span', { class: 'wd-input' }, inputs[name], lang && extra(name, lang, `${label} title`)),
      errors[name],
    );
  });
  const level = (text) => (/^-?\d+$/.test(text) ? Number(text) : text || null);
  return {
    rows,
    inputs,
    fill(w) {
      for (const [name] of FIELDS) inputs[name].value = w[name] ?? (name === 'level' ? '1' : '');
    },
    // As the API takes them: the German title as typed (it is required, and the API says so
    // when it is empty), an empty translation as null (cleared), the level as typed.
    values() {
      const out = {};
      for (const { code } of LANGUAGES) {
        const text = inputs[`title_${code}`].value.trim();
        out[`title_${code}`] = code === 'de' ? text : text || null;
      }
      out.level = level(inputs.level.value.trim());
      return out;
    },
    // The error beside the field it names (or one of `others`), else in `general`; null clears.
    showError(e, general, others = {}) {
      for (const name in errors) {
        errors[name].textContent = '';
        inputs[name].removeAttribute('aria-invalid');
      }
      for (const target of [general, ...Object.values(others)]) target.textContent = '';
      if (!e) return;
      const name = fieldOf(e.message || '');
      (errors[name] || others[name] || general).textContent = errorText(e);
      inputs[name]?.setAttribute('aria-invalid', 'true');
    },
  };
}

// The API finds a word by its German title (case aside) and links it as stored: the linked word
// of `words` when it is not what was typed (another level, or a translation typed that differs),
// which means the word was there already; else null.
export function linkedAsStored(values, words) {
  const key = String(values.title_de ?? '')
    .trim()
    .toLowerCase();
  const w = words.find((x) => x.title_de.trim().toLowerCase() === key);
  const typed = (name) => String(values[name] ?? '').trim();
  const other = (name) => typed(name) !== '' && typed(name) !== (w?.[name] ?? '');
  // An empty level is the API's default, 1.
  return w && (w.level !== (values.level ?? 1) || other('title_en') || other('title_sv'))
    ? w
    : null;
}

// Reads the word (throws the read's ApiError) and resolves to {wordId, element, focus(),
// refreshed(etag, word)}; onSaved(word) after each save or reload, onClose() on Close or Escape.
export async function openWordEditor({ api, wordId, categories, onSaved, onClose }) {
  const path = `/api/cms/db-words/${wordId}`;
  let { body: word, etag } = await api.get(path);
  const audio = await audioControls(api, 'words', wordId, { stored: () => word }).catch(
    () => () => null,
  );
  const fields = wordFields(word, audio);
  fields.fill(word);
  const boxes = categories.map((c) => el('input', { type: 'checkbox', value: c.id }));
  const catError = el('span', { class: 'error', role: 'alert' });
  const tick = () =>
    boxes.forEach((b) => (b.checked = word.category_ids.includes(Number(b.value))));
  tick();
  const msg = el('span', { class: 'error', role: 'alert' });
  const status = el('span', { class: 'wd-saved', role: 'status' });
  const reload = el('button', { type: 'button', hidden: true }, 'Reload');
  const save = el('button', { type: 'submit', class: 'primary' }, 'Save');
  const form = el(
    'form',
    { class: 'wd-editor', 'aria-label': `Edit ${word.title_de}`, novalidate: true },
    fields.rows,
    el(
      'fieldset',
      { class: 'wd-cats' },
      el('legend', {}, 'Categories'),
      categories.length
        ? categories.map((c, i) => el('label', {}, boxes[i], ' ', c.titel_de))
        : el('span', { class: 'muted' }, MSG.noCategoriesForEditors),
      catError,
    ),
    el(
      'div',
      { class: 'wd-actions' },
      save,
      el('button', { type: 'button', onclick: onClose }, 'Close'),
      status,
      msg,
      reload,
    ),
  );

  const show = (e, text = '') => {
    status.textContent = text;
    reload.hidden = e?.status !== 412;
    fields.showError(e, msg, { category_ids: catError });
  };
  const clearStored = () => form.querySelectorAll('.wd-stored').forEach((n) => n.remove());
  const take = (answer, text) => {
    ({ body: word, etag } = answer);
    clearStored();
    show(null, text);
    onSaved(word);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = {
      ...fields.values(),
      category_ids: boxes.filter((b) => b.checked).map((b) => Number(b.value)),
    };
    show(null);
    return busy(save, () =>
      api.send('PATCH', path, body, { ifMatch: etag }).then((a) => take(a, MSG.saved), show),
    );
  });
  // The word as stored now, with what the editor changed from the version they started on kept
  // (the stored value shown under it where it differs); a field left alone takes the stored
  // value (docs/studio.md "Words"). Save then writes the editor's over the new version.
  reload.addEventListener('click', () =>
    busy(reload, async () => {
      try {
        const mine = fields.values();
        const myCats = boxes.filter((b) => b.checked).map((b) => Number(b.value));
        const was = word;
        take(await api.get(path), MSG.wordReloaded);
        const kept = [];
        for (const [name] of FIELDS) {
          const { keep, conflict } = mergeField(mine[name], was[name], word[name]);
          const input = fields.inputs[name];
          input.value = keep ? (mine[name] ?? '') : (word[name] ?? (name === 'level' ? '1' : ''));
          if (conflict) kept.push([input, word[name]]);
        }
        const sorted = (ids) => [...ids].sort((a, b) => a - b);
        const cats = mergeField(
          sorted(myCats),
          sorted(was.category_ids),
          sorted(word.category_ids),
        );
        if (!cats.keep) tick();
        if (cats.conflict) {
          const titles = categories.filter((c) => word.category_ids.includes(c.id));
          kept.push([catError, titles.map((c) => c.titel_de).join(', ')]);
        }
        for (const [node, value] of kept) storedNote(node, value, 'wd-stored');
        if (kept.length) status.textContent = MSG.wordKeptOnReload;
        fields.inputs.title_de.focus();
      } catch (e) {
        msg.textContent = MSG.reloadFailed(errorText(e));
      }
    }),
  );
  form.addEventListener('keydown', (event) => event.key === 'Escape' && onClose());

  return {
    wordId,
    element: form,
    focus: () => fields.inputs.title_de.focus(),
    // The screen published the word: that version is the one to save over, unless its fields
    // differ from the ones read (someone else's change stays a conflict).
    refreshed(nextEtag, next) {
      const same = SAVED.every((k) => JSON.stringify(word[k]) === JSON.stringify(next[k]));
      if (nextEtag && same) ({ word, etag } = { word: next, etag: nextEtag });
    },
  };
}
