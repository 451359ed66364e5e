// The dictd index and dictzip reader against the real Debian files, checked against zlib's own
// sequential gzip decoding.
#include <zlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "adapters/words/dict_index.hpp"
#include "adapters/words/dictzip_reader.hpp"
#include "core/ports/word_generator.hpp"

namespace {

const std::string kDir = "/usr/share/dictd";

std::string gunzip_all(const std::string& path) {
    gzFile f = gzopen(path.c_str(), "rb");
    REQUIRE(f != nullptr);
    std::string out;
    char buf[1 << 16];
    int n = 0;
    while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
    gzclose(f);
    return out;
}

std::filesystem::path temp_file(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           (name + "-" + std::to_string(std::random_device{}()));
}

}  // namespace

TEST_CASE("dictd base64 numbers decode most significant digit first", "[words][dictzip]") {
    using ll::words::decode_dictd_number;
    CHECK(decode_dictd_number("A") == 0);
    CHECK(decode_dictd_number("/") == 63);
    CHECK(decode_dictd_number("BA") == 64);
    CHECK(decode_dictd_number("F1") == 373);
    CHECK(decode_dictd_number("BABk8") == 16783676);
    CHECK(decode_dictd_number("") == -1);
    CHECK(decode_dictd_number("B-") == -1);
}

TEST_CASE("the index finds every entry of a headword in file order", "[words][dictzip]") {
    const ll::words::DictIndex index(kDir + "/freedict-deu-eng.index");
    CHECK(index.size() > 500000);
    const auto hund = index.find("hund");
    REQUIRE(hund.size() == 3);
    CHECK(hund[0].offset == 16783676);
    CHECK(hund[0].length == 373);
    CHECK(index.find("Hund").empty());  // keys are lower-case; callers lower-case first
    CHECK(index.find("xyzzyqq").empty());
    CHECK(index.contains("katze"));
    const auto prefixed = index.keys_with_prefix("hundehütt", 50);
    CHECK(std::find(prefixed.begin(), prefixed.end(), "hundehütte") != prefixed.end());
    const auto suffixed = index.keys_with_suffix("schäferhund", 50);
    CHECK(std::find(suffixed.begin(), suffixed.end(), "deutscher schäferhund") != suffixed.end());
}

TEST_CASE("random access reads equal a full decompression", "[words][dictzip]") {
    const auto path = kDir + "/freedict-deu-swe.dict.dz";
    const ll::words::DictzipReader reader(path);
    REQUIRE(reader.random_access());
    const auto all = gunzip_all(path);
    REQUIRE(all.size() > 6000000);
    std::mt19937_64 rng(42);
    for (int i = 0; i < 200; ++i) {
        const std::uint64_t length = rng() % 200000;  // up to ~4 chunks of 58315 bytes
        const std::uint64_t offset = rng() % (all.size() - length);
        REQUIRE(reader.read(offset, length) == all.substr(offset, length));
    }
    CHECK(reader.read(all.size() - 10, 10) == all.substr(all.size() - 10));  // last chunk
    CHECK_THROWS_AS(reader.read(all.size() - 5, 10), ll::GenerationError);
    CHECK_THROWS_AS(reader.read(all.size() + 100000, 1), ll::GenerationError);
}

TEST_CASE("a plain gzip file without a chunk table is inflated whole", "[words][dictzip]") {
    const auto path = temp_file("plain.dict.gz");
    const std::string text = "Hund\nhund\nKatze\nkatt\n";
    gzFile f = gzopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    REQUIRE(gzwrite(f, text.data(), static_cast<unsigned>(text.size())) ==
            static_cast<int>(text.size()));
    gzclose(f);
    const ll::words::DictzipReader reader(path.string());
    CHECK_FALSE(reader.random_access());
    CHECK(reader.read(5, 4) == "hund");
    std::filesystem::remove(path);
}

TEST_CASE("unreadable dictionary files are GenerationErrors", "[words][dictzip]") {
    CHECK_THROWS_AS(ll::words::DictzipReader("/nonexistent/x.dict.dz"), ll::GenerationError);
    CHECK_THROWS_AS(ll::words::DictIndex("/nonexistent/x.index"), ll::GenerationError);
    const auto path = temp_file("not-gzip.dict.dz");
    std::ofstream(path) << "this is not gzip";
    CHECK_THROWS_AS(ll::words::DictzipReader(path.string()), ll::GenerationError);
    const auto index = temp_file("bad.index");
    std::ofstream(index) << "hund\tBABk8\n";
    CHECK_THROWS_AS(ll::words::DictIndex(index.string()), ll::GenerationError);
    std::filesystem::remove(path);
    std::filesystem::remove(index);
}
