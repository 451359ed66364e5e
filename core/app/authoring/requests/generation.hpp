#pragma once
// The requests of the generation routes.
#include <optional>
#include <string>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

inline constexpr int kDefaultGeneratedWords = 10;
inline constexpr int kMaxGeneratedWords = 50;
inline constexpr int kDefaultGeneratedQuestions = 3;
inline constexpr int kMaxGeneratedQuestions = 20;

// POST /api/generate-words: one of object_id and picture_id.
struct GenerateWords {
    std::optional<Id> object_id, picture_id;
    int count = kDefaultGeneratedWords;
    std::string status;  // of the words created: draft (the default) or published
};

// POST /api/objects/:id/generate-questions.
struct GenerateQuestions {
    int count = kDefaultGeneratedQuestions;
};

template <>
Result<GenerateWords> decode<GenerateWords>(const LooseValue& v);
template <>
Result<GenerateQuestions> decode<GenerateQuestions>(const LooseValue& v);

}  // namespace ll
