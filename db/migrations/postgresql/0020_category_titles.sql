-- A category's title in English and Swedish beside its German titel_de, so the statistics can
-- label categories in the learner's language (docs/accounts.md "Languages of messages and
-- labels"). Optional: a category without one is labelled by titel_de. Adding nullable columns
-- without a default rewrites nothing and holds its lock only for the catalogue change.
ALTER TABLE categories ADD COLUMN titel_en TEXT;
ALTER TABLE categories ADD COLUMN titel_sv TEXT;

-- The seeded categories' titles (db/migrations/postgresql/0002_seed.sql), where an editor has
-- given none yet.
UPDATE categories c SET titel_en = t.en, titel_sv = t.sv
FROM (VALUES
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
    ('Zeit', 'Time', 'Tid')) AS t (de, en, sv)
WHERE c.titel_de = t.de AND c.titel_en IS NULL AND c.titel_sv IS NULL;
