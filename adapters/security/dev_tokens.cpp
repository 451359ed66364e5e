#include "adapters/security/dev_tokens.hpp"

#include <openssl/crypto.h>
#include <openssl/sha.h>

namespace ll {
namespace {

std::array<unsigned char, 32> digest_of(std::string_view text) {
    std::array<unsigned char, 32> out{};
    SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), out.data());
    return out;
}

}  // namespace

ConstantTimeDevTokens::ConstantTimeDevTokens(const std::vector<std::string>& tokens) {
    for (const auto& t : tokens) {
        if (!t.empty()) digests_.push_back(digest_of(t));
    }
}

bool ConstantTimeDevTokens::matches(std::string_view token) const {
    const auto presented = digest_of(token);
    int found = 0;
    // Every configured token is compared, whatever matched before.
    for (const auto& d : digests_)
        found |= CRYPTO_memcmp(d.data(), presented.data(), d.size()) == 0;
    return found != 0;
}

}  // namespace ll
