// Bulk actions of the content lists (core/app/authoring/content_lists.hpp) when the store fails
// under them: an item whose work throws is that item's refusal (500, the reason kept for the log
// only) and the next is tried; once the database is gone (DatabaseUnavailable) every item left
// is refused with 503 without another try.
#include "core/app/authoring/content_lists.hpp"
#include "core/app/authoring/pairs.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// The memory store, failing as told: each transaction counted, then run or thrown.
struct FailingStore final : ContentStore {
    ContentStore& inner;
    enum class Mode { work, unavailable, broken } mode = Mode::work;
    int transactions = 0;

    explicit FailingStore(ContentStore& store) : inner(store) {}
    void fail() {
        ++transactions;
        if (mode == Mode::unavailable) throw DatabaseUnavailable();
        if (mode == Mode::broken) throw std::runtime_error("disk full at /var/lib/x");
    }
    void read(const std::function<void(ContentTx&)>& work) override {
        fail();
        inner.read(work);
    }
    void write(const std::function<void(ContentTx&)>& work) override {
        fail();
        inner.write(work);
    }
};

struct BulkWorld : ObjectWorld {
    FailingStore store{backend.content()};
    AuthoringPorts failing{store, media, renditions, speech, encoder, words, clock};
    std::vector<Id> pairs;

    BulkWorld() {
        for (int i = 0; i < 3; ++i)
            pairs.push_back(
                ok(decoded(create_pair, ports,
                           body(R"({"picture_id":)" + std::to_string(picture) +
                                R"(,"answer_type":"text","statement":{"text_de":"Satz."}})")))
                    .pair.id);
    }
    BulkResult review() { return ok(bulk_pairs(failing, BulkRequest{BulkAction::review, pairs})); }
};

}  // namespace

TEST_CASE("bulk: the database gone refuses the rest untried", "[authoring][content-lists]") {
    BulkWorld w;
    w.store.mode = FailingStore::Mode::unavailable;
    const BulkResult r = w.review();
    CHECK(r.done.empty());
    REQUIRE(r.refused.size() == 3);
    for (const auto& refusal : r.refused) {
        CHECK(refusal.error.status == 503);
        CHECK(refusal.error.message == "Service unavailable");
    }
    CHECK(w.store.transactions == 1);  // only the first item was tried
    CHECK(w.stored([&](ContentTx& tx) { return tx.pair(w.pairs[0])->status; }) == "draft");
}

TEST_CASE("bulk: an item that throws is refused with 500, the next is tried",
          "[authoring][content-lists]") {
    BulkWorld w;
    w.store.mode = FailingStore::Mode::broken;
    BulkResult r = w.review();
    REQUIRE(r.refused.size() == 3);
    CHECK(r.refused[0].error.status == 500);
    CHECK(r.refused[0].error.message == "Internal server error");  // never the reason itself
    CHECK(r.refused[0].error.detail == std::optional<std::string>("disk full at /var/lib/x"));
    CHECK(w.store.transactions == 3);
    // Working again: each is done.
    w.store.mode = FailingStore::Mode::work;
    r = w.review();
    CHECK(r.done == w.pairs);
    CHECK(r.refused.empty());
}
