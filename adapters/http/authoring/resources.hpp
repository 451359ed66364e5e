#pragma once
// The authoring API's routes by resource, each in its own file; routes.cpp puts them together.
// Every route needs a staff token (docs/spec/authoring.md "Access").
#include <string>
#include <vector>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/item_versions.hpp"
#include "adapters/http/api/route_builder.hpp"
#include "adapters/http/authoring/routes.hpp"
#include "core/app/authoring/audio.hpp"
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
// The content's history and the restore of an earlier version (history.cpp).
void add_history_routes(RouteBuilder& routes, AuthoringPorts p, AccountRepository& accounts);

// A publish route of a spoken item (docs/audio.md "Audio that follows its text"):
// `publish(spoken)` publishes, writing the audio in `spoken` where it speaks the texts published.
// Refused for stale audio with `?make_audio=true`, the item's stale audio is spoken again and the
// publish tried once more with it (which checks again: a text changed meanwhile is still
// refused). A draft, an unknown or a published item is refused as always, nothing spoken.
template <typename Publish>
Response publish_answer(AuthoringPorts& p, Call& c, const char* table, Publish publish) {
    const auto options = decode<PublishOptions>(c.query());  // a bad flag: 400, nothing done
    if (!options) return error_response(options.error());
    auto published = publish(std::vector<Audio>{});
    if (!published && options->make_audio && published.error().code == "audio_stale") {
        const auto spoken = speak_stale_audio(p, AudioItem{table, c.id});
        if (!spoken) return error_response(spoken.error());
        published = publish(spoken.value());
    }
    return answer_item(published);
}

// The ports acting for the caller: the changes its use cases make are recorded as the caller's
// (docs/authoring-guide.md "History"). A copy per call: a route's own ports are shared by every
// thread that serves it.
inline AuthoringPorts acting_for(const AuthoringPorts& p, const Call& c) {
    AuthoringPorts mine = p;
    mine.editor_id = c.user_id;
    return mine;
}

// POST <base>/review, <base>/publish, <base>/unpublish of one item kind; `change(ports, id,
// action, spoken)`. `spoken_table`: the item's audio table, for make_audio on publish (objects:
// none).
template <typename F>
void add_review_routes(RouteBuilder& routes, std::initializer_list<const char*> bases,
                       AuthoringPorts p, F change, const char* spoken_table = nullptr) {
    const std::pair<const char*, ReviewAction> actions[] = {
        {"/review", ReviewAction::review},
        {"/publish", ReviewAction::publish},
        {"/unpublish", ReviewAction::unpublish}};
    for (const auto& [suffix, action] : actions) {
        std::vector<std::string> patterns;
        for (const char* base : bases) patterns.push_back(std::string(base) + suffix);
        routes.add({"POST", std::move(patterns), Auth::token, Body::none,
                    [p, change, spoken_table, action = action](Call& c) {
                        AuthoringPorts mine = acting_for(p, c);
                        if (action == ReviewAction::publish && spoken_table)
                            return publish_answer(mine, c, spoken_table,
                                                  [&](const std::vector<Audio>& audio) {
                                                      return change(mine, c.id, action, audio);
                                                  });
                        return answer_item(change(mine, c.id, action, {}));
                    }});
    }
}

}  // namespace ll::http::authoring
