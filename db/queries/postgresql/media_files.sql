-- Media in the database, PostgreSQL's text (db/queries/media_files.sql has the shared ones).
-- Both are sent through libpq itself with the bytes in binary (sql_media_store.cpp), so their
-- parameters are positional.

-- Content-addressed: the same name is the same bytes, so a second put changes nothing.
-- $1 name, $2 size, $3 the bytes (binary).
-- name: insert
INSERT INTO media_files (name, bytes, data) VALUES ($1, CAST($2 AS BIGINT), $3)
ON CONFLICT (name) DO NOTHING;

-- $2 bytes from byte $1 (1-based); fewer at the end. STORAGE EXTERNAL: only the chunks holding
-- them are read. $3 name.
-- name: part
SELECT substring(data FROM CAST($1 AS INTEGER) FOR CAST($2 AS INTEGER))
FROM media_files WHERE name = $3;
