-- Running totals for the statistics and idempotency keys (the PostgreSQL file explains both;
-- SQLite has no stored functions, so the booking's statements are the adapter's:
-- adapters/persistence/sql_booking_sqlite.cpp).

ALTER TABLE users_public ADD COLUMN pairs_practiced INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN total_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN total_correct INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN word_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN word_correct INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN question_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN question_correct INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN text_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN text_correct INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN yes_no_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN yes_no_correct INTEGER NOT NULL DEFAULT 0;
-- The smallest ep / streak threshold not unlocked yet (0: look at the next booking); see the
-- PostgreSQL file.
ALTER TABLE users_public ADD COLUMN next_ep_threshold INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users_public ADD COLUMN next_streak_threshold INTEGER NOT NULL DEFAULT 0;

UPDATE users_public SET
    pairs_practiced  = t.pairs,
    total_seen       = t.seen,
    total_correct    = t.correct,
    word_seen        = t.word_seen,
    word_correct     = t.word_correct,
    question_seen    = t.question_seen,
    question_correct = t.question_correct,
    text_seen        = t.text_seen,
    text_correct     = t.text_correct,
    yes_no_seen      = t.yes_no_seen,
    yes_no_correct   = t.yes_no_correct
FROM (
    SELECT u.user_id AS user_id, COUNT(*) AS pairs, SUM(u.seen_count) AS seen,
           SUM(u.correct_count) AS correct,
           COALESCE(SUM(CASE WHEN p.answer_type = 'word' THEN u.seen_count END), 0) AS word_seen,
           COALESCE(SUM(CASE WHEN p.answer_type = 'word' THEN u.correct_count END), 0) AS word_correct,
           COALESCE(SUM(CASE WHEN p.answer_type = 'question' THEN u.seen_count END), 0) AS question_seen,
           COALESCE(SUM(CASE WHEN p.answer_type = 'question' THEN u.correct_count END), 0) AS question_correct,
           COALESCE(SUM(CASE WHEN p.answer_type = 'text' THEN u.seen_count END), 0) AS text_seen,
           COALESCE(SUM(CASE WHEN p.answer_type = 'text' THEN u.correct_count END), 0) AS text_correct,
           COALESCE(SUM(CASE WHEN p.answer_type = 'yes_no' THEN u.seen_count END), 0) AS yes_no_seen,
           COALESCE(SUM(CASE WHEN p.answer_type = 'yes_no' THEN u.correct_count END), 0) AS yes_no_correct
    FROM user_pair_progress u JOIN pairs p ON p.id = u.pair_id
    GROUP BY u.user_id
) AS t
WHERE t.user_id = users_public.user_id;

CREATE TABLE user_category_stats (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    points      INTEGER NOT NULL DEFAULT 0,
    seen        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, category_id)
);

INSERT INTO user_category_stats (user_id, category_id, points, seen)
SELECT u.user_id, pc.category_id, SUM(u.earned_points), SUM(u.seen_count)
FROM user_pair_progress u JOIN pair_categories pc ON pc.pair_id = u.pair_id
GROUP BY u.user_id, pc.category_id;

CREATE TABLE idempotency_keys (
    user_id              INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key                  TEXT NOT NULL,
    fingerprint          TEXT NOT NULL,
    created_at           TEXT NOT NULL,
    status               TEXT,
    previous_total_ep    INTEGER,
    total_ep             INTEGER,
    previous_streak_days INTEGER,
    streak_days          INTEGER,
    daily_ep             INTEGER,
    daily_goal_ep        INTEGER,
    unlocked             TEXT,
    PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- New, changed or removed achievements, or a removed unlock: thresholds are looked at again.
CREATE TRIGGER achievements_inserted AFTER INSERT ON achievements
BEGIN UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0; END;
CREATE TRIGGER achievements_updated AFTER UPDATE ON achievements
BEGIN UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0; END;
CREATE TRIGGER achievements_deleted AFTER DELETE ON achievements
BEGIN UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0; END;
CREATE TRIGGER user_achievements_removed AFTER DELETE ON user_achievements
BEGIN UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0 WHERE user_id = OLD.user_id; END;
