-- Media in the database (adapters/persistence/sql_media_store.hpp; media_files, migration 0022).
-- SOCI binds and reads text, and a picture's bytes hold zeros that no text parameter can carry:
-- PostgreSQL's `insert` and `part` go through libpq with the bytes in binary; SQLite takes them
-- as text of their full length and answers in hexadecimal.

-- name: size
SELECT bytes FROM media_files WHERE name = :name;

-- Every name stored, in order.
-- name: names
SELECT name FROM media_files ORDER BY name;

-- Every media name the content references: pictures and their renditions, audio and its
-- compressed copies (langlearn-admin check-media; the restore drill). Copies made from another
-- file than the row's are served as none (adapters/persistence/audio_columns.hpp): not listed.
-- name: referenced
SELECT image_path FROM pictures WHERE image_path IS NOT NULL
UNION SELECT thumbnail_path FROM pictures WHERE thumbnail_path IS NOT NULL
UNION SELECT phone_path FROM pictures WHERE phone_path IS NOT NULL
UNION SELECT file_path FROM audios
UNION SELECT opus_path FROM audios WHERE opus_path IS NOT NULL AND variants_of = file_path
UNION SELECT aac_path FROM audios WHERE aac_path IS NOT NULL AND variants_of = file_path;
