#include "adapters/media/png_writer.hpp"

#include <zlib.h>

#include <stdexcept>

namespace ll {
namespace {

void be32(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((v >> shift) & 0xFF));
}

void chunk(std::string& out, const char* type, const std::string& data) {
    be32(out, static_cast<std::uint32_t>(data.size()));
    const std::string typed = std::string(type, 4) + data;
    out += typed;
    be32(out, static_cast<std::uint32_t>(::crc32(0, reinterpret_cast<const Bytef*>(typed.data()),
                                                 static_cast<uInt>(typed.size()))));
}

}  // namespace

std::string encode_png(int width, int height, const std::vector<Rgb>& pixels) {
    if (width <= 0 || height <= 0 ||
        pixels.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
        throw std::invalid_argument("encode_png: pixels do not match the size");
    std::string raw;
    raw.reserve(pixels.size() * 3 + static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) {
        raw.push_back('\0');  // filter: none
        for (int x = 0; x < width; ++x)
            for (auto v : pixels[static_cast<std::size_t>(y) * width + x])
                raw.push_back(static_cast<char>(v));
    }
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::string packed(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                  reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                  9) != Z_OK)
        throw std::runtime_error("encode_png: zlib failed");
    packed.resize(size);

    std::string header;
    be32(header, static_cast<std::uint32_t>(width));
    be32(header, static_cast<std::uint32_t>(height));
    header += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, no filter/interlace
    std::string png("\x89PNG\r\n\x1a\n", 8);
    chunk(png, "IHDR", header);
    chunk(png, "IDAT", packed);
    chunk(png, "IEND", "");
    return png;
}

std::string solid_png(int width, int height, Rgb colour) {
    return encode_png(width, height,
                      std::vector<Rgb>(static_cast<std::size_t>(width) * height, colour));
}

}  // namespace ll
