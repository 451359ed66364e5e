#pragma once
// MediaStore on a local folder (MEDIA_DIR): one flat directory of "<sha256>.<ext>" files.
#include <string>

#include "adapters/media/media_names.hpp"
#include "core/ports/media_store.hpp"

namespace ll {

class LocalMediaStore final : public MediaStore {
  public:
    // Creates the folder (and its parents) when missing; throws std::runtime_error when it
    // cannot.
    explicit LocalMediaStore(std::string dir);

    // Throws std::invalid_argument unless the extension is 1 to 8 of [a-z0-9].
    std::string put(std::string_view bytes, std::string_view extension) override;
    std::optional<std::string> read(std::string_view name) const override;
    std::optional<std::uint64_t> size_of(std::string_view name) const override;
    std::optional<std::string> read_part(std::string_view name, std::uint64_t first,
                                         std::uint64_t count) const override;
    bool exists(std::string_view name) const override;

    const std::string& dir() const { return dir_; }

  private:
    std::string dir_;
};

}  // namespace ll
