#pragma once
// The requests of the generation routes.
#include <cstddef>
#include <optional>
#include <string>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

inline constexpr int kDefaultGeneratedWords = 10;
inline constexpr int kMaxGeneratedWords = 50;
inline constexpr int kDefaultGeneratedQuestions = 3;
inline constexpr int kMaxGeneratedQuestions = 20;
// What one generation request hands the generator at most, whatever the subject's words: the
// words to start from, and the titles it is told are there already (docs/authoring-guide.md).
inline constexpr std::size_t kMaxGenerationSeeds = 20;
inline constexpr std::size_t kMaxKnownTitles = 200;

// What words are generated about: one of object_id and picture_id, and how many at most.
struct WordSubject {
    std::optional<Id> object_id, picture_id;
    int count = kDefaultGeneratedWords;
};

// POST /api/word-suggestions: the words generate-words would create or link, nothing stored.
struct SuggestWords : WordSubject {};

// POST /api/generate-words.
struct GenerateWords : WordSubject {
    std::string status;  // of the words created: draft (the default) or published
};

// POST /api/objects/:id/generate-questions.
struct GenerateQuestions {
    int count = kDefaultGeneratedQuestions;
};

template <>
Result<SuggestWords> decode<SuggestWords>(const LooseValue& v);
template <>
Result<GenerateWords> decode<GenerateWords>(const LooseValue& v);
template <>
Result<GenerateQuestions> decode<GenerateQuestions>(const LooseValue& v);

}  // namespace ll
