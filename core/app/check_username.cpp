#include "core/app/check_username.hpp"

#include "core/domain/rules.hpp"

namespace ll {

Result<CheckUsernameOutput> check_username(const UsernamePorts& ports,
                                           const std::optional<std::string>& username) {
    const std::string name = username ? trim(*username) : std::string{};
    if (!is_valid_username(name)) return errors::invalid_username_format_unavailable();
    return CheckUsernameOutput{!ports.profiles.username_taken(ascii_lower(name))};
}

}  // namespace ll
