#pragma once
// Compressed answers (docs/accounts.md "Compressed answers"): a text answer (JSON, the
// studio's files) of kMinCompressedBytes or more goes out gzip-compressed when the request's
// Accept-Encoding accepts gzip. Every such answer says `Vary: Accept-Encoding`, and the two
// encodings of one answer carry different strong tags: "x" and "x-gzip" (RFC 9110 8.8.3: a strong
// tag names one sequence of bytes). A condition that lists either tag matches the answer (as
// Apache's mod_deflate does): both stand for the same content.
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "adapters/http/server/message.hpp"

namespace ll::http {

inline constexpr std::size_t kMinCompressedBytes = 1024;
// Larger answers (none of the services' text answers comes near) go as they are: zlib counts a
// single call's input in 32 bits.
inline constexpr std::size_t kMaxCompressedBytes = 256 * 1024 * 1024;

// Accept-Encoding (RFC 9110 12.5.3): gzip (or x-gzip, or *) listed with a weight above 0, and not
// refused by a gzip;q=0 elsewhere in the list.
bool accepts_gzip(const Request& request);

// The answer's media type is text a client can take compressed.
bool compressible_type(std::string_view content_type);

// gzip (RFC 1952) of `body` with zlib, at zlib's default level 6 (make bench measures 1 against
// 6: docs/performance.md "Compressed answers").
std::string gzip(std::string_view body, int level = 6);

// The gzip bodies of answers that are the same bytes for everyone and are served from memory on
// the I/O threads (the studio's files, GET /auth/languages), by their strong tag: each is
// compressed once per process, not per request. Bounded: past kMaxEntries it starts again.
class CompressedCache {
  public:
    static constexpr std::size_t kMaxEntries = 256;
    std::shared_ptr<const std::string> find(const std::string& etag) const;
    void keep(const std::string& etag, std::shared_ptr<const std::string> zipped);

  private:
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<const std::string>> entries_;
};

// Applies the above to a handler's answer: Vary for a compressible type, and for a 200 of
// kMinCompressedBytes or more to a client that accepts gzip, the body compressed (through
// `cache` when given and the answer has a tag), its Content-Encoding and its tag. Answers that
// offer byte ranges (media) are never compressed. A 304 gets the tag the client holds (the gzip
// one when the client listed it and still accepts gzip): the tag its 200 would carry (RFC 9110
// 15.4.5) whenever the client revalidates the copy it has.
void encode_for(const Request& request, Response& response, CompressedCache* cache = nullptr);

}  // namespace ll::http
