#pragma once
// Compressed answers (docs/accounts.md "Compressed answers"): a text answer (JSON, the
// studio's files) of kMinCompressedBytes or more goes out gzip-compressed when the request's
// Accept-Encoding accepts gzip. Every such answer says `Vary: Accept-Encoding`, and the two
// encodings of one answer carry different strong tags: "x" and "x-gzip" (RFC 9110 8.8.3: a strong
// tag names one sequence of bytes). A condition that lists either tag matches the answer (as
// Apache's mod_deflate does): both stand for the same content.
#include <string>
#include <string_view>

#include "adapters/http/server/message.hpp"

namespace ll::http {

inline constexpr std::size_t kMinCompressedBytes = 1024;

// Accept-Encoding (RFC 9110 12.5.3): gzip (or x-gzip, or *) listed with a weight above 0, and not
// refused by a gzip;q=0 elsewhere in the list.
bool accepts_gzip(const Request& request);

// The answer's media type is text a client can take compressed.
bool compressible_type(std::string_view content_type);

// gzip (RFC 1952) of `body` with zlib, at zlib's default level 6 (make bench measures 1 against
// 6: docs/performance.md "Compressed answers").
std::string gzip(std::string_view body, int level = 6);

// Applies the above to a handler's answer: Vary for a compressible type, and for an answer of
// kMinCompressedBytes or more to a client that accepts gzip, the body compressed, its
// Content-Encoding and its tag. A 304 gets the tag the client holds (the gzip one when the client
// listed it and still accepts gzip), as RFC 9110 15.4.5 asks: the tag a 200 would carry.
void encode_for(const Request& request, Response& response);

}  // namespace ll::http
