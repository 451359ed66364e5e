// POST /auth/progress: one answer booked (docs/spec/service.md, docs/spec/decisions.md 11), under
// CLIENT_SCORING (docs/learning.md "Client scoring"); POST /auth/answers: one answer graded on the
// server and booked (docs/learning.md "Graded answers").
#include "adapters/http/api/answers.hpp"
#include "adapters/http/json/learning.hpp"
#include "adapters/http/learner/resources.hpp"
#include "adapters/http/server/accept_language.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/learning/answers.hpp"
#include "core/app/learning/client_scoring.hpp"
#include "core/domain/messages.hpp"

namespace ll::http::learner {
namespace {

// The Idempotency-Key header: retries with it replay the first answer (kept in the database with
// the booking); an empty header counts as none.
std::optional<std::string> idempotency_key(const Call& c) {
    const auto header = c.request.header("idempotency-key");
    if (!header || header->empty()) return std::nullopt;
    return std::string(*header);
}

}  // namespace

void add_progress_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics) {
    // Scraped from the start: the "bookings dropped to zero" alert needs the series at 0.
    metrics.declare("langlearn_bookings_total");
    routes.add(
        {"POST", {"/auth/progress"}, Auth::token, Body::json, [p, &metrics](Call& c) mutable {
             auto result = book_client_scored(p, c.claims().user_id,
                                              decode_progress(c.body, idempotency_key(c)));
             if (result) metrics.increment("langlearn_bookings_total");
             return answer(result);
         }});
    // Answers given offline, {"items": [...]} (docs/accounts.md "Offline practice").
    routes.add(
        {"POST", {"/auth/progress/batch"}, Auth::token, Body::json, [p, &metrics](Call& c) mutable {
             auto result = book_batch_client_scored(p, c.claims().user_id,
                                                    decode<ProgressBatchRequest>(c.body));
             const auto asked = asked_language(c.request);
             if (result) {
                 for (auto& item : result.value()) {
                     if (item.result) {
                         metrics.increment("langlearn_bookings_total");
                     } else if (asked) {
                         // A refused item's message in the asked language, as the errors are.
                         Error refused = item.result.error();
                         if (translate(refused, *asked)) item.result = std::move(refused);
                     }
                 }
             }
             // Refused items' messages follow Accept-Language (docs/accounts.md "Languages of
             // messages and labels").
             Response r = answer(result);
             if (r.status == 200) say_language(r, asked);
             return r;
         }});
    // An answer graded on the server: what the learner chose or typed, never a score.
    routes.add({"POST", {"/auth/answers"}, Auth::token, Body::json, [p, &metrics](Call& c) mutable {
                    const auto request = decode_answer(c.body, idempotency_key(c));
                    if (!request) return error_response(request.error());
                    auto result = answer_card(p, c.claims().user_id, request.value());
                    if (result) metrics.increment("langlearn_bookings_total");
                    return answer(result);
                }});
    // Graded answers given offline, {"items": [...]}.
    routes.add(
        {"POST", {"/auth/answers/batch"}, Auth::token, Body::json, [p, &metrics](Call& c) mutable {
             const auto request = decode<AnswerBatchRequest>(c.body);
             if (!request) return error_response(request.error());
             auto results = answer_cards_batch(p, c.claims().user_id, request.value());
             for (const auto& item : results)
                 if (item.result) metrics.increment("langlearn_bookings_total");
             return answer(Result<std::vector<AnswerBatchItem>>(std::move(results)));
         }});
}

}  // namespace ll::http::learner
