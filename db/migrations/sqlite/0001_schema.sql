-- The whole schema (docs/spec/service.md, docs/spec/authoring.md), SQLite dialect: the PostgreSQL schema with
-- INTEGER keys (64-bit), TEXT instants (ISO 8601 UTC) and dates (YYYY-MM-DD), 0/1 booleans.

CREATE TABLE languages (
    id         INTEGER PRIMARY KEY,
    short_en   TEXT NOT NULL UNIQUE,
    titel_de   TEXT,
    titel_en   TEXT,
    titel_sv   TEXT,
    status     TEXT NOT NULL DEFAULT 'draft',
    greeting   TEXT
);

CREATE TABLE users (
    id                 INTEGER PRIMARY KEY,
    email              TEXT NOT NULL,
    password_hash      TEXT NOT NULL,
    role               TEXT NOT NULL DEFAULT 'end-user' CHECK (role IN ('end-user', 'editor', 'admin')),
    is_active          INTEGER NOT NULL DEFAULT 1,
    language_native_id BIGINT REFERENCES languages (id),
    created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE blocklist (
    id         INTEGER PRIMARY KEY,
    email      TEXT NOT NULL,
    is_blocked INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX blocklist_email_lower_key ON blocklist (lower(email));

CREATE TABLE user_names (
    id                 INTEGER PRIMARY KEY,
    username           TEXT NOT NULL,
    username_lowercase TEXT NOT NULL UNIQUE
);

CREATE TABLE users_public (
    id                 INTEGER PRIMARY KEY,
    user_id            BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    username_id        BIGINT NOT NULL UNIQUE REFERENCES user_names (id),
    language_native_id BIGINT NOT NULL REFERENCES languages (id),
    language_target_id BIGINT NOT NULL REFERENCES languages (id),
    total_ep           BIGINT NOT NULL DEFAULT 0,
    streak_days        INTEGER NOT NULL DEFAULT 0,
    daily_goal_ep      INTEGER NOT NULL DEFAULT 30,
    last_practice_at   TEXT,
    -- The calendar date of last_practice_at in APP_TIMEZONE: the streak rule compares dates.
    last_practice_date TEXT
);

CREATE TABLE categories (
    id         INTEGER PRIMARY KEY,
    titel_de   TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE pictures (
    id                 INTEGER PRIMARY KEY,
    status             TEXT NOT NULL DEFAULT 'draft'
                       CHECK (status IN ('new', 'drawing_created', 'draft', 'objects_created')),
    title              TEXT,
    image_path         TEXT,
    image_mime         TEXT,
    width              INTEGER,
    height             INTEGER,
    objects_created    INTEGER NOT NULL DEFAULT 0,
    objects_created_at TEXT,
    created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX pictures_status_idx ON pictures (status, id);

CREATE TABLE objects (
    id         INTEGER PRIMARY KEY,
    picture_id BIGINT NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
    parent_id  BIGINT REFERENCES objects (id) ON DELETE SET NULL,
    user_notes TEXT,
    selections TEXT NOT NULL DEFAULT '[]',
    status     TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed', 'published')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX objects_picture_idx ON objects (picture_id);

CREATE TABLE words (
    id         INTEGER PRIMARY KEY,
    title_de   TEXT NOT NULL,
    title_en   TEXT,
    title_sv   TEXT,
    level      INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 100),
    status     TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX words_title_de_lower_idx ON words (lower(title_de));

CREATE TABLE word_categories (
    word_id     BIGINT NOT NULL REFERENCES words (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (word_id, category_id)
);
CREATE INDEX word_categories_category_idx ON word_categories (category_id);

CREATE TABLE picture_words (
    id         INTEGER PRIMARY KEY,
    picture_id BIGINT NOT NULL REFERENCES pictures (id) ON DELETE CASCADE,
    word_id    BIGINT NOT NULL REFERENCES words (id) ON DELETE CASCADE,
    UNIQUE (picture_id, word_id)
);
CREATE INDEX picture_words_word_idx ON picture_words (word_id);

CREATE TABLE object_words (
    id        INTEGER PRIMARY KEY,
    object_id BIGINT NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
    word_id   BIGINT NOT NULL REFERENCES words (id) ON DELETE CASCADE,
    is_label  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (object_id, word_id)
);
CREATE UNIQUE INDEX object_words_one_label ON object_words (object_id) WHERE is_label = 1;
CREATE INDEX object_words_word_idx ON object_words (word_id);

CREATE TABLE statements (
    id         INTEGER PRIMARY KEY,
    text_de    TEXT,
    text_en    TEXT,
    text_sv    TEXT,
    status     TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed', 'published')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE questions (
    id              INTEGER PRIMARY KEY,
    object_id       BIGINT REFERENCES objects (id) ON DELETE SET NULL,
    text_de         TEXT,
    text_en         TEXT,
    text_sv         TEXT,
    short_answer_de TEXT,
    short_answer_en TEXT,
    short_answer_se TEXT,
    level           INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 100),
    status          TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed', 'published')),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX questions_object_idx ON questions (object_id);

CREATE TABLE question_words (
    id          INTEGER PRIMARY KEY,
    question_id BIGINT NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    word_id     BIGINT NOT NULL REFERENCES words (id) ON DELETE CASCADE,
    role        TEXT NOT NULL DEFAULT 'answer' CHECK (role IN ('answer', 'distractor')),
    UNIQUE (question_id, word_id, role)
);
CREATE INDEX question_words_word_idx ON question_words (word_id);

CREATE TABLE statement_words (
    id           INTEGER PRIMARY KEY,
    statement_id BIGINT NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
    word_id      BIGINT NOT NULL REFERENCES words (id) ON DELETE CASCADE,
    UNIQUE (statement_id, word_id)
);
CREATE INDEX statement_words_word_idx ON statement_words (word_id);

CREATE TABLE pairs (
    id           INTEGER PRIMARY KEY,
    picture_id   BIGINT REFERENCES pictures (id) ON DELETE SET NULL,
    object_id    BIGINT REFERENCES objects (id) ON DELETE SET NULL,
    statement_id BIGINT REFERENCES statements (id) ON DELETE SET NULL,
    question_id  BIGINT REFERENCES questions (id) ON DELETE SET NULL,
    answer_type  TEXT NOT NULL,
    level        INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 100),
    status       TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'reviewed', 'published')),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX pairs_published_idx ON pairs (id) WHERE status = 'published';
CREATE INDEX pairs_picture_idx ON pairs (picture_id);

CREATE TABLE pair_categories (
    pair_id     BIGINT NOT NULL REFERENCES pairs (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (pair_id, category_id)
);
CREATE INDEX pair_categories_category_idx ON pair_categories (category_id);

CREATE TABLE user_pair_progress (
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pair_id       BIGINT NOT NULL REFERENCES pairs (id) ON DELETE CASCADE,
    seen_count    INTEGER NOT NULL DEFAULT 0,
    correct_count INTEGER NOT NULL DEFAULT 0,
    wrong_count   INTEGER NOT NULL DEFAULT 0,
    earned_points BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, pair_id)
);

CREATE TABLE user_daily_activity (
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    activity_date TEXT NOT NULL,
    ep_earned     BIGINT NOT NULL DEFAULT 0,
    cards_done    INTEGER NOT NULL DEFAULT 0,
    correct_count INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, activity_date)
);

CREATE TABLE achievements (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('ep', 'streak')),
    threshold  BIGINT NOT NULL,
    title_de   TEXT NOT NULL,
    title_en   TEXT NOT NULL,
    title_sv   TEXT NOT NULL,
    sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE user_achievements (
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    achievement_id TEXT NOT NULL REFERENCES achievements (id) ON DELETE CASCADE,
    unlocked_at    TEXT NOT NULL,
    PRIMARY KEY (user_id, achievement_id)
);

CREATE TABLE audios (
    id           INTEGER PRIMARY KEY,
    source_table TEXT NOT NULL CHECK (source_table IN ('statements', 'questions', 'words')),
    source_id    BIGINT NOT NULL,
    source_field TEXT NOT NULL,
    language     TEXT NOT NULL CHECK (language IN ('de', 'en', 'sv')),
    file_path    TEXT NOT NULL,
    mime         TEXT NOT NULL,
    voice        TEXT,
    duration_ms  INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (source_table, source_id, source_field, language)
);
