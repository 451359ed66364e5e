#pragma once
// An AudioEncoder for core unit tests: small files that start as Ogg and MP4 files do and differ
// with their input, a tenth of the input's size or more. `fail` makes every encoding fail.
#include <atomic>
#include <functional>
#include <string>

#include "core/ports/audio_encoder.hpp"

namespace ll {

class FakeAudioEncoder final : public AudioEncoder {
  public:
    std::atomic<bool> fail{false};
    std::atomic<int> calls{0};

    EncodedAudio encode(std::string_view wav) override {
        ++calls;
        if (fail) throw AudioEncodingError("the encoder refused the audio");
        const std::string tag = std::to_string(std::hash<std::string_view>{}(wav));
        const std::string body(wav.size() / 10, 'x');
        return EncodedAudio{"OggS" + tag + body,
                            std::string("\0\0\0\x18", 4) + "ftypM4A " + tag + body + body};
    }
};

}  // namespace ll
