-- Audios, one row per (source_table, source_id, source_field, language)
-- (core/ports/content/audio.hpp, AudioRows; adapters/persistence/content/audio.cpp). Which
-- texts still lack one (audio_candidates, audio_coverage) is put together in C++: its column
-- names are the spoken field of each table and language (core/domain/content_languages.hpp).

-- The audios of an item that is deleted (source_table: statements, questions or words).
-- name: delete_of_item
DELETE FROM audios WHERE source_table = :source_table AND source_id = :source_id;

-- name: find
SELECT id, source_table, source_id, source_field, language, file_path, mime, voice,
       duration_ms, CAST(created_at AS TEXT), CAST(updated_at AS TEXT), bytes, opus_path,
       opus_bytes, aac_path, aac_bytes, variants_of, spoken_text
FROM audios
WHERE source_table = :source_table AND source_id = :source_id
  AND source_field = :source_field AND language = :language;

-- name: of_item
SELECT id, source_table, source_id, source_field, language, file_path, mime, voice,
       duration_ms, CAST(created_at AS TEXT), CAST(updated_at AS TEXT), bytes, opus_path,
       opus_bytes, aac_path, aac_bytes, variants_of, spoken_text
FROM audios WHERE source_table = :source_table AND source_id = :source_id;

-- One upsert; the row answers with the drawn :id only when it is new.
-- name: upsert
INSERT INTO audios (id, source_table, source_id, source_field, language, file_path, mime, voice,
                    duration_ms, created_at, updated_at, bytes, opus_path, opus_bytes, aac_path,
                    aac_bytes, variants_of, spoken_text)
VALUES (:id, :source_table, :source_id, :source_field, :language, :file_path, :mime, :voice,
        :duration_ms, :created_at, :updated_at, :bytes, :opus_path, :opus_bytes, :aac_path,
        :aac_bytes, :variants_of, :spoken_text)
ON CONFLICT (source_table, source_id, source_field, language) DO UPDATE SET
    file_path = excluded.file_path, mime = excluded.mime, voice = excluded.voice,
    duration_ms = excluded.duration_ms, updated_at = excluded.updated_at, bytes = excluded.bytes,
    opus_path = excluded.opus_path, opus_bytes = excluded.opus_bytes,
    aac_path = excluded.aac_path, aac_bytes = excluded.aac_bytes,
    variants_of = excluded.variants_of, spoken_text = excluded.spoken_text
RETURNING id;

-- Every audio by id, a page at a time (the variants backfill).
-- name: page
SELECT id, source_table, source_id, source_field, language, file_path, mime, voice,
       duration_ms, CAST(created_at AS TEXT), CAST(updated_at AS TEXT), bytes, opus_path,
       opus_bytes, aac_path, aac_bytes, variants_of, spoken_text
FROM audios WHERE id > :after ORDER BY id LIMIT :page_size;

-- The variants of an audio whose file is still the one they were made from.
-- name: set_variants
UPDATE audios SET bytes = :bytes, opus_path = :opus_path, opus_bytes = :opus_bytes,
                  aac_path = :aac_path, aac_bytes = :aac_bytes, variants_of = :variants_of
WHERE id = :id AND file_path = :file_path;
