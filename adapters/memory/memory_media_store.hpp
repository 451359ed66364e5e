#pragma once
// The media store in memory, for core unit tests: names derived from the content like the
// folder adapter's (64 hex digits + extension; here from std::hash with four seeds instead of
// SHA-256, which the core never relies on).
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>

#include "core/ports/media_store.hpp"

namespace ll {

class MemoryMediaStore final : public MediaStore {
  public:
    std::string put(std::string_view bytes, std::string_view extension) override {
        std::string name;
        for (char seed : {'a', 'b', 'c', 'd'}) {
            char hex[17];
            std::snprintf(hex, sizeof hex, "%016zx",
                          std::hash<std::string>{}(std::string(1, seed) + std::string(bytes)));
            name += hex;
        }
        name += "." + std::string(extension);
        std::lock_guard lock(mutex_);
        files_.emplace(name, std::string(bytes));
        return name;
    }
    std::optional<std::string> read(std::string_view name) const override {
        std::lock_guard lock(mutex_);
        const auto it = files_.find(std::string(name));
        return it == files_.end() ? std::nullopt : std::optional<std::string>(it->second);
    }
    bool exists(std::string_view name) const override { return read(name).has_value(); }
    std::size_t size() const {
        std::lock_guard lock(mutex_);
        return files_.size();
    }

  private:
    mutable std::mutex mutex_;
    std::map<std::string, std::string> files_;
};

}  // namespace ll
