-- Drafts of live texts (docs/authoring-guide.md "Drafts of published content"): a change to a
-- statement or question that learners see (published, or shown by a published pair) is kept
-- here, beside its row, which the feed goes on serving until the draft is reviewed and published.
-- At most one draft per item; it goes with its item. Its status is 'draft' until reviewed, then
-- 'reviewed'.
-- Lint (tests/migrations/lint): level is 1 to 100, as questions.level, never an id.
-- squawk-ignore-file prefer-bigint-over-int
CREATE TABLE statement_drafts (
    statement_id BIGINT PRIMARY KEY REFERENCES statements (id) ON DELETE CASCADE,
    text_de      TEXT,
    text_en      TEXT,
    text_sv      TEXT,
    status       TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed')),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE question_drafts (
    question_id     BIGINT PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
    text_de         TEXT,
    text_en         TEXT,
    text_sv         TEXT,
    short_answer_de TEXT,
    short_answer_en TEXT,
    short_answer_se TEXT,
    level           INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 100),
    status          TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed')),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Statements and questions as the store reads them: each with its draft, if any (the d_*
-- columns; d_id NULL: none), instants as text. One definition for every query that reads them
-- (db/queries/content_statements.sql, content_questions.sql, content_lists.sql).
CREATE VIEW statements_with_drafts AS
SELECT s.id, s.text_de, s.text_en, s.text_sv, s.status, CAST(s.created_at AS TEXT) AS created_at,
       CAST(s.updated_at AS TEXT) AS updated_at, d.statement_id AS d_id, d.text_de AS d_text_de,
       d.text_en AS d_text_en, d.text_sv AS d_text_sv, d.status AS d_status,
       CAST(d.updated_at AS TEXT) AS d_updated_at
FROM statements s LEFT JOIN statement_drafts d ON d.statement_id = s.id;

CREATE VIEW questions_with_drafts AS
SELECT q.id, q.object_id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, q.short_answer_en,
       q.short_answer_se, q.level, q.status, CAST(q.created_at AS TEXT) AS created_at,
       CAST(q.updated_at AS TEXT) AS updated_at, d.question_id AS d_id, d.text_de AS d_text_de,
       d.text_en AS d_text_en, d.text_sv AS d_text_sv, d.short_answer_de AS d_short_answer_de,
       d.short_answer_en AS d_short_answer_en, d.short_answer_se AS d_short_answer_se,
       d.level AS d_level, d.status AS d_status, CAST(d.updated_at AS TEXT) AS d_updated_at
FROM questions q LEFT JOIN question_drafts d ON d.question_id = q.id;
