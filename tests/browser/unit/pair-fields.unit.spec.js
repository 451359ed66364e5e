// Playwright's runner (no browser) for what an edited pair sends (adapters/web/studio/pair-fields.js).
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let pairChanges;
test.beforeAll(async () => {
  ({ pairChanges } = await studioModule('pair-fields.js'));
});

const statement = { id: 5, text_de: 'Das ist ein Hund.', text_en: null, text_sv: null };
const question = {
  id: 8,
  text_de: 'Was ist das?',
  text_en: null,
  text_sv: null,
  short_answer_de: 'ein Hund',
  short_answer_en: null,
  short_answer_se: null,
};
const pair = { id: 7, answer_type: 'word', level: 1, statement, question };
const texts = ({ text_de, text_en, text_sv }) => ({ text_de, text_en, text_sv });
const questionFields = (q) => Object.fromEntries(Object.entries(q).filter(([key]) => key !== 'id'));
const unchanged = {
  answer_type: 'word',
  level: 1,
  statement: texts(statement),
  question: questionFields(question),
};
const noQuestion = {
  text_de: null,
  text_en: null,
  text_sv: null,
  short_answer_de: null,
  short_answer_en: null,
  short_answer_se: null,
};

test('nothing changed sends nothing', () => {
  expect(pairChanges(pair, unchanged)).toEqual({});
});

test('only the changed parts are sent, the statement and question with all their fields', () => {
  expect(pairChanges(pair, { ...unchanged, level: 3 })).toEqual({ level: 3 });
  expect(pairChanges(pair, { ...unchanged, answer_type: 'yes_no', level: null })).toEqual({
    answer_type: 'yes_no',
    level: null,
  });
  const english = { ...texts(statement), text_en: 'This is a dog.' };
  expect(pairChanges(pair, { ...unchanged, statement: english })).toEqual({ statement: english });
  const answer = { ...questionFields(question), short_answer_se: 'en hund' };
  expect(pairChanges(pair, { ...unchanged, question: answer })).toEqual({ question: answer });
});

test('an emptied question comes off the pair; texts on a pair without one add one', () => {
  expect(pairChanges(pair, { ...unchanged, question: noQuestion })).toEqual({ question: null });
  const bare = { ...pair, question: null };
  expect(pairChanges(bare, { ...unchanged, question: noQuestion })).toEqual({});
  const added = { ...noQuestion, text_en: 'Is it a dog?' };
  expect(pairChanges(bare, { ...unchanged, question: added })).toEqual({ question: added });
});
