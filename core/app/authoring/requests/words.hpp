#pragma once
// The requests of the word and category routes.
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

// A word to find or create, with the ids of its categories (checked to exist by the use case).
struct NewWordFields {
    Word word;
    std::vector<Id> category_ids;
};
// POST /api/cms/db-words: a level is required, `status` draft (the default) or published.
struct NewWord : NewWordFields {};
// POST /api/cms/pictures/:id/words: a level is required; no status (draft).
struct PictureWord : NewWordFields {};
// POST /api/cms/objects/:id/words: the level defaults to 1; `is_label` (default true) makes the
// word the object's one label, false links it beside the label.
struct ObjectWord : NewWordFields {
    bool is_label = true;
};
// POST /api/cms/db-questions/:id/words: the level defaults to 1; `role` answer or distractor.
struct QuestionWord : NewWordFields {
    std::string role;
};

struct WordListQuery {
    WordFilter filter;
    Page page;
};

// PATCH: titles, level, category_ids (replacing, when given).
struct WordPatch {
    fields::Change<std::string> title_de, title_en, title_sv;
    std::optional<int> level;
    std::optional<std::vector<Id>> category_ids;
};

// POST and PATCH /api/categories: titel_de always; titel_en and titel_sv when given (null
// clears one; on PATCH a missing one stays as it is).
struct NewCategory {
    std::string titel_de;
    fields::Change<std::string> titel_en, titel_sv;
};

template <>
Result<NewWord> decode<NewWord>(const LooseValue& v);
template <>
Result<PictureWord> decode<PictureWord>(const LooseValue& v);
template <>
Result<ObjectWord> decode<ObjectWord>(const LooseValue& v);
template <>
Result<QuestionWord> decode<QuestionWord>(const LooseValue& v);
template <>
Result<WordListQuery> decode<WordListQuery>(const LooseValue& v);
template <>
Result<WordPatch> decode<WordPatch>(const LooseValue& v);
template <>
Result<NewCategory> decode<NewCategory>(const LooseValue& v);

}  // namespace ll
