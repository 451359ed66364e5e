#pragma once
// The categories (docs/spec/authoring.md), part of the content unit of work
// (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"
#include "core/domain/fields.hpp"

namespace ll {

class CategoryRows {
  public:
    virtual ~CategoryRows() = default;

    virtual std::vector<Category> categories() = 0;  // ordered by id
    virtual std::optional<Category> category(Id id) = 0;
    // The category, kept from being deleted until this write transaction ends, for a write
    // that links it: a delete that locked it first (lock_item) makes this wait and answer
    // nullopt, one that comes later waits for this transaction. PostgreSQL: SELECT ... FOR KEY
    // SHARE (a rename does not wait for it); SQLite and memory serialise writers already. Only
    // inside a write.
    virtual std::optional<Category> keep_category(Id id) = 0;
    // nullopt when a category with this titel_de (exact) exists already.
    virtual std::optional<Category> insert_category(const std::string& titel_de) = 0;
    // false when another category has this titel_de (exact) already, also when a concurrent
    // transaction has just given it that name; the transaction goes on either way.
    virtual bool rename_category(Id id, const std::string& titel_de) = 0;
    // The English and Swedish titles that are present (a value, or null: none); the others stay
    // as they are, whatever a concurrent write set.
    virtual void set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                                     const fields::Change<std::string>& titel_sv) = 0;
    // The pairs linked to the category (pair_categories), ordered by id.
    virtual std::vector<Id> category_pairs(Id id) = 0;
    // The category with its word_categories and pair_categories links and the learners'
    // figures on it; ids of deleted categories are never handed out again.
    virtual void delete_category(Id id) = 0;
};

}  // namespace ll
