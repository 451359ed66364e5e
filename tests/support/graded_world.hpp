#pragma once
// What the graded-answer contract tests share: a fresh backend, a manual clock, the real text
// folding and the ports POST /auth/answers uses (AnswerPorts is made from it), on the backend
// LL_TEST_BACKEND names.
#include <memory>

#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/test_backends.hpp"

namespace ll::test {

struct GradedWorld {
    std::unique_ptr<TestDatabase> db = make_test_database();
    StorageBackend& b = db->backend();
    ManualClock clock{at("2026-11-20T08:00:00.000Z")};
    Utf8procFolding folding;
    FakeSecretTokens secrets;  // the choice ids' key
    AnswerKeyQuery& answer_keys = b.answer_keys();
    ProfileRepository& profiles = b.profiles();
    LanguageRepository& languages = b.languages();
    AccountRepository& accounts = b.accounts();
    ProgressStore& progress = b.progress();
};

}  // namespace ll::test
