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
};

}  // namespace ll
