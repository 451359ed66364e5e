#include "adapters/http/authoring/routes.hpp"

#include "adapters/http/authoring/resources.hpp"

namespace ll::http {

void add_authoring_routes(Router& router, AuthoringPorts p, AuthoringAccess a, Metrics& metrics,
                          CardAnalyticsPorts analytics, PreviewPorts preview) {
    RouteBuilder routes(
        router,
        std::make_shared<StaffTokens>(
            a.tokens, p.clock, a.dev_tokens,
            std::make_shared<AccountStanding>(a.accounts, p.clock, a.account_recheck),
            std::make_shared<SessionStanding>(a.refresh_sessions, p.clock, a.account_recheck),
            std::make_shared<const StaffSessionChecks>(StaffSessionChecks{
                a.signer, a.sessions,
                OriginPolicy{a.limits.trusted_proxies, a.limits.public_origin}})));
    authoring::add_picture_routes(routes, p, metrics, a.max_json_bytes);
    authoring::add_object_routes(routes, p);
    authoring::add_word_routes(routes, p);
    authoring::add_text_routes(routes, p);
    authoring::add_pair_routes(routes, p, preview);
    authoring::add_generation_routes(routes, p);
    authoring::add_audio_routes(routes, p);
    authoring::add_maintenance_routes(routes, p);
    // Last but for the analytics, the content lists and the history (added after them), so the fuzz
    // corpus's route numbers (fuzz/authoring_json_fuzz.cpp) keep their routes.
    authoring::add_session_routes(
        routes, StaffSessionPorts{a.accounts, a.hasher, a.sessions, a.signer, p.clock}, a.limits,
        metrics);
    authoring::add_analytics_routes(routes, analytics);
    authoring::add_content_list_routes(routes, p);
    authoring::add_history_routes(routes, p, a.accounts);
}

}  // namespace ll::http
