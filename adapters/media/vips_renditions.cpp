#include "adapters/media/vips_renditions.hpp"

#include <algorithm>
#include <memory>
#include <mutex>

#include <vips/vips.h>

namespace ll {
namespace {

constexpr int kJpegQuality = 80;  // visually clean for photos at a third of q95's bytes
constexpr int kPngCompression = 6;
// A damaged or cut-short file fails the load instead of coming out half grey. `warning`, not
// `error`: libjpeg only warns when a scan's data stop before its blocks do (the frame claims
// more than the file holds: "premature end of data segment") and fills the rest with grey.
// PNG and WebP fail on errors either way. (libvips 8.14's thumbnail does not hand its own
// fail_on to the loader; the loader's options do reach it.)
constexpr const char* kLoadOptions = "fail_on=warning";

struct Unref {
    void operator()(VipsImage* image) const { g_object_unref(image); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

// libvips' error text (and clears it): for the log, never for a client.
std::string vips_problem(const char* what) {
    char* text = vips_error_buffer_copy();
    std::string out = std::string(what) + ": " + (text ? text : "");
    g_free(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

void discard_log(const gchar*, GLogLevelFlags, const gchar*, gpointer) {}

void start_vips() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (VIPS_INIT("langlearn") != 0) throw std::runtime_error(vips_problem("libvips init"));
        // Warnings about damaged files would go to stderr; failures reach us through the error
        // buffer instead, and a damaged file fails the load (fail_on below).
        g_log_set_handler("VIPS", static_cast<GLogLevelFlags>(G_LOG_LEVEL_MASK), discard_log,
                          nullptr);
        vips_cache_set_max(0);
        vips_cache_set_max_mem(0);
        vips_cache_set_max_files(0);
        vips_concurrency_set(1);
        // Only the loaders of the formats an upload may be (detect_image checked the magic
        // bytes already) and none that libvips itself calls untrusted.
        vips_block_untrusted_set(TRUE);
        vips_operation_block_set("VipsForeignLoad", TRUE);
        for (const char* loader :
             {"VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp"})
            vips_operation_block_set(loader, FALSE);
    });
}

// The image as a file of its kind: PNG keeps transparency, JPEG for everything else.
Rendition encode(VipsImage* image) {
    void* buffer = nullptr;
    size_t length = 0;
    const bool alpha = vips_image_hasalpha(image);
    const int failed = alpha
                           ? vips_pngsave_buffer(image, &buffer, &length, "strip", TRUE,
                                                 "compression", kPngCompression, nullptr)
                           : vips_jpegsave_buffer(image, &buffer, &length, "Q", kJpegQuality,
                                                  "strip", TRUE, "optimize_coding", TRUE, nullptr);
    if (failed) throw std::runtime_error(vips_problem("encoding a rendition"));
    Rendition out;
    out.bytes.assign(static_cast<const char*>(buffer), length);
    g_free(buffer);
    out.extension = alpha ? "png" : "jpg";
    out.width = vips_image_get_width(image);
    out.height = vips_image_get_height(image);
    return out;
}

}  // namespace

VipsRenditions::VipsRenditions() {
    start_vips();
}

std::vector<Rendition> VipsRenditions::make(std::string_view image,
                                            const std::vector<int>& long_sides) {
    if (long_sides.empty()) return {};
    if (std::any_of(long_sides.begin(), long_sides.end(), [](int s) { return s <= 0; }))
        throw std::invalid_argument("a rendition's long side must be positive");
    // The largest rendition straight from the bytes: the JPEG and WebP loaders decode at a
    // fraction of the size (shrink-on-load), so a 4000x3000 photo never lives in memory whole.
    // An embedded colour profile is converted to sRGB before the metadata is stripped.
    const int largest = *std::max_element(long_sides.begin(), long_sides.end());
    VipsImage* raw = nullptr;
    if (vips_thumbnail_buffer(const_cast<char*>(image.data()), image.size(), &raw, largest, "size",
                              VIPS_SIZE_DOWN, "export_profile", "srgb", "option_string",
                              kLoadOptions, nullptr))
        throw UndecodableImage(vips_problem("decoding the image"));
    Image scaled(raw);
    // Decoded once into memory; the smaller renditions are made from it. A damaged file that
    // the header did not show fails here.
    Image decoded(vips_image_copy_memory(scaled.get()));
    if (!decoded) throw UndecodableImage(vips_problem("decoding the image"));

    std::vector<Rendition> out;
    out.reserve(long_sides.size());
    for (const int side : long_sides) {
        if (side == largest) {
            out.push_back(encode(decoded.get()));
            continue;
        }
        VipsImage* smaller = nullptr;
        // Upright already: the first step applied and removed the orientation.
        if (vips_thumbnail_image(decoded.get(), &smaller, side, "size", VIPS_SIZE_DOWN, "no_rotate",
                                 TRUE, nullptr))
            throw std::runtime_error(vips_problem("scaling a rendition"));
        Image held(smaller);
        out.push_back(encode(held.get()));
    }
    return out;
}

}  // namespace ll
