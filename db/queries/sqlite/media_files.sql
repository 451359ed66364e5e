-- Media in the database, SQLite's text (db/queries/media_files.sql has the shared ones).

-- The raw bytes, bound as text of their full length, made a BLOB byte for byte.
-- name: insert
INSERT INTO media_files (name, bytes, data) VALUES (:name, :bytes, CAST(:data AS BLOB))
ON CONFLICT (name) DO NOTHING;

-- name: part
SELECT hex(substr(data, :first, :count)) FROM media_files WHERE name = :name;
