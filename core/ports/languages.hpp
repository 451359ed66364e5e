#pragma once
#include <vector>

#include "core/domain/entities.hpp"

namespace ll {

class LanguageRepository {
  public:
    virtual ~LanguageRepository() = default;
    // Languages with status `published`, in any order (the core orders them).
    virtual std::vector<Language> list_published() = 0;
};

}  // namespace ll
