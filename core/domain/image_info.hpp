#pragma once
// Picture type detection from the bytes themselves (docs/spec/authoring.md: PNG, JPEG, WebP; the
// type is checked from the file, not taken from the Content-Type header), with the width and height
// read from the file. Pure and allocation-free, so it is also a fuzz target.
#include <cstdint>
#include <optional>
#include <string_view>

namespace ll {

struct ImageInfo {
    std::string_view mime;       // "image/png", "image/jpeg", "image/webp"
    std::string_view extension;  // "png", "jpg", "webp"
    int width = 0;               // > 0
    int height = 0;              // > 0
};

// nullopt unless the bytes are a PNG, JPEG or WebP whose header is complete and well-formed
// and gives a positive width and height.
std::optional<ImageInfo> detect_image(std::string_view bytes);

// JPEG start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
bool is_jpeg_frame_marker(std::uint32_t marker);

}  // namespace ll
