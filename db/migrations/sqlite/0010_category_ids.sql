-- Categories can be deleted (DELETE /api/categories/:id, docs/authoring-guide.md "Categories"):
-- their ids are drawn from id_sequences like the other content tables' (why: 0003_content.sql),
-- so the id of a deleted highest category is never handed out again.
INSERT OR IGNORE INTO id_sequences (name, last_id)
SELECT 'categories', COALESCE(MAX(id), 0) FROM categories;
