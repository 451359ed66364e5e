#pragma once
// A learner account with a profile (native German, learning Swedish), written through the ports so
// it exists on every backend: the contract tests of booking, statistics and the learning engine
// start from it.
#include <string>

#include "core/ports/storage_backend.hpp"

namespace ll::test {

inline Id swedish_learner(StorageBackend& b, const std::string& name) {
    const Id id = b.accounts().create(NewAccount{name + "@example.com", "h", "end-user"})->id;
    b.profiles().create(NewProfile{id, name, name, 1, 3});
    return id;
}

}  // namespace ll::test
