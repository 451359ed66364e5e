-- The content's history (docs/authoring-guide.md "History"): one row per change an editor (or
-- the system: the demo seed, a development token) made to a picture, object, word, category,
-- statement, question or pair, written by the transaction that made the change
-- (core/app/authoring/recording_tx.hpp) and never changed afterwards. `before` and `after` are
-- JSON objects of the fields that changed (NULL on create and delete respectively). The rows
-- name items, pictures and editors by id without foreign keys: the history outlives what it
-- tells of, a deleted item's last row is its delete, and a removed account's changes stay
-- attributed to its id.
CREATE TABLE content_changes (
    id         INTEGER PRIMARY KEY,
    at         TEXT NOT NULL,
    editor_id  INTEGER,
    item       TEXT NOT NULL,
    item_id    INTEGER NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    picture_id INTEGER,
    before     TEXT,
    after      TEXT
);
-- One item's history, one editor's and one picture's activity, each newest first.
CREATE INDEX content_changes_item_idx ON content_changes (item, item_id, id);
CREATE INDEX content_changes_editor_idx ON content_changes (editor_id, id);
CREATE INDEX content_changes_picture_idx ON content_changes (picture_id, id);
