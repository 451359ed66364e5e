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
    std::optional<std::uint64_t> size_of(std::string_view name) const override {
        const auto file = read(name);
        return file ? std::optional<std::uint64_t>(file->size()) : std::nullopt;
    }
    std::optional<std::string> read_part(std::string_view name, std::uint64_t first,
                                         std::uint64_t count) const override {
        const auto file = read(name);
        if (!file) return std::nullopt;
        return first >= file->size() ? std::string() : file->substr(first, count);
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
