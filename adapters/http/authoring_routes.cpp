#include "adapters/http/authoring_routes.hpp"

#include <charconv>

#include <spdlog/spdlog.h>

#include "adapters/http/authoring_json.hpp"
#include "adapters/http/json_codec.hpp"
#include "core/app/authenticate.hpp"
#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/generation.hpp"
#include "core/app/authoring/maintenance.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/words.hpp"

namespace ll::http {
namespace {

// What every handler gets: the request, its JSON body (an empty object for routes without
// one) and query as core values, and the path id. A use case that takes a request gets it
// through `decoded(use_case, ports, [id,] body or query)`
// (core/app/authoring/requests/decoder.hpp): the decoder's 400 is answered like any failure.
struct Call {
    Request& request;
    LooseValue body;
    LooseValue query;
    Id id = 0;
};

using StaffHandler = std::function<Response(Call&)>;

// `:id` in the path: anything but a positive integer names no resource (404).
std::optional<Id> path_id(const Request& r) {
    const auto it = r.params.find("id");
    if (it == r.params.end()) return std::nullopt;
    Id id = 0;
    const auto& s = it->second;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc{} || end != s.data() + s.size() || id <= 0) return std::nullopt;
    return id;
}

LooseValue query_of(const Request& r) {
    std::vector<std::pair<std::string, LooseValue>> members;
    for (const auto& [key, value] : r.query) members.emplace_back(key, LooseValue::of(value));
    return LooseValue::object(std::move(members));
}

Response failure(const Request& r, const Error& e) {
    if (e.detail) spdlog::warn("request {}: {}: {}", r.request_id, e.message, *e.detail);
    return error_response(e);
}

template <typename T>
Response answer(const Call& c, const Result<T>& result, int status = 200) {
    return result ? json_ok(status, to_json(result.value())) : failure(c.request, result.error());
}

Response no_content(const Call& c, const Result<Done>& result) {
    if (!result) return failure(c.request, result.error());
    Response r;
    r.status = 204;
    r.content_type.clear();
    return r;
}

enum class Body { none, json };

struct Access {
    TokenService& tokens;
    const DevTokenVerifier& dev_tokens;
    const Clock& clock;
    std::shared_ptr<AccountStanding> standing;

    // On the I/O thread when the header is in: 401/403 from the token alone, before any body
    // (a 10 MiB upload) is read.
    Guard guard() const {
        return [access = *this](Request& request) -> std::optional<Response> {
            auto principal = authenticate_staff(access.tokens, access.clock, access.dev_tokens,
                                                request.header("authorization"));
            if (!principal) return error_response(principal.error());
            request.staff = std::move(principal.value());
            return std::nullopt;
        };
    }
};

// The token's verdict from the guard (a caller that ran none, like the fuzzers, gets the same
// check here), then the account's standing now (401/403), then the path id (404), then the
// body (400).
Handler staff(const Access& access, Body body, StaffHandler handler) {
    return [access, body, handler = std::move(handler)](Request& request) {
        if (!request.staff) {
            if (auto refused = access.guard()(request)) return std::move(*refused);
        }
        const auto principal = check_staff_standing(*access.standing, *request.staff);
        if (!principal) return error_response(principal.error());
        Call call{request, LooseValue::object(), query_of(request), 0};
        if (request.params.count("id")) {
            const auto id = path_id(request);
            if (!id) return error_response(errors::not_found());
            call.id = *id;
        }
        if (body == Body::json) {
            const auto object = parse_object(request.body);
            if (!object) return error_response(errors::invalid_json_body());
            call.body = to_loose(json::value(*object));
        }
        Response response = handler(call);
        response.user_id = principal->user_id;
        return response;
    };
}

class Table {
  public:
    Table(Router& router, const Access& access) : router_(router), access_(access) {}

    void add(const char* method, std::initializer_list<const char*> patterns, Body body,
             StaffHandler handler, std::size_t max_body = 0) {
        for (const char* pattern : patterns) {
            router_.add(Route{method,
                              pattern,
                              {},
                              staff(access_, body, handler),
                              Execution::worker,
                              max_body,
                              access_.guard()});
        }
    }

  private:
    Router& router_;
    Access access_;
};

// review/publish/unpublish routes of one item kind.
template <typename F>
void add_review_routes(Table& t, std::initializer_list<const char*> bases, F change) {
    const std::pair<const char*, ReviewAction> actions[] = {
        {"/review", ReviewAction::review},
        {"/publish", ReviewAction::publish},
        {"/unpublish", ReviewAction::unpublish}};
    for (const auto& [suffix, action] : actions) {
        for (const char* base : bases) {
            const std::string pattern = std::string(base) + suffix;
            // The router keeps its own copy of the pattern.
            t.add("POST", {pattern.c_str()}, Body::none,
                  [change, action = action](Call& c) mutable {
                      return answer(c, change(c.id, action));
                  });
        }
    }
}

bool is_json(const Request& r) {
    const auto type = r.header("content-type");
    return type && type->substr(0, 16) == "application/json";
}

ImageUpload upload_of(const Request& r) {
    const auto type = r.header("content-type");
    return ImageUpload{r.body, type ? std::optional<std::string>(*type) : std::nullopt};
}

}  // namespace

void add_authoring_routes(Router& router, AuthoringPorts p, AuthoringAccess a, Metrics& metrics) {
    Table t(router,
            Access{a.tokens, a.dev_tokens, p.clock,
                   std::make_shared<AccountStanding>(a.accounts, p.clock, a.account_recheck)});
    const std::size_t upload_limit = kMaxImageBytes;

    // ---- pictures
    t.add(
        "POST", {"/api/pictures"}, Body::none,
        [p, &metrics, json_limit = a.max_json_bytes](Call& c) mutable {
            if (is_json(c.request)) {
                // The upload limit is the route's; a JSON body keeps the JSON limit.
                if (c.request.body.size() > json_limit)
                    return error_response(errors::payload_too_large());
                const auto object = parse_object(c.request.body);
                if (!object) return error_response(errors::invalid_json_body());
                return answer(c, decoded(create_picture, p, to_loose(json::value(*object))), 201);
            }
            auto result = with_decoded<NewPicture>(c.query, [&](const NewPicture& r) {
                return upload_picture(p, r, upload_of(c.request));
            });
            if (result) metrics.increment("langlearn_pictures_uploaded_total");
            return answer(c, result, 201);
        },
        upload_limit);
    t.add("GET", {"/api/pictures", "/pictures"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_pictures, p, c.query)); });
    t.add("GET", {"/api/pictures/:id", "/pictures/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_picture(p, c.id)); });
    t.add("PATCH", {"/api/pictures/:id", "/pictures/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_picture, p, c.id, c.body)); });
    t.add("DELETE", {"/api/pictures/:id", "/pictures/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_picture(p, c.id)); });
    t.add(
        "PUT", {"/api/pictures/:id/image"}, Body::none,
        [p](Call& c) mutable {
            return answer(c, replace_picture_image(p, c.id, upload_of(c.request)));
        },
        upload_limit);
    t.add("POST", {"/api/pictures/:id/finish-annotation"}, Body::none,
          [p](Call& c) mutable { return answer(c, finish_annotation(p, c.id)); });
    t.add("POST", {"/api/pictures/:id/finish"}, Body::none,
          [p](Call& c) mutable { return answer(c, finish_picture(p, c.id)); });
    t.add("GET", {"/api/cms/pictures/:id/words"}, Body::none,
          [p](Call& c) mutable { return answer(c, list_picture_words(p, c.id)); });
    t.add("POST", {"/api/cms/pictures/:id/words"}, Body::json, [p](Call& c) mutable {
        const auto r = decoded(add_picture_word, p, c.id, c.body);
        return r ? json_ok(r->created ? 201 : 200, to_json(r->words))
                 : failure(c.request, r.error());
    });

    // ---- objects
    t.add("GET", {"/api/cms/objects", "/api/cms/db-objects"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_objects, p, c.query)); });
    t.add("POST", {"/api/cms/objects", "/api/cms/db-objects"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_object, p, c.body), 201); });
    t.add("GET", {"/api/cms/objects/:id", "/api/cms/db-objects/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_object(p, c.id)); });
    t.add("PATCH", {"/api/cms/objects/:id", "/api/cms/db-objects/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_object, p, c.id, c.body)); });
    t.add("DELETE", {"/api/cms/objects/:id", "/api/cms/db-objects/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_object(p, c.id)); });
    add_review_routes(
        t, {"/api/cms/objects/:id", "/api/cms/db-objects/:id"},
        [p](Id id, ReviewAction a) mutable { return change_object_status(p, id, a); });
    t.add("GET",
          {"/api/cms/objects/:id/words", "/api/cms/db-objects/:id/words", "/api/object/:id/words"},
          Body::none, [p](Call& c) mutable { return answer(c, list_object_words(p, c.id)); });
    t.add("POST", {"/api/cms/objects/:id/words", "/api/cms/db-objects/:id/words"}, Body::json,
          [p](Call& c) mutable {
              const auto r = decoded(set_object_label, p, c.id, c.body);
              return r ? json_ok(r->created ? 201 : 200, to_json(r->words))
                       : failure(c.request, r.error());
          });
    t.add("POST", {"/api/cms/objects/:id/purge-orphans", "/api/cms/db-objects/:id/purge-orphans"},
          Body::none, [p](Call& c) mutable {
              const auto r = purge_object_orphans(p, c.id);
              return r ? json_ok(200, json::object{{"removed", r.value()}})
                       : failure(c.request, r.error());
          });
    t.add("GET", {"/api/object/:id/questions"}, Body::none,
          [p](Call& c) mutable { return answer(c, list_object_questions(p, c.id)); });

    // ---- words and categories
    t.add("GET", {"/api/cms/db-words"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_words, p, c.query)); });
    t.add("POST", {"/api/cms/db-words"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_word, p, c.body), 201); });
    t.add("GET", {"/api/cms/db-words/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_word(p, c.id)); });
    t.add("PATCH", {"/api/cms/db-words/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_word, p, c.id, c.body)); });
    t.add("DELETE", {"/api/cms/db-words/:id", "/api/word/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_word(p, c.id)); });
    t.add("POST", {"/api/cms/db-words/:id/publish"}, Body::none, [p](Call& c) mutable {
        return answer(c, change_word_status(p, c.id, WordAction::publish));
    });
    t.add("POST", {"/api/cms/db-words/:id/unpublish"}, Body::none, [p](Call& c) mutable {
        return answer(c, change_word_status(p, c.id, WordAction::unpublish));
    });
    t.add("GET", {"/api/categories"}, Body::none,
          [p](Call& c) mutable { return answer(c, list_categories(p)); });
    t.add("POST", {"/api/categories"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_category, p, c.body), 201); });

    // ---- statements and questions
    t.add("GET", {"/api/cms/db-statements"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_statements, p, c.query)); });
    t.add("POST", {"/api/cms/db-statements"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_statement, p, c.body), 201); });
    t.add("GET", {"/api/cms/db-statements/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_statement(p, c.id)); });
    t.add("PATCH", {"/api/cms/db-statements/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_statement, p, c.id, c.body)); });
    t.add("DELETE", {"/api/cms/db-statements/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_statement(p, c.id)); });
    add_review_routes(t, {"/api/cms/db-statements/:id"}, [p](Id id, ReviewAction a) mutable {
        return change_statement_status(p, id, a);
    });
    t.add("GET", {"/api/cms/db-questions"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_questions, p, c.query)); });
    t.add("POST", {"/api/cms/db-questions"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_question, p, c.body), 201); });
    t.add("GET", {"/api/cms/db-questions/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_question(p, c.id)); });
    t.add("PATCH", {"/api/cms/db-questions/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_question, p, c.id, c.body)); });
    t.add("DELETE", {"/api/cms/db-questions/:id", "/api/question/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_question(p, c.id)); });
    add_review_routes(t, {"/api/cms/db-questions/:id"}, [p](Id id, ReviewAction a) mutable {
        return change_question_status(p, id, a);
    });
    t.add("POST", {"/api/questions/publish"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(publish_questions, p, c.body)); });

    // ---- pairs
    t.add("GET", {"/api/cms/db-pairs"}, Body::none,
          [p](Call& c) mutable { return answer(c, decoded(list_pairs, p, c.query)); });
    t.add("POST", {"/api/cms/db-pairs"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(create_pair, p, c.body), 201); });
    t.add("GET", {"/api/cms/db-pairs/:id"}, Body::none,
          [p](Call& c) mutable { return answer(c, get_pair(p, c.id)); });
    t.add("PATCH", {"/api/cms/db-pairs/:id"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(patch_pair, p, c.id, c.body)); });
    t.add("DELETE", {"/api/cms/db-pairs/:id"}, Body::none,
          [p](Call& c) mutable { return no_content(c, delete_pair(p, c.id)); });
    add_review_routes(t, {"/api/cms/db-pairs/:id"},
                      [p](Id id, ReviewAction a) mutable { return change_pair_status(p, id, a); });
    t.add("POST", {"/api/pipeline/publish"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(publish_pipeline, p, c.body)); });

    // ---- generation
    t.add("POST", {"/api/generate-words"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(generate_words, p, c.body)); });
    t.add("POST", {"/api/objects/:id/generate-questions"}, Body::json,
          [p](Call& c) mutable { return answer(c, decoded(generate_questions, p, c.id, c.body)); });

    // ---- audio
    t.add("POST", {"/api/audios/generate-for"}, Body::json, [p](Call& c) mutable {
        const auto r = decoded(generate_audio, p, c.body);
        return r ? json_ok(r->created ? 201 : 200, to_json(r.value()))
                 : failure(c.request, r.error());
    });
    t.add("POST", {"/api/audios/generate-batch"}, Body::json, [p](Call& c) mutable {
        const auto r = decoded(generate_audio_batch, p, c.body);
        if (r) {
            for (const auto& f : r->failed) {
                spdlog::warn("request {}: audio of {} {} {} {}: {}", c.request.request_id,
                             f.source.table, f.source.id, f.source.field, f.source.language,
                             f.detail);
            }
        }
        return answer(c, r);
    });
    t.add("GET", {"/api/audios/coverage"}, Body::none,
          [p](Call& c) mutable { return answer(c, audio_coverage(p)); });

    // ---- maintenance
    t.add("POST", {"/api/purge-all-orphans"}, Body::none,
          [p](Call& c) mutable { return answer(c, purge_all_orphans(p)); });
    t.add("POST", {"/api/cms/setup-m2m"}, Body::none,
          [p](Call& c) mutable { return answer(c, setup_link_tables(p)); });
}

}  // namespace ll::http
