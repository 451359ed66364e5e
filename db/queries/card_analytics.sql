-- The editors' card analytics (core/ports/learning/card_analytics.hpp; docs/learning.md "Card
-- analytics"). A filter not given (:NAME_given = 0) passes every row. Each reads the review log or the cards' memory as a whole:
-- docs/performance.md "Card analytics" has what that costs at the simulation's size, and what
-- would come next for a larger log.

-- One row per card and language: the answers at or after the pair's last revision (cur) and
-- all of them, those rated above Again, and the recall probability at the current revision's
-- reviews of cards reviewed before (seen). Each line's flags are worked out once, summed per
-- card by two integer keys, and only then joined with what describes the card: grouping by the
-- texts as well took 2.6 times as long on SQLite (docs/performance.md "Card analytics"). Removed
-- pairs drop out with the join.
-- name: figures
SELECT a.pair_id, a.language_id, p.picture_id, p.answer_type, p.level, p.status, st.text_de,
       st.text_en, st.text_sv, CAST(p.revised_at AS TEXT), a.cur, a.cur_passed, a.n - a.cur,
       a.passed - a.cur_passed, a.r_sum, a.r_count
FROM (SELECT r.pair_id, r.language_id, COUNT(*) AS n, SUM(r.passed) AS passed,
             SUM(r.cur) AS cur, SUM(r.cur * r.passed) AS cur_passed,
             SUM(r.cur * r.seen * r.retrievability) AS r_sum, SUM(r.cur * r.seen) AS r_count
      FROM (SELECT l.pair_id, l.language_id,
                   CAST(l.retrievability AS DOUBLE PRECISION) AS retrievability,
                   CASE WHEN l.rating > 1 THEN 1 ELSE 0 END AS passed,
                   CASE WHEN l.elapsed_days IS NULL THEN 0 ELSE 1 END AS seen,
                   CASE WHEN p.revised_at IS NULL OR l.reviewed_at >= p.revised_at
                        THEN 1 ELSE 0 END AS cur
            FROM review_log l
            JOIN pairs p ON p.id = l.pair_id
            WHERE (:language_id_given = 0 OR l.language_id = :language_id)
              AND (:pair_id_given = 0 OR l.pair_id = :pair_id)
              AND (:level_given = 0 OR p.level = :level)
              AND (:category_id_given = 0 OR EXISTS (
                       SELECT 1 FROM pair_categories pc
                       WHERE pc.pair_id = p.id AND pc.category_id = :category_id))) r
      GROUP BY r.pair_id, r.language_id) a
JOIN pairs p ON p.id = a.pair_id
LEFT JOIN statements st ON st.id = p.statement_id
ORDER BY a.pair_id, a.language_id;

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
