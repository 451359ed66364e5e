#pragma once
// base64url without padding (RFC 7515 section 2), strict on input.
#include <optional>
#include <string>
#include <string_view>

namespace ll::base64url {

std::string encode(std::string_view bytes);
// nullopt for padding, characters outside the alphabet, an impossible length, or
// non-zero trailing bits (only one encoding of each byte string is accepted).
std::optional<std::string> decode(std::string_view text);

}  // namespace ll::base64url
