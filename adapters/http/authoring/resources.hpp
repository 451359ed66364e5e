#pragma once
// The authoring API's routes by resource, each in its own file; routes.cpp puts them together.
// Every route needs a staff token (docs/spec/authoring.md "Access").
#include <string>
#include <vector>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/item_versions.hpp"
#include "adapters/http/api/route_builder.hpp"
#include "adapters/http/authoring/routes.hpp"
#include "core/app/authoring/card_analytics.hpp"
#include "core/app/authoring/requests/decoder.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/staff_session.hpp"

namespace ll::http::authoring {

// POST, GET and DELETE /api/session: the studio's sign-in (session.cpp).
void add_session_routes(RouteBuilder& routes, StaffSessionPorts p, const RateLimits& limits,
                        Metrics& metrics);
void add_picture_routes(RouteBuilder& routes, AuthoringPorts p, Metrics& metrics,
                        std::size_t max_json_bytes);
void add_object_routes(RouteBuilder& routes, AuthoringPorts p);
void add_word_routes(RouteBuilder& routes, AuthoringPorts p);  // words and categories
void add_text_routes(RouteBuilder& routes, AuthoringPorts p);  // statements and questions
void add_pair_routes(RouteBuilder& routes, AuthoringPorts p, PreviewPorts preview);
void add_generation_routes(RouteBuilder& routes, AuthoringPorts p);
void add_audio_routes(RouteBuilder& routes, AuthoringPorts p);
void add_maintenance_routes(RouteBuilder& routes, AuthoringPorts p);
void add_analytics_routes(RouteBuilder& routes, CardAnalyticsPorts p);  // card analytics
// The content lists across pictures, and bulk actions on their items (content_lists.cpp).
void add_content_list_routes(RouteBuilder& routes, AuthoringPorts p);

// `?make_audio=true` on a publish route of a spoken item (`table`: statements, questions, words,
// pairs): its stale audio is spoken again first (docs/audio.md "Audio that follows its text").
// Answers the error that stopped it, or nullopt to go on and publish.
std::optional<Response> make_audio_first(AuthoringPorts& p, Call& c, const char* table);

// POST <base>/review, <base>/publish, <base>/unpublish of one item kind; `change(id, action)`.
// `spoken`: the item's audio table, for make_audio on publish (objects: none).
template <typename F>
void add_review_routes(RouteBuilder& routes, std::initializer_list<const char*> bases, F change,
                       std::optional<std::pair<AuthoringPorts, const char*>> spoken = {}) {
    const std::pair<const char*, ReviewAction> actions[] = {
        {"/review", ReviewAction::review},
        {"/publish", ReviewAction::publish},
        {"/unpublish", ReviewAction::unpublish}};
    for (const auto& [suffix, action] : actions) {
        std::vector<std::string> patterns;
        for (const char* base : bases) patterns.push_back(std::string(base) + suffix);
        routes.add({"POST", std::move(patterns), Auth::token, Body::none,
                    [change, spoken, action = action](Call& c) mutable {
                        if (action == ReviewAction::publish && spoken)
                            if (auto stopped = make_audio_first(spoken->first, c, spoken->second))
                                return std::move(*stopped);
                        return answer_item(change(c.id, action));
                    }});
    }
}

}  // namespace ll::http::authoring
