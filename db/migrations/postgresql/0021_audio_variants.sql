-- Compressed copies of every audio for phones (docs/audio.md): Ogg Opus and AAC in MP4 beside
-- the WAV, with the sizes the feed announces. Null for an audio stored before them, until
-- `langlearn-admin make-audio-variants` has converted it. variants_of names the file they were
-- made from: a replica of the previous release that speaks a text again replaces file_path
-- only, and copies whose variants_of is not the row's file_path count as none (read as absent,
-- made again by the backfill). Nullable columns without a default rewrite nothing.
ALTER TABLE audios ADD COLUMN bytes BIGINT;
ALTER TABLE audios ADD COLUMN opus_path TEXT;
ALTER TABLE audios ADD COLUMN opus_bytes BIGINT;
ALTER TABLE audios ADD COLUMN aac_path TEXT;
ALTER TABLE audios ADD COLUMN aac_bytes BIGINT;
ALTER TABLE audios ADD COLUMN variants_of TEXT;
