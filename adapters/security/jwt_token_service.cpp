#include "adapters/security/jwt_token_service.hpp"

#include <openssl/crypto.h>

#include <boost/json.hpp>

#include "adapters/security/base64url.hpp"
#include "adapters/security/hmac_sha256.hpp"

namespace ll {
namespace {

namespace json = boost::json;

// The header every token we issue carries, encoded: verify skips parsing it when it matches.
const std::string& issued_header() {
    static const std::string header = base64url::encode(R"({"alg":"HS256","typ":"JWT"})");
    return header;
}

struct Segments {
    std::string_view header, payload, signature;
    std::string_view signing_input;  // "header.payload", as it stands in the token
};

std::optional<Segments> split(std::string_view token) {
    const auto first = token.find('.');
    if (first == std::string_view::npos) return std::nullopt;
    const auto second = token.find('.', first + 1);
    if (second == std::string_view::npos || token.find('.', second + 1) != std::string_view::npos) {
        return std::nullopt;
    }
    return Segments{token.substr(0, first), token.substr(first + 1, second - first - 1),
                    token.substr(second + 1), token.substr(0, second)};
}

// The JSON object in a segment, its memory taken from `storage` (a per-call arena in verify).
std::optional<json::object> decode_object(std::string_view segment, json::storage_ptr storage) {
    const auto text = base64url::decode(segment);
    if (!text) return std::nullopt;
    json::error_code ec;
    json::value value = json::parse(*text, ec, std::move(storage));
    if (ec || !value.is_object()) return std::nullopt;
    return std::move(value.as_object());
}

bool signature_matches(const Segments& s, const HmacSha256& hmac) {
    const auto signature = base64url::decode(s.signature);
    if (!signature) return false;
    const HmacSha256::Digest expected = hmac.mac(s.signing_input);
    return signature->size() == expected.size() &&
           CRYPTO_memcmp(signature->data(), expected.data(), expected.size()) == 0;
}

// alg pinned to HS256, typ absent or JWT, no crit extensions.
bool acceptable_header(std::string_view segment) {
    if (segment == issued_header()) return true;
    unsigned char buffer[512];
    json::monotonic_resource arena(buffer, sizeof buffer);
    const auto header = decode_object(segment, &arena);
    if (!header) return false;
    const auto* alg = header->if_contains("alg");
    if (!alg || !alg->is_string() || alg->as_string() != "HS256") return false;
    if (const auto* typ = header->if_contains("typ");
        typ && !(typ->is_string() && typ->as_string() == "JWT")) {
        return false;
    }
    return !header->contains("crit");  // extensions we do not understand
}

std::optional<std::int64_t> integer(const json::value* v) {
    if (!v) return std::nullopt;
    if (v->is_int64()) return v->as_int64();
    if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
        return static_cast<std::int64_t>(v->as_uint64());
    }
    return std::nullopt;
}

std::optional<double> number(const json::value* v) {
    if (!v) return std::nullopt;
    if (v->is_double()) return v->as_double();
    if (auto i = integer(v)) return static_cast<double>(*i);
    return std::nullopt;
}

}  // namespace

JwtTokenService::JwtTokenService(std::string secret, std::int64_t expires_in_seconds)
    : hmac_(std::make_unique<const HmacSha256>(secret)), expires_in_seconds_(expires_in_seconds) {}

JwtTokenService::~JwtTokenService() = default;

std::string JwtTokenService::sign(std::string_view signing_input) const {
    const HmacSha256::Digest digest = hmac_->mac(signing_input);
    return base64url::encode(
        std::string_view(reinterpret_cast<const char*>(digest.data()), digest.size()));
}

std::string JwtTokenService::issue(const TokenClaims& claims, Timestamp now) {
    const std::string& header = issued_header();
    const auto iat =
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    json::object payload{{"userId", claims.user_id},
                         {"email", claims.email},
                         {"role", claims.role},
                         {"native_lang", claims.native_lang},
                         {"iat", iat},
                         {"exp", iat + expires_in_seconds_}};
    // The session (refresh family) the token belongs to, so a sign-out can end it.
    if (!claims.session_id.empty()) payload["sid"] = claims.session_id;
    std::string input = header + "." + base64url::encode(json::serialize(payload));
    return input + "." + sign(input);
}

std::optional<TokenClaims> JwtTokenService::verify(std::string_view token, Timestamp now) {
    const auto segments = split(token);
    if (!segments) return std::nullopt;
    if (!acceptable_header(segments->header)) return std::nullopt;
    if (!signature_matches(*segments, *hmac_)) return std::nullopt;

    // Room for the claims the service issues (with the session's `sid` and a 254-byte e-mail)
    // on the stack; a larger payload spills to the heap, still correct.
    unsigned char buffer[2048];
    json::monotonic_resource arena(buffer, sizeof buffer);
    const auto payload = decode_object(segments->payload, &arena);
    if (!payload) return std::nullopt;
    const auto exp = number(payload->if_contains("exp"));
    const double now_seconds =
        static_cast<double>(
            std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count()) /
        1000.0;
    if (!exp || *exp <= now_seconds) return std::nullopt;
    const auto user_id = integer(payload->if_contains("userId"));
    const auto* email = payload->if_contains("email");
    const auto* role = payload->if_contains("role");
    if (!user_id || !email || !email->is_string() || !role || !role->is_string())
        return std::nullopt;
    TokenClaims claims{
        *user_id, std::string(email->as_string()), std::string(role->as_string()), "de", {}};
    if (const auto* lang = payload->if_contains("native_lang")) {
        if (!lang->is_string()) return std::nullopt;
        claims.native_lang = std::string(lang->as_string());
    }
    if (const auto* sid = payload->if_contains("sid")) {
        if (!sid->is_string()) return std::nullopt;
        claims.session_id = std::string(sid->as_string());
    }
    return claims;
}

bool hs256_signature_valid(std::string_view token, std::string_view key) {
    const auto segments = split(token);
    return segments && signature_matches(*segments, HmacSha256(key));
}

}  // namespace ll
