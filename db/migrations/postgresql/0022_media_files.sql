-- Media in the database (docs/operations.md "Media"): pictures, renditions and audio as rows
-- named by the SHA-256 of their bytes, so they are replicated with the data that references
-- them, in the same backups and the same point-in-time recovery. Used with MEDIA_STORE=database;
-- empty otherwise. STORAGE EXTERNAL keeps the bytes out of line and uncompressed (pictures and
-- Opus are compressed already): a Range request reads only the chunks it needs.
CREATE TABLE media_files (
    name       TEXT PRIMARY KEY,
    bytes      BIGINT NOT NULL,
    data       BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER TABLE media_files ALTER COLUMN data SET STORAGE EXTERNAL;
