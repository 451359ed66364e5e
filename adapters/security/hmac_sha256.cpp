#include "adapters/security/hmac_sha256.hpp"

#include <memory>
#include <stdexcept>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

namespace ll {

HmacSha256::HmacSha256(std::string_view key) {
    algorithm_ = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
    if (algorithm_) keyed_ = EVP_MAC_CTX_new(algorithm_);
    char digest[] = "SHA256";
    const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                                 OSSL_PARAM_END};
    // An empty key is valid HMAC; OpenSSL wants a non-null pointer for it.
    static const unsigned char kEmpty = 0;
    const auto* key_bytes =
        key.empty() ? &kEmpty : reinterpret_cast<const unsigned char*>(key.data());
    if (!keyed_ || EVP_MAC_init(keyed_, key_bytes, key.size(), params) != 1) {
        EVP_MAC_CTX_free(keyed_);
        EVP_MAC_free(algorithm_);
        throw std::runtime_error("HMAC-SHA256 is not available in this OpenSSL");
    }
}

HmacSha256::~HmacSha256() {
    EVP_MAC_CTX_free(keyed_);
    EVP_MAC_free(algorithm_);
}

HmacSha256::Digest HmacSha256::mac(std::string_view data) const {
    const std::unique_ptr<EVP_MAC_CTX, decltype(&EVP_MAC_CTX_free)> ctx(EVP_MAC_CTX_dup(keyed_),
                                                                        &EVP_MAC_CTX_free);
    Digest digest{};
    std::size_t length = 0;
    if (!ctx ||
        EVP_MAC_update(ctx.get(), reinterpret_cast<const unsigned char*>(data.data()),
                       data.size()) != 1 ||
        EVP_MAC_final(ctx.get(), digest.data(), &length, digest.size()) != 1 ||
        length != digest.size()) {
        throw std::runtime_error("HMAC-SHA256 failed");
    }
    return digest;
}

}  // namespace ll
