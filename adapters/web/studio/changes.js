// The content's history in words (docs/studio.md "History"): what GET /api/content/changes
// answers, made readable for the History panels (change-history.js) and the Activity screen
// (activity.js). A change holds only the fields it changed, before and after (a creation has
// no before, a deletion no after). Pure logic: unit spec tests/browser/unit/changes.unit.spec.js.
import { FIELD_WORDS } from './languages.js';
import { MSG } from './messages.js';
import { ANSWER_NAME, STATUS_NAME } from './pair-fields.js';

// The items whose earlier versions can be restored (POST /api/content/changes/<id>/restore).
export const RESTORABLE = new Set(['statements', 'questions']);

const ITEM_WORDS = {
  pictures: 'Picture',
  objects: 'Object',
  words: 'Word',
  categories: 'Category',
  statements: 'Statement',
  questions: 'Question',
  pairs: 'Pair',
};

// The fields that are no text of a language (FIELD_WORDS names those).
const FIELD_NAMES = {
  status: 'Status',
  draft: 'Draft',
  level: 'Level',
  title: 'Title',
  image_path: 'Image file',
  objects_created: 'Objects created',
  picture_id: 'Picture',
  object_id: 'Object',
  parent_id: 'Parent object',
  statement_id: 'Statement',
  question_id: 'Question',
  answer_type: 'Answer type',
  categories: 'Categories',
  words: 'Words',
  user_notes: 'Notes',
  selections: 'Selections',
  name: 'Name',
};
// The fields that hold another item's id, and what that item is.
const ID_FIELDS = {
  picture_id: 'Picture',
  object_id: 'Object',
  parent_id: 'Object',
  statement_id: 'Statement',
  question_id: 'Question',
};

// "Statement #5"
export const itemName = (change) => `${ITEM_WORDS[change.item] ?? change.item} #${change.item_id}`;

// "statement #5", inside a sentence.
export const lowerItemName = (change) => itemName(change).toLowerCase();

// Created, Changed, Deleted.
export const actionText = (change) => MSG.changeAction[change.action] ?? change.action;

// text_de -> "German text", audio_text_de -> "Audio: German text", level -> "Level".
export function fieldName(key) {
  if (key.startsWith('audio_')) return MSG.audioOf(fieldName(key.slice('audio_'.length)));
  return FIELD_WORDS[key] ?? FIELD_NAMES[key] ?? key;
}

// text_de -> de, short_answer_se -> sv: the language of a field's text (the lang attribute);
// null for a field that is no text of a language.
export function languageOf(key) {
  if (key.startsWith('audio_')) return null;
  const code = /^(?:text|title|short_answer)_(de|en|sv|se)$/.exec(key)?.[1];
  return code === 'se' ? 'sv' : (code ?? null);
}

// One member of a list field: a linked word, a category, a selection.
function memberText(key, value) {
  if (typeof value === 'number') return `${key === 'categories' ? 'Category' : 'Word'} #${value}`;
  if (value && typeof value === 'object') {
    if ('word_id' in value) {
      const how = value.role ?? value.link_to ?? (value.is_label ? 'label' : null);
      return `Word #${value.word_id}${how ? ` (${how})` : ''}`;
    }
    if (value.type === 'bbox') return MSG.boxAt(value.x, value.y, value.w, value.h);
    if (value.type === 'polygon') return MSG.polygonOf(value.points?.length ?? 0);
    return JSON.stringify(value);
  }
  return String(value);
}

// A field's value as the history shows it: null (none, or an empty list: shown as an em dash),
// a text, or a list of texts (a list field; a draft, one line per field).
export function valueText(key, value) {
  if (value === null || value === undefined) return null;
  if (key === 'draft' && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).map(([k, v]) =>
      k === 'status'
        ? MSG.draftReview(v)
        : `${fieldName(k)}: ${v === null || v === undefined ? MSG.none : v}`,
    );
  // An item's status and a pair's answer type as the studio names them elsewhere; an audio
  // (audio_<field>) by the start of its media file's name: a new one is another recording.
  if (key === 'status') return STATUS_NAME[value] ?? String(value);
  if (key === 'answer_type') return ANSWER_NAME[value] ?? String(value);
  if (key.startsWith('audio_')) return MSG.recording(String(value).slice(0, 8));
  if (Array.isArray(value)) return value.length ? value.map((v) => memberText(key, v)) : null;
  if (typeof value === 'boolean') return value ? MSG.yes : MSG.no;
  if (typeof value === 'object') return JSON.stringify(value);
  if (Object.hasOwn(ID_FIELDS, key)) return `${ID_FIELDS[key]} #${value}`;
  return String(value);
}

// The fields a change changed, in the order the API gives them (before's, then any only in
// after): [{key, field, lang, before, after}] with the values as valueText gives them.
export function changeRows(change) {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    key,
    field: fieldName(key),
    lang: languageOf(key),
    before: valueText(key, before[key]),
    after: valueText(key, after[key]),
  }));
}

// "German text, Status": the names of the fields a change changed.
export const fieldList = (change) =>
  changeRows(change)
    .map((r) => r.field)
    .join(', ');

// Who made the change: the editor's e-mail ("… (you)" for the signed-in editor), "System" for
// the demo seed or a development token, the account's number when it has no e-mail any more.
export function whoText(change, me) {
  if (change.editor_id === null || change.editor_id === undefined) return MSG.system;
  const who = change.editor_email ?? MSG.account(change.editor_id);
  return change.editor_id === me ? MSG.you(who) : who;
}

// What a restore writes: a statement's texts, a question's also its short answers and level
// (or those of its draft).
const TEXTS = ['text_de', 'text_en', 'text_sv'];
const RESTORED = {
  statements: TEXTS,
  questions: [...TEXTS, 'short_answer_de', 'short_answer_en', 'short_answer_se', 'level'],
};

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// Whether the change changed the draft's texts, not only its review state.
function draftTextsChanged(change, keys) {
  const before = change.before ?? {};
  const after = change.after ?? {};
  if (!('draft' in before) && !('draft' in after)) return false;
  const was = before.draft;
  const is = after.draft;
  if (!was || !is) return true; // made or dropped
  return keys.some((key) => !same(was[key], is[key]));
}

// A restore is offered for a text's change that has an earlier version and changed what a
// restore writes: the texts or the draft's texts (not a review or a publish alone: the API has
// nothing to restore then).
export function restorable(change) {
  if (!RESTORABLE.has(change.item) || change.action === 'create' || !change.before) return false;
  const keys = RESTORED[change.item];
  return (
    keys.some((key) => key in (change.before ?? {}) || key in (change.after ?? {})) ||
    draftTextsChanged(change, keys)
  );
}

// Where an editor works on the changed item: {href, where} (where: said to a screen reader
// after the link's text), or null when it has no screen of a known picture.
export function itemPlace(change) {
  const picture = change.item === 'pictures' ? change.item_id : change.picture_id;
  if (picture === null || picture === undefined) return null;
  const on = (tab) => MSG.onTabOf(tab, picture);
  switch (change.item) {
    case 'pictures':
    case 'objects':
      return { href: `#/pictures/${picture}`, where: on('Objects') };
    case 'words':
      return { href: `#/pictures/${picture}/words`, where: on('Words') };
    case 'statements':
    case 'questions':
      return { href: `#/pictures/${picture}/texts`, where: on('Texts') };
    case 'pairs':
      return {
        href:
          change.action === 'delete'
            ? `#/pictures/${picture}/pairs`
            : `#/pictures/${picture}/pairs?pair=${change.item_id}`,
        where: on('Pairs'),
      };
    default:
      return null;
  }
}

// The instant in the browser's own local date and time ("12 Mar 2026, 14:05").
export function whenText(at) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// The address of the Activity screen for a scope: {picture, editor} (ids or null).
export function activityHash({ picture = null, editor = null } = {}) {
  const query = new URLSearchParams();
  if (picture) query.set('picture', String(picture));
  if (editor) query.set('editor', String(editor));
  const text = query.toString();
  return text ? `#/activity?${text}` : '#/activity';
}

// The API's list of changes for a scope: the API takes one filter, so a picture's changes are
// asked for by the picture, and an editor among them is kept by the page (mineOnly below).
export function changesPath({ picture = null, editor = null, item = null } = {}, before, limit) {
  const query = new URLSearchParams();
  if (item) {
    query.set('item', item.table);
    query.set('item_id', String(item.id));
  } else if (picture) query.set('picture_id', String(picture));
  else if (editor) query.set('editor_id', String(editor));
  if (before) query.set('before', String(before));
  if (limit) query.set('limit', String(limit));
  const text = query.toString();
  return text ? `/api/content/changes?${text}` : '/api/content/changes';
}

// The changes of a scope the API could not filter itself (an editor within a picture's).
export const keptBy = (scope) => (change) =>
  !(scope.picture && scope.editor) || change.editor_id === scope.editor;
