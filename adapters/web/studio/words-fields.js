// The fields of a word (its titles in three languages and its level) for the Words screen's
// "Add a word" form and its word editor: each field with its error beside it, and the API's
// 400/409 message put beside the field it names (docs/studio.md "Words").
import { el, errorText } from './workspace-dom.js';

export const TITLES = [
  ['title_de', 'German', 'de'],
  ['title_en', 'English', 'en'],
  ['title_sv', 'Swedish', 'sv'],
];
const FIELDS = [...TITLES, ['level', 'Level']];
let serial = 0;

// The field an API message is about: "title_en must be ...", "level is required",
// 'A word with title_de "Hund" exists already (id 40)'; null for any other.
export function fieldOf(message) {
  const m = /^(title_de|title_en|title_sv|level|category_ids)\b/.exec(message || '');
  if (m) return m[1];
  return /\btitle_de "/.test(message || '') ? 'title_de' : null;
}

// Level as typed: a whole number when it is one, null when empty, else the text (the API names
// what is wrong with it).
function levelOf(text) {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

// extras(name) may return a node shown after the field's input (the audio controls).
export function wordFields(word = {}, extras = () => null) {
  const n = ++serial;
  const inputs = {};
  const errors = {};
  const rows = FIELDS.map(([name, label]) => {
    const id = `wf${n}-${name}`;
    const level = name === 'level';
    const input = el('input', {
      id, name, type: level ? 'number' : 'text', class: level ? 'wd-level-input' : null,
      min: level ? 1 : null, max: level ? 100 : null, maxlength: level ? null : 200,
      'aria-required': name === 'title_de' || level ? 'true' : null, 'aria-describedby': `${id}-e`,
      autocomplete: 'off',
    });
    inputs[name] = input;
    errors[name] = el('span', { id: `${id}-e`, class: 'error wd-field-error', role: 'alert' });
    return el('div', { class: `wd-field wd-f-${name}` },
      el('label', { for: id }, label), el('span', { class: 'wd-input' }, input, extras(name)), errors[name]);
  });
  const fields = {
    rows, inputs,
    fill(w) {
      for (const [name] of FIELDS) inputs[name].value = w[name] ?? (name === 'level' ? '1' : '');
    },
    // What the form holds, as the API takes it: empty translations are null (cleared).
    values() {
      return {
        title_de: inputs.title_de.value.trim(),
        title_en: inputs.title_en.value.trim() || null,
        title_sv: inputs.title_sv.value.trim() || null,
        level: levelOf(inputs.level.value),
      };
    },
    // Shows an error beside its field (or beside one of `others`, {name: element}), or in
    // `general` when it names none; null clears them.
    showError(e, general, others = {}) {
      for (const name in errors) {
        errors[name].textContent = '';
        inputs[name].removeAttribute('aria-invalid');
      }
      for (const target of [general, ...Object.values(others)]) if (target) target.textContent = '';
      if (!e) return;
      const name = fieldOf(e.message);
      const target = errors[name] || others[name] || general;
      if (target) target.textContent = errorText(e);
      if (name && inputs[name]) inputs[name].setAttribute('aria-invalid', 'true');
    },
  };
  fields.fill(word);
  return fields;
}
