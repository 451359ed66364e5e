#pragma once
// A learner world on the in-memory adapters with a settable clock (UTC+1, like Berlin in winter).
#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/memory/memory_backend.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "core/app/create_profile.hpp"
#include "core/app/learner_ports.hpp"
#include "core/app/register_user.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/sent_requests.hpp"

namespace ll::test {

struct World {
    MemoryBackend backend;
    ManualClock clock{at("2026-11-22T10:00:00.000Z"), std::chrono::minutes{60}};
    FakePasswordHasher hasher;
    FakeTokenService tokens;
    FakeSecretTokens secrets;
    Utf8procFolding folding;  // the real Unicode tables (Debian's utf8proc)
    LearnerPorts ports = make_learner_ports(backend, clock, hasher, tokens, secrets, folding);

    // A user registered eight days ago (offline answers of the last week are not older than the
    // account), optionally with a profile (native de, target sv).
    Id user(const std::string& email = "ada@example.com", bool with_profile = true,
            const std::string& username = "ada") {
        const Timestamp now = clock.now();
        clock.set(now - std::chrono::days(8));
        auto r = register_sent(ports,
                               SentCredentials{LooseValue::of(email), LooseValue::of("password1")});
        clock.set(now);
        REQUIRE(r.ok());
        const Id id = r->user.id;
        if (with_profile) {
            auto p = create_profile_sent(
                ports, id,
                SentProfile{LooseValue::of(username), LooseValue::of(1), LooseValue::of(3)});
            REQUIRE(p.ok());
        }
        return id;
    }
    // A studio session of the account, as POST /api/session makes one.
    std::string studio_session(Id user_id, const std::string& id) {
        backend.staff_sessions().create(StaffSession{
            id, user_id, clock.now(), clock.now() + std::chrono::hours(12), std::nullopt});
        return id;
    }
    bool studio_session_ended(const std::string& id) {
        return backend.staff_sessions().find(id)->revoked_at.has_value();
    }
    Id pair(const std::string& answer_type = "word", std::vector<Id> categories = {}) {
        return backend.content_seeder().add_pair(SeedPair{answer_type, "published", categories});
    }
};

}  // namespace ll::test
