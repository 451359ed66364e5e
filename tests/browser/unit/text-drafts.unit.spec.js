// Playwright's runner (no browser) for what the studio shows of a draft beside a live text
// (adapters/web/studio/text-drafts.js, text-diff.js; docs/studio.md "Drafts of published
// content"): the version an editor changes, the fields a draft changes, the words it changes.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

let wordDiff, withDraft, draftChanges, draftStatus;
test.beforeAll(async () => {
  ({ wordDiff } = await studioModule('text-diff.js'));
  ({ withDraft, draftChanges, draftStatus } = await studioModule('text-drafts.js'));
});

// A side's runs as text with its changed runs in brackets: "Die [Hauskatze] schläft."
const marked = (runs) => runs.map((r) => (r.changed ? `[${r.text}]` : r.text)).join('');

test('the changed words of each side, the rest as it was', () => {
  const one = wordDiff('Die Hauskatze schläft.', 'Die Katze schläft.');
  expect(marked(one.before)).toBe('Die [Hauskatze] schläft.');
  expect(marked(one.after)).toBe('Die [Katze] schläft.');
  // Joined, each side is its whole text.
  expect(one.before.map((r) => r.text).join('')).toBe('Die Hauskatze schläft.');
  expect(one.after.map((r) => r.text).join('')).toBe('Die Katze schläft.');

  const two = wordDiff('a b c', 'x y c');
  expect(marked(two.before)).toBe('[a b] c');
  expect(marked(two.after)).toBe('[x y] c');

  const added = wordDiff('Der Hund bellt.', 'Der kleine Hund bellt laut.');
  expect(marked(added.before)).toBe('Der Hund bellt.');
  expect(marked(added.after)).toBe('Der [kleine ]Hund bellt[ laut].');
  // Punctuation is a token of its own; letters with accents belong to their word.
  const mark = wordDiff('Är det en katt?', 'Är det en hund!');
  expect(marked(mark.before)).toBe('Är det en [katt?]');
  expect(marked(mark.after)).toBe('Är det en [hund!]');
});

test('an empty side has no runs; unchanged texts have no changed run', () => {
  expect(wordDiff('', 'Neu.')).toEqual({ before: [], after: [{ text: 'Neu.', changed: true }] });
  expect(wordDiff(null, null)).toEqual({ before: [], after: [] });
  expect(wordDiff('Gleich.', 'Gleich.')).toEqual({
    before: [{ text: 'Gleich.', changed: false }],
    after: [{ text: 'Gleich.', changed: false }],
  });
});

const statement = {
  id: 5,
  text_de: 'Die Hauskatze schläft.',
  text_en: 'The cat sleeps.',
  text_sv: null,
  status: 'published',
  draft: {
    text_de: 'Die Katze schläft.',
    text_en: 'The cat sleeps.',
    text_sv: 'Katten sover.',
    status: 'draft',
    updated_at: '2026-12-07T10:00:00Z',
  },
};

test('an editor changes the draft: its fields over the live ones', () => {
  expect(withDraft(statement)).toMatchObject({
    id: 5,
    text_de: 'Die Katze schläft.',
    text_sv: 'Katten sover.',
    status: 'published',
  });
  const bare = { ...statement, draft: null };
  expect(withDraft(bare)).toBe(bare);
  expect(withDraft(null)).toBeNull();
  // A pair's question has no level: the draft's level is not added to it.
  const question = {
    id: 8,
    text_de: 'Was?',
    draft: { text_de: 'Wer?', level: 3, status: 'draft' },
  };
  expect(withDraft(question)).toEqual({ ...question, text_de: 'Wer?' });
});

test('the fields a draft changes, and the state of several drafts', () => {
  expect(draftChanges(statement)).toEqual([
    { key: 'text_de', live: 'Die Hauskatze schläft.', draft: 'Die Katze schläft.' },
    { key: 'text_sv', live: null, draft: 'Katten sover.' },
  ]);
  expect(draftChanges({ ...statement, draft: null })).toEqual([]);
  const reviewed = { ...statement, draft: { ...statement.draft, status: 'reviewed' } };
  expect(draftStatus([statement, null])).toBe('draft');
  expect(draftStatus([reviewed, null])).toBe('reviewed');
  expect(draftStatus([reviewed, statement])).toBe('draft');
  expect(draftStatus([{ ...statement, draft: null }, undefined])).toBeNull();
});
