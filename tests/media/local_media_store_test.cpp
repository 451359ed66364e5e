#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "adapters/media/local_media_store.hpp"

using namespace ll;
namespace fs = std::filesystem;

namespace {

// A fresh folder under /tmp, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() / ("langlearn-media-test-" + std::to_string(::getpid()) +
                                            "-" + std::to_string(counter++));
        fs::remove_all(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir)) out.push_back(entry.path());
    return out;
}

std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("media store: put and read back, names are SHA-256 of the content", "[media]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    const std::string bytes("abc\0\xFF binary", 12);
    const std::string name = store.put(bytes, "png");
    CHECK(std::regex_match(name, std::regex("^[0-9a-f]{64}\\.png$")));
    CHECK(is_media_name(name));
    CHECK(store.exists(name));
    CHECK(store.read(name) == bytes);
    CHECK(file_bytes(tmp.path / name) == bytes);
    // The SHA-256 of "abc" (FIPS 180-2 example).
    CHECK(store.put("abc", "txt") ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.txt");
    // Empty content is a file too.
    CHECK(store.put("", "wav") ==
          "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.wav");
    CHECK(store.read("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.wav") == "");
    CHECK(media_url(name) == "/media/" + name);
}

TEST_CASE("media store: same bytes one file, different bytes different names", "[media]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    const std::string a = store.put("picture one", "webp");
    const auto written = fs::last_write_time(tmp.path / a);
    CHECK(store.put("picture one", "webp") == a);
    CHECK(fs::last_write_time(tmp.path / a) == written);  // not rewritten
    const std::string b = store.put("picture two", "webp");
    CHECK(b != a);
    CHECK(store.put("picture one", "jpg") != a);  // the extension is part of the name
    CHECK(files_in(tmp.path).size() == 3);
    CHECK(store.read(a) == "picture one");
    CHECK(store.read(b) == "picture two");
    // Files are readable by others: a web server in front may serve the folder.
    CHECK((fs::status(tmp.path / a).permissions() & fs::perms::others_read) != fs::perms::none);
}

TEST_CASE("media store: extensions are checked", "[media]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    for (std::string_view bad : {"", "PNG", "p.g", "../x", "a/b", "123456789", "webp ", "é"}) {
        INFO(bad);
        CHECK_THROWS_AS(store.put("x", bad), std::invalid_argument);
    }
    CHECK_NOTHROW(store.put("x", "12345678"));
    CHECK_NOTHROW(store.put("x", "mp3"));
    CHECK(files_in(tmp.path).size() == 2);
}

TEST_CASE("media store: size and parts without reading the whole file", "[media]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    const std::string bytes = "0123456789";
    const std::string name = store.put(bytes, "mp3");
    CHECK(store.size_of(name) == 10u);
    CHECK(store.read_part(name, 0, 1) == "0");
    CHECK(store.read_part(name, 3, 4) == "3456");
    CHECK(store.read_part(name, 8, 100) == "89");  // cut at the end of the file
    CHECK(store.read_part(name, 10, 5) == "");     // nothing past it
    CHECK_FALSE(
        store.size_of("0000000000000000000000000000000000000000000000000000000000000000.mp3"));
    CHECK_FALSE(store.read_part("../" + name, 0, 1));
    CHECK_FALSE(store.size_of(".hidden"));
}

TEST_CASE("media store: only plain media names are read", "[media]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    const std::string name = store.put("secret?", "png");
    // Files next to the store and inside it that are not media names.
    std::ofstream(tmp.path / ".hidden") << "hidden";
    std::ofstream(tmp.path / "plain.png") << "plain";
    fs::create_directories(tmp.path / "sub");
    std::ofstream(tmp.path / "sub" / name) << "nested";
    const std::string upper = [&] {
        std::string s = name;
        for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return s;
    }();
    for (const std::string& bad : {std::string("../x"),
                                   std::string("/etc/passwd"),
                                   std::string(".hidden"),
                                   std::string("plain.png"),
                                   std::string("sub/") + name,
                                   "../" + name,
                                   "./" + name,
                                   name + "/",
                                   name + "/x",
                                   "/" + name,
                                   upper,
                                   name.substr(0, 64),
                                   name.substr(0, 63) + ".png",
                                   name + ".",
                                   name.substr(0, 64) + ".",
                                   name.substr(0, 64) + ".p/g",
                                   name.substr(0, 64) + ".123456789",
                                   std::string(),
                                   name.substr(0, 64) + "..png",
                                   name + std::string(1, '\0')}) {
        INFO(bad);
        CHECK_FALSE(store.read(bad));
        CHECK_FALSE(store.exists(bad));
        CHECK_FALSE(is_media_name(bad));
    }
    const std::string unknown(64, 'a');
    CHECK_FALSE(store.read(unknown + ".png"));
    CHECK_FALSE(store.exists(unknown + ".png"));
    CHECK(store.read(name) == "secret?");
}

TEST_CASE("media store: a fresh nested folder is created", "[media]") {
    TempDir tmp;
    const fs::path nested = tmp.path / "a" / "b" / "media";
    LocalMediaStore store(nested.string());
    CHECK(fs::is_directory(nested));
    const std::string name = store.put("sound", "ogg");
    CHECK(fs::exists(nested / name));
    // A second store on the same folder sees the same files.
    LocalMediaStore again(nested.string());
    CHECK(again.read(name) == "sound");
    // A path that is a file cannot be a store.
    std::ofstream(tmp.path / "file") << "x";
    CHECK_THROWS_AS(LocalMediaStore((tmp.path / "file").string()), std::runtime_error);
}

TEST_CASE("media store: concurrent puts of the same content", "[media][concurrency]") {
    TempDir tmp;
    LocalMediaStore store(tmp.path.string());
    std::string bytes;
    for (int i = 0; i < 256 * 1024; ++i) bytes += static_cast<char>(i * 7 + i / 256);
    std::vector<std::string> names(8);
    std::vector<std::thread> threads;
    for (int round = 0; round < 5; ++round) {
        const std::string content = bytes + std::to_string(round);
        threads.clear();
        for (std::size_t t = 0; t < names.size(); ++t)
            threads.emplace_back([&, t] { names[t] = store.put(content, "bin"); });
        for (auto& thread : threads) thread.join();
        CHECK(std::set<std::string>(names.begin(), names.end()).size() == 1);
        CHECK(store.read(names[0]) == content);
    }
    // One file per content, no temporary file left over.
    const auto files = files_in(tmp.path);
    CHECK(files.size() == 5);
    for (const auto& f : files) CHECK(is_media_name(f.filename().string()));
}
