// Playwright's runner (no browser) for the Texts screen's pure helpers
// (adapters/web/studio/text-card.js, question-words.js): which field an API message names, and
// a question's words with their roles.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let card, words;
test.beforeAll(async () => {
  card = await studioModule('text-card.js');
  words = await studioModule('question-words.js');
});

test('a 400 naming a field is placed beside it; other messages are not', () => {
  expect(card.fieldOf('level must be an integer from 1 to 100')).toBe('level');
  expect(card.fieldOf('short_answer_se must be at most 200 characters')).toBe('short_answer_se');
  expect(card.fieldOf('object_id: no such object')).toBe('object_id');
  expect(card.fieldOf('text_de, text_en or text_sv is required')).toBeNull();
  expect(card.fieldOf('Changed by someone else: reload')).toBeNull();
  expect(card.fieldOf('Only reviewed items can be published')).toBeNull();
  expect(card.fieldOf(undefined)).toBeNull();
});

test("a question's answer and distractor words become one list with roles, answers first", () => {
  const list = words.wordsOf({
    answer_words: [{ id: 1, title_de: 'Hund' }],
    distractor_words: [
      { id: 2, title_de: 'Katze' },
      { id: 3, title_de: 'Maus' },
    ],
  });
  expect(list.map((w) => [w.id, w.role])).toEqual([
    [1, 'answer'],
    [2, 'distractor'],
    [3, 'distractor'],
  ]);
  expect(words.wordsOf({})).toEqual([]);
});
