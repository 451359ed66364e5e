#pragma once
// Grading an answer on the server (POST /auth/answers; docs/learning.md "Graded answers"): the
// normal form of a typed answer, the verdict against the answers a card accepts, and the points
// an answer earns. Pure functions; folding (Unicode NFC and case folding) is done before, by the
// TextFolding port (core/ports/text_folding.hpp), since it needs Unicode's tables.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/memory_model.hpp"
#include "core/domain/types.hpp"

namespace ll::grading {

// The normal form of a folded answer in `language` ("de", "en", "sv"): white space trimmed and
// runs of it made one space, final punctuation dropped (. , ! ? ; : … and closing quotes and
// brackets), and one leading article dropped when a word follows it (the table in
// docs/learning.md "Graded answers"). Another language's articles stay.
std::string normal_form(std::string_view folded, std::string_view language);

// The edit distance of two texts in code points (insertions, deletions, substitutions and
// swaps of two neighbours each count one), counted up to `cap` (the answer is at most cap).
int edit_distance(std::string_view a, std::string_view b, int cap = 2);

// An accepted answer of a card: its normal form and the text shown as `expected`.
struct Accepted {
    std::string normal;
    std::string shown;
};

enum class Verdict { correct, near_miss, wrong };

struct Grade {
    Verdict verdict = Verdict::wrong;
    // The right text: the accepted answer nearest to a near miss, else the card's first.
    std::string expected;
};

// How many code points an accepted answer needs before one edit counts as a near miss.
inline constexpr std::size_t kNearMissMinLength = 5;

// `answer` in normal form against the card's accepted answers (the first is the card's own
// answer): equal to one is correct; one edit from one of at least kNearMissMinLength code
// points is a near miss; anything else is wrong. No accepted answer: wrong.
Grade grade_text(std::string_view answer, const std::vector<Accepted>& accepted);

// The rating a verdict is booked with (docs/learning.md "Ratings"): correct Good, a near miss
// Hard, wrong Again.
fsrs::Rating rating_for(Verdict verdict);

// The points of an answer (docs/learning.md "Points"): the answer type's base (word 10,
// question 15, yes_no 5, text 10; any other type 10) plus the level divided by ten, rounded
// down (level 9 adds 0, level 10 adds 1, level 100 adds 10); all of it for Good or Easy, half
// (rounded down) for Hard, none for Again.
Ep points_for(std::string_view answer_type, int level, fsrs::Rating rating);

}  // namespace ll::grading
