#pragma once
// The one table of the errors the services answer with: status and message to the letter
// of docs/spec/service.md and docs/spec/decisions.md 11. Handlers never spell a message themselves.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace ll {

struct Error {
    int status = 500;
    std::string message;
    // check-username's 400 also carries `available: false` (docs/spec/service.md).
    std::optional<bool> available;
    // 429 carries Retry-After (seconds).
    std::optional<int> retry_after_seconds;
    // Why it happened, for the log with the request id; never sent to the client.
    std::optional<std::string> detail;
    // A 401 about the access token (none given, or not valid) carries a challenge
    // (`WWW-Authenticate: Bearer`, RFC 6750), so an app can tell it from the other 401s (a
    // wrong password, a refresh token refused) and refresh only then (docs/accounts.md
    // "Telling the 401s apart").
    enum class Challenge { none, no_token, invalid_token };
    Challenge challenge = Challenge::none;
    // A stable snake_case name of the error an app can switch on (`code` beside `error` in the
    // body; docs/accounts.md "Error codes"). A string literal (errors::CodeName makes sure): every
    // error of the table has one.
    std::string_view code;

    bool operator==(const Error&) const = default;
};

namespace errors {
// An error code as the factories below take it: only a string literal (or another constant) can
// make one, so Error::code never points into a temporary string.
struct CodeName {
    consteval CodeName(const char* literal) : text(literal) {}  // NOLINT: implicit on purpose
    std::string_view text;
};

inline Error make(int status, CodeName code, std::string message) {
    return Error{status, std::move(message), {}, {}, {}, Error::Challenge::none, code.text};
}

// 400
inline Error email_and_password_required() {
    return make(400, "email_and_password_required", "email and password are required");
}
inline Error invalid_email_format() {
    return make(400, "invalid_email_format", "Invalid email format");
}
inline Error password_too_short() {
    return make(400, "password_too_short", "Password must be at least 8 characters");
}
inline Error password_too_long() {
    return make(400, "password_too_long", "Password must be at most 1024 characters");
}
inline Error invalid_username_format() {
    return make(400, "invalid_username_format", "Invalid username format");
}
inline Error invalid_username_format_unavailable() {
    Error e = invalid_username_format();
    e.available = false;
    return e;
}
inline Error profile_fields_required() {
    return make(400, "profile_fields_required", "username, nativeLang and targetLang are required");
}
inline Error languages_must_differ() {
    return make(400, "languages_must_differ", "nativeLang and targetLang must differ");
}
inline Error target_language_required() {
    return make(400, "target_language_required", "targetLang is required");
}
inline Error invalid_language_ids() {
    return make(400, "invalid_language_ids", "Invalid language id(s)");
}
inline Error pair_id_required() {
    return make(400, "pair_id_required", "pair_id is required");
}
inline Error pair_id_not_positive() {
    return make(400, "pair_id_not_positive", "pair_id must be a positive integer");
}
// The learner's own grade of an answer (docs/learning.md "Ratings").
inline Error rating_invalid() {
    return make(400, "rating_invalid", "rating must be an integer from 1 (again) to 4 (easy)");
}
inline Error rating_contradicts_correct() {
    return make(400, "rating_contradicts_correct",
                "rating must be 1 (again) when correct is false and 2 to 4 when it is true");
}
inline Error invalid_idempotency_key() {
    return make(400, "invalid_idempotency_key",
                "Idempotency-Key must be 1 to 100 printable characters");
}
inline Error staff_role_required() {
    return make(400, "staff_role_invalid", "role must be editor or admin");
}
inline Error role_required() {
    return make(400, "role_invalid", "role must be end-user, editor or admin");
}
// Password change and reset (docs/accounts.md "Passwords"). One message for a reset token that is
// unknown, forged, expired or used: the answer tells nothing about which.
inline Error invalid_reset_link() {
    return make(400, "invalid_reset_link", "Invalid or expired reset link");
}
inline Error new_password_required() {
    return make(400, "new_password_required", "new_password is required");
}
inline Error email_required() {
    return make(400, "email_required", "email is required");
}
inline Error invalid_json_body() {
    return make(400, "invalid_json_body", "Invalid JSON body");
}
// POST /auth/refresh and /auth/logout without a refresh token string.
inline Error refresh_token_required() {
    return make(400, "refresh_token_required", "refresh_token is required");
}
// 401
// A refresh token that is unknown, expired, already used or of a signed-out device: one message,
// so the answer says nothing about which.
inline Error invalid_refresh_token() {
    return make(401, "invalid_refresh_token", "Invalid or expired refresh token");
}
inline Error unauthorized() {
    Error e = make(401, "token_missing", "Unauthorized");
    e.challenge = Error::Challenge::no_token;
    return e;
}
inline Error invalid_token() {
    Error e = make(401, "invalid_token", "Invalid or expired token");
    e.challenge = Error::Challenge::invalid_token;
    return e;
}
// The account's own password, given to change it or to delete the account, is wrong: the
// message login answers, a code of its own (the access token is fine: no refresh helps).
inline Error wrong_password() {
    return make(401, "wrong_password", "Invalid credentials");
}
inline Error invalid_credentials() {
    return make(401, "invalid_credentials", "Invalid credentials");
}
// 403
inline Error registration_not_allowed() {
    return make(403, "registration_not_allowed", "Registration not allowed");
}
inline Error account_deactivated() {
    return make(403, "account_deactivated", "Account deactivated");
}
inline Error insufficient_permissions() {
    return make(403, "insufficient_permissions", "Insufficient permissions");
}
// A state-changing request authenticated by the staff session cookie without the session's
// X-CSRF-Token, or sent from another origin (docs/studio.md "Sign-in and sessions").
inline Error invalid_csrf_token() {
    return make(403, "invalid_csrf_token", "Missing or invalid CSRF token");
}
// 404
inline Error user_not_found() {
    return make(404, "user_not_found", "User not found");
}
inline Error pair_not_found() {
    return make(404, "pair_not_found", "Pair not found");
}
inline Error not_found() {
    return make(404, "not_found", "Not found");
}
// DELETE .../draft of an item that has none (core/domain/text_drafts.hpp); `kind`: "Statement".
inline Error no_draft(std::string_view kind, std::int64_t id) {
    return make(404, "not_found", fmt::format("{} {} has no draft", kind, id));
}
// PATCH of a published pair adding a question: learners would see it unreviewed
// (docs/authoring-guide.md "Drafts of published content").
inline Error question_for_published_pair(std::int64_t pair) {
    return make(409, "pair_published",
                fmt::format("Pair {} is published: unpublish it before adding a question", pair));
}
// 405
inline Error method_not_allowed() {
    return make(405, "method_not_allowed", "Method not allowed");
}
// 409
inline Error email_already_registered() {
    return make(409, "email_already_registered", "Email already registered");
}
inline Error profile_already_exists() {
    return make(409, "profile_already_exists", "Profile already exists");
}
inline Error username_taken() {
    return make(409, "username_taken", "Username already taken");
}
inline Error no_profile_for_progress() {
    return make(409, "profile_missing", "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
}
// GET /auth/practice (docs/learning.md "What to practise next").
inline Error no_profile_for_practice() {
    return make(409, "profile_missing", "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
}
inline Error practice_limit_invalid() {
    return make(400, "practice_limit_invalid", "limit must be an integer from 1 to 50");
}
// GET /auth/cards (docs/learning.md "Sync").
inline Error cards_limit_invalid() {
    return make(400, "cards_limit_invalid", "limit must be an integer from 1 to 500");
}
inline Error cards_cursor_invalid() {
    return make(400, "cards_cursor_invalid",
                "changed_after is not a position GET /auth/cards answered");
}
inline Error no_profile_for_goal() {
    return make(409, "profile_missing", "Kein Profil vorhanden.");
}
// ---- Authoring (docs/spec/authoring.md). A validation failure is 400 and starts with the field's
// name ("<field> <problem>", the problems below); a conflict is 409 and says what stands in the
// way.
inline Error invalid_field(std::string message, CodeName code = "invalid_field") {
    return make(400, code, std::move(message));
}
inline Error conflict(std::string message, CodeName code = "conflict") {
    return make(409, code, std::move(message));
}
inline Error field(std::string_view name, std::string_view problem) {
    return invalid_field(fmt::format("{} {}", name, problem));
}
// What is wrong with a field's value, for field().
namespace problem {
inline constexpr std::string_view required = "is required";
inline constexpr std::string_view not_string = "must be a string";
inline constexpr std::string_view not_text = "must be UTF-8 text without NUL characters";
inline std::string too_long(std::size_t max) {
    return fmt::format("must be at most {} characters", max);
}
inline std::string not_integer_in(std::int64_t lo, std::int64_t hi) {
    return fmt::format("must be an integer from {} to {}", lo, hi);
}
inline std::string not_number_in(double lo, double hi) {
    return fmt::format("must be a number from {:.2f} to {:.2f}", lo, hi);
}
// A member a body does not take (PUT /auth/learning lists them).
inline std::string not_a_member(std::string_view members) {
    return fmt::format("is not a setting (the settings are {})", members);
}
inline constexpr std::string_view not_positive_integer = "must be a positive integer";
inline constexpr std::string_view not_integer = "must be an integer";
inline constexpr std::string_view not_pair_cursor = "must be a pair id (an integer >= 0)";
inline constexpr std::string_view not_boolean = "must be true or false";
inline std::string not_one_of(std::string_view options) {
    return fmt::format("must be one of {}", options);
}
inline constexpr std::string_view not_id_list = "must be an array of positive integers";
inline constexpr std::string_view not_array = "must be an array";
inline constexpr std::string_view not_object = "must be an object";
inline constexpr std::string_view not_object_or_null = "must be an object or null";
inline std::string too_many_selections(std::size_t max) {
    return fmt::format("must be an array of at most {} selections", max);
}
inline constexpr std::string_view not_selection_type = "must be bbox or polygon";
inline constexpr std::string_view not_offset = "must be a number >= 0";
inline constexpr std::string_view not_size = "must be a number greater than 0";
inline std::string not_polygon(std::size_t max_points) {
    return fmt::format("must be an array of 3 to {} [x, y] points", max_points);
}
inline constexpr std::string_view not_point = "must be [x, y] with numbers >= 0";
inline std::string outside_picture(std::int64_t width, std::int64_t height) {
    return fmt::format("must lie within the picture ({} x {})", width, height);
}
inline constexpr std::string_view empty_id_list = "must list at least one question";
}  // namespace problem

// "<field>: no such <thing>" (an id that names nothing of that kind).
inline Error no_such(std::string_view field, std::string_view thing) {
    return invalid_field(fmt::format("{}: no such {}", field, thing), "no_such_item");
}
inline Error give_one_of(std::string_view a, std::string_view b) {
    return invalid_field(fmt::format("{} and {}: give one of them", a, b), "one_of_required");
}
inline Error status_by_review_actions() {
    return invalid_field("status is changed by the review, publish and unpublish actions",
                         "status_by_review_actions");
}
inline Error picture_cannot_change() {
    return invalid_field("picture_id cannot be changed: create the object on the other picture",
                         "picture_cannot_change");
}
inline Error parent_not_in_picture() {
    return invalid_field("parent_id must be an object of the same picture",
                         "parent_not_in_picture");
}
inline Error parent_in_own_subtree() {
    return invalid_field("parent_id must not be the object itself or one of its children",
                         "parent_in_own_subtree");
}
inline Error object_not_in_pair_picture() {
    return invalid_field("object_id must be an object of the pair's picture",
                         "object_not_in_pair_picture");
}
inline Error statement_cannot_be_removed() {
    return invalid_field("statement cannot be removed: a pair needs one",
                         "statement_cannot_be_removed");
}
// `prefix` names the nested object ("statement.", "question.") or is empty.
inline Error text_required(std::string_view prefix) {
    return invalid_field(fmt::format("{0}text_de, {0}text_en or {0}text_sv is required", prefix),
                         "text_required");
}
inline Error link_not_of_pair(std::size_t index, std::int64_t link_id) {
    return invalid_field(
        fmt::format("words_remove[{}]: link {} does not belong to this pair", index, link_id),
        "link_not_of_pair");
}
// `what`: "question" or "statement".
inline Error pair_has_no(std::size_t index, std::string_view what) {
    return invalid_field(fmt::format("words_add[{}].link_to: the pair has no {}", index, what),
                         "pair_part_missing");
}
inline Error language_not_of_field(std::string_view language, std::string_view field) {
    return invalid_field(fmt::format("language must be {} for source_field {}", language, field),
                         "language_not_of_field");
}
inline Error unsupported_image() {
    return invalid_field("image must be a PNG, JPEG or WebP file", "unsupported_image");
}
// The width times height an upload's header declares, checked before anything decodes it
// (kMaxImagePixels in core/app/authoring/pictures.hpp).
inline Error too_many_pixels() {
    return invalid_field("image must have at most 50 million pixels", "too_many_pixels");
}
// What decoding an upload would cost, read from its bytes first (kMaxJpegScans,
// kMaxDecodeHeldBytes and kMaxDecodeWork in core/app/authoring/pictures.hpp); each says what
// the studio's user can do about it.
inline Error too_many_scans() {
    return invalid_field(
        "image is a progressive JPEG with more than 100 scans: save it as a baseline JPEG",
        "too_many_scans");
}
inline Error image_needs_too_much_memory() {
    return invalid_field(
        "image needs too much memory to decode: save it smaller, as a baseline JPEG or a "
        "non-interlaced PNG",
        "image_needs_too_much_memory");
}
inline Error image_takes_too_long() {
    return invalid_field("image takes too long to decode: save it smaller, or as a baseline JPEG",
                         "image_takes_too_long");
}
// 412: a PATCH or DELETE whose If-Match names a version the item no longer has
// (docs/authoring-guide.md "Two editors at once").
inline Error changed_by_someone_else() {
    return make(412, "changed_by_someone_else", "Changed by someone else: reload");
}
// The header was right, the picture itself cannot be decoded (damaged or cut short); the
// image library's reason goes to the log only.
inline Error damaged_image(std::string detail) {
    Error e = make(400, "damaged_image", "image is damaged or incomplete");
    e.detail = std::move(detail);
    return e;
}
inline Error only_reviewed_can_be_published() {
    return make(409, "only_reviewed_can_be_published", "Only reviewed items can be published");
}
// e.g. "Cannot publish a pair in status draft".
inline Error transition_refused(std::string_view action, std::string_view kind,
                                std::string_view current) {
    const bool vowel =
        !kind.empty() && std::string_view("aeiou").find(kind[0]) != std::string_view::npos;
    return conflict(
        fmt::format("Cannot {} {} {} in status {}", action, vowel ? "an" : "a", kind, current),
        "transition_refused");
}
// `kind`: "Statement", "Object".
inline Error used_by_pairs(std::string_view kind, std::int64_t id, std::int64_t pairs) {
    return conflict(fmt::format("{} {} is used by {} pair(s): delete them first", kind, id, pairs),
                    "in_use");
}
inline Error word_title_taken(std::string_view title_de, std::int64_t id) {
    return conflict(fmt::format("A word with title_de \"{}\" exists already (id {})", title_de, id),
                    "word_exists");
}
inline Error category_exists(std::string_view titel_de) {
    return conflict(fmt::format("Category \"{}\" exists already", titel_de), "category_exists");
}
inline Error object_has_no_label(std::int64_t object_id) {
    return conflict(
        fmt::format("Object {0} has no label word: set one with POST /api/cms/db-objects/{0}/words",
                    object_id),
        "object_has_no_label");
}
// Publishing an item whose audio speaks an older text (docs/audio.md "Audio that follows its
// text"); `what`: "statement 5 (text_de, text_en)", several joined by "; ".
inline Error audio_stale(std::string_view what) {
    return conflict(
        fmt::format("The audio of {} speaks an older text: make the audio again before publishing",
                    what),
        "audio_stale");
}
inline Error nothing_to_generate_from(std::int64_t picture_id) {
    return conflict(
        fmt::format("Picture {} has no title, words or labels to generate words from", picture_id),
        "nothing_to_generate_from");
}
// The word generator (FreeDict or a language model) or the speech synthesizer failed or gave
// output that does not pass validation: nothing was stored. The detail goes to the log only.
inline Error word_generation_failed(std::string detail) {
    Error e = make(502, "word_generation_failed", "Word generation failed");
    e.detail = std::move(detail);
    return e;
}
inline Error speech_synthesis_failed(std::string detail) {
    Error e = make(502, "speech_synthesis_failed", "Speech synthesis failed");
    e.detail = std::move(detail);
    return e;
}
// 413, 415, 422, 429, 500, 503
inline Error payload_too_large() {
    return make(413, "payload_too_large", "Payload too large");
}
// The studio's sign-in takes JSON only: a form another site posts is no sign-in
// (docs/studio.md "Sign-in and sessions").
inline Error json_content_type_required() {
    return make(415, "json_content_type_required", "Content-Type must be application/json");
}
// ---- Offline practice and a time zone per learner (docs/accounts.md).
inline Error invalid_timezone() {
    return make(400, "invalid_timezone",
                "timezone must be an IANA time zone name such as Europe/Berlin, or null");
}
inline Error no_profile_for_timezone() {
    return make(409, "profile_missing", "Kein Profil vorhanden.");
}
inline Error batch_items_invalid() {
    return make(400, "batch_items_invalid", "items must be an array of at most 200 objects");
}
inline Error client_id_invalid() {
    return make(400, "client_id_invalid", "client_id must be 1 to 100 printable characters");
}
inline Error answered_at_invalid() {
    return make(400, "answered_at_invalid",
                "answered_at must be an ISO 8601 instant such as 2026-11-23T18:05:00.000Z");
}
inline Error answered_at_too_old() {
    return make(422, "answered_at_too_old", "answered_at is more than 7 days ago");
}
inline Error answered_at_before_account() {
    return make(422, "answered_at_before_account", "answered_at is before the account was created");
}
inline Error answered_at_in_future() {
    return make(422, "answered_at_in_future", "answered_at is more than 5 minutes ahead");
}
inline Error client_id_reused() {
    return make(422, "client_id_reused", "client_id reused with a different answer");
}
// ---- end of the offline practice and time zone block

// ---- Graded answers (docs/learning.md "Graded answers").
inline Error answer_kind_invalid() {
    return make(400, "answer_kind_invalid", "send exactly one of choice_id, text and rating");
}
inline Error answer_kind_not_for_card() {
    return make(400, "answer_kind_not_for_card",
                "a text card is answered with rating, every other card with choice_id or text");
}
inline Error choice_id_invalid() {
    return make(400, "choice_id_invalid", "choice_id must be the id of one of the card's choices");
}
inline Error answer_text_invalid() {
    return make(400, "answer_text_invalid", "text must be a string of 1 to 200 characters");
}
inline Error card_has_no_answer() {
    return make(409, "card_has_no_answer",
                "This card has no answer in your target language to grade against");
}
inline Error answered_at_before_last_review() {
    return make(422, "answered_at_before_last_review",
                "answered_at is before this card's last review");
}
inline Error client_scoring_refused() {
    return make(403, "client_scoring_refused",
                "Scores are graded on the server: send answers to POST /auth/answers");
}

inline Error idempotency_key_reused() {
    return make(422, "idempotency_key_reused", "Idempotency-Key reused with a different request");
}
inline Error too_many_requests(int retry_after) {
    Error e = make(429, "too_many_requests", "Too many requests");
    e.retry_after_seconds = retry_after;
    return e;
}
inline Error internal() {
    return make(500, "internal_error", "Internal server error");
}
// The database cannot be reached or is switching primaries (a restart, a failover,
// docs/operations.md "High availability"): a client retries after a second, a booking with
// the same Idempotency-Key.
inline Error service_unavailable() {
    Error e = make(503, "service_unavailable", "Service unavailable");
    e.retry_after_seconds = 1;
    return e;
}
// A worker or hashing queue is at its bound (docs/configuration.md "Queues"): come back soon.
inline Error busy() {
    return service_unavailable();
}
// Raw HTTP: a request the parser refuses, a header over MAX_HEADER_BYTES, a method no route of
// either service knows (answered before any other work, docs/architecture.md).
inline Error bad_request() {
    return make(400, "bad_request", "Bad request");
}
inline Error header_too_large() {
    return make(431, "header_too_large", "Request header fields too large");
}
inline Error not_implemented() {
    return make(501, "not_implemented", "Not implemented");
}

// Why a pair is not in GET /feed, as the learner preview names it
// (GET /api/cms/db-pairs/:id/preview, core/domain/feed_rules.hpp), in this order.
namespace feed_reason {
inline std::string not_published() {
    return "The pair is not published";
}
inline std::string no_image() {
    return "The picture has no image";
}
inline std::string no_audio(std::string_view lang) {
    return fmt::format("The statement has no audio in {}", lang);
}
}  // namespace feed_reason
}  // namespace errors

// Thrown by adapters when the database cannot be reached; the HTTP layer answers 503.
struct DatabaseUnavailable : std::exception {
    const char* what() const noexcept override { return "database unavailable"; }
};

}  // namespace ll
