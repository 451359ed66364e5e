#pragma once
// Stand-ins for argon2id and JWT in the core unit tests: fast and transparent. The real
// adapters live in adapters/security and have tests of their own.
#include <atomic>
#include <string>
#include <vector>

#include "core/ports/clock.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

class FakePasswordHasher final : public PasswordHasher {
  public:
    std::string hash(std::string_view password) override { return "fake$" + std::string(password); }
    bool verify(std::string_view hash, std::string_view password) override {
        ++verifications;
        const auto dollar = hash.find('$');
        return dollar != std::string_view::npos && hash.substr(dollar + 1) == password;
    }
    // Hashes made with "old" parameters start with "old$".
    bool needs_rehash(std::string_view hash) override { return hash.substr(0, 4) == "old$"; }
    void verify_dummy(std::string_view) override { ++dummy_verifications; }

    std::atomic<int> verifications{0};
    std::atomic<int> dummy_verifications{0};
};

// token = "tok|<userId>|<role>|<email>|<native_lang>|<exp ms>[|<sid>]"
class FakeTokenService final : public TokenService {
  public:
    explicit FakeTokenService(std::chrono::milliseconds lifetime = std::chrono::hours{24 * 7})
        : lifetime_(lifetime) {}
    std::string issue(const TokenClaims& c, Timestamp now) override {
        return "tok|" + std::to_string(c.user_id) + "|" + c.role + "|" + c.email + "|" +
               c.native_lang + "|" + std::to_string((now + lifetime_).time_since_epoch().count()) +
               (c.session_id.empty() ? "" : "|" + c.session_id);
    }
    std::optional<TokenClaims> verify(std::string_view token, Timestamp now) override {
        std::vector<std::string> parts;
        std::size_t start = 0;
        for (std::size_t bar; (bar = token.find('|', start)) != std::string_view::npos;
             start = bar + 1) {
            parts.emplace_back(token.substr(start, bar - start));
        }
        parts.emplace_back(token.substr(start));
        if (parts.size() < 6 || parts.size() > 7 || parts[0] != "tok") return std::nullopt;
        try {
            if (std::stoll(parts[5]) <= now.time_since_epoch().count()) return std::nullopt;
            return TokenClaims{std::stoll(parts[1]), parts[3], parts[2], parts[4],
                               parts.size() == 7 ? parts[6] : std::string()};
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }

    std::chrono::seconds lifetime() const override {
        return std::chrono::duration_cast<std::chrono::seconds>(lifetime_);
    }

  private:
    std::chrono::milliseconds lifetime_;
};

// cookie = "sess|<id>|<expiry ms>", csrf = "csrf|<id>"; ids count up ("s1", "s2", ...).
class FakeSessionSigner final : public SessionSigner {
  public:
    std::string new_session_id() override { return "s" + std::to_string(++issued_); }
    std::string cookie(const SessionCookie& s) const override {
        return "sess|" + s.session_id + "|" +
               std::to_string(s.expires_at.time_since_epoch().count());
    }
    std::optional<SessionCookie> verify(std::string_view cookie, Timestamp now) const override {
        const auto bar = cookie.rfind('|');
        if (cookie.substr(0, 5) != "sess|" || bar < 5) return std::nullopt;
        try {
            const Timestamp expires{
                std::chrono::milliseconds(std::stoll(std::string(cookie.substr(bar + 1))))};
            if (expires <= now) return std::nullopt;
            return SessionCookie{std::string(cookie.substr(5, bar - 5)), expires};
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    std::string csrf_token(std::string_view id) const override { return "csrf|" + std::string(id); }
    bool csrf_matches(std::string_view id, std::string_view token) const override {
        return token == csrf_token(id);
    }

  private:
    std::atomic<int> issued_{0};
};

// Refresh and reset tokens "rt<n>", digests "d:<token>", compared plainly.
class FakeSecretTokens final : public SecretTokens {
  public:
    std::string generate() override { return "rt" + std::to_string(++issued_); }
    std::string successor(std::string_view token) const override {
        return "next(" + std::string(token) + ")";
    }
    std::string digest(std::string_view token) const override { return "d:" + std::string(token); }
    bool same_digest(std::string_view a, std::string_view b) const override { return a == b; }

  private:
    std::atomic<int> issued_{0};
};

}  // namespace ll
