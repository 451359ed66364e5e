#pragma once
// Passwords with argon2id through libsodium's crypto_pwhash_str (docs/spec/decisions.md 7).
#include <string>

#include "core/ports/security.hpp"

namespace ll {

class Argon2idPasswordHasher final : public PasswordHasher {
  public:
    // OWASP's minimum is 19 MiB (19456 KiB), 2 passes, 1 lane; lower values are refused
    // (std::invalid_argument).
    explicit Argon2idPasswordHasher(int memory_kib = 19456, int passes = 2);

    std::string hash(std::string_view password) override;
    bool verify(std::string_view hash, std::string_view password) override;
    bool needs_rehash(std::string_view hash) override;
    void verify_dummy(std::string_view password) override;

  private:
    unsigned long long opslimit_;
    std::size_t memlimit_;
    std::string dummy_hash_;  // made once with the configured cost
};

}  // namespace ll
