#pragma once
// Random access into a dictzip file (dictd's .dict.dz): a gzip member whose deflate stream is
// full-flushed every CHLEN bytes of text, with the compressed size of each chunk listed in the
// "RA" subfield of the gzip header. Reading a range inflates only the chunks that hold it, so
// the ~100 MB deu-eng text never has to be in memory. Files without an RA table (plain gzip)
// are inflated once into memory instead.
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ll::words {

class DictzipReader {
  public:
    // Throws GenerationError when the file cannot be opened or is not gzip/dictzip.
    explicit DictzipReader(const std::string& path);
    ~DictzipReader();
    DictzipReader(const DictzipReader&) = delete;
    DictzipReader& operator=(const DictzipReader&) = delete;

    // The uncompressed bytes [offset, offset + length). Thread-safe. Throws GenerationError
    // on a corrupt chunk or a range outside the text.
    std::string read(std::uint64_t offset, std::uint64_t length) const;

    bool random_access() const { return !chunk_sizes_.empty(); }

  private:
    std::shared_ptr<const std::string> chunk(std::size_t index) const;
    std::string inflate_chunk(std::size_t index) const;

    std::string path_;
    int fd_ = -1;
    std::uint64_t chunk_length_ = 0;            // uncompressed bytes per chunk
    std::vector<std::uint32_t> chunk_sizes_;    // compressed bytes per chunk
    std::vector<std::uint64_t> chunk_offsets_;  // file offset of each chunk
    std::string whole_;                         // the text, when there is no RA table

    // Recently inflated chunks (at most 32 x 58 KB): the entries of a headword and of its
    // compounds are often close together; halves the time of a words() call against 8.
    static constexpr std::size_t kCacheChunks = 32;
    mutable std::mutex cache_mutex_;
    mutable std::list<std::pair<std::size_t, std::shared_ptr<const std::string>>> cache_;
};

}  // namespace ll::words
