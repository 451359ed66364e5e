// The languages of the content, as the studio shows them side by side (docs/studio.md "For
// developers"). The source is the database's `languages` table (seeded by the migration
// db/migrations/*/0002_seed.sql): `code` is its short_en and `name` its titel_en, in the order
// GET /auth/languages lists them. Each language also has its own columns (text_de, title_sv,
// short_answer_se, ...), so a new one comes with a migration and a line here;
// tests/browser/languages.spec.js compares this list with the database's.
export const LANGUAGES = [
  { code: 'de', name: 'German', shortAnswer: 'short_answer_de' },
  { code: 'en', name: 'English', shortAnswer: 'short_answer_en' },
  // The API spells Swedish "se" in the short answer's field.
  { code: 'sv', name: 'Swedish', shortAnswer: 'short_answer_se' },
];

// code -> name ("German"), the text's field ("text_de") and the short answer's field.
export const LANGUAGE_NAME = Object.fromEntries(LANGUAGES.map((l) => [l.code, l.name]));
export const TEXT_FIELD = Object.fromEntries(LANGUAGES.map((l) => [l.code, `text_${l.code}`]));
export const SHORT_ANSWER_FIELD = Object.fromEntries(LANGUAGES.map((l) => [l.code, l.shortAnswer]));

// The API's field names in words ("text_de" -> "German text"), for messages that name fields.
export const FIELD_WORDS = Object.fromEntries(
  LANGUAGES.flatMap(({ code, name, shortAnswer }) => [
    [`text_${code}`, `${name} text`],
    [`title_${code}`, `${name} title`],
    [shortAnswer, `${name} short answer`],
  ]),
);
