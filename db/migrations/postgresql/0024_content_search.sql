-- Search in the studio's content lists (docs/authoring-guide.md "Content lists";
-- docs/performance.md "Content search at 100,000 items" has why these indexes): a term is found
-- anywhere in a statement's, question's or word's text, in any of the three languages,
-- case-folded ("katze" finds "Hauskatze").
--
-- pg_trgm's GIN index on each table's three texts joined by a line break (a term holds none, so
-- it never matches across two languages); the lists search with `ILIKE` on exactly this
-- expression (adapters/persistence/content/lists.cpp). pg_trgm ships with PostgreSQL and is a
-- trusted extension: the database's owner may create it (docs/operations.md "Migrations").
--
-- Lint (tests/migrations/lint): the runner applies a file in one transaction, where CREATE INDEX
-- CONCURRENTLY cannot run; on a large catalogue build them CONCURRENTLY by hand first, as
-- docs/operations.md "Migrations" says (IF NOT EXISTS here).
-- squawk-ignore-file require-concurrent-index-creation
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS statements_search_idx ON statements USING gin (
    (coalesce(text_de, '') || E'\n' || coalesce(text_en, '') || E'\n' || coalesce(text_sv, ''))
    gin_trgm_ops);
CREATE INDEX IF NOT EXISTS questions_search_idx ON questions USING gin (
    (coalesce(text_de, '') || E'\n' || coalesce(text_en, '') || E'\n' || coalesce(text_sv, ''))
    gin_trgm_ops);
CREATE INDEX IF NOT EXISTS words_search_idx ON words USING gin (
    (coalesce(title_de, '') || E'\n' || coalesce(title_en, '') || E'\n' || coalesce(title_sv, ''))
    gin_trgm_ops);
