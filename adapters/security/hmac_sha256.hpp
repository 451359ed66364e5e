#pragma once
// HMAC-SHA256 with the key set up once. OpenSSL 3's one-shot HMAC() looks the algorithm up in
// the provider tables on every call, which cost more than the hash itself for a JWT (callgrind,
// docs/performance.md); here the keyed context is made once and copied per message.
#include <array>
#include <string_view>

#include <openssl/types.h>

namespace ll {

class HmacSha256 {
  public:
    using Digest = std::array<unsigned char, 32>;

    explicit HmacSha256(std::string_view key);
    ~HmacSha256();
    HmacSha256(const HmacSha256&) = delete;
    HmacSha256& operator=(const HmacSha256&) = delete;

    // Safe to call from several threads at once (the keyed context is only read).
    Digest mac(std::string_view data) const;

  private:
    EVP_MAC* algorithm_ = nullptr;
    EVP_MAC_CTX* keyed_ = nullptr;
};

}  // namespace ll
