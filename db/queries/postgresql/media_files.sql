-- Media in the database, PostgreSQL's text (db/queries/media_files.sql has the shared ones).

-- Content-addressed: the same name is the same bytes, so a second put changes nothing.
-- name: insert
INSERT INTO media_files (name, bytes, data) VALUES (:name, :bytes, decode(:data, 'hex'))
ON CONFLICT (name) DO NOTHING;

-- `count` bytes from byte `first` (1-based); fewer at the end. STORAGE EXTERNAL: only the
-- chunks holding them are read. Sent through libpq itself with the answer in binary (the
-- bytes as they are, not hex; sql_media_store.cpp), so its parameters are positional:
-- $1 first, $2 count, $3 name.
-- name: part
SELECT substring(data FROM CAST($1 AS INTEGER) FOR CAST($2 AS INTEGER))
FROM media_files WHERE name = $3;
