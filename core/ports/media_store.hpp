#pragma once
// Where pictures and audio files live (docs/spec/authoring.md "Generators"): files are named by a
// hash of their content, so a name is unguessable, an upload of the same bytes is stored once, and
// a name doubles as a strong ETag. Adapter: a local folder (MEDIA_DIR).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ll {

class MediaStore {
  public:
    virtual ~MediaStore() = default;
    // Stores the bytes (atomically: a reader never sees half a file) and returns the name,
    // "<64 hex digits of SHA-256>.<extension>", e.g. "9f86...0f00a08.png". Storing the same
    // bytes again returns the same name. Throws std::runtime_error when the store cannot write.
    virtual std::string put(std::string_view bytes, std::string_view extension) = 0;
    // The whole file; nullopt when there is no such file or the name is not a plain media name
    // (no path separators, no leading dot: nothing outside the store can be read).
    virtual std::optional<std::string> read(std::string_view name) const = 0;
    // The file's size without reading it (a 304 or a HEAD needs no bytes); nullopt as for read().
    virtual std::optional<std::uint64_t> size_of(std::string_view name) const = 0;
    // `count` bytes from `first` (fewer at the end of the file): a Range request reads only the
    // range, not the whole file. nullopt as for read().
    virtual std::optional<std::string> read_part(std::string_view name, std::uint64_t first,
                                                 std::uint64_t count) const = 0;
    virtual bool exists(std::string_view name) const = 0;
};

// The public address of a stored file (docs/spec/authoring.md: `/media/<content-hash name>`).
inline std::string media_url(std::string_view name) {
    return "/media/" + std::string(name);
}

// The file name a content column holds: a column may carry the public prefix
// ("/media/<name>"); the stores know bare names.
inline std::string_view stored_media_name(std::string_view stored) {
    const auto slash = stored.find_last_of('/');
    return slash == std::string_view::npos ? stored : stored.substr(slash + 1);
}

}  // namespace ll
