#pragma once
// Minimal content writing for seeds and tests: categories and pairs with an answer type. The
// studio's full content repositories are in core/ports/content/.
#include <cstdint>
#include <string>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

struct SeedPair {
    std::string answer_type;  // word, question, text, yes_no (anything else counts as Sonstige)
    std::string status = "published";
    std::vector<Id> category_ids;  // written to pair_categories
};

class ContentSeeder {
  public:
    virtual ~ContentSeeder() = default;
    virtual Id add_category(const std::string& titel_de) = 0;
    virtual Id add_pair(const SeedPair& pair) = 0;
    // How many pairs exist (seeds add their content only to an empty catalogue).
    virtual std::int64_t pair_count() = 0;
};

}  // namespace ll
