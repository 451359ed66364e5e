// Grading typed answers (core/domain/grading.hpp after adapters/text/utf8proc_folding.cpp,
// docs/learning.md "Graded answers") on any bytes. Byte 0 picks the language (de, en, sv or one
// without articles); the rest is "<typed answer>\n<accepted answer>\n<accepted answer>...".
// Checks: sanitizers; the normal form has no white space at either end and no run of it; a
// normal form that is text every JSON answer can hold when the input was; the edit distance is
// 0 from a text to itself, symmetric and within its cap; an answer equal to an accepted one is
// correct.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/text/utf8proc_folding.hpp"
#include "core/domain/grading.hpp"
#include "core/domain/utf8.hpp"
#include "fuzz/support/check.hpp"

using namespace ll;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const Utf8procFolding folding;
    static constexpr const char* kLanguages[] = {"de", "en", "sv", "xx"};
    const std::string_view lang = kLanguages[data[0] % 4];
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<std::string_view> parts;
    for (std::size_t at = 0;;) {
        const std::size_t end = rest.find('\n', at);
        parts.push_back(rest.substr(at, end == std::string_view::npos ? end : end - at));
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
    std::vector<grading::Accepted> accepted;
    for (std::size_t i = 1; i < parts.size(); ++i)
        accepted.push_back(
            {grading::normal_form(folding.fold(parts[i]), lang), std::string(parts[i])});
    const std::string answer = grading::normal_form(folding.fold(parts[0]), lang);

    if (!answer.empty()) {
        if (answer.front() == ' ' || answer.back() == ' ')
            fuzz::fail("normal form not trimmed", answer);
        if (answer.find("  ") != std::string::npos) fuzz::fail("a run of spaces left", answer);
    }
    if (utf8::storable_text(parts[0]) && !utf8::storable_text(answer))
        fuzz::fail("normal form of storable text is not storable", answer);
    for (const auto& a : accepted) {
        const int d = grading::edit_distance(answer, a.normal, 3);
        if (d < 0 || d > 3) fuzz::fail("edit distance out of its cap");
        if (d != grading::edit_distance(a.normal, answer, 3))
            fuzz::fail("edit distance not symmetric");
        if (grading::edit_distance(a.normal, a.normal) != 0)
            fuzz::fail("a text is not 0 from itself");
    }
    const auto grade = grading::grade_text(answer, accepted);
    for (const auto& a : accepted) {
        if (!a.normal.empty() && a.normal == answer && grade.verdict != grading::Verdict::correct)
            fuzz::fail("an accepted answer is not correct", answer);
    }
    return 0;
}
