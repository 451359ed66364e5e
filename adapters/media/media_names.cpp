#include "adapters/media/media_names.hpp"

#include <stdexcept>

#include <openssl/evp.h>

namespace ll {
namespace {

bool is_lower_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}
bool is_extension_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool is_extension(std::string_view ext) {
    if (ext.empty() || ext.size() > 8) return false;
    for (char c : ext)
        if (!is_extension_char(c)) return false;
    return true;
}

std::string sha256_hex(std::string_view bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("media store: SHA-256 failed");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0x0F];
    }
    return out;
}

}  // namespace

bool is_media_name(std::string_view name) {
    if (name.size() < 66 || name[64] != '.') return false;
    for (std::size_t i = 0; i < 64; ++i)
        if (!is_lower_hex(name[i])) return false;
    return is_extension(name.substr(65));
}

std::string media_name_for(std::string_view bytes, std::string_view extension) {
    if (!is_extension(extension))
        throw std::invalid_argument("media store: the extension must be 1 to 8 of [a-z0-9]");
    return sha256_hex(bytes) + "." + std::string(extension);
}

}  // namespace ll
