#pragma once
// Published languages change only by migration (docs/spec/decisions.md 9), and migrations run
// before a server starts serving: read them once per process, then answer from memory.
#include <memory>
#include <mutex>
#include <optional>

#include "core/ports/languages.hpp"

namespace ll::sql {

class CachedLanguages final : public LanguageRepository {
  public:
    explicit CachedLanguages(std::unique_ptr<LanguageRepository> source)
        : source_(std::move(source)) {}

    std::vector<Language> list_published() override {
        std::lock_guard lock(mutex_);
        if (!cache_) cache_ = source_->list_published();  // a failure is not cached
        return *cache_;
    }

  private:
    std::unique_ptr<LanguageRepository> source_;
    std::mutex mutex_;
    std::optional<std::vector<Language>> cache_;
};

}  // namespace ll::sql
