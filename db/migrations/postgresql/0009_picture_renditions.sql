-- A picture's renditions (docs/architecture.md "Renditions"): a thumbnail (long side 320 px) for
-- the studio's lists and a phone-sized copy (long side at most 1280 px) for the learner's feed,
-- media names like image_path. Null for pictures without an image and for those stored before
-- this migration, until `langlearn-admin make-renditions` makes them (docs/operations.md).
ALTER TABLE pictures ADD COLUMN thumbnail_path TEXT;
ALTER TABLE pictures ADD COLUMN phone_path TEXT;
