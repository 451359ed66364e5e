#include "adapters/media/local_media_store.hpp"

#include "adapters/media/media_names.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace ll {
namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path) {
    throw std::runtime_error("media store: " + what + " " + path + ": " + std::strerror(errno));
}

// Closes the descriptor and removes the temporary file unless it was renamed into place.
class TempFile {
  public:
    explicit TempFile(const std::string& dir) : path_(dir + "/.upload-XXXXXX") {
        fd_ = ::mkostemp(path_.data(), O_CLOEXEC);
        if (fd_ < 0) fail("cannot create a file in", dir);
    }
    ~TempFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!path_.empty()) ::unlink(path_.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    void write_all(std::string_view bytes) {
        // mkstemp makes 0600; media are public files (a web server may serve the folder).
        if (::fchmod(fd_, 0644) != 0) fail("cannot set the mode of", path_);
        while (!bytes.empty()) {
            const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail("cannot write", path_);
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) fail("cannot write", path_);
    }
    // Atomic: a reader sees the old state or the whole file. Racing puts of the same bytes
    // each rename a complete, identical file over the name.
    void rename_to(const std::string& target) {
        if (::rename(path_.c_str(), target.c_str()) != 0) fail("cannot store", target);
        path_.clear();
    }

  private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace

LocalMediaStore::LocalMediaStore(std::string dir) : dir_(std::move(dir)) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec)
        throw std::runtime_error("media store: cannot create the folder " + dir_ + ": " +
                                 ec.message());
    if (!std::filesystem::is_directory(dir_, ec))
        throw std::runtime_error("media store: " + dir_ + " is not a folder");
}

std::string LocalMediaStore::put(std::string_view bytes, std::string_view extension) {
    std::string name = media_name_for(bytes, extension);
    const std::string path = dir_ + "/" + name;
    // Same name, same bytes: a file already there is never rewritten.
    if (::access(path.c_str(), F_OK) == 0) return name;
    TempFile temp(dir_);
    temp.write_all(bytes);
    temp.rename_to(path);
    return name;
}

namespace {

// An open media file, closed when it goes out of scope.
struct OpenFile {
    int fd = -1;
    std::uint64_t size = 0;
    OpenFile() = default;
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    ~OpenFile() {
        if (fd >= 0) ::close(fd);
    }
};

// Opens a regular file of the store; false when there is none of that name.
bool open_media(const std::string& path, OpenFile& file) {
    file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file.fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) return false;
        fail("cannot read", path);
    }
    struct stat info {};
    if (::fstat(file.fd, &info) != 0) fail("cannot read", path);
    if (!S_ISREG(info.st_mode)) return false;
    file.size = static_cast<std::uint64_t>(info.st_size);
    return true;
}

// Up to `count` bytes from `first`, with pread (no shared file offset to race on).
std::string read_from(const OpenFile& file, std::uint64_t first, std::uint64_t count,
                      const std::string& path) {
    if (first >= file.size) return {};
    std::string out(static_cast<std::size_t>(std::min(count, file.size - first)), '\0');
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::pread(file.fd, out.data() + done, out.size() - done,
                                  static_cast<off_t>(first + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail("cannot read", path);
        if (n == 0) break;  // cannot shrink (files are never rewritten), but do not spin
        done += static_cast<std::size_t>(n);
    }
    out.resize(done);
    return out;
}

}  // namespace

std::optional<std::string> LocalMediaStore::read(std::string_view name) const {
    return read_part(name, 0, UINT64_MAX);
}

std::optional<std::string> LocalMediaStore::read_part(std::string_view name, std::uint64_t first,
                                                      std::uint64_t count) const {
    if (!is_media_name(name)) return std::nullopt;
    const std::string path = dir_ + "/" + std::string(name);
    OpenFile file;
    if (!open_media(path, file)) return std::nullopt;
    return read_from(file, first, count, path);
}

std::optional<std::uint64_t> LocalMediaStore::size_of(std::string_view name) const {
    if (!is_media_name(name)) return std::nullopt;
    OpenFile file;
    if (!open_media(dir_ + "/" + std::string(name), file)) return std::nullopt;
    return file.size;
}

bool LocalMediaStore::exists(std::string_view name) const {
    if (!is_media_name(name)) return false;
    struct stat info {};
    const std::string path = dir_ + "/" + std::string(name);
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

}  // namespace ll
