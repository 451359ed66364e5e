-- Audio follows its text (docs/audio.md "Audio that follows its text"): every audio keeps the
-- text it speaks, exactly as the item held it when it was spoken. An audio whose item now holds
-- another text in that field is stale: coverage, the content lists and the batch count it as
-- missing, and publishing the item is refused until it is spoken again.
--
-- An audio stored before this migration is taken to speak its item's text as it stands now (no
-- record says otherwise); one whose item is gone keeps NULL, which matches no text.
ALTER TABLE audios ADD COLUMN spoken_text TEXT;
UPDATE audios SET spoken_text = (
    SELECT CASE audios.source_field WHEN 'text_de' THEN s.text_de WHEN 'text_en' THEN s.text_en
                                    WHEN 'text_sv' THEN s.text_sv END
    FROM statements s WHERE s.id = audios.source_id)
WHERE source_table = 'statements';
UPDATE audios SET spoken_text = (
    SELECT CASE audios.source_field WHEN 'text_de' THEN q.text_de WHEN 'text_en' THEN q.text_en
                                    WHEN 'text_sv' THEN q.text_sv
                                    WHEN 'short_answer_de' THEN q.short_answer_de
                                    WHEN 'short_answer_en' THEN q.short_answer_en
                                    WHEN 'short_answer_se' THEN q.short_answer_se END
    FROM questions q WHERE q.id = audios.source_id)
WHERE source_table = 'questions';
UPDATE audios SET spoken_text = (
    SELECT CASE audios.source_field WHEN 'title_de' THEN w.title_de WHEN 'title_en' THEN w.title_en
                                    WHEN 'title_sv' THEN w.title_sv END
    FROM words w WHERE w.id = audios.source_id)
WHERE source_table = 'words';
