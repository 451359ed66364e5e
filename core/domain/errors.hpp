#pragma once
// The one table of the errors the services answer with: status and message to the letter
// of docs/spec/service.md and docs/spec/decisions.md 11. Handlers never spell a message themselves.
#include <exception>
#include <optional>
#include <string>
#include <utility>

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

    bool operator==(const Error&) const = default;
};

namespace errors {
inline Error make(int status, const char* message) {
    return Error{status, message, {}, {}, {}};
}

// 400
inline Error email_and_password_required() {
    return make(400, "email and password are required");
}
inline Error invalid_email_format() {
    return make(400, "Invalid email format");
}
inline Error password_too_short() {
    return make(400, "Password must be at least 8 characters");
}
inline Error password_too_long() {
    return make(400, "Password must be at most 1024 characters");
}
inline Error invalid_username_format() {
    return make(400, "Invalid username format");
}
inline Error invalid_username_format_unavailable() {
    return Error{400, "Invalid username format", false, {}, {}};
}
inline Error profile_fields_required() {
    return make(400, "username, nativeLang and targetLang are required");
}
inline Error languages_must_differ() {
    return make(400, "nativeLang and targetLang must differ");
}
inline Error invalid_language_ids() {
    return make(400, "Invalid language id(s)");
}
inline Error pair_id_required() {
    return make(400, "pair_id is required");
}
inline Error pair_id_not_positive() {
    return make(400, "pair_id must be a positive integer");
}
inline Error invalid_idempotency_key() {
    return make(400, "Idempotency-Key must be 1 to 100 printable characters");
}
inline Error staff_role_required() {
    return make(400, "role must be editor or admin");
}
inline Error invalid_json_body() {
    return make(400, "Invalid JSON body");
}
// 401
inline Error unauthorized() {
    return make(401, "Unauthorized");
}
inline Error invalid_token() {
    return make(401, "Invalid or expired token");
}
inline Error invalid_credentials() {
    return make(401, "Invalid credentials");
}
// 403
inline Error registration_not_allowed() {
    return make(403, "Registration not allowed");
}
inline Error account_deactivated() {
    return make(403, "Account deactivated");
}
inline Error insufficient_permissions() {
    return make(403, "Insufficient permissions");
}
// 404
inline Error user_not_found() {
    return make(404, "User not found");
}
inline Error pair_not_found() {
    return make(404, "Pair not found");
}
inline Error not_found() {
    return make(404, "Not found");
}
// 405
inline Error method_not_allowed() {
    return make(405, "Method not allowed");
}
// 409
inline Error email_already_registered() {
    return make(409, "Email already registered");
}
inline Error profile_already_exists() {
    return make(409, "Profile already exists");
}
inline Error username_taken() {
    return make(409, "Username already taken");
}
inline Error no_profile_for_progress() {
    return make(409, "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
}
inline Error no_profile_for_goal() {
    return make(409, "Kein Profil vorhanden.");
}
// Authoring (docs/spec/authoring.md): validation names the field, conflicts name the current
// status.
inline Error invalid_field(std::string message) {
    return Error{400, std::move(message), {}, {}, {}};
}
inline Error only_reviewed_can_be_published() {
    return make(409, "Only reviewed items can be published");
}
inline Error conflict(std::string message) {
    return Error{409, std::move(message), {}, {}, {}};
}
// The word generator (FreeDict or a language model) or the speech synthesizer failed or gave
// output that does not pass validation: nothing was stored. The detail goes to the log only.
inline Error word_generation_failed(std::string detail) {
    return Error{502, "Word generation failed", {}, {}, std::move(detail)};
}
inline Error speech_synthesis_failed(std::string detail) {
    return Error{502, "Speech synthesis failed", {}, {}, std::move(detail)};
}
// 413, 422, 429, 500, 503
inline Error payload_too_large() {
    return make(413, "Payload too large");
}
inline Error idempotency_key_reused() {
    return make(422, "Idempotency-Key reused with a different request");
}
inline Error too_many_requests(int retry_after) {
    return Error{429, "Too many requests", {}, retry_after, {}};
}
inline Error internal() {
    return make(500, "Internal server error");
}
inline Error service_unavailable() {
    return make(503, "Service unavailable");
}
// A worker or hashing queue is at its bound (docs/configuration.md "Queues"): come back soon.
inline Error busy() {
    return Error{503, "Service unavailable", {}, 1, {}};
}
// Raw HTTP: a request the parser refuses, a header over MAX_HEADER_BYTES, a method no route of
// either service knows (answered before any other work, docs/architecture.md).
inline Error bad_request() {
    return make(400, "Bad request");
}
inline Error header_too_large() {
    return make(431, "Request header fields too large");
}
inline Error not_implemented() {
    return make(501, "Not implemented");
}
}  // namespace errors

// Thrown by adapters when the database cannot be reached; the HTTP layer answers 503.
struct DatabaseUnavailable : std::exception {
    const char* what() const noexcept override { return "database unavailable"; }
};

}  // namespace ll
