-- PostgreSQL's own text of the content maintenance (db/queries/content_maintenance.sql).

-- 1 when the table exists (a link table may be missing: ContentMaintenance::ensure_link_tables).
-- name: table_exists
SELECT CASE WHEN to_regclass(:table) IS NULL THEN 0 ELSE 1 END;
