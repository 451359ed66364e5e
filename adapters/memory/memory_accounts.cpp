// Accounts, blocklist, languages and profiles in memory.
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

class MemoryAccounts final : public AccountRepository {
  public:
    explicit MemoryAccounts(MemoryBackend::State& s) : s_(s) {}

    std::optional<Account> find_by_email(std::string_view email) override {
        Lock lock(s_.mutex);
        return find_locked(email);
    }
    std::optional<Account> find_by_id(Id id) override {
        Lock lock(s_.mutex);
        const auto it = s_.accounts.find(id);
        return it == s_.accounts.end() ? std::nullopt : std::optional<Account>(it->second);
    }
    std::optional<Account> create(const NewAccount& a) override {
        Lock lock(s_.mutex);
        if (find_locked(a.email)) return std::nullopt;
        Account account{s_.new_id(), ascii_lower(a.email), a.password_hash, a.role,
                        true,        std::nullopt,         a.created_at};
        s_.accounts[account.id] = account;
        return account;
    }
    void update_password_hash(Id id, const std::string& hash) override {
        Lock lock(s_.mutex);
        if (auto it = s_.accounts.find(id); it != s_.accounts.end())
            it->second.password_hash = hash;
    }
    void set_native_language(Id id, Id language_id) override {
        Lock lock(s_.mutex);
        if (auto it = s_.accounts.find(id); it != s_.accounts.end()) {
            it->second.language_native_id = language_id;
        }
    }
    bool set_role(std::string_view email, std::string_view role) override {
        return update(email, [&](Account& a) { a.role = std::string(role); });
    }
    bool set_active(std::string_view email, bool active) override {
        return update(email, [&](Account& a) { a.is_active = active; });
    }

  private:
    std::optional<Account> find_locked(std::string_view email) {
        const std::string key = ascii_lower(email);
        for (const auto& [id, account] : s_.accounts) {
            if (account.email == key) return account;
        }
        return std::nullopt;
    }
    template <typename F>
    bool update(std::string_view email, F change) {
        Lock lock(s_.mutex);
        const std::string key = ascii_lower(email);
        for (auto& [id, account] : s_.accounts) {
            if (account.email == key) {
                change(account);
                return true;
            }
        }
        return false;
    }
    MemoryBackend::State& s_;
};

class MemoryBlocklist final : public BlocklistRepository {
  public:
    explicit MemoryBlocklist(MemoryBackend::State& s) : s_(s) {}
    bool is_blocked(std::string_view email) override {
        Lock lock(s_.mutex);
        return s_.blocked.count(ascii_lower(email)) > 0;
    }
    void block(std::string_view email) override {
        Lock lock(s_.mutex);
        s_.blocked.insert(ascii_lower(email));
    }

  private:
    MemoryBackend::State& s_;
};

class MemoryLanguages final : public LanguageRepository {
  public:
    explicit MemoryLanguages(MemoryBackend::State& s) : s_(s) {}
    std::vector<Language> list_published() override {
        Lock lock(s_.mutex);
        std::vector<Language> out;
        for (const auto& [id, entry] : s_.languages) {
            if (entry.second) out.push_back(entry.first);
        }
        return out;
    }

  private:
    MemoryBackend::State& s_;
};

class MemoryProfiles final : public ProfileRepository {
  public:
    explicit MemoryProfiles(MemoryBackend::State& s) : s_(s) {}
    std::optional<Profile> find_by_user(Id user_id) override {
        Lock lock(s_.mutex);
        const auto it = s_.profiles.find(user_id);
        return it == s_.profiles.end() ? std::nullopt : std::optional<Profile>(it->second.profile);
    }
    std::optional<AccountWithProfile> find_account_with_profile(Id user_id) override {
        Lock lock(s_.mutex);
        const auto account = s_.accounts.find(user_id);
        if (account == s_.accounts.end()) return std::nullopt;
        const auto profile = s_.profiles.find(user_id);
        return AccountWithProfile{account->second,
                                  profile == s_.profiles.end()
                                      ? std::nullopt
                                      : std::optional<Profile>(profile->second.profile)};
    }
    bool username_taken(std::string_view lower) override {
        Lock lock(s_.mutex);
        return s_.usernames.count(ascii_lower(lower)) > 0;
    }
    CreateProfileOutcome create(const NewProfile& p) override {
        Lock lock(s_.mutex);
        if (s_.profiles.count(p.user_id)) return {CreateProfileStatus::profile_exists, {}};
        const std::string key = ascii_lower(p.username_lowercase);
        if (s_.usernames.count(key)) return {CreateProfileStatus::username_taken, {}};
        Profile profile;
        profile.username_id = s_.new_id();
        profile.id = s_.new_id();
        profile.user_id = p.user_id;
        profile.username = p.username;
        profile.language_native_id = p.language_native_id;
        profile.language_target_id = p.language_target_id;
        profile.timezone = p.timezone;
        s_.usernames[key] = profile.username_id;
        s_.profiles[p.user_id] = ProfileRow{profile, std::nullopt};
        return {CreateProfileStatus::created, profile};
    }
    bool set_daily_goal(Id user_id, std::int32_t goal) override {
        Lock lock(s_.mutex);
        const auto it = s_.profiles.find(user_id);
        if (it == s_.profiles.end()) return false;
        it->second.profile.daily_goal_ep = goal;
        ++it->second
              .version;  // as the SQL stores: a booking decided with the old goal decides again
        return true;
    }
    bool set_target_language(Id user_id, Id language_id) override {
        Lock lock(s_.mutex);
        const auto it = s_.profiles.find(user_id);
        if (it == s_.profiles.end()) return false;
        it->second.profile.language_target_id = language_id;
        ++it->second.version;  // as the SQL stores
        return true;
    }
    // The learner's time zone (docs/accounts.md "A time zone per learner").
    bool set_timezone(Id user_id, const std::optional<std::string>& zone) override {
        Lock lock(s_.mutex);
        const auto it = s_.profiles.find(user_id);
        if (it == s_.profiles.end()) return false;
        it->second.profile.timezone = zone;
        ++it->second.version;  // a remembered booking state dated in the old zone is stale
        return true;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<AccountRepository> make_memory_accounts(MemoryBackend::State& s) {
    return std::make_unique<MemoryAccounts>(s);
}
std::unique_ptr<BlocklistRepository> make_memory_blocklist(MemoryBackend::State& s) {
    return std::make_unique<MemoryBlocklist>(s);
}
std::unique_ptr<LanguageRepository> make_memory_languages(MemoryBackend::State& s) {
    return std::make_unique<MemoryLanguages>(s);
}
std::unique_ptr<ProfileRepository> make_memory_profiles(MemoryBackend::State& s) {
    return std::make_unique<MemoryProfiles>(s);
}

}  // namespace ll
