// The HS256 verifier both services use (adapters/security, docs/spec/decisions.md 7), reached the
// way a request reaches it: the Authorization header through authenticate() (learner routes) and
// authenticate_staff() (authoring routes, with development tokens), then
// JwtTokenService::verify. Byte 0 picks the mode, the rest is the input:
//   0: the rest is the Authorization header as sent.
//   1: the rest is "<header JSON>\n<payload JSON>", signed here with the service's key, so the
//      claims decoding behind the signature check is reached too.
//   2: the rest is "<user id>\n<email>\n<role>\n<native_lang>": issue() then verify() must give
//      the same claims back (ASCII only: claims come from the database, never raw bytes).
// Checks: sanitizers; a token verify() accepts has a valid signature; authenticate() and
// authenticate_staff() agree with verify(); the round trip of mode 2.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/memory/manual_clock.hpp"
#include "adapters/security/base64url.hpp"
#include "adapters/security/dev_tokens.hpp"
#include "adapters/security/hmac_sha256.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "core/app/authenticate.hpp"
#include "fuzz/support/check.hpp"
#include "fuzz/support/learner_world.hpp"

using namespace ll;
using namespace ll::fuzz;

namespace {

struct Verifier {
    ManualClock clock{fuzz_now()};
    JwtTokenService tokens{kFuzzSecret, 7 * 24 * 3600};
    ConstantTimeDevTokens dev_tokens{{kDevToken}};
    HmacSha256 mac{kFuzzSecret};  // signs mode 1's parts with the service's key
};

Verifier& verifier() {
    static Verifier v;
    return v;
}

// verify() and the two header checks of the routes, which must agree with it.
void check_token(std::string_view token) {
    Verifier& v = verifier();
    const auto claims = v.tokens.verify(token, v.clock.now());
    if (claims && !hs256_signature_valid(token, kFuzzSecret))
        fail("verify() accepted a token whose signature is wrong");
    const std::string header = "Bearer " + std::string(token);
    const auto learner = authenticate(v.tokens, v.clock, header);
    if (learner.ok() != claims.has_value()) fail("authenticate() disagrees with verify()");
    const auto staff = authenticate_staff(v.tokens, v.clock, v.dev_tokens, header);
    if (staff.ok() && !claims && token != kDevToken)
        fail("authenticate_staff() accepted what verify() refused");
}

// A header check_token() would build itself goes straight there (it runs the same checks).
void raw_header(std::string_view rest) {
    if (rest.substr(0, 7) == "Bearer ") return check_token(rest.substr(7));
    Verifier& v = verifier();
    (void)authenticate(v.tokens, v.clock, rest);
    (void)authenticate_staff(v.tokens, v.clock, v.dev_tokens, rest);
    check_token(rest);
}

void signed_parts(std::string_view rest) {
    const auto newline = rest.find('\n');
    if (newline == std::string_view::npos) return;
    const std::string input = base64url::encode(rest.substr(0, newline)) + "." +
                              base64url::encode(rest.substr(newline + 1));
    const HmacSha256::Digest digest = verifier().mac.mac(input);
    check_token(input + "." +
                base64url::encode({reinterpret_cast<const char*>(digest.data()), digest.size()}));
}

void round_trip(std::string_view rest) {
    for (char c : rest) {
        if (static_cast<unsigned char>(c) >= 0x80) return;
    }
    std::string_view fields[4];
    for (int i = 0; i < 3; ++i) {
        const auto newline = rest.find('\n');
        if (newline == std::string_view::npos) return;
        fields[i] = rest.substr(0, newline);
        rest = rest.substr(newline + 1);
    }
    fields[3] = rest;
    TokenClaims claims;
    try {
        claims.user_id = std::stoll(std::string(fields[0]));
    } catch (const std::exception&) {
        return;
    }
    claims.email = fields[1];
    claims.role = fields[2];
    claims.native_lang = fields[3];
    Verifier& v = verifier();
    const std::string token = v.tokens.issue(claims, v.clock.now());
    const auto back = v.tokens.verify(token, v.clock.now());
    if (!back || back->user_id != claims.user_id || back->email != claims.email ||
        back->role != claims.role || back->native_lang != claims.native_lang) {
        fail("issue() then verify() lost the claims", token);
    }
    check_token(token);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
        case 0:
            raw_header(rest);
            break;
        case 1:
            signed_parts(rest);
            break;
        default:
            round_trip(rest);
            break;
    }
    return 0;
}
