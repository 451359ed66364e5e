-- A migration with the mistakes the lint must refuse (run.sh checks that it does): an index
-- built without CONCURRENTLY on an existing table, and a NOT NULL column added to one.
CREATE INDEX users_created_idx ON users (created_at);
ALTER TABLE users ADD COLUMN nickname TEXT NOT NULL;
