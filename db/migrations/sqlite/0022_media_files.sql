-- Media in the database (docs/operations.md "Media"): pictures, renditions and audio as rows
-- named by the SHA-256 of their bytes, so they travel with the data that references them. Used
-- with MEDIA_STORE=database; empty otherwise.
CREATE TABLE media_files (
    name       TEXT PRIMARY KEY,
    bytes      INTEGER NOT NULL,
    data       BLOB NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
