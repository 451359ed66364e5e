-- Media in the database, PostgreSQL's text (db/queries/media_files.sql has the shared ones).

-- Content-addressed: the same name is the same bytes, so a second put changes nothing.
-- name: insert
INSERT INTO media_files (name, bytes, data) VALUES (:name, :bytes, decode(:data, 'hex'))
ON CONFLICT (name) DO NOTHING;

-- `count` bytes from byte `first` (1-based); fewer at the end. STORAGE EXTERNAL: only the
-- chunks holding them are read.
-- name: part
SELECT encode(substring(data FROM CAST(:first AS INTEGER) FOR CAST(:count AS INTEGER)), 'hex')
FROM media_files WHERE name = :name;
