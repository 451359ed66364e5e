-- The practice queue's reads (core/ports/learning/practice.hpp): one learner's cards in one
-- language. New cards are eligible by the feed's rule (core/domain/feed_rules.hpp: published,
-- picture image, statement audio in :code), as db/queries/feed.sql spells it; due cards are
-- ranked from card_memory alone and the use case keeps those the feed still has
-- (core/app/learning/practice.cpp).

-- The ranked due cards are db/queries/DIALECT/practice.sql (the days since the last review are
-- counted in each dialect's own way).

-- Cards never answered in the language, by level then id (pairs_practice_idx); the learner's
-- cards are read once into a hashed set (NOT IN), not looked up per pair.
-- name: new_cards
SELECT p.id
FROM pairs p JOIN pictures pic ON pic.id = p.picture_id
WHERE p.status = 'published' AND pic.image_path IS NOT NULL
  AND p.id NOT IN (SELECT m.pair_id FROM card_memory m
                   WHERE m.user_id = :user_id AND m.language_id = :language_id)
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = p.statement_id AND a.language = :code)
ORDER BY p.level, p.id LIMIT :max_cards;

-- The queue's figures in one statement (one round trip, one snapshot): the learner's cards in
-- memory due now, due before the day's end, the next due instant (three ranges of
-- card_memory_due_idx, whatever the feed says now), and the cards first answered (no elapsed
-- days: the card's first review in the language) since the day's start (a range of
-- review_log_user_idx). The _2.._4 names are the first ones again (a name stands once in a
-- statement).
-- name: counts
SELECT (SELECT COUNT(*) FROM card_memory
        WHERE user_id = :user_id AND language_id = :language_id AND due_at <= :now),
       (SELECT COUNT(*) FROM card_memory
        WHERE user_id = :user_id_2 AND language_id = :language_id_2 AND due_at < :day_end),
       (SELECT CAST(MIN(due_at) AS TEXT) FROM card_memory
        WHERE user_id = :user_id_3 AND language_id = :language_id_3 AND due_at > :now_2),
       (SELECT COUNT(*) FROM review_log
        WHERE user_id = :user_id_4 AND reviewed_at >= :day_start AND language_id = :language_id_4
          AND elapsed_days IS NULL);

-- GET /auth/learning's languages in one statement: the learner's cards per language (a range of
-- the primary key) beside the review-log lines kept per language (a range of
-- review_log_user_idx); removed pairs left out, as every read does. :user_id_2 is :user_id
-- again (a name stands once in a statement).
-- name: languages
SELECT mem.language_id, mem.cards, mem.due_now, mem.last_review_at, COALESCE(rev.lines, 0)
FROM (SELECT m.language_id, COUNT(*) AS cards,
             SUM(CASE WHEN m.due_at <= :now THEN 1 ELSE 0 END) AS due_now,
             CAST(MAX(m.last_review_at) AS TEXT) AS last_review_at
      FROM card_memory m JOIN pairs p ON p.id = m.pair_id WHERE m.user_id = :user_id
      GROUP BY m.language_id) mem
LEFT JOIN (SELECT r.language_id, COUNT(*) AS lines
           FROM review_log r JOIN pairs p ON p.id = r.pair_id WHERE r.user_id = :user_id_2
           GROUP BY r.language_id) rev ON rev.language_id = mem.language_id
ORDER BY mem.language_id;

-- GET /auth/cards: the learner's cards by the id of their last review-log line after :after
-- (the learner's lines are a range of review_log_user_idx, grouped per card), with their memory
-- and the pair's counts; removed pairs left out. :user_id_2 and _3 are :user_id again (a name
-- stands once in a statement).
-- name: changed_cards
SELECT m.pair_id, m.language_id, m.phase, m.stability, m.difficulty,
       CAST(m.last_review_at AS TEXT), CAST(m.due_at AS TEXT), m.step, m.reps, m.lapses,
       COALESCE(up.seen_count, 0), COALESCE(up.correct_count, 0), COALESCE(up.wrong_count, 0),
       changed.last_id
FROM (SELECT pair_id, language_id, MAX(id) AS last_id FROM review_log
      WHERE user_id = :user_id AND id > :after
      GROUP BY pair_id, language_id) changed
JOIN card_memory m ON m.user_id = :user_id_2 AND m.language_id = changed.language_id
                  AND m.pair_id = changed.pair_id
JOIN pairs p ON p.id = changed.pair_id
LEFT JOIN user_pair_progress up ON up.user_id = :user_id_3 AND up.pair_id = changed.pair_id
ORDER BY changed.last_id LIMIT :max_cards;

-- name: last_change
SELECT COALESCE(MAX(id), 0) FROM review_log WHERE user_id = :user_id;
