// Shared pieces of the pairs screen and the learner preview (docs/studio.md "Pairs"): the
// answer types and statuses in words, labelled controls and the languages-side-by-side text
// groups (languages.js). Elements come from dom.js's el (no HTML strings).
import { el } from './dom.js';
import { LANGUAGES } from './languages.js';

export const ANSWER_TYPES = [
  ['word', 'Word'],
  ['question', 'Question'],
  ['text', 'Text'],
  ['yes_no', 'Yes / no'],
];
export const ANSWER_NAME = Object.fromEntries(ANSWER_TYPES);
// Where a word is linked: the question (as an answer), the statement, or both (two links).
export const LINK_TO = [
  ['both', 'Question and statement'],
  ['question', 'Question'],
  ['statement', 'Statement'],
];
export const STATUS_NAME = { draft: 'Draft', reviewed: 'Reviewed', published: 'Published' };

let last = 0;
export const uid = (prefix) => `${prefix}-${++last}`;

// A label and its control, ids joined.
export function field(label, control, className = 'pf-field') {
  control.id ||= uid('pf');
  return el('div', { class: className }, el('label', { for: control.id }, label), control);
}

export function select(options, value, attributes = {}) {
  const node = el(
    'select',
    attributes,
    options.map(([v, text, disabled]) => el('option', { value: v, disabled: !!disabled }, text)),
  );
  if (value !== undefined && value !== null) node.value = String(value);
  return node;
}

export const answerTypeSelect = (value = 'word') => select(ANSWER_TYPES, value);
const LEVEL_RANGE = { type: 'number', min: '1', max: '100', step: '1' };
export const levelInput = (value = 1) =>
  el('input', { ...LEVEL_RANGE, value: String(value), class: 'pf-level', required: true });
// A list's level filter (the Cards and Content screens): empty for every level.
export const levelFilter = (value, placeholder) =>
  el('input', { ...LEVEL_RANGE, inputmode: 'numeric', placeholder, value });

// A fieldset of one text in the languages side by side. names: {de, en, sv} -> the API's field
// names (languages.js: TEXT_FIELD, SHORT_ANSWER_FIELD); values: the item (or null). extra(lang)
// may add a node under a field (audio). read() answers {name: text or null} for every field.
export function langGroup(legend, names, values, { multiline = true, extra } = {}) {
  const inputs = {};
  const cells = LANGUAGES.map(({ code: lang, name }) => {
    const value = values?.[names[lang]] ?? '';
    const input = multiline
      ? el('textarea', { rows: '2', maxlength: '2000', lang })
      : el('input', { type: 'text', maxlength: '200', lang });
    input.value = value;
    inputs[names[lang]] = input;
    const cell = field(name, input);
    if (extra) cell.append(extra(lang) ?? '');
    return cell;
  });
  const node = el('fieldset', { class: 'pf-langs' }, el('legend', {}, legend), cells);
  const read = () =>
    Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value.trim() || null]));
  return { node, read, inputs };
}

// The texts of a read() answer, or null when all are empty.
export const anyText = (texts) => (Object.values(texts).some((v) => v !== null) ? texts : null);

// The PATCH body of an edited pair: only what differs from the pair as read. A question whose
// every field was emptied comes off the pair (null); on a pair without one, texts add one.
export function pairChanges(pair, { answer_type, level, statement, question }) {
  const body = {};
  const differs = (next, before) =>
    Object.keys(next).some((k) => next[k] !== (before?.[k] ?? null));
  if (answer_type !== pair.answer_type) body.answer_type = answer_type;
  if (level !== pair.level) body.level = level;
  if (differs(statement, pair.statement)) body.statement = statement;
  if (differs(question, pair.question) && (anyText(question) || pair.question))
    body.question = anyText(question);
  return body;
}

// Radio buttons in a row; onChange(value). Returns {node, value()}.
export function radios(name, options, value, onChange) {
  const group = uid(name);
  const inputs = options.map(([v, text]) => {
    const input = el('input', { type: 'radio', name: group, value: v, checked: v === value });
    input.addEventListener('change', () => onChange(v));
    return el('label', { class: 'pf-radio' }, input, text);
  });
  return {
    node: el('div', { class: 'pf-radios' }, inputs),
    value: () => inputs.map((l) => l.firstChild).find((i) => i.checked)?.value,
  };
}
