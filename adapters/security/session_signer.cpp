#include "adapters/security/session_signer.hpp"

#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "adapters/security/base64url.hpp"

namespace ll {
namespace {

constexpr std::size_t kIdBytes = 16;
constexpr std::size_t kExpiryBytes = 8;
constexpr std::size_t kMacBytes = 32;
constexpr std::size_t kCookieBytes = kIdBytes + kExpiryBytes + kMacBytes;

// A key for one use, derived from the service secret.
std::string derived_key(std::string_view secret, std::string_view purpose) {
    const auto digest = HmacSha256(secret).mac(purpose);
    return std::string(digest.begin(), digest.end());
}

std::string hex(std::string_view bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (const unsigned char c : bytes) {
        out.push_back(kDigits[c >> 4]);
        out.push_back(kDigits[c & 0xf]);
    }
    return out;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// The 16 bytes of a session id as new_session_id makes them; nullopt for anything else.
std::optional<std::string> id_bytes(std::string_view id) {
    if (id.size() != 2 * kIdBytes) return std::nullopt;
    std::string out;
    for (std::size_t i = 0; i < id.size(); i += 2) {
        const int high = hex_value(id[i]), low = hex_value(id[i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        out.push_back(static_cast<char>(high * 16 + low));
    }
    return out;
}

bool same(const HmacSha256::Digest& a, std::string_view b) {
    return b.size() == a.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

HmacSessionSigner::HmacSessionSigner(std::string_view secret)
    : cookie_mac_(derived_key(secret, "langlearn staff session cookie v1")),
      csrf_mac_(derived_key(secret, "langlearn staff session csrf v1")) {}

std::string HmacSessionSigner::new_session_id() {
    unsigned char bytes[kIdBytes];
    if (RAND_bytes(bytes, sizeof bytes) != 1)
        throw std::runtime_error("no random bytes for a session id");
    return hex(std::string_view(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

std::string HmacSessionSigner::cookie(const SessionCookie& session) const {
    auto data = id_bytes(session.session_id);
    if (!data) throw std::invalid_argument("not a session id");
    const auto seconds = static_cast<std::uint64_t>(
        std::chrono::floor<std::chrono::seconds>(session.expires_at).time_since_epoch().count());
    for (int shift = 56; shift >= 0; shift -= 8)
        data->push_back(static_cast<char>((seconds >> shift) & 0xff));
    const auto mac = cookie_mac_.mac(*data);
    data->append(mac.begin(), mac.end());
    return base64url::encode(*data);
}

std::optional<SessionCookie> HmacSessionSigner::verify(std::string_view cookie,
                                                       Timestamp now) const {
    // A cookie is 75 characters: anything much longer is not worth decoding.
    if (cookie.size() > 2 * kCookieBytes) return std::nullopt;
    const auto data = base64url::decode(cookie);
    if (!data || data->size() != kCookieBytes) return std::nullopt;
    const std::string_view signed_part = std::string_view(*data).substr(0, kIdBytes + kExpiryBytes);
    if (!same(cookie_mac_.mac(signed_part), std::string_view(*data).substr(signed_part.size())))
        return std::nullopt;
    std::uint64_t seconds = 0;
    for (std::size_t i = kIdBytes; i < kIdBytes + kExpiryBytes; ++i)
        seconds = (seconds << 8) | static_cast<unsigned char>((*data)[i]);
    if (seconds > static_cast<std::uint64_t>(INT64_MAX / 1000)) return std::nullopt;
    const Timestamp expires{std::chrono::seconds(static_cast<std::int64_t>(seconds))};
    if (expires <= now) return std::nullopt;
    return SessionCookie{hex(signed_part.substr(0, kIdBytes)), expires};
}

std::string HmacSessionSigner::csrf_token(std::string_view session_id) const {
    const auto mac = csrf_mac_.mac(session_id);
    return base64url::encode(
        std::string_view(reinterpret_cast<const char*>(mac.data()), mac.size()));
}

bool HmacSessionSigner::csrf_matches(std::string_view session_id, std::string_view token) const {
    if (token.size() > 2 * kMacBytes) return false;
    const auto decoded = base64url::decode(token);
    return decoded && same(csrf_mac_.mac(session_id), *decoded);
}

}  // namespace ll
