-- E-mail addresses are stored as the core normalises them (trimmed, ASCII letters lower-cased:
-- docs/architecture.md "E-mail keys") and are looked up exactly as stored. An index on
-- lower(email) let the database fold letters outside ASCII by its own locale (PostgreSQL's
-- lower() turns 'Ä' into 'ä' under a UTF-8 locale, SQLite's does not), so the database and the
-- core could disagree on which spellings name one account.
-- Lint (tests/migrations/lint): the unique keys are swapped inside one transaction on
-- purpose, so no moment is without a uniqueness check on e-mails (CONCURRENTLY would leave one,
-- and cannot run in the runner's transaction); the tables held few rows when this ran.
-- squawk-ignore-file require-concurrent-index-creation, require-concurrent-index-deletion
CREATE UNIQUE INDEX users_email_key ON users (email);
DROP INDEX users_email_lower_key;
CREATE UNIQUE INDEX blocklist_email_key ON blocklist (email);
DROP INDEX blocklist_email_lower_key;
