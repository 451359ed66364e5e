// /media runs on a pool of its own (Execution::media; docs/operations.md "Media"): while every
// media thread waits on a slow store, /readyz and the database routes still answer, and the
// waiting media requests are served once the store answers.
#include "tests/http/support/api.hpp"

#include <atomic>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "adapters/http/server/operational_routes.hpp"
#include "adapters/memory/memory_media_store.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// A store whose every lookup waits until the test opens the gate: a media store (or its
// database) that has stopped answering.
class GatedMediaStore final : public MediaStore {
  public:
    std::string put(std::string_view bytes, std::string_view extension) override {
        return files_.put(bytes, extension);
    }
    std::optional<std::string> read(std::string_view name) const override {
        ++reads;
        return files_.read(name);
    }
    std::optional<std::uint64_t> size_of(std::string_view name) const override {
        std::unique_lock lock(mutex_);
        ++waiting_;
        changed_.notify_all();
        changed_.wait(lock, [&] { return open_; });
        --waiting_;
        return files_.size_of(name);
    }
    std::optional<std::string> read_part(std::string_view name, std::uint64_t first,
                                         std::uint64_t count) const override {
        ++reads;
        return files_.read_part(name, first, count);
    }
    bool exists(std::string_view name) const override { return files_.exists(name); }

    // True once `n` lookups wait at the gate (within a generous bound).
    bool wait_for_waiting(int n) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, std::chrono::seconds(30), [&] { return waiting_ >= n; });
    }
    mutable std::atomic<int> reads = 0;  // read() and read_part() calls

    void open() {
        std::lock_guard lock(mutex_);
        open_ = true;
        changed_.notify_all();
    }

  private:
    MemoryMediaStore files_;
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    mutable int waiting_ = 0;
    bool open_ = false;
};

}  // namespace

TEST_CASE("media: a stalled media store holds neither /readyz nor the database routes",
          "[http][media]") {
    auto db = make_test_database(2);
    GatedMediaStore media;
    const std::string name = media.put("picture bytes", "png");
    http::Metrics metrics;
    http::Router router;
    http::add_operational_routes(router, db->backend(), metrics, media);
    http::ServerOptions options;
    options.host = "127.0.0.1";
    options.io_threads = 1;
    options.worker_threads = 2;
    options.media_threads = 2;
    options.access_log = false;
    http::Server server(options, std::move(router), metrics);
    server.start();

    // More media requests than media threads: two wait at the gate, two wait for a thread.
    std::vector<std::future<Reply>> pictures;
    for (int i = 0; i < 4; ++i) {
        pictures.push_back(std::async(std::launch::async, [&] {
            HttpClient client(server.port(), false);
            return client.get(media_url(name));
        }));
    }
    // Should a check below fail, the gate opens as the test unwinds, so the held requests end
    // and the test fails instead of hanging.
    auto open_gate = [](GatedMediaStore* store) { store->open(); };
    std::unique_ptr<GatedMediaStore, decltype(open_gate)> opened(&media, open_gate);
    REQUIRE(media.wait_for_waiting(2));
    // And the other two admitted behind them (their clients connect in their own time).
    HttpClient client(server.port(), false);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (client.get("/metrics").body.find("langlearn_http_queued{pool=\"media\"} 4") ==
               std::string::npos &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));

    for (int i = 0; i < 5; ++i) {  // more than the worker threads: none is held by media
        const Reply ready = client.get("/readyz");
        CHECK(ready.status == 200);
        CHECK(ready.body.find("ready") != std::string::npos);
    }
    const std::string queued = client.get("/metrics").body;
    CHECK(queued.find("langlearn_http_queued{pool=\"media\"} 4") != std::string::npos);
    CHECK(queued.find("langlearn_http_queued{pool=\"worker\"} 0") != std::string::npos);

    media.open();
    opened.reset();
    for (auto& picture : pictures) {
        const Reply r = picture.get();
        CHECK(r.status == 200);
        CHECK(r.body == "picture bytes");
    }
    server.stop();
}

TEST_CASE("media: HEAD reads no bytes from the store, whole or in a range", "[http][media]") {
    auto db = make_test_database(2);
    GatedMediaStore media;
    media.open();
    const std::string name = media.put(std::string(5000, 'x'), "png");
    http::Metrics metrics;
    http::Router router;
    http::add_operational_routes(router, db->backend(), metrics, media);
    http::ServerOptions options;
    options.host = "127.0.0.1";
    options.access_log = false;
    http::Server server(options, std::move(router), metrics);
    server.start();
    HttpClient client(server.port(), false);
    const Reply whole = client.call("HEAD", media_url(name));
    CHECK(whole.status == 200);
    CHECK(whole.header("content-length") == "5000");
    const Reply part = client.call("HEAD", media_url(name), {}, {{"Range", "bytes=10-"}});
    CHECK(part.status == 206);
    CHECK(part.header("content-length") == "4990");
    CHECK(media.reads == 0);
    CHECK(client.get(media_url(name)).body.size() == 5000);  // a GET does read
    CHECK(media.reads == 1);
    server.stop();
}
