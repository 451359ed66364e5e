#pragma once
// A fresh test database (memory, SQLite or PostgreSQL, see test_backends.hpp) with one learner
// who has a profile, and one published word pair to book.
#include "tests/support/test_backends.hpp"

namespace ll::test {

struct OneLearner {
    std::unique_ptr<TestDatabase> db = make_test_database();
    StorageBackend& b = db->backend();
    Id user = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});

    OneLearner() { b.profiles().create(NewProfile{user, "ada", "ada", 1, 3}); }
};

}  // namespace ll::test
