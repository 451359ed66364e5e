#include "adapters/security/argon2id_password_hasher.hpp"

#include <sodium.h>

#include <stdexcept>

namespace ll {

Argon2idPasswordHasher::Argon2idPasswordHasher(int memory_kib, int passes)
    : opslimit_(static_cast<unsigned long long>(passes)),
      memlimit_(static_cast<std::size_t>(memory_kib) * 1024) {
    if (memory_kib < 19456 || passes < 2) {
        throw std::invalid_argument("argon2id below OWASP's minimum (19456 KiB, 2 passes)");
    }
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
    dummy_hash_ = hash("dummy password that matches no account");
}

std::string Argon2idPasswordHasher::hash(std::string_view password) {
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), opslimit_, memlimit_,
                              crypto_pwhash_ALG_ARGON2ID13) != 0) {
        throw std::runtime_error("argon2id: out of memory");
    }
    return out;
}

bool Argon2idPasswordHasher::verify(std::string_view hash, std::string_view password) {
    // crypto_pwhash_str_verify wants a NUL-terminated hash no longer than the buffer size.
    if (hash.size() >= crypto_pwhash_STRBYTES) return false;
    const std::string stored(hash);
    return crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
}

bool Argon2idPasswordHasher::needs_rehash(std::string_view hash) {
    if (hash.size() >= crypto_pwhash_STRBYTES) return true;
    const std::string stored(hash);
    return crypto_pwhash_str_needs_rehash(stored.c_str(), opslimit_, memlimit_) != 0;
}

void Argon2idPasswordHasher::verify_dummy(std::string_view password) {
    (void)verify(dummy_hash_, password);
}

}  // namespace ll
