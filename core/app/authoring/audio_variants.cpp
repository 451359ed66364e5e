#include "core/app/authoring/audio_variants.hpp"

#include <fmt/format.h>

#include <functional>
#include <optional>

#include "core/app/authoring/unit_of_work.hpp"

namespace ll {
namespace {

bool has_variants(const Audio& a) {
    return a.bytes && a.opus && a.aac;
}

std::int64_t size_of(std::string_view bytes) {
    return static_cast<std::int64_t>(bytes.size());
}

}  // namespace

void store_audio_files(AuthoringPorts& ports, std::string_view wav, std::string_view extension,
                       Audio& audio) {
    const EncodedAudio encoded = ports.encoder.encode(wav);
    // Stored before any row names them (as pictures' renditions are).
    audio.file_path = ports.media.put(wav, extension);
    audio.bytes = size_of(wav);
    audio.opus = AudioVariant{ports.media.put(encoded.opus, EncodedAudio::kOpusExtension),
                              size_of(encoded.opus)};
    audio.aac = AudioVariant{ports.media.put(encoded.aac, EncodedAudio::kAacExtension),
                             size_of(encoded.aac)};
}

AudioVariantBackfill make_missing_audio_variants(AuthoringPorts& ports) {
    using Write = std::optional<std::function<bool(AudioRows&)>>;
    const auto rows = [](AudioRows& audios, const Page& page) { return audios.audios(page); };
    // Also when a copy's file is gone from the store (a partial restore): the feed would name it.
    const auto needs = [&](const Audio& a) {
        return !has_variants(a) || !ports.media.exists(a.opus->file_path) ||
               !ports.media.exists(a.aac->file_path);
    };
    const auto make = [&](const Audio& a, std::string& problem) -> Write {
        const auto fail = [&](const std::string& why) {
            problem = fmt::format("audio {}: {}", a.id, why);
            return std::nullopt;
        };
        const auto wav = ports.media.read(a.file_path);
        if (!wav) return fail(fmt::format("its file {} is not in the media store", a.file_path));
        const auto dot = a.file_path.rfind('.');
        const std::string extension =
            dot == std::string::npos ? std::string() : a.file_path.substr(dot + 1);
        Audio converted = a;
        try {
            store_audio_files(ports, *wav, extension, converted);
        } catch (const std::exception& e) {
            return fail(e.what());
        }
        // The row keeps naming its file (the same bytes, wherever it was stored); written only
        // while it still does.
        converted.file_path = a.file_path;
        return [converted](AudioRows& audios) { return audios.set_audio_variants(converted); };
    };
    return run_backfill<Audio>(ports.content, rows, needs, make);
}

}  // namespace ll
