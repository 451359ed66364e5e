#include "core/app/refresh_sessions.hpp"

#include "core/app/account_sessions.hpp"
#include "core/app/languages_lookup.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/utf8.hpp"

namespace ll {
namespace {

// The stored record of a presented token, compared in constant time once found by its digest.
std::optional<RefreshTokenRecord> find_record(const SessionPorts& ports, std::string_view token) {
    const std::string digest = ports.secrets.digest(token);
    auto record = ports.sessions.find_token(digest);
    if (!record || !ports.secrets.same_digest(record->digest, digest)) return std::nullopt;
    return record;
}

void revoke(const SessionPorts& ports, SessionStanding& standing, const std::string& family_id) {
    ports.sessions.revoke_family(family_id, ports.clock.now());
    standing.forget(family_id);
}

// The claims a new access token of the account carries now (its current role and native
// language), naming the family.
TokenClaims current_claims(const SessionPorts& ports, const Account& account,
                           std::string family_id) {
    const auto languages = ports.languages.list_published();
    const Language* native = find_language(languages, account.language_native_id);
    return TokenClaims{account.id, account.email, account.role, native ? native->short_en : "de",
                       std::move(family_id)};
}

TokenLifetimes lifetimes(const OpenSessionPorts& ports) {
    return {ports.tokens.lifetime(), ports.refresh_lifetime};
}

// A token presented again after its rotation. Within kRefreshRetryGrace, while the pair that
// rotation made is unused, it is the same client retrying (its answer was lost, or a flaky
// network sent the request twice): it gets that pair again, the access token issued at the
// rotation's instant, so both answers are the same bytes. Otherwise someone else holds a copy
// and, since which one is the thief is unknown, the device's whole session ends.
Result<SessionTokens> repeat_rotation(const SessionPorts& ports, SessionStanding& standing,
                                      std::string_view token, const RefreshTokenRecord& record,
                                      const RefreshFamily& family) {
    const Timestamp now = ports.clock.now();
    if (now - *record.used_at <= kRefreshRetryGrace && now < family.expires_at) {
        std::string next = ports.secrets.successor(token);
        const auto successor = find_record(ports, next);
        if (successor && successor->family_id == family.id && !successor->used_at) {
            const auto account = ports.accounts.find_by_id(family.user_id);
            if (!account) return errors::invalid_refresh_token();
            if (!account->is_active) return errors::account_deactivated();
            return SessionTokens{
                ports.tokens.issue(current_claims(ports, *account, family.id), *record.used_at),
                std::move(next), family.id, lifetimes(ports)};
        }
    }
    revoke(ports, standing, family.id);
    return errors::invalid_refresh_token();
}

}  // namespace

std::string device_label(std::string_view user_agent) {
    if (!utf8::storable_text(user_agent)) return {};
    if (user_agent.size() <= kMaxDeviceLabelBytes) return std::string(user_agent);
    // Cut before the character that would cross the limit.
    return std::string(user_agent.substr(0, utf8::previous(user_agent, kMaxDeviceLabelBytes + 1)));
}

SessionTokens open_session(const OpenSessionPorts& ports, TokenClaims claims,
                           std::string_view user_agent) {
    const Timestamp now = ports.clock.now();
    RefreshFamily family{
        ports.secrets.generate(),     claims.user_id, device_label(user_agent), now, now,
        now + ports.refresh_lifetime, std::nullopt};
    std::string refresh_token = ports.secrets.generate();
    ports.sessions.open(family, ports.secrets.digest(refresh_token));
    // Their access tokens stop within ACCOUNT_RECHECK_SECONDS (no standing cache here to clear).
    ports.sessions.revoke_beyond(claims.user_id, kMaxSessionsPerAccount, now);
    claims.session_id = family.id;
    return SessionTokens{ports.tokens.issue(claims, now), std::move(refresh_token), family.id,
                         lifetimes(ports)};
}

template <>
Result<RefreshTokenRequest> decode<RefreshTokenRequest>(const LooseValue& body) {
    const LooseValue& token = body["refresh_token"];
    if (!token.is_nonempty_string()) return errors::refresh_token_required();
    return RefreshTokenRequest{token.string};
}

Result<SessionTokens> refresh_session(const SessionPorts& ports, SessionStanding& standing,
                                      const RefreshTokenRequest& request) {
    const std::string_view token = request.refresh_token;
    const auto record = find_record(ports, token);
    if (!record) return errors::invalid_refresh_token();
    const auto family = ports.sessions.find_family(record->family_id);
    if (!family || family->revoked_at) return errors::invalid_refresh_token();
    if (record->used_at) return repeat_rotation(ports, standing, token, *record, *family);
    const Timestamp now = ports.clock.now();
    if (family->expires_at <= now) return errors::invalid_refresh_token();
    const auto account = ports.accounts.find_by_id(family->user_id);
    if (!account) return errors::invalid_refresh_token();
    if (!account->is_active) return errors::account_deactivated();

    std::string next = ports.secrets.successor(token);
    if (!ports.sessions.rotate(record->digest, ports.secrets.digest(next), now,
                               now + ports.refresh_lifetime)) {
        // A concurrent refresh with the same token used it first: a repeat like any other.
        const auto used = find_record(ports, token);
        if (used && used->used_at) return repeat_rotation(ports, standing, token, *used, *family);
        revoke(ports, standing, family->id);
        return errors::invalid_refresh_token();
    }
    return SessionTokens{ports.tokens.issue(current_claims(ports, *account, family->id), now),
                         std::move(next), family->id, lifetimes(ports)};
}

Result<Done> logout(const SessionPorts& ports, SessionStanding& standing, const TokenClaims& caller,
                    const RefreshTokenRequest& request) {
    const std::string_view token = request.refresh_token;
    std::optional<std::string> family_id;
    if (const auto record = find_record(ports, token)) {
        const auto family = ports.sessions.find_family(record->family_id);
        if (family && family->user_id != caller.user_id) return errors::invalid_refresh_token();
        if (family) family_id = family->id;
    }
    if (family_id) revoke(ports, standing, *family_id);
    if (!caller.session_id.empty() && caller.session_id != family_id)
        revoke(ports, standing, caller.session_id);
    return Done{};
}

Result<Done> logout_all(const SessionPorts& ports, SessionStanding& standing,
                        const TokenClaims& caller) {
    end_account_sessions(account_sessions(ports), standing, caller.user_id);
    // A family this process cached as live but revoked elsewhere earlier is no longer in the
    // list; the caller's own is forgotten in any case.
    if (!caller.session_id.empty()) standing.forget(caller.session_id);
    return Done{};
}

std::size_t purge_expired_sessions(const SessionPorts& ports) {
    const Timestamp now = ports.clock.now();
    return ports.sessions.purge(now, now - ports.refresh_lifetime);
}

}  // namespace ll
