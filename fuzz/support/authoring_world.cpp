#include "fuzz/support/authoring_world.hpp"

#include "adapters/http/authoring/routes.hpp"
#include "fuzz/support/route_call.hpp"

namespace ll::fuzz {

AuthoringWorld::AuthoringWorld() {
    // What a generator might answer: two words and a question (the core validates them).
    words.next_words = {{"Hund", "dog", "hund", 2}, {"Katze", "cat", "katt", 3}};
    GeneratedQuestion question{"Was ist das?",
                               "What is this?",
                               "Vad är det?",
                               "Hund",
                               "dog",
                               "hund",
                               2,
                               {{"Hund", "dog", "hund", 2}},
                               {{"Katze", "cat", "katt", 3}}};
    words.next_questions = {question};
    http::add_authoring_routes(
        router, AuthoringPorts{backend.content(), media, renditions, speech, encoder, words, clock},
        http::AuthoringAccess{tokens, dev_tokens, backend.accounts(), backend.refresh_sessions(),
                              hasher, backend.staff_sessions(), signer, http::RateLimits{}},
        metrics,
        CardAnalyticsPorts{backend.card_analytics(), backend.languages(), backend.content()},
        PreviewPorts{backend.content(), backend.answer_keys(), folding});

    const auto post = [&](const char* pattern, const char* body) {
        must_succeed(router, "POST", pattern, body, authorization);
    };
    post("/api/pictures", R"({"title":"Küche"})");
    post("/api/cms/db-objects",
         R"({"picture_id":1,"selections":[{"type":"bbox","x":1,"y":2,"w":30,"h":20}]})");
    post("/api/cms/db-objects/:id/words",
         R"({"title_de":"Hund","title_en":"dog","title_sv":"hund","level":2,"category_ids":[1]})");
    post("/api/cms/db-words", R"({"title_de":"Katze","level":1,"category_ids":[1]})");
    post("/api/cms/db-statements", R"({"text_de":"Das ist ein Hund.","text_en":"This is a dog."})");
    post("/api/cms/db-questions",
         R"({"text_de":"Was ist das?","short_answer_de":"Hund","level":2})");
    post("/api/cms/db-pairs", R"({"picture_id":1,"object_id":1,"answer_type":"word","level":3,)"
                              R"("statement":{"text_de":"Das ist ein Hund."}})");
}

}  // namespace ll::fuzz
