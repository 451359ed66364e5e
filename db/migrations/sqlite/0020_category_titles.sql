-- A category's title in English and Swedish (the PostgreSQL file explains).
ALTER TABLE categories ADD COLUMN titel_en TEXT;
ALTER TABLE categories ADD COLUMN titel_sv TEXT;

-- The seeded categories' titles (0002_seed.sql), where an editor has given none yet.
WITH t (de, en, sv) AS (VALUES
    ('Tiere', 'Animals', 'Djur'),
    ('Essen', 'Food', 'Mat'),
    ('Farben', 'Colors', 'Färger'),
    ('Familie', 'Family', 'Familj'),
    ('Haus', 'House', 'Hus'),
    ('Kleidung', 'Clothing', 'Kläder'),
    ('Natur', 'Nature', 'Natur'),
    ('Verkehr', 'Transport', 'Trafik'),
    ('Körper', 'Body', 'Kropp'),
    ('Berufe', 'Jobs', 'Yrken'),
    ('Zahlen', 'Numbers', 'Tal'),
    ('Zeit', 'Time', 'Tid'))
UPDATE categories SET titel_en = (SELECT en FROM t WHERE t.de = categories.titel_de),
                      titel_sv = (SELECT sv FROM t WHERE t.de = categories.titel_de)
WHERE titel_de IN (SELECT de FROM t) AND titel_en IS NULL AND titel_sv IS NULL;
