#include "core/app/staff_session.hpp"

#include "core/app/authenticate.hpp"

namespace ll {

namespace {

bool is_safe_method(std::string_view method) {
    return method == "GET" || method == "HEAD" || method == "OPTIONS";
}

// "scheme://host" of "scheme://host:port" ([IPv6] literals keep their colons).
std::string_view without_port(std::string_view origin) {
    const auto colon = origin.rfind(':');
    const auto bracket = origin.rfind(']');
    const auto scheme_end = origin.find("://");
    if (colon == std::string_view::npos || colon <= scheme_end + 2) return origin;
    if (bracket != std::string_view::npos && bracket > colon) return origin;
    return origin.substr(0, colon);
}

// A sent Origin must be this service's; "null" (sandboxed frames, some redirects) is not. A
// proxy may pass the Host without its port (nginx's `$host`): then the Origin's port is not
// compared (the CSRF token still is).
bool origin_allowed(std::optional<std::string_view> origin, std::string_view own_origin) {
    if (!origin || *origin == own_origin) return true;
    return without_port(own_origin) == own_origin && without_port(*origin) == own_origin;
}

}  // namespace

Result<StaffSignIn> sign_in_staff(StaffSessionPorts& ports, LoginThrottle& throttle,
                                  const LoginInput& input) {
    auto checked = check_login(ports.accounts, ports.hasher, throttle, input);
    if (!checked) return checked.error();
    const Account& account = checked.value();
    if (!is_staff_role(account.role)) return errors::insufficient_permissions();

    const Timestamp now = ports.clock.now();
    // Sign-ins are rare and the expiry is indexed: the cheapest moment to keep the table small.
    ports.sessions.purge_expired(now);
    StaffSession session;
    session.id = ports.signer.new_session_id();
    session.user_id = account.id;
    session.created_at = now;
    // Whole seconds: the cookie carries its expiry in seconds, and all three must agree.
    session.expires_at = std::chrono::floor<std::chrono::seconds>(now) + kStaffSessionLifetime;
    ports.sessions.create(session);

    StaffSignIn out;
    out.cookie = ports.signer.cookie(SessionCookie{session.id, session.expires_at});
    out.view = StaffSessionView{account.id, account.email, account.role,
                                ports.signer.csrf_token(session.id), session.expires_at};
    return out;
}

Result<StaffPrincipal> authenticate_staff_cookie(const SessionSigner& signer, const Clock& clock,
                                                 std::string_view cookie) {
    auto session = signer.verify(cookie, clock.now());
    if (!session) return errors::invalid_token();
    StaffPrincipal principal;
    principal.session_id = std::move(session->session_id);
    return principal;
}

Result<Done> check_csrf(const SessionSigner& signer, std::string_view session_id,
                        const CsrfEvidence& request) {
    if (is_safe_method(request.method)) return Done{};
    if (!request.token || !signer.csrf_matches(session_id, *request.token))
        return errors::invalid_csrf_token();
    if (!origin_allowed(request.origin, request.own_origin)) return errors::invalid_csrf_token();
    return Done{};
}

Result<Done> check_sign_in_origin(std::optional<std::string_view> origin,
                                  std::string_view own_origin) {
    if (!origin_allowed(origin, own_origin)) return errors::invalid_csrf_token();
    return Done{};
}

Result<StaffPrincipal> check_session_standing(StaffSessionRepository& sessions,
                                              AccountStanding& standing, const Clock& clock,
                                              StaffPrincipal principal) {
    if (!principal.session_id) return errors::unauthorized();
    const auto session = sessions.find(*principal.session_id);
    if (!session || session->revoked_at || session->expires_at <= clock.now())
        return errors::invalid_token();
    principal.user_id = session->user_id;
    principal.development_token = false;
    return check_staff_standing(standing, std::move(principal));
}

Result<StaffSessionView> current_staff_session(StaffSessionPorts& ports,
                                               const StaffPrincipal& principal) {
    if (!principal.session_id || !principal.user_id) return errors::unauthorized();
    const auto session = ports.sessions.find(*principal.session_id);
    const auto account = ports.accounts.find_by_id(*principal.user_id);
    // Both were there a moment ago (step two); gone since: as if they had been gone then.
    if (!session || !account) return errors::invalid_token();
    return StaffSessionView{account->id, account->email, principal.role,
                            ports.signer.csrf_token(session->id), session->expires_at};
}

Result<Done> sign_out_staff(StaffSessionPorts& ports, const StaffPrincipal& principal) {
    if (!principal.session_id) return errors::unauthorized();
    ports.sessions.revoke(*principal.session_id, ports.clock.now());
    return Done{};
}

}  // namespace ll
