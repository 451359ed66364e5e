#pragma once
// The hostile picture uploads tests/media/hostile_images.py writes into the image fuzz corpus
// (docs/operations.md "Picture decoding"): many_scans.jpg, interlaced16.png, truncated.jpg.
// LL_HOSTILE_IMAGES_DIR is set by tests/CMakeLists.txt.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

namespace ll::test {

inline std::string hostile_image(const std::string& name) {
    std::ifstream in(std::string(LL_HOSTILE_IMAGES_DIR) + "/" + name, std::ios::binary);
    REQUIRE(in);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace ll::test
