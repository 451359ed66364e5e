-- Categories can be deleted (DELETE /api/categories/:id, docs/authoring-guide.md "Categories").
-- Nothing to change here: their ids come from the identity sequence, which never hands one out
-- twice. The SQLite schema needs a counter (sqlite/0010_category_ids.sql); the number is kept
-- the same in both dialects.
COMMENT ON TABLE categories IS 'Word and pair categories; ids are never reused (migration 0010).';
