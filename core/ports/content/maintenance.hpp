#pragma once
// Maintenance of the link tables, part of the content unit of work
// (core/ports/content_store.hpp): orphaned link records and audios, missing link tables.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

// The link tables of docs/spec/authoring.md, by table name.
inline constexpr const char* kLinkTables[] = {"word_categories", "picture_words",
                                              "object_words",    "question_words",
                                              "statement_words", "pair_categories"};

struct LinkTableCheck {
    std::vector<std::string> created;   // link tables that were missing and are now created
    std::vector<std::string> existing;  // link tables that were there already
};

class ContentMaintenance {
  public:
    virtual ~ContentMaintenance() = default;

    // Deletes link records whose either end no longer exists, in every link table and in
    // audios (source item gone); answers the count per table, for every table in kLinkTables
    // order followed by "audios" (0 included).
    virtual std::vector<std::pair<std::string, std::int64_t>> purge_orphans() = 0;
    // Orphans that concern one object: its object_words whose word is gone, and the
    // question_words of its questions whose word is gone. Answers how many were deleted.
    virtual std::int64_t purge_object_orphans(Id object_id) = 0;
    // Creates the link tables that are missing (as the migrations define them).
    virtual LinkTableCheck ensure_link_tables() = 0;
};

}  // namespace ll
