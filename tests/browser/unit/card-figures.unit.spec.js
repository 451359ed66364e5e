// Playwright's runner (no browser) for card figures in words and in order
// (adapters/web/studio/card-figures.js, docs/studio.md "Cards"): a small sample never shows a
// rate, and sorts after the rated cards whichever way the pass rate is sorted.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let figures;
test.beforeAll(async () => {
  figures = await studioModule('card-figures.js');
});

const card = (fields) => ({
  pair_id: 1,
  lang: 'sv',
  picture_id: 2,
  answer_type: 'word',
  level: 1,
  status: 'published',
  statement: 'Det här är en hund.',
  category_ids: [],
  revision_started_at: null,
  answers: 0,
  passed: 0,
  pass_rate: null,
  small_sample: true,
  mean_retrievability: null,
  learners: 0,
  mean_difficulty: null,
  distractors: [],
  previous: null,
  ...fields,
});

test('a rate with its answers, or the count alone when the sample is small', () => {
  const { passRateText, previousText, sinceText, languageLine, pairFiguresLine } = figures;
  const rated = card({ answers: 42, passed: 30, pass_rate: 0.714, small_sample: false });
  const few = card({ answers: 12, passed: 11, pass_rate: null, small_sample: true });
  expect(passRateText(rated)).toBe('71 % of 42');
  expect(passRateText(few)).toBe('12 answers: too few for a rate');
  expect(passRateText(card({ answers: 1, small_sample: true }))).toBe(
    '1 answer: too few for a rate',
  );
  // A small sample has no rate even if one were sent.
  expect(passRateText({ ...few, pass_rate: 0.9 })).toBe('12 answers: too few for a rate');

  expect(previousText(rated)).toBeNull();
  expect(previousText(card({ previous: { answers: 0, passed: 0, pass_rate: null } }))).toBeNull();
  expect(
    previousText(
      card({ previous: { answers: 50, passed: 24, pass_rate: 0.48, small_sample: false } }),
    ),
  ).toBe('before the last edit: 48 % of 50');
  expect(
    previousText(
      card({ previous: { answers: 10, passed: 4, pass_rate: null, small_sample: true } }),
    ),
  ).toBe('before the last edit: 10 answers: too few for a rate');

  expect(sinceText(rated)).toBeNull();
  expect(sinceText(card({ revision_started_at: '2026-12-06T10:00:00.000Z' }))).toBe(
    'since 2026-12-06',
  );

  expect(languageLine(rated)).toBe('sv: 71 % of 42');
  expect(languageLine(few)).toBe('sv: 12 answers (too few)');
  expect(languageLine(card({ lang: 'de' }))).toBeNull();
  expect(
    pairFiguresLine([card({ lang: 'de' }), card({ lang: 'en', answers: 3 }), { ...rated }]),
  ).toBe('en: 3 answers (too few) · sv: 71 % of 42');
  expect(pairFiguresLine([card({ lang: 'de' }), card({ lang: 'en' })])).toBe('none yet');
});

test('means and the most-picked wrong choice in words', () => {
  const { recallText, difficultyText, distractorText } = figures;
  expect(recallText(0.834)).toBe('83 %');
  expect(recallText(null)).toBe('—');
  expect(difficultyText(5.314)).toBe('5.3');
  expect(difficultyText(null)).toBe('—');
  expect(distractorText(card({}))).toBeNull();
  expect(
    distractorText(
      card({
        distractors: [
          { word_id: 9, text: 'katt', picks: 4 },
          { word_id: 3, text: 'häst', picks: 1 },
        ],
      }),
    ),
  ).toBe('katt (4×)');
});

test('sorting: by a column either way, ties and no column in the server order', () => {
  const { sortCards, nextSort, ariaSort } = figures;
  // The server's order: hardest first.
  const cards = [
    card({ pair_id: 5, level: 2, answers: 30, pass_rate: 0.3, small_sample: false, learners: 3 }),
    card({ pair_id: 3, level: 1, answers: 5, small_sample: true, learners: 2 }),
    card({ pair_id: 8, level: 2, answers: 40, pass_rate: 0.6, small_sample: false, learners: 9 }),
    card({ pair_id: 1, level: 3, answers: 2, small_sample: true, learners: 1 }),
  ];
  const ids = (list) => list.map((c) => c.pair_id);
  expect(ids(sortCards(cards, null))).toEqual([5, 3, 8, 1]);
  expect(ids(sortCards(cards, 'pair', 'asc'))).toEqual([1, 3, 5, 8]);
  expect(ids(sortCards(cards, 'pair', 'desc'))).toEqual([8, 5, 3, 1]);
  expect(ids(sortCards(cards, 'level', 'asc'))).toEqual([3, 5, 8, 1]); // 5 and 8 tie: server order
  expect(ids(sortCards(cards, 'answers', 'desc'))).toEqual([8, 5, 3, 1]);
  // Small samples after the rated cards, in both directions.
  expect(ids(sortCards(cards, 'pass_rate', 'asc'))).toEqual([5, 8, 3, 1]);
  expect(ids(sortCards(cards, 'pass_rate', 'desc'))).toEqual([8, 5, 3, 1]);
  // The list given is not changed.
  expect(ids(cards)).toEqual([5, 3, 8, 1]);

  let sort = { key: null, direction: 'asc' };
  expect(ariaSort(sort, 'level')).toBe('none');
  sort = nextSort(sort, 'level');
  expect(sort).toEqual({ key: 'level', direction: 'asc' });
  expect(ariaSort(sort, 'level')).toBe('ascending');
  expect(ariaSort(sort, 'answers')).toBe('none');
  sort = nextSort(sort, 'level');
  expect(ariaSort(sort, 'level')).toBe('descending');
  expect(nextSort(sort, 'answers')).toEqual({ key: 'answers', direction: 'asc' });
});
