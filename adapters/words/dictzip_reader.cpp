#include "adapters/words/dictzip_reader.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "core/ports/word_generator.hpp"

namespace ll::words {
namespace {

constexpr unsigned char kFlagHcrc = 0x02;
constexpr unsigned char kFlagExtra = 0x04;
constexpr unsigned char kFlagName = 0x08;
constexpr unsigned char kFlagComment = 0x10;

std::uint16_t le16(const unsigned char* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}

// Reads exactly `size` bytes at `offset` (short reads retried); false at end of file.
bool read_at(int fd, std::uint64_t offset, void* out, std::size_t size) {
    auto* dest = static_cast<char*>(out);
    while (size > 0) {
        const ssize_t n = ::pread(fd, dest, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        dest += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// Inflates `in` (raw deflate when `raw`, else a gzip member) until the input is used up.
std::string inflate_bytes(const std::string& in, bool raw, std::size_t size_hint,
                          const std::string& what) {
    z_stream zs{};
    if (inflateInit2(&zs, raw ? -MAX_WBITS : MAX_WBITS + 16) != Z_OK)
        throw GenerationError(fmt::format("{}: zlib init failed", what));
    std::string out;
    out.resize(size_hint > 0 ? size_hint : in.size() * 4 + 1024);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    std::size_t produced = 0;
    int rc = Z_OK;
    while (true) {
        if (produced == out.size()) out.resize(out.size() * 2);
        zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
        zs.avail_out = static_cast<uInt>(out.size() - produced);
        rc = inflate(&zs, Z_SYNC_FLUSH);
        produced = out.size() - zs.avail_out;
        if (rc == Z_STREAM_END) break;
        if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;  // chunk done, stream goes on
        if (rc != Z_OK && rc != Z_BUF_ERROR) break;
        if (zs.avail_in == 0 && zs.avail_out != 0) break;
    }
    inflateEnd(&zs);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
        throw GenerationError(fmt::format("{}: corrupt compressed data (zlib {})", what, rc));
    out.resize(produced);
    return out;
}

}  // namespace

DictzipReader::DictzipReader(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        throw GenerationError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
    try {
        unsigned char head[12];
        if (!read_at(fd_, 0, head, sizeof head) || head[0] != 0x1f || head[1] != 0x8b ||
            head[2] != 8)
            throw GenerationError(fmt::format("{}: not a gzip/dictzip file", path));
        const unsigned char flags = head[3];
        std::uint64_t pos = 10;
        if (flags & kFlagExtra) {
            const std::uint16_t xlen = le16(head + 10);
            std::string extra(xlen, '\0');
            if (!read_at(fd_, 12, extra.data(), xlen))
                throw GenerationError(fmt::format("{}: truncated gzip header", path));
            pos = 12 + xlen;
            // Subfields: SI1 SI2 LEN(2) data. RA data: VER(2) CHLEN(2) CHCNT(2) sizes(2 each).
            const auto* x = reinterpret_cast<const unsigned char*>(extra.data());
            std::size_t at = 0;
            while (at + 4 <= extra.size()) {
                const std::uint16_t len = le16(x + at + 2);
                if (at + 4 + len > extra.size()) break;
                if (x[at] == 'R' && x[at + 1] == 'A' && len >= 6) {
                    const unsigned char* ra = x + at + 4;
                    const std::uint16_t count = le16(ra + 4);
                    if (le16(ra) == 1 && 6u + 2u * count <= len) {
                        chunk_length_ = le16(ra + 2);
                        for (std::uint16_t i = 0; i < count; ++i)
                            chunk_sizes_.push_back(le16(ra + 6 + 2 * i));
                    }
                }
                at += 4 + len;
            }
        }
        // Skip the optional zero-terminated name and comment, and the header CRC.
        for (const unsigned char flag : {kFlagName, kFlagComment}) {
            if (!(flags & flag)) continue;
            char c = 1;
            while (c != 0)
                if (!read_at(fd_, pos++, &c, 1))
                    throw GenerationError(fmt::format("{}: truncated gzip header", path));
        }
        if (flags & kFlagHcrc) pos += 2;

        if (!chunk_sizes_.empty() && chunk_length_ > 0) {
            chunk_offsets_.reserve(chunk_sizes_.size());
            for (const auto size : chunk_sizes_) {
                chunk_offsets_.push_back(pos);
                pos += size;
            }
        } else {
            chunk_sizes_.clear();
            const off_t end = ::lseek(fd_, 0, SEEK_END);
            std::string all(static_cast<std::size_t>(end), '\0');
            if (end < 0 || !read_at(fd_, 0, all.data(), all.size()))
                throw GenerationError(fmt::format("{}: read failed", path));
            whole_ = inflate_bytes(all, false, 0, path);
        }
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

DictzipReader::~DictzipReader() {
    if (fd_ >= 0) ::close(fd_);
}

std::string DictzipReader::inflate_chunk(std::size_t index) const {
    std::string compressed(chunk_sizes_[index], '\0');
    if (!read_at(fd_, chunk_offsets_[index], compressed.data(), compressed.size()))
        throw GenerationError(fmt::format("{}: truncated (chunk {})", path_, index));
    std::string text = inflate_bytes(compressed, true, chunk_length_, path_);
    if (text.size() > chunk_length_ ||
        (text.size() < chunk_length_ && index + 1 != chunk_sizes_.size()))
        throw GenerationError(fmt::format("{}: corrupt chunk {}", path_, index));
    return text;
}

std::shared_ptr<const std::string> DictzipReader::chunk(std::size_t index) const {
    {
        std::lock_guard lock(cache_mutex_);
        for (auto it = cache_.begin(); it != cache_.end(); ++it) {
            if (it->first != index) continue;
            cache_.splice(cache_.begin(), cache_, it);
            return cache_.front().second;
        }
    }
    // Inflate outside the lock: two threads may inflate the same chunk, which is harmless.
    auto text = std::make_shared<const std::string>(inflate_chunk(index));
    std::lock_guard lock(cache_mutex_);
    cache_.emplace_front(index, text);
    if (cache_.size() > kCacheChunks) cache_.pop_back();
    return text;
}

std::string DictzipReader::read(std::uint64_t offset, std::uint64_t length) const {
    if (!random_access()) {
        if (offset > whole_.size() || length > whole_.size() - offset)
            throw GenerationError(fmt::format("{}: entry outside the text", path_));
        return whole_.substr(offset, length);
    }
    std::string out;
    out.reserve(length);
    std::uint64_t at = offset;
    const std::uint64_t end = offset + length;
    while (at < end) {
        const std::size_t index = at / chunk_length_;
        if (index >= chunk_sizes_.size())
            throw GenerationError(fmt::format("{}: entry outside the text", path_));
        const auto text = chunk(index);
        const std::uint64_t begin_in_chunk = at - index * chunk_length_;
        if (begin_in_chunk >= text->size())
            throw GenerationError(fmt::format("{}: entry outside the text", path_));
        const std::uint64_t take = std::min<std::uint64_t>(end - at, text->size() - begin_in_chunk);
        out.append(*text, begin_in_chunk, take);
        at += take;
    }
    return out;
}

}  // namespace ll::words
