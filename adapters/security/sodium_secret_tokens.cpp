#include "adapters/security/sodium_secret_tokens.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>

#include "adapters/security/base64url.hpp"

namespace ll {

namespace {

std::array<unsigned char, 32> hmac(std::string_view key, std::string_view message) {
    std::array<unsigned char, crypto_auth_hmacsha256_BYTES> out{};
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()),
                                key.size());
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()),
                                  message.size());
    crypto_auth_hmacsha256_final(&state, out.data());
    sodium_memzero(&state, sizeof state);
    return out;
}

std::string encoded(const std::array<unsigned char, 32>& bytes) {
    return base64url::encode(
        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace

SodiumSecretTokens::SodiumSecretTokens(std::string_view service_secret) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
    // A key for this one use: the secret itself signs JWTs.
    successor_key_ = hmac(service_secret, "langlearn refresh token successor v1");
}

std::string SodiumSecretTokens::generate() {
    std::array<unsigned char, 32> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    return encoded(bytes);
}

std::string SodiumSecretTokens::successor(std::string_view token) const {
    return encoded(hmac(std::string_view(reinterpret_cast<const char*>(successor_key_.data()),
                                         successor_key_.size()),
                        token));
}

std::string SodiumSecretTokens::digest(std::string_view token) const {
    std::array<unsigned char, crypto_hash_sha256_BYTES> hash{};
    crypto_hash_sha256(hash.data(), reinterpret_cast<const unsigned char*>(token.data()),
                       token.size());
    std::array<char, crypto_hash_sha256_BYTES * 2 + 1> hex{};
    sodium_bin2hex(hex.data(), hex.size(), hash.data(), hash.size());
    return std::string(hex.data(), hash.size() * 2);
}

bool SodiumSecretTokens::same_digest(std::string_view a, std::string_view b) const {
    // Digests have one length; a different one is not a digest of ours (no secret in the length).
    return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace ll
