#pragma once
// MediaStore in the database (MEDIA_STORE=database; docs/operations.md "Media"): one row of
// media_files per name, so media are replicated, backed up and restored to a point in time
// with the rows that reference them, and no learner-api replica needs a shared volume.
//
// It has a pool of its own (MEDIA_POOL_SIZE sessions): the learner API serves media on a thread
// pool of the same size, and neither ever takes a session the bookings wait for.
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ports/media_store.hpp"

namespace ll {

namespace sql {
class Database;
}

class SqlMediaStore final : public MediaStore {
  public:
    // Throws std::invalid_argument for a bad URL, ll::DatabaseUnavailable when the database
    // cannot be reached. The media_files table comes with the migrations.
    SqlMediaStore(const std::string& database_url, int pool_size);
    ~SqlMediaStore() override;

    // Throws std::invalid_argument unless the extension is 1 to 8 of [a-z0-9].
    std::string put(std::string_view bytes, std::string_view extension) override;
    std::optional<std::string> read(std::string_view name) const override;
    std::optional<std::uint64_t> size_of(std::string_view name) const override;
    std::optional<std::string> read_part(std::string_view name, std::uint64_t first,
                                         std::uint64_t count) const override;
    bool exists(std::string_view name) const override;

    // Every name stored, in order.
    std::vector<std::string> names() const;

  private:
    std::optional<std::uint64_t> stored_size(const std::string& name) const;

    std::unique_ptr<sql::Database> db_;
    // Sizes of names found: a name is its content, so its size never changes, and an answer
    // then costs one statement instead of two. Bounded (emptied when full); misses are not
    // kept (the file may be uploaded a moment later).
    mutable std::mutex sizes_mutex_;
    mutable std::unordered_map<std::string, std::uint64_t> sizes_;
};

// Every media name the content of DATABASE_URL's database references (pictures, renditions,
// audio and its compressed copies), without the "/media/" a column may carry, in order:
// langlearn-admin check-media, whichever store holds the files.
std::vector<std::string> referenced_media(const std::string& database_url);

}  // namespace ll
