// Card figures in words and in order (docs/studio.md "Cards"): what the Cards screen (cards.js)
// and the Pairs tab's figures line (pair-card.js) show of GET /api/analytics/cards and
// GET /api/cms/db-pairs/<id>/analytics. Pure logic, no DOM: unit spec
// tests/browser/unit/card-figures.unit.spec.js.
// Small-sample honesty: a card with fewer answers than the server's min_answers has no pass rate
// (pass_rate null, small_sample true); it is shown as a count of answers, never as a rate.
import { MSG } from './messages.js';

// 0.714 -> "71 %" (rounded to the nearest whole per cent).
export const percent = (fraction) => `${Math.round(fraction * 100)} %`;

// Whether the figures carry a pass rate to show (enough answers).
export const rated = (f) => !f.small_sample && typeof f.pass_rate === 'number';

// The pass-rate cell: "71 % of 42", or "12 answers: too few for a rate".
export function passRateText(f) {
  return rated(f) ? MSG.nOf(percent(f.pass_rate), f.answers) : MSG.tooFewForRate(f.answers);
}

// The figures of the revision before the last edit ("before the last edit: 48 % of 50"), or null
// when there is none or it had no answers.
export function previousText(f) {
  const p = f.previous;
  if (!p || !p.answers) return null;
  return MSG.beforeLastEdit(passRateText(p));
}

// "since 2026-12-06" for the current revision's start (null: never edited since it was made).
export function sinceText(f) {
  if (!f.revision_started_at) return null;
  const day = new Date(f.revision_started_at);
  return MSG.since(Number.isNaN(day.getTime()) ? f.revision_started_at : isoDay(day));
}

const isoDay = (date) => date.toISOString().slice(0, 10);

// A mean as shown: 0.834 -> "83 %" for a recall, 5.314 -> "5.3" for a difficulty; null -> "—".
export const recallText = (value) => (typeof value === 'number' ? percent(value) : '—');
export const difficultyText = (value) => (typeof value === 'number' ? value.toFixed(1) : '—');

// The most-picked wrong choice: "katt (4)", or null when no wrong choice was picked.
export function distractorText(f) {
  const top = f.distractors?.[0];
  return top ? MSG.picked(top.text, top.picks) : null;
}

// The Pairs tab's figures of one language: "sv: 71 % of 42", "sv: 12 answers (too few)", or null
// for a language without answers.
export function languageLine(f) {
  if (!f.answers) return null;
  return `${f.lang}: ${rated(f) ? MSG.nOf(percent(f.pass_rate), f.answers) : MSG.tooFew(f.answers)}`;
}

// The figures line of a pair (GET /api/cms/db-pairs/<id>/analytics): its languages with answers joined,
// or the one wording for none.
export function pairFiguresLine(languages) {
  const lines = languages.map(languageLine).filter(Boolean);
  return lines.length ? lines.join(' · ') : MSG.noAnswersYet;
}

// The sortable columns' values (null sorts last, whatever the direction).
const SORT_VALUE = {
  pair: (f) => f.pair_id,
  answer_type: (f) => f.answer_type,
  level: (f) => f.level,
  answers: (f) => f.answers,
  // Only a real rate counts: a small sample goes after the rated cards.
  pass_rate: (f) => (rated(f) ? f.pass_rate : null),
  mean_difficulty: (f) => f.mean_difficulty,
  mean_retrievability: (f) => f.mean_retrievability,
  learners: (f) => f.learners,
  distractor: (f) => f.distractors?.[0]?.picks ?? null,
};
export const SORT_KEYS = Object.keys(SORT_VALUE);

const compare = (a, b) =>
  typeof a === 'string' || typeof b === 'string'
    ? String(a).localeCompare(String(b))
    : a < b
      ? -1
      : a > b
        ? 1
        : 0;

// The cards in the order of `key` ('asc' or 'desc'); ties and a missing key keep the server's
// order (hardest first). Values that are null (no rate, no mean) come last in both directions.
export function sortCards(cards, key, direction = 'asc') {
  const value = SORT_VALUE[key];
  if (!value) return [...cards];
  const sign = direction === 'desc' ? -1 : 1;
  return cards
    .map((card, index) => ({ card, index, v: value(card) }))
    .sort((a, b) => {
      const aNull = a.v === null || a.v === undefined;
      const bNull = b.v === null || b.v === undefined;
      if (aNull || bNull) return aNull === bNull ? a.index - b.index : aNull ? 1 : -1;
      return sign * compare(a.v, b.v) || a.index - b.index;
    })
    .map(({ card }) => card);
}

// A header's next direction: a new column starts ascending, the same one toggles.
export const nextSort = (current, key) =>
  current.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: 'asc' };

// The aria-sort value of a column's header.
export const ariaSort = (current, key) =>
  current.key === key ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none';
