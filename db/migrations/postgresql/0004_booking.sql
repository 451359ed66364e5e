-- The booking in one round trip, running totals for the statistics, idempotency keys.
--
-- 1. Running totals (GET /auth/stats must cost the same for 10 and 10,000 practised pairs and
--    for 1 or 3 years of history): the booking keeps, in the same transaction, the totals and
--    the per-answer-type counts on the profile row it updates anyway, and one row per
--    (user, category). The content adapter moves these figures when a pair's categories or
--    answer type change or a pair is deleted (adapters/persistence/sql_content_items.cpp).
-- 2. idempotency_keys: the outcome of the first booking under (user, key), written in the
--    booking's own transaction, so a retry sent to any replica gets it (docs/spec/decisions.md 11).
-- 3. ll_book(): the whole booking of docs/spec/decisions.md 8 as one statement, so a booking costs one
--    round trip. Triggers keep the next achievement thresholds honest when staff change the
--    achievements or an unlock is removed. It mirrors the core's rules (core/domain/streak.cpp next_streak,
--    core/domain/achievements.cpp achievement_reached); the repository contract suite runs the
--    same cases on memory, SQLite and PostgreSQL to keep them equal.
-- Lint (tests/migrations/lint): the INTEGER columns hold streaks and daily goals (bounded,
-- never ids).
-- squawk-ignore-file prefer-bigint-over-int

ALTER TABLE users_public
    ADD COLUMN pairs_practiced  BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN total_seen       BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN total_correct    BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN word_seen        BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN word_correct     BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN question_seen    BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN question_correct BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN text_seen        BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN text_correct     BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN yes_no_seen      BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN yes_no_correct   BIGINT NOT NULL DEFAULT 0,
    -- The smallest ep / streak threshold of an achievement this learner has not unlocked
    -- (0: not known, look at the next booking). The booking looks at achievements only when a
    -- threshold is reached: almost every booking unlocks nothing, and that check was a quarter
    -- of the booking's cost (docs/performance.md).
    ADD COLUMN next_ep_threshold     BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN next_streak_threshold BIGINT NOT NULL DEFAULT 0;

UPDATE users_public up SET
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
    SELECT u.user_id, COUNT(*) AS pairs, SUM(u.seen_count) AS seen, SUM(u.correct_count) AS correct,
           COALESCE(SUM(u.seen_count) FILTER (WHERE p.answer_type = 'word'), 0) AS word_seen,
           COALESCE(SUM(u.correct_count) FILTER (WHERE p.answer_type = 'word'), 0) AS word_correct,
           COALESCE(SUM(u.seen_count) FILTER (WHERE p.answer_type = 'question'), 0) AS question_seen,
           COALESCE(SUM(u.correct_count) FILTER (WHERE p.answer_type = 'question'), 0) AS question_correct,
           COALESCE(SUM(u.seen_count) FILTER (WHERE p.answer_type = 'text'), 0) AS text_seen,
           COALESCE(SUM(u.correct_count) FILTER (WHERE p.answer_type = 'text'), 0) AS text_correct,
           COALESCE(SUM(u.seen_count) FILTER (WHERE p.answer_type = 'yes_no'), 0) AS yes_no_seen,
           COALESCE(SUM(u.correct_count) FILTER (WHERE p.answer_type = 'yes_no'), 0) AS yes_no_correct
    FROM user_pair_progress u JOIN pairs p ON p.id = u.pair_id
    GROUP BY u.user_id
) t
WHERE t.user_id = up.user_id;

CREATE TABLE user_category_stats (
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    points      BIGINT NOT NULL DEFAULT 0,
    seen        BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, category_id)
);

INSERT INTO user_category_stats (user_id, category_id, points, seen)
SELECT u.user_id, pc.category_id, SUM(u.earned_points), SUM(u.seen_count)
FROM user_pair_progress u JOIN pair_categories pc ON pc.pair_id = u.pair_id
GROUP BY u.user_id, pc.category_id;

CREATE TABLE idempotency_keys (
    user_id              BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key                  TEXT NOT NULL,
    fingerprint          TEXT NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL,
    -- The first booking's outcome (BookingOutcome): status, figures, unlocked achievements.
    status               TEXT,
    previous_total_ep    BIGINT,
    total_ep             BIGINT,
    previous_streak_days INTEGER,
    streak_days          INTEGER,
    daily_ep             BIGINT,
    daily_goal_ep        INTEGER,
    unlocked             TEXT,
    PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- The smallest threshold of the kind this learner has not unlocked (the largest BIGINT when
-- every one is unlocked).
CREATE FUNCTION ll_next_threshold(p_user BIGINT, p_kind TEXT) RETURNS BIGINT
LANGUAGE sql STABLE AS $$
    SELECT COALESCE(min(a.threshold), 9223372036854775807) FROM achievements a
     WHERE a.kind = p_kind
       AND NOT EXISTS (SELECT 1 FROM user_achievements ua
                        WHERE ua.user_id = p_user AND ua.achievement_id = a.id)
$$;

-- New, changed or removed achievements: every learner's thresholds are looked at again.
CREATE FUNCTION ll_reset_all_thresholds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0;
    RETURN NULL;
END;
$$;
CREATE TRIGGER achievements_changed AFTER INSERT OR UPDATE OR DELETE ON achievements
    FOR EACH STATEMENT EXECUTE FUNCTION ll_reset_all_thresholds();

-- An unlock removed: that learner's thresholds are looked at again.
CREATE FUNCTION ll_reset_user_thresholds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0
     WHERE user_id = OLD.user_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER user_achievements_removed AFTER DELETE ON user_achievements
    FOR EACH ROW EXECUTE FUNCTION ll_reset_user_thresholds();

CREATE FUNCTION ll_book(p_user BIGINT, p_pair BIGINT, p_correct BOOLEAN, p_points BIGINT,
                        p_today DATE, p_now TIMESTAMPTZ, p_key TEXT, p_fingerprint TEXT,
                        p_key_expired_before TIMESTAMPTZ)
RETURNS TABLE (status TEXT, replayed BOOLEAN, booked_at TEXT, previous_total_ep BIGINT,
               total_ep BIGINT, previous_streak_days INTEGER, streak_days INTEGER,
               daily_ep BIGINT, daily_goal_ep INTEGER, unlocked TEXT)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    k idempotency_keys%ROWTYPE;
    v_status TEXT := 'booked';
    v_type TEXT;
    v_correct INTEGER := CASE WHEN p_correct THEN 1 ELSE 0 END;
    v_prev_total BIGINT := 0;
    v_prev_streak INTEGER := 0;
    v_goal INTEGER := 30;
    v_last DATE;
    v_seen INTEGER;
    v_daily BIGINT := 0;
    v_total BIGINT := 0;
    v_streak INTEGER := 0;
    v_unlocked TEXT;
    v_next_ep BIGINT;
    v_next_streak BIGINT;
BEGIN
    -- A retry: the key row is inserted first, so a concurrent twin waits here for the first
    -- booking to commit and then replays it.
    IF p_key IS NOT NULL THEN
        INSERT INTO idempotency_keys AS i (user_id, key, fingerprint, created_at)
        VALUES (p_user, p_key, p_fingerprint, p_now)
        ON CONFLICT (user_id, key) DO NOTHING;
        IF NOT FOUND THEN
            SELECT * INTO k FROM idempotency_keys i WHERE i.user_id = p_user AND i.key = p_key FOR UPDATE;
            IF k.created_at >= p_key_expired_before THEN
                IF k.fingerprint <> p_fingerprint THEN
                    RETURN QUERY SELECT 'key_reused'::TEXT, FALSE, NULL::TEXT, 0::BIGINT, 0::BIGINT,
                                        0, 0, 0::BIGINT, 30, NULL::TEXT;
                    RETURN;
                END IF;
                RETURN QUERY SELECT k.status, TRUE,
                    to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    k.previous_total_ep, k.total_ep, k.previous_streak_days, k.streak_days,
                    k.daily_ep, k.daily_goal_ep, k.unlocked;
                RETURN;
            END IF;
            -- An expired key: this booking takes it over.
            UPDATE idempotency_keys i SET fingerprint = p_fingerprint, created_at = p_now
            WHERE i.user_id = p_user AND i.key = p_key;
        END IF;
    END IF;

    -- The pair's answer type and the learner's profile row, locked first: one user's bookings
    -- queue here, so the previous total and streak are read and replaced atomically.
    SELECT p.answer_type, up.total_ep, up.streak_days, up.daily_goal_ep, up.last_practice_date,
           up.next_ep_threshold, up.next_streak_threshold
      INTO v_type, v_prev_total, v_prev_streak, v_goal, v_last, v_next_ep, v_next_streak
      FROM users_public up, pairs p
     WHERE up.user_id = p_user AND p.id = p_pair
       FOR UPDATE OF up;
    IF NOT FOUND THEN
        v_prev_total := 0;
        v_prev_streak := 0;
        v_goal := 30;
        v_status := CASE WHEN EXISTS (SELECT 1 FROM pairs p WHERE p.id = p_pair)
                         THEN 'no_profile' ELSE 'pair_not_found' END;
    END IF;

    IF v_status = 'booked' THEN
        INSERT INTO user_pair_progress AS u (user_id, pair_id, seen_count, correct_count, wrong_count, earned_points)
        VALUES (p_user, p_pair, 1, v_correct, 1 - v_correct, p_points)
        ON CONFLICT (user_id, pair_id) DO UPDATE SET
            seen_count = u.seen_count + 1,
            correct_count = u.correct_count + excluded.correct_count,
            wrong_count = u.wrong_count + excluded.wrong_count,
            earned_points = u.earned_points + excluded.earned_points
        RETURNING u.seen_count INTO v_seen;

        INSERT INTO user_daily_activity AS d (user_id, activity_date, ep_earned, cards_done, correct_count)
        VALUES (p_user, p_today, p_points, 1, v_correct)
        ON CONFLICT (user_id, activity_date) DO UPDATE SET
            ep_earned = d.ep_earned + excluded.ep_earned,
            cards_done = d.cards_done + 1,
            correct_count = d.correct_count + excluded.correct_count
        RETURNING d.ep_earned INTO v_daily;

        -- next_streak(): empty 1, today unchanged, yesterday +1, otherwise 1.
        v_streak := CASE WHEN v_last IS NULL THEN 1
                         WHEN v_last = p_today THEN v_prev_streak
                         WHEN v_last = p_today - 1 THEN v_prev_streak + 1
                         ELSE 1 END;

        UPDATE users_public up SET
            total_ep = up.total_ep + p_points,
            streak_days = v_streak,
            last_practice_at = p_now,
            last_practice_date = p_today,
            pairs_practiced = up.pairs_practiced + CASE WHEN v_seen = 1 THEN 1 ELSE 0 END,
            total_seen = up.total_seen + 1,
            total_correct = up.total_correct + v_correct,
            word_seen = up.word_seen + CASE WHEN v_type = 'word' THEN 1 ELSE 0 END,
            word_correct = up.word_correct + CASE WHEN v_type = 'word' THEN v_correct ELSE 0 END,
            question_seen = up.question_seen + CASE WHEN v_type = 'question' THEN 1 ELSE 0 END,
            question_correct = up.question_correct + CASE WHEN v_type = 'question' THEN v_correct ELSE 0 END,
            text_seen = up.text_seen + CASE WHEN v_type = 'text' THEN 1 ELSE 0 END,
            text_correct = up.text_correct + CASE WHEN v_type = 'text' THEN v_correct ELSE 0 END,
            yes_no_seen = up.yes_no_seen + CASE WHEN v_type = 'yes_no' THEN 1 ELSE 0 END,
            yes_no_correct = up.yes_no_correct + CASE WHEN v_type = 'yes_no' THEN v_correct ELSE 0 END
        WHERE up.user_id = p_user
        RETURNING up.total_ep INTO v_total;

        INSERT INTO user_category_stats AS c (user_id, category_id, points, seen)
        SELECT p_user, pc.category_id, p_points, 1 FROM pair_categories pc WHERE pc.pair_id = p_pair
        ON CONFLICT (user_id, category_id) DO UPDATE SET
            points = c.points + excluded.points,
            seen = c.seen + 1;

        -- achievement_reached() for every definition not unlocked yet, when a threshold is
        -- reached; a failure here leaves the list empty and the booking committed (docs/spec/decisions.md 8).
        IF v_total >= v_next_ep OR v_streak >= v_next_streak THEN
        BEGIN
            WITH reached AS (
                SELECT a.* FROM achievements a
                WHERE ((a.kind = 'ep' AND a.threshold <= v_total)
                       OR (a.kind = 'streak' AND a.threshold <= v_streak))
                  AND NOT EXISTS (SELECT 1 FROM user_achievements ua
                                  WHERE ua.user_id = p_user AND ua.achievement_id = a.id)
            ), inserted AS (
                INSERT INTO user_achievements (user_id, achievement_id, unlocked_at)
                SELECT p_user, r.id, p_now FROM reached r
                ON CONFLICT DO NOTHING
                RETURNING achievement_id
            )
            SELECT json_agg(json_build_object('id', r.id, 'kind', r.kind, 'threshold', r.threshold,
                                              'title_de', r.title_de, 'title_en', r.title_en,
                                              'title_sv', r.title_sv, 'sort_order', r.sort_order)
                            ORDER BY r.sort_order, r.id)::TEXT
              INTO v_unlocked
              FROM reached r JOIN inserted i ON i.achievement_id = r.id;
            UPDATE users_public up SET
                next_ep_threshold = ll_next_threshold(p_user, 'ep'),
                next_streak_threshold = ll_next_threshold(p_user, 'streak')
            WHERE up.user_id = p_user;
        EXCEPTION WHEN OTHERS THEN
            v_unlocked := NULL;
        END;
        END IF;
    END IF;

    IF p_key IS NOT NULL THEN
        UPDATE idempotency_keys i SET
            status = v_status, previous_total_ep = v_prev_total, total_ep = v_total,
            previous_streak_days = v_prev_streak, streak_days = v_streak, daily_ep = v_daily,
            daily_goal_ep = v_goal, unlocked = v_unlocked
        WHERE i.user_id = p_user AND i.key = p_key;
    END IF;
    RETURN QUERY SELECT v_status, FALSE,
        to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        v_prev_total, v_total, v_prev_streak, v_streak, v_daily, v_goal, v_unlocked;
END;
$$;
