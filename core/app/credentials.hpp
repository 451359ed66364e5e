#pragma once
// Shared by register and login: the two request fields as the spec reads them.
#include <optional>
#include <string>

#include "core/domain/loose_value.hpp"
#include "core/domain/rules.hpp"

namespace ll {

struct Credentials {
    std::string email;  // normalised (trimmed, lower-cased)
    std::string password;
};

// Both must be non-empty strings; a wrong JSON type or "" counts as missing (docs/spec/decisions.md
// 3, 10).
inline std::optional<Credentials> read_credentials(const LooseValue& email,
                                                   const LooseValue& password) {
    if (!email.is_nonempty_string() || !password.is_nonempty_string()) return std::nullopt;
    return Credentials{normalize_email(email.string), password.string};
}

}  // namespace ll
