#pragma once
// Answers sent as the learner routes receive them: a body of loose values (and the
// Idempotency-Key header), decoded as adapters/http/learner/progress.cpp decodes it, then the use
// case. The tests of what a body may hold go through here, so they check the decoding the
// routes use.
#include <optional>
#include <string>
#include <vector>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/create_profile.hpp"
#include "core/app/learner_zone.hpp"
#include "core/app/learning/answers.hpp"
#include "core/app/login.hpp"
#include "core/app/password_reset.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/app/register_user.hpp"
#include "core/app/staff_session.hpp"

namespace ll::test {

// POST /auth/progress: the body's fields, in the order a test names them.
struct SentProgress {
    LooseValue pair_id;
    LooseValue correct;
    LooseValue points;
    std::optional<std::string> idempotency_key = std::nullopt;  // the header
    LooseValue rating = LooseValue::missing();
};

inline Result<BookProgressOutput> book_sent(const BookingPorts& ports, Id user_id,
                                            const SentProgress& sent) {
    const LooseValue body = LooseValue::object({{"pair_id", sent.pair_id},
                                                {"correct", sent.correct},
                                                {"points", sent.points},
                                                {"rating", sent.rating}});
    const auto request = decode_progress(body, sent.idempotency_key);
    if (!request) return request.error();
    return book_progress(ports, user_id, request.value());
}

// POST /auth/progress/batch with `items` as the body's items.
inline Result<std::vector<BatchItemResult>> book_batch_sent(const BatchPorts& ports, Id user_id,
                                                            const LooseValue& items) {
    const auto request = decode<ProgressBatchRequest>(LooseValue::object({{"items", items}}));
    if (!request) return request.error();
    return book_progress_batch(ports, user_id, request.value());
}

// POST /auth/answers: the body's fields, in the order a test names them.
struct SentAnswer {
    LooseValue pair_id;
    LooseValue choice_id = LooseValue::missing();
    LooseValue text = LooseValue::missing();
    LooseValue rating = LooseValue::missing();
    LooseValue answered_at = LooseValue::missing();
    LooseValue client_id = LooseValue::missing();
    std::optional<std::string> idempotency_key = std::nullopt;  // the header
};

inline Result<AnswerOutput> answer_sent(const AnswerPorts& ports, Id user_id,
                                        const SentAnswer& sent) {
    const LooseValue body = LooseValue::object({{"pair_id", sent.pair_id},
                                                {"choice_id", sent.choice_id},
                                                {"text", sent.text},
                                                {"rating", sent.rating},
                                                {"answered_at", sent.answered_at},
                                                {"client_id", sent.client_id}});
    const auto request = decode_answer(body, sent.idempotency_key);
    if (!request) return request.error();
    return answer_card(ports, user_id, request.value());
}

// POST /auth/answers/batch with `items` as the body's items.
inline Result<std::vector<AnswerBatchItem>> answer_batch_sent(const AnswerPorts& ports, Id user_id,
                                                              const LooseValue& items) {
    const auto request = decode<AnswerBatchRequest>(LooseValue::object({{"items", items}}));
    if (!request) return request.error();
    return answer_cards_batch(ports, user_id, request.value());
}

// POST /auth/register, POST /auth/login and POST /api/session: `email` and `password` as sent,
// and the address the request came from (not part of the body).
struct SentCredentials {
    LooseValue email;
    LooseValue password;
    std::string client_address = {};
};

inline LooseValue credentials_body(const SentCredentials& sent) {
    return LooseValue::object({{"email", sent.email}, {"password", sent.password}});
}

inline Result<RegisterOutput> register_sent(const RegisterPorts& ports, const SentCredentials& sent,
                                            std::string_view user_agent = {}) {
    return with_decoded<Credentials>(credentials_body(sent), [&](const Credentials& c) {
        return register_user(ports, c, user_agent);
    });
}

inline Result<LoginOutput> login_sent(const LoginPorts& ports, LoginThrottle& throttle,
                                      const SentCredentials& sent,
                                      std::string_view user_agent = {}) {
    return with_decoded<Credentials>(credentials_body(sent), [&](const Credentials& c) {
        return login(ports, throttle, LoginInput{c, sent.client_address}, user_agent);
    });
}

inline Result<StaffSignIn> sign_in_sent(StaffSessionPorts& ports, LoginThrottle& throttle,
                                        const SentCredentials& sent) {
    return with_decoded<Credentials>(credentials_body(sent), [&](const Credentials& c) {
        return sign_in_staff(ports, throttle, LoginInput{c, sent.client_address});
    });
}

// POST /auth/refresh and POST /auth/logout with `refresh_token` as the body's field.
inline LooseValue refresh_token_body(const LooseValue& refresh_token) {
    return LooseValue::object({{"refresh_token", refresh_token}});
}

inline Result<SessionTokens> refresh_sent(const SessionPorts& ports, SessionStanding& standing,
                                          const LooseValue& refresh_token) {
    return with_decoded<RefreshTokenRequest>(
        refresh_token_body(refresh_token),
        [&](const RefreshTokenRequest& r) { return refresh_session(ports, standing, r); });
}

inline Result<Done> logout_sent(const SessionPorts& ports, SessionStanding& standing,
                                const TokenClaims& caller, const LooseValue& refresh_token) {
    return with_decoded<RefreshTokenRequest>(
        refresh_token_body(refresh_token),
        [&](const RefreshTokenRequest& r) { return logout(ports, standing, caller, r); });
}

// POST /auth/password-reset/confirm with `token` and `new_password` as the body's fields.
inline Result<Done> confirm_reset_sent(const PasswordResetPorts& ports, SessionStanding& standing,
                                       LoginThrottle& throttle, const LooseValue& token,
                                       const LooseValue& new_password) {
    return with_decoded<ConfirmResetRequest>(
        LooseValue::object({{"token", token}, {"new_password", new_password}}),
        [&](const ConfirmResetRequest& r) {
            return confirm_password_reset(ports, standing, throttle, r);
        });
}

// POST /auth/password-reset's e-mail as the route reads it.
inline Result<std::string> reset_email_sent(const LooseValue& email) {
    auto request = decode<ResetRequest>(LooseValue::object({{"email", email}}));
    if (!request) return request.error();
    return request.value().email;
}

// PUT /auth/timezone with `timezone` as the body's field.
inline Result<SetTimezoneOutput> timezone_sent(const ZonePorts& ports, Id user_id,
                                               const LooseValue& timezone) {
    return with_decoded<TimezoneRequest>(
        LooseValue::object({{"timezone", timezone}}),
        [&](const TimezoneRequest& r) { return set_timezone(ports, user_id, r); });
}

// POST /auth/profile: the body's fields, in the order a test names them.
struct SentProfile {
    LooseValue username;
    LooseValue native_lang;
    LooseValue target_lang;
    LooseValue timezone = LooseValue::missing();
};

inline Result<CreateProfileOutput> create_profile_sent(const ProfilePorts& ports, Id user_id,
                                                       const SentProfile& sent) {
    return with_decoded<CreateProfileRequest>(
        LooseValue::object({{"username", sent.username},
                            {"nativeLang", sent.native_lang},
                            {"targetLang", sent.target_lang},
                            {"timezone", sent.timezone}}),
        [&](const CreateProfileRequest& r) { return create_profile(ports, user_id, r); });
}

}  // namespace ll::test
