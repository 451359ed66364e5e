// Drafts of published content (docs/studio.md "Drafts of published content"): a statement or
// question that learners see (published, or shown by a published pair) keeps an editor's change
// beside it as its `draft` (docs/authoring-guide.md) until the draft is reviewed and published;
// the feed serves the published texts meanwhile. The Texts and Pairs screens' cards
// (text-card.js, pair-card.js) start their edit forms from the draft (withDraft), show both
// versions with the changed words marked (draftBox) and offer Review changes, Publish changes
// and Discard changes.
import { el } from './dom.js';
import { FIELD_WORDS } from './languages.js';
import { MSG } from './messages.js';
import { wordDiff } from './text-diff.js';
import { loadStylesheet } from './workspace-dom.js';

// A draft's members that are no field of the item.
const OWN = new Set(['status', 'updated_at']);
const fieldsOf = (draft) => Object.keys(draft).filter((key) => !OWN.has(key));

// The item as its editor sees and changes it: the draft's fields where it has a draft (only
// those the item has: a pair's question has no level).
export function withDraft(item) {
  if (!item?.draft) return item;
  const out = { ...item };
  for (const key of fieldsOf(item.draft)) if (key in item) out[key] = item.draft[key];
  return out;
}

// The fields the draft changes, in the draft's order: [{key, live, draft}].
export function draftChanges(item) {
  if (!item?.draft) return [];
  return fieldsOf(item.draft)
    .filter((key) => key in item && (item[key] ?? null) !== (item.draft[key] ?? null))
    .map((key) => ({ key, live: item[key] ?? null, draft: item.draft[key] ?? null }));
}

// Of some items (null allowed): 'draft' while a draft among them waits for review, 'reviewed'
// when every draft is reviewed, null when none has a draft.
export function draftStatus(items) {
  const drafts = items.filter((item) => item?.draft).map((item) => item.draft);
  if (!drafts.length) return null;
  return drafts.some((d) => d.status !== 'reviewed') ? 'draft' : 'reviewed';
}

// text_de -> de, short_answer_se -> sv: the language of a field's text (lang attribute).
const languageOf = (key) => {
  const code = /_(de|en|sv|se)$/.exec(key)?.[1];
  return code === 'se' ? 'sv' : code;
};

// The one-line note in the edit form of a text that learners see.
export function liveNote() {
  loadStylesheet('drafts.css');
  return el('p', { class: 'draft-note' }, MSG.liveNote);
}

// One side of a changed field: the text with its changed words in `mark` (del or ins).
function side(runs, mark) {
  if (!runs.length) return el('span', { class: 'muted' }, MSG.emptyText);
  return runs.map(({ text, changed }) => (changed ? el(mark, {}, text) : text));
}

// What learners see and the draft, per changed field, under a state line ("Published · changes
// in draft"). name: what the table is of ("statement #5", "pair #9"); parts: [{what, item}]
// ("Statement" and the pair's statement; what is null on an item's own card); live: how
// learners get the texts now ("Published"). Null when no part has a draft.
export function draftBox(name, parts, live) {
  const status = draftStatus(parts.map((p) => p.item));
  if (!status) return null;
  loadStylesheet('drafts.css');
  const rows = parts.flatMap(({ what, item }) =>
    draftChanges(item).map(({ key, live: before, draft: after }) => {
      const field = FIELD_WORDS[key] ?? (key === 'level' ? 'Level' : key);
      const diff = wordDiff(before === null ? '' : before, after === null ? '' : after);
      const lang = languageOf(key);
      return el(
        'tr',
        {},
        el('th', { scope: 'row' }, what ? `${what}: ${field}` : field),
        el('td', { lang }, side(diff.before, 'del')),
        el('td', { lang }, side(diff.after, 'ins')),
      );
    }),
  );
  return el(
    'div',
    { class: 'draft-box' },
    el('p', { class: 'draft-state' }, MSG.draftState(live, status)),
    rows.length
      ? el(
          'table',
          { class: 'draft-diff', 'aria-label': `Changes to ${name}` },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { scope: 'col' }, 'Field'),
              el('th', { scope: 'col' }, MSG.publishedColumn),
              el('th', { scope: 'col' }, MSG.draftColumn),
            ),
          ),
          el('tbody', {}, rows),
        )
      : null,
  );
}
