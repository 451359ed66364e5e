#pragma once
// The categories (docs/spec/authoring.md), part of the content unit of work
// (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

class CategoryRows {
  public:
    virtual ~CategoryRows() = default;

    virtual std::vector<Category> categories() = 0;  // ordered by id
    virtual std::optional<Category> category(Id id) = 0;
    // nullopt when a category with this titel_de (exact) exists already.
    virtual std::optional<Category> insert_category(const std::string& titel_de) = 0;
    // false when another category has this titel_de (exact) already.
    virtual bool rename_category(Id id, const std::string& titel_de) = 0;
    // The pairs linked to the category (pair_categories), ordered by id.
    virtual std::vector<Id> category_pairs(Id id) = 0;
    // The category with its word_categories and pair_categories links and the learners'
    // figures on it; ids of deleted categories are never handed out again.
    virtual void delete_category(Id id) = 0;
};

}  // namespace ll
