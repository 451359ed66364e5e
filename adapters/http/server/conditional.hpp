#pragma once
// The parts of RFC 9110 conditional and range requests the services use: entity-tag lists
// (If-None-Match, If-Range on media; If-Match on staff items) and a single byte range (Range).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll::http {

struct Request;

// All field lines of a list header (If-Match, If-None-Match) as one comma-separated list, as
// RFC 9110 5.3 reads several lines; nullopt when the request has none.
std::optional<std::string> header_list(const Request& request, std::string_view lower_name);

// The tag of an answer's gzip encoding (server/content_coding.hpp): "x" -> "x-gzip".
std::string gzip_tag(std::string_view etag);
// An opaque tag without the -gzip of gzip_tag: the content both encodings stand for.
std::string_view without_gzip_suffix(std::string_view opaque);

// If-None-Match: `*`, or a comma-separated list of entity tags compared weakly (W/"x"
// matches "x"), either encoding's tag matching (W/"x-gzip" matches "x" too). `etag` is the
// quoted strong tag of the identity encoding, e.g. "\"abc.png\"".
bool if_none_match(std::string_view header, std::string_view etag);

// The list names exactly this tag (compared weakly; no `*`, no other encoding's tag).
bool lists_tag(std::string_view header, std::string_view etag);

// The one If-None-Match check of every GET that sends an ETag (media, the studio's files,
// the learner's answers): every field line of the request read as one list (header_list),
// compared weakly (if_none_match); true when the answer is a 304.
bool not_modified(const Request& request, std::string_view etag);

// If-Match (RFC 9110 13.1.1): `*` (any current representation), or the opaque parts of the
// strong tags listed ("abc" gives abc, and so does "abc-gzip": a client may hold the tag of the
// gzip encoding of the same version). Weak and malformed tags are left out: the strong
// comparison If-Match asks for never matches them.
struct IfMatchList {
    bool any = false;
    std::vector<std::string> tags;
};
IfMatchList parse_if_match(std::string_view header);

// If-Range with an entity tag: strong comparison, so W/ tags and dates never match.
bool if_range_matches(std::string_view header, std::string_view etag);

struct ByteRange {
    std::uint64_t first = 0;
    std::uint64_t last = 0;  // inclusive
};

struct RangeRequest {
    enum Kind { whole, partial, unsatisfiable } kind = whole;
    ByteRange range;  // for `partial`
};

// Range for a representation of `total` bytes: `bytes=a-b`, `bytes=a-` or `bytes=-n`, one range
// only. Anything else (another unit, several ranges, a malformed value) is `whole`, which RFC
// 9110 14.2 allows ("a server MAY ignore the Range header field").
RangeRequest parse_range(std::string_view header, std::uint64_t total);

}  // namespace ll::http
