#pragma once
// Encodes RGB pixels as a PNG (8-bit truecolour, one IDAT, zlib): the demo seed draws its
// pictures with it and the tests make pictures of any size.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ll {

using Rgb = std::array<std::uint8_t, 3>;

// `pixels` row by row, width * height of them. Throws std::invalid_argument on a size mismatch.
std::string encode_png(int width, int height, const std::vector<Rgb>& pixels);

// A picture of one colour.
std::string solid_png(int width, int height, Rgb colour = {200, 120, 60});

}  // namespace ll
