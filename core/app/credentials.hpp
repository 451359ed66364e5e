#pragma once
// Shared by register, login and create-staff: the two fields as the spec reads them, and the
// rules a new account's e-mail and password meet.
#include <optional>
#include <string>

#include "core/app/requests/decoder.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/domain/rules.hpp"

namespace ll {

struct Credentials {
    std::string email;  // normalised (trimmed, lower-cased)
    std::string password;
};

// The body of POST /auth/register, POST /auth/login and POST /api/session: `email` and
// `password` must be non-empty strings; a wrong JSON type or "" counts as missing
// (docs/spec/decisions.md 3, 10): 400 Email and password are required. The e-mail is normalised.
template <>
inline Result<Credentials> decode<Credentials>(const LooseValue& body) {
    const LooseValue& email = body["email"];
    const LooseValue& password = body["password"];
    if (!email.is_nonempty_string() || !password.is_nonempty_string())
        return errors::email_and_password_required();
    return Credentials{normalize_email(email.string), password.string};
}

// A new account's e-mail has the shape of an address; its password has 8 to 1,024 characters
// (docs/spec/service.md POST /auth/register).
// The password rule alone: also a changed or reset password's (same messages).
inline Result<Done> check_new_password(std::string_view password) {
    const std::size_t length = code_point_count(password);
    if (length < kMinPasswordLength) return errors::password_too_short();
    if (length > kMaxPasswordLength) return errors::password_too_long();
    return Done{};
}

// A new password field (PUT /auth/password, the reset's confirmation): 400 new_password is
// required when it is no string, else the password rule above.
inline Result<std::string> read_new_password(const LooseValue& field) {
    if (!field.is_string()) return errors::new_password_required();
    if (const auto rule = check_new_password(field.string); !rule) return rule.error();
    return field.string;
}

inline Result<Done> check_new_credentials(const Credentials& credentials) {
    if (!is_valid_email_shape(credentials.email)) return errors::invalid_email_format();
    return check_new_password(credentials.password);
}

}  // namespace ll
