// MediaStore contract, on each store that names files by SHA-256: the folder (LocalMediaStore)
// always, and the database (SqlMediaStore, MEDIA_STORE=database) on the SQL backends. Bytes of
// every value, ranges across PostgreSQL's storage chunks, names that are no media name, racing
// puts; and referenced_media, what langlearn-admin check-media compares the store with.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "adapters/media/local_media_store.hpp"
#include "adapters/persistence/database.hpp"
#include "adapters/persistence/sql_media_store.hpp"
#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct TempFolder {
    std::filesystem::path path;
    TempFolder() {
        static int counter = 0;
        path = std::filesystem::temp_directory_path() /
               ("langlearn-media-contract-" + std::to_string(::getpid()) + "-" +
                std::to_string(counter++));
        std::filesystem::remove_all(path);
    }
    ~TempFolder() { std::filesystem::remove_all(path); }
};

// The stores under test, each with what it needs kept alive.
struct Stores {
    TempFolder folder;
    std::unique_ptr<TestDatabase> db = make_test_database();
    std::vector<std::pair<std::string, std::unique_ptr<MediaStore>>> all;
    Stores() {
        all.emplace_back("folder", std::make_unique<LocalMediaStore>(folder.path.string()));
        if (!db->url().empty())
            all.emplace_back(db->name(), std::make_unique<SqlMediaStore>(db->url(), 2));
    }
};

std::string every_byte(std::size_t size) {
    std::string out(size, '\0');
    for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<char>((i * 7 + i / 256) % 256);
    return out;
}

}  // namespace

TEST_CASE("media stores: bytes of every value come back, named by their SHA-256", "[media]") {
    Stores stores;
    for (auto& [label, store] : stores.all) {
        INFO(label);
        const std::string bytes = every_byte(256 * 3);
        const std::string name = store->put(bytes, "png");
        CHECK(is_media_name(name));
        CHECK(store->read(name) == bytes);
        CHECK(store->size_of(name) == bytes.size());
        CHECK(store->exists(name));
        CHECK(store->put("abc", "txt") ==
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.txt");
        CHECK(store->read("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.txt") ==
              "abc");
        const std::string empty = store->put("", "wav");
        CHECK(store->read(empty) == "");
        CHECK(store->size_of(empty) == 0u);
        CHECK(store->read_part(empty, 0, 10) == "");
        // The same bytes again: the same name, nothing else stored.
        CHECK(store->put(bytes, "png") == name);
        CHECK(store->put(bytes, "webp") != name);  // the extension is part of the name
    }
}

TEST_CASE("media stores: a range reads only its bytes, across storage chunks", "[media]") {
    Stores stores;
    const std::string bytes = every_byte(300 * 1000);  // ~150 of PostgreSQL's 2 kB chunks
    for (auto& [label, store] : stores.all) {
        INFO(label);
        const std::string name = store->put(bytes, "ogg");
        CHECK(store->read_part(name, 0, 10) == bytes.substr(0, 10));
        CHECK(store->read_part(name, 1999, 4003) == bytes.substr(1999, 4003));
        CHECK(store->read_part(name, 299990, 100) == bytes.substr(299990));  // fewer at the end
        CHECK(store->read_part(name, 300000, 5) == "");                      // past the end
        CHECK(store->read_part(name, 5, UINT64_MAX) == bytes.substr(5));
        CHECK(store->read_part(name, UINT64_MAX - 1, 5) == "");
        CHECK(store->read(name) == bytes);
    }
}

TEST_CASE("media stores: unknown and malformed names read nothing", "[media]") {
    Stores stores;
    for (auto& [label, store] : stores.all) {
        INFO(label);
        store->put("x", "png");
        const std::string unknown(64, 'a');
        for (const std::string& name :
             {unknown + ".png", std::string("../etc/passwd"), std::string("abc.png"),
              std::string(64, 'A') + ".png", unknown + ".PNG", unknown + ".png/x", std::string(""),
              unknown + "." + std::string(9, 'a')}) {
            INFO(name);
            CHECK_FALSE(store->exists(name));
            CHECK_FALSE(store->size_of(name).has_value());
            CHECK_FALSE(store->read(name).has_value());
            CHECK_FALSE(store->read_part(name, 0, 1).has_value());
        }
        CHECK_THROWS_AS(store->put("y", "p/ng"), std::invalid_argument);
        CHECK_THROWS_AS(store->put("y", ""), std::invalid_argument);
        CHECK_THROWS_AS(store->put("y", "verylongext"), std::invalid_argument);
    }
}

TEST_CASE("media stores: racing puts of the same bytes store one file", "[media]") {
    Stores stores;
    const std::string bytes = every_byte(50 * 1000);
    for (auto& [label, store] : stores.all) {
        INFO(label);
        std::vector<std::string> names(6);
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < names.size(); ++i)
            threads.emplace_back([&, i] { names[i] = store->put(bytes, "jpg"); });
        for (auto& t : threads) t.join();
        for (const auto& name : names) CHECK(name == names[0]);
        CHECK(store->read(names[0]) == bytes);
    }
    for (auto& [label, store] : stores.all) {
        if (auto* sql = dynamic_cast<SqlMediaStore*>(store.get())) {
            INFO(label);
            CHECK(sql->names().size() == 1);
        }
    }
}

TEST_CASE("media: the names the content references, without their public prefix", "[media][sql]") {
    ContentDb c;
    if (c.db->url().empty()) return;  // the memory backend has no database to read
    CHECK(referenced_media(c.db->url()).empty());
    c.write([](ContentTx& tx) {
        Picture p = full_picture();  // image, thumbnail and phone rendition
        p.image_path = "/media/" + std::string(64, 'a') + ".png";
        p.thumbnail_path = std::string(64, 'b') + ".jpg";
        p.phone_path = std::string(64, 'c') + ".jpg";
        tx.insert_picture(p);
        Picture bare;  // a picture without renditions
        bare.title = "ohne";
        bare.image_path = std::string(64, 'a') + ".png";  // the same file: listed once
        bare.thumbnail_path.reset();
        bare.phone_path.reset();
        tx.insert_picture(bare);
        const Id statement = tx.insert_statement(statement_with("Hund")).id;
        Audio audio =
            audio_for("statements", statement, "text_de", "de", std::string(64, 'd') + ".wav");
        audio.opus = AudioVariant{std::string(64, 'e') + ".opus", 10};
        audio.aac = AudioVariant{std::string(64, 'f') + ".m4a", 20};
        tx.upsert_audio(audio);
        const Id other = tx.insert_statement(statement_with("Katze")).id;
        Audio stale =
            audio_for("statements", other, "text_de", "de", std::string(64, '1') + ".wav");
        stale.opus = AudioVariant{std::string(64, '2') + ".opus", 10};
        stale.aac = AudioVariant{std::string(64, '3') + ".m4a", 20};
        tx.upsert_audio(stale);
    });
    // The second audio spoken again by a replica of the release before the copies, which
    // replaces file_path only: its copies are served as none, so nothing needs their files.
    sql::Database raw(sql::parse_database_url(c.db->url()), 1);
    raw.write([](soci::session& s) {
        s << "UPDATE audios SET file_path = '" + std::string(64, '4') +
                 ".wav' WHERE file_path = '" + std::string(64, '1') + ".wav'";
    });
    CHECK(referenced_media(c.db->url()) ==
          std::vector<std::string>{std::string(64, '4') + ".wav", std::string(64, 'a') + ".png",
                                   std::string(64, 'b') + ".jpg", std::string(64, 'c') + ".jpg",
                                   std::string(64, 'd') + ".wav", std::string(64, 'e') + ".opus",
                                   std::string(64, 'f') + ".m4a"});
}
