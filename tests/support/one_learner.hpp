#pragma once
// A fresh test database (memory, SQLite or PostgreSQL, see test_backends.hpp) with one learner
// who has a profile, and one published word pair to book.
#include "tests/support/test_backends.hpp"

namespace ll::test {

struct OneLearner {
    explicit OneLearner(int pool_size = 4) : db(make_test_database(pool_size)) {
        b.profiles().create(NewProfile{user, "ada", "ada", 1, 3});
    }

    std::unique_ptr<TestDatabase> db;
    StorageBackend& b = db->backend();
    Id user = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
};

}  // namespace ll::test
