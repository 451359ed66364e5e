-- The practice queue's reads (core/ports/learning/practice.hpp): one learner's cards in one
-- language, each eligible by the feed's rule (core/domain/feed_rules.hpp: published, picture
-- image, statement audio in :code), as db/queries/feed.sql spells it. The order and the limits are
-- the core's (core/app/learning/practice.cpp).

-- Due cards with their memory: a range of card_memory_due_idx.
-- name: due
SELECT m.pair_id, m.phase, m.stability, m.difficulty, CAST(m.last_review_at AS TEXT),
       CAST(m.due_at AS TEXT), m.step, m.reps, m.lapses
FROM card_memory m JOIN pairs p ON p.id = m.pair_id JOIN pictures pic ON pic.id = p.picture_id
WHERE m.user_id = :user_id AND m.language_id = :language_id AND m.due_at <= :now
  AND p.status = 'published' AND pic.image_path IS NOT NULL
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = p.statement_id AND a.language = :code);

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

-- name: due_by
SELECT COUNT(*)
FROM card_memory m JOIN pairs p ON p.id = m.pair_id JOIN pictures pic ON pic.id = p.picture_id
WHERE m.user_id = :user_id AND m.language_id = :language_id AND m.due_at < :day_end
  AND p.status = 'published' AND pic.image_path IS NOT NULL
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = p.statement_id AND a.language = :code);

-- The first due instant after now: card_memory_due_idx in order, the first eligible card.
-- name: next_due
SELECT CAST(m.due_at AS TEXT)
FROM card_memory m JOIN pairs p ON p.id = m.pair_id JOIN pictures pic ON pic.id = p.picture_id
WHERE m.user_id = :user_id AND m.language_id = :language_id AND m.due_at > :now
  AND p.status = 'published' AND pic.image_path IS NOT NULL
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = p.statement_id AND a.language = :code)
ORDER BY m.due_at LIMIT 1;

-- Cards first answered (no elapsed days: the card's first review in the language) since the
-- day's start: a range of review_log_user_idx.
-- name: new_started
SELECT COUNT(*) FROM review_log
WHERE user_id = :user_id AND reviewed_at >= :day_start AND language_id = :language_id
  AND elapsed_days IS NULL;
