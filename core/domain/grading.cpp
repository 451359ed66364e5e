#include "core/domain/grading.hpp"

#include <algorithm>
#include <array>

#include "core/domain/utf8.hpp"

namespace ll::grading {
namespace {

// The articles dropped at the start of an answer, by language (docs/learning.md "Graded
// answers"), folded as the answer is.
std::vector<std::string_view> articles(std::string_view language) {
    if (language == "de")
        return {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
                "eines"};
    if (language == "en") return {"the", "a", "an"};
    if (language == "sv") return {"en", "ett", "den", "det", "de"};
    return {};
}

bool final_punctuation(char32_t cp) {
    static constexpr std::array<char32_t, 18> marks = {
        U'.', U',', U'!', U'?', U';', U':', U'\u2026', U'"', U'\'', U')', U']', U'\u00BB',
        U'\u00AB', U'\u201D', U'\u201C', U'\u2019', U'\u2018', U'\u00A1'};
    return std::find(marks.begin(), marks.end(), cp) != marks.end();
}

std::vector<char32_t> code_points(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t at = 0; at < s.size();) {
        const auto d = utf8::decode(s, at);
        out.push_back(d.code_point);
        at += d.length;
    }
    return out;
}

}  // namespace

std::string normal_form(std::string_view folded, std::string_view language) {
    // White space: trimmed, each run one space.
    std::string text;
    bool space = false;
    for (std::size_t at = 0; at < folded.size();) {
        const auto d = utf8::decode(folded, at);
        if (utf8::is_js_whitespace(d.code_point)) {
            space = !text.empty();
        } else {
            if (space) text += ' ';
            space = false;
            text.append(folded.substr(at, d.length));
        }
        at += d.length;
    }
    // Final punctuation, and the space before it.
    while (!text.empty()) {
        const std::size_t start = utf8::previous(text, text.size());
        const char32_t last = utf8::decode(text, start).code_point;
        if (!final_punctuation(last) && last != U' ') break;
        text.erase(start);
    }
    // One leading article, when a word follows it.
    const std::size_t gap = text.find(' ');
    if (gap != std::string::npos) {
        const std::string_view first = std::string_view(text).substr(0, gap);
        const auto list = articles(language);
        if (std::find(list.begin(), list.end(), first) != list.end()) text.erase(0, gap + 1);
    }
    return text;
}

int edit_distance(std::string_view a_text, std::string_view b_text, int cap) {
    const auto a = code_points(a_text);
    const auto b = code_points(b_text);
    const auto n = a.size(), m = b.size();
    if ((n > m ? n - m : m - n) > static_cast<std::size_t>(cap)) return cap;
    // Optimal string alignment over three rows: the one before last, the last, this one.
    std::vector<int> before(m + 1), last(m + 1), row(m + 1);
    for (std::size_t j = 0; j <= m; ++j) last[j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i) {
        row[0] = static_cast<int>(i);
        for (std::size_t j = 1; j <= m; ++j) {
            const int substitution = last[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            int best = std::min({last[j] + 1, row[j - 1] + 1, substitution});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                best = std::min(best, before[j - 2] + 1);
            row[j] = best;
        }
        std::swap(before, last);
        std::swap(last, row);
    }
    return std::min(last[m], cap);
}

Grade grade_text(std::string_view answer, const std::vector<Accepted>& accepted) {
    Grade grade;
    if (accepted.empty()) return grade;
    grade.expected = accepted.front().shown;
    for (const auto& a : accepted) {
        if (!a.normal.empty() && a.normal == answer) {
            grade.verdict = Verdict::correct;
            grade.expected = a.shown;
            return grade;
        }
    }
    for (const auto& a : accepted) {
        if (code_points(a.normal).size() >= kNearMissMinLength &&
            edit_distance(answer, a.normal) == 1) {
            grade.verdict = Verdict::near_miss;
            grade.expected = a.shown;
            return grade;
        }
    }
    return grade;
}

fsrs::Rating rating_for(Verdict verdict) {
    switch (verdict) {
        case Verdict::correct:
            return fsrs::Rating::good;
        case Verdict::near_miss:
            return fsrs::Rating::hard;
        case Verdict::wrong:
            break;
    }
    return fsrs::Rating::again;
}

Ep points_for(std::string_view answer_type, int level, fsrs::Rating rating) {
    Ep base = 10;
    if (answer_type == "question") base = 15;
    if (answer_type == "yes_no") base = 5;
    const Ep full = base + std::clamp(level, 1, 100) / 10;
    switch (rating) {
        case fsrs::Rating::good:
        case fsrs::Rating::easy:
            return full;
        case fsrs::Rating::hard:
            return full / 2;
        case fsrs::Rating::again:
            break;
    }
    return 0;
}

}  // namespace ll::grading
