// What only the in-memory ContentStore checks: a read() transaction that tries to write is a
// programming error (PostgreSQL refuses it too: READ ONLY), and nothing of it stays.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "adapters/memory/memory_backend.hpp"

using namespace ll;

TEST_CASE("memory content: a read that writes throws logic_error and changes nothing",
          "[content]") {
    MemoryBackend backend;
    CHECK_THROWS_AS(backend.content().read([](ContentTx& tx) { tx.insert_picture(Picture{}); }),
                    std::logic_error);
    CHECK_THROWS_AS(backend.content().read([](ContentTx& tx) { tx.insert_category("Neu"); }),
                    std::logic_error);
    std::size_t pictures = 1, categories = 0;
    backend.content().read([&](ContentTx& tx) {
        pictures = tx.pictures({}, {}).size();
        categories = tx.categories().size();
    });
    CHECK(pictures == 0);
    CHECK(categories == 12);
}
