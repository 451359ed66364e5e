-- The editors' card analytics (core/ports/learning/card_analytics.hpp; docs/learning.md "Card
-- analytics"). A filter not given (:NAME_given = 0) passes every row; a name appears once in a
-- statement, hence the _2 copies. Each reads the review log or the cards' memory as a whole:
-- docs/performance.md "Card analytics" has what that costs at the simulation's size, and what
-- would come next for a larger log.

-- One row per card and language: the answers at or after the pair's last revision and before
-- it, those rated above Again, and the recall probability at the current revision's reviews of
-- cards reviewed before. Removed pairs drop out with the join.
-- name: figures
SELECT l.pair_id, l.language_id, p.picture_id, p.answer_type, p.level, p.status,
       st.text_de, st.text_en, st.text_sv, CAST(p.revised_at AS TEXT),
       SUM(CASE WHEN p.revised_at IS NULL OR l.reviewed_at >= p.revised_at THEN 1 ELSE 0 END),
       SUM(CASE WHEN (p.revised_at IS NULL OR l.reviewed_at >= p.revised_at) AND l.rating > 1
                THEN 1 ELSE 0 END),
       SUM(CASE WHEN l.reviewed_at < p.revised_at THEN 1 ELSE 0 END),
       SUM(CASE WHEN l.reviewed_at < p.revised_at AND l.rating > 1 THEN 1 ELSE 0 END),
       SUM(CASE WHEN (p.revised_at IS NULL OR l.reviewed_at >= p.revised_at)
                 AND l.elapsed_days IS NOT NULL
                THEN CAST(l.retrievability AS DOUBLE PRECISION) ELSE 0 END),
       SUM(CASE WHEN (p.revised_at IS NULL OR l.reviewed_at >= p.revised_at)
                 AND l.elapsed_days IS NOT NULL THEN 1 ELSE 0 END)
FROM review_log l
JOIN pairs p ON p.id = l.pair_id
LEFT JOIN statements st ON st.id = p.statement_id
WHERE (:language_id_given = 0 OR l.language_id = :language_id)
  AND (:pair_id_given = 0 OR l.pair_id = :pair_id)
  AND (:level_given = 0 OR p.level = :level)
  AND (:category_id_given = 0 OR EXISTS (SELECT 1 FROM pair_categories pc
                                      WHERE pc.pair_id = p.id AND pc.category_id = :category_id))
GROUP BY l.pair_id, l.language_id, p.picture_id, p.answer_type, p.level, p.status, st.text_de,
         st.text_en, st.text_sv, p.revised_at
ORDER BY l.pair_id, l.language_id;

-- The learners with each card in memory, and their mean difficulty.
-- name: memory
SELECT m.pair_id, m.language_id, COUNT(*), AVG(CAST(m.difficulty AS DOUBLE PRECISION))
FROM card_memory m
WHERE (:language_id_given = 0 OR m.language_id = :language_id)
  AND (:pair_id_given = 0 OR m.pair_id = :pair_id)
GROUP BY m.pair_id, m.language_id;

-- The wrong choices picked in each card's current revision, with the words' titles.
-- name: picks
SELECT l.pair_id, l.language_id, w.id, w.title_de, w.title_en, w.title_sv, COUNT(*)
FROM review_log l
JOIN pairs p ON p.id = l.pair_id
JOIN words w ON w.id = l.distractor_word_id
WHERE l.distractor_word_id IS NOT NULL
  AND (p.revised_at IS NULL OR l.reviewed_at >= p.revised_at)
  AND (:language_id_given = 0 OR l.language_id = :language_id)
  AND (:pair_id_given = 0 OR l.pair_id = :pair_id)
GROUP BY l.pair_id, l.language_id, w.id, w.title_de, w.title_en, w.title_sv
ORDER BY l.pair_id, l.language_id, w.id;

-- The categories of the cards.
-- name: categories
SELECT pair_id, category_id FROM pair_categories
WHERE (:pair_id_given = 0 OR pair_id = :pair_id)
ORDER BY pair_id, category_id;
