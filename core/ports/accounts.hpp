#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/entities.hpp"

namespace ll {

// users (accounts). E-mails passed in are already normalised (trimmed, lower-cased);
// uniqueness is case-insensitive.
class AccountRepository {
  public:
    virtual ~AccountRepository() = default;
    virtual std::optional<Account> find_by_email(std::string_view email) = 0;
    virtual std::optional<Account> find_by_id(Id id) = 0;
    // Creates the account; nullopt when the e-mail is already registered. Atomic: of many
    // concurrent calls with one e-mail exactly one succeeds.
    virtual std::optional<Account> create(const NewAccount& account) = 0;
    virtual void update_password_hash(Id id, const std::string& hash) = 0;
    virtual void set_native_language(Id id, Id language_id) = 0;
    // Staff administration (langlearn-admin); false when no such account.
    virtual bool set_role(std::string_view email, std::string_view role) = 0;
    virtual bool set_active(std::string_view email, bool active) = 0;
};

// blocklist: only entries with is_blocked true block registration.
class BlocklistRepository {
  public:
    virtual ~BlocklistRepository() = default;
    virtual bool is_blocked(std::string_view email) = 0;
    virtual void block(std::string_view email) = 0;
};

}  // namespace ll
