#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <string>

#include "adapters/speech/wav_info.hpp"

namespace {

void put16(std::string& s, std::uint16_t v) {
    s += static_cast<char>(v & 0xFF);
    s += static_cast<char>(v >> 8);
}

void put32(std::string& s, std::uint32_t v) {
    put16(s, static_cast<std::uint16_t>(v & 0xFFFF));
    put16(s, static_cast<std::uint16_t>(v >> 16));
}

std::string chunk(const std::string& id, const std::string& body) {
    std::string c = id;
    put32(c, static_cast<std::uint32_t>(body.size()));
    c += body;
    if (body.size() % 2) c += '\0';
    return c;
}

std::string fmt_body(std::uint16_t channels = 1, std::uint32_t rate = 22050,
                     std::uint16_t bits = 16) {
    const std::uint16_t align = static_cast<std::uint16_t>(channels * bits / 8);
    std::string b;
    put16(b, 1);
    put16(b, channels);
    put32(b, rate);
    put32(b, rate * align);
    put16(b, align);
    put16(b, bits);
    return b;
}

std::string riff(const std::string& chunks) {
    std::string w = "RIFF";
    put32(w, static_cast<std::uint32_t>(4 + chunks.size()));
    return w + "WAVE" + chunks;
}

// 22050 Hz, mono, 16 bit: 44100 bytes per second.
std::string samples(std::size_t n) {
    return std::string(n, '\x11');
}

// What espeak-ng writes to a pipe: placeholder RIFF and data sizes.
std::string streamed(std::uint32_t placeholder, const std::string& data) {
    std::string w = "RIFF";
    put32(w, placeholder);
    w += "WAVE" + chunk("fmt ", fmt_body()) + "data";
    put32(w, placeholder);
    return w + data;
}

// Parses a copy in a buffer of exactly n bytes, so that a read past the end is a heap overflow
// (caught by the LL_SANITIZE build) instead of a read of the string's spare capacity.
std::optional<ll::WavInfo> parse_exact(const std::string& bytes, std::size_t n) {
    auto buffer = std::make_unique<char[]>(n == 0 ? 1 : n);
    std::copy(bytes.data(), bytes.data() + n, buffer.get());
    return ll::read_wav_info(std::string_view(buffer.get(), n));
}

}  // namespace

TEST_CASE("read_wav_info reads the format and data of a PCM WAV", "[wav]") {
    const std::string wav =
        riff(chunk("fmt ", fmt_body(2, 48000, 16)) + chunk("data", samples(192000)));
    const auto info = ll::read_wav_info(wav);
    REQUIRE(info);
    CHECK(info->format == 1);
    CHECK(info->channels == 2);
    CHECK(info->sample_rate == 48000);
    CHECK(info->byte_rate == 192000);
    CHECK(info->block_align == 4);
    CHECK(info->bits_per_sample == 16);
    CHECK(info->riff_size == wav.size() - 8);
    CHECK(info->data_offset == 44);
    CHECK(info->data_size == 192000);
    CHECK(info->data_size_declared);
    CHECK(info->duration_ms == 1000);
}

TEST_CASE("read_wav_info skips other chunks, honouring the pad byte of odd sizes", "[wav]") {
    const std::string wav = riff(chunk("LIST", "abc") + chunk("fmt ", fmt_body()) +
                                 chunk("data", samples(4410)) + chunk("cue ", "xyz"));
    const auto info = ll::read_wav_info(wav);
    REQUIRE(info);
    CHECK(info->data_offset == 12 + 12 + 24 + 8);
    CHECK(info->data_size == 4410);
    CHECK(info->duration_ms == 100);
}

TEST_CASE("read_wav_info refuses every truncated header without reading past the end", "[wav]") {
    const std::string wav =
        riff(chunk("LIST", "abcde") + chunk("fmt ", fmt_body()) + chunk("data", samples(100)));
    const std::size_t header = wav.size() - 100;
    for (std::size_t n = 0; n < header; ++n) {
        INFO("length " << n);
        CHECK_FALSE(parse_exact(wav, n));
    }
    // From the end of the data chunk header on, a short buffer is a streamed file: the data
    // runs to the end of what is there.
    for (std::size_t n = header; n <= wav.size(); ++n) {
        INFO("length " << n);
        const auto info = parse_exact(wav, n);
        REQUIRE(info);
        CHECK(info->data_size == n - header);
    }
}

TEST_CASE("read_wav_info refuses what is not a WAV", "[wav]") {
    CHECK_FALSE(ll::read_wav_info(""));
    CHECK_FALSE(ll::read_wav_info("hello world, not a wave file at all"));
    CHECK_FALSE(ll::read_wav_info("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
    std::string avi = riff(chunk("fmt ", fmt_body()) + chunk("data", samples(10)));
    avi.replace(8, 4, "AVI ");
    CHECK_FALSE(ll::read_wav_info(avi));
    SECTION("no fmt chunk") {
        CHECK_FALSE(ll::read_wav_info(riff(chunk("data", samples(10)))));
    }
    SECTION("no data chunk") {
        CHECK_FALSE(ll::read_wav_info(riff(chunk("fmt ", fmt_body()))));
    }
    SECTION("fmt chunk too short") {
        CHECK_FALSE(ll::read_wav_info(
            riff(chunk("fmt ", fmt_body().substr(0, 14)) + chunk("data", samples(10)))));
    }
    SECTION("fmt chunk too short, even when what follows would complete it") {
        // Bytes 14-15 of the short chunk would be read from the next chunk's id: 16 bits.
        const std::string next_id("\x10\0ab", 4);
        CHECK_FALSE(ll::read_wav_info(riff(chunk("fmt ", fmt_body().substr(0, 14)) +
                                           chunk(next_id, "") + chunk("data", samples(10)))));
    }
    SECTION("zero channels or sample rate") {
        CHECK_FALSE(ll::read_wav_info(riff(chunk("fmt ", fmt_body(0)) + chunk("data", "ab"))));
        CHECK_FALSE(ll::read_wav_info(riff(chunk("fmt ", fmt_body(1, 0)) + chunk("data", "ab"))));
    }
    SECTION("byte rate that does not match the PCM format") {
        std::string body = fmt_body();
        body[8] = '\x01';
        CHECK_FALSE(ll::read_wav_info(riff(chunk("fmt ", body) + chunk("data", samples(10)))));
    }
    SECTION("a chunk larger than the file") {
        std::string wav =
            riff(chunk("LIST", "abcd") + chunk("fmt ", fmt_body()) + chunk("data", samples(10)));
        wav[16] = wav[17] = wav[18] = '\xFF';
        wav[19] = '\xF0';
        CHECK_FALSE(ll::read_wav_info(wav));
    }
    SECTION("two data chunks") {
        CHECK_FALSE(ll::read_wav_info(
            riff(chunk("fmt ", fmt_body()) + chunk("data", "ab") + chunk("data", "cd"))));
    }
}

TEST_CASE("read_wav_info takes undeclared data sizes to run to the end", "[wav]") {
    for (const std::uint32_t placeholder : {0u, 0xFFFFFFFFu, 0x7FFFF000u}) {
        INFO("placeholder " << placeholder);
        const std::string wav = streamed(placeholder, samples(22050));
        const auto info = ll::read_wav_info(wav);
        REQUIRE(info);
        CHECK_FALSE(info->data_size_declared);
        CHECK(info->data_offset == 44);
        CHECK(info->data_size == 22050);
        CHECK(info->duration_ms == 500);
    }
}

TEST_CASE("repair_wav_sizes writes the real sizes into a streamed WAV", "[wav]") {
    for (const std::uint32_t placeholder : {0u, 0xFFFFFFFFu, 0x7FFFF024u}) {
        INFO("placeholder " << placeholder);
        std::string wav = streamed(placeholder, samples(4411));  // half a frame too many
        const auto info = ll::repair_wav_sizes(wav);
        REQUIRE(info);
        CHECK(wav.size() == 44 + 4410);
        CHECK(info->data_size_declared);
        CHECK(info->data_size == 4410);
        CHECK(info->riff_size == wav.size() - 8);
        CHECK(info->duration_ms == 100);
        // Now it is what a file written in one go looks like.
        CHECK(wav == riff(chunk("fmt ", fmt_body()) + chunk("data", samples(4410))));
    }
}

TEST_CASE("repair_wav_sizes pads odd data and leaves good or foreign files alone", "[wav]") {
    SECTION("8-bit mono with an odd number of samples gets a pad byte") {
        std::string wav = "RIFF";
        put32(wav, 0);
        wav += "WAVE" + chunk("fmt ", fmt_body(1, 8000, 8)) + "data";
        put32(wav, 0xFFFFFFFFu);
        wav += samples(801);
        const auto info = ll::repair_wav_sizes(wav);
        REQUIRE(info);
        CHECK(info->data_size == 801);
        CHECK(wav.size() == 44 + 802);
        CHECK(wav.back() == '\0');
        CHECK(info->riff_size == wav.size() - 8);
    }
    SECTION("a well-formed file is unchanged") {
        const std::string good =
            riff(chunk("fmt ", fmt_body()) + chunk("data", samples(100)) + chunk("LIST", "ab"));
        std::string copy = good;
        REQUIRE(ll::repair_wav_sizes(copy));
        CHECK(copy == good);
    }
    SECTION("not a WAV: nullopt, bytes untouched") {
        std::string junk = "RIFF\xFF\xFF\xFF\xFFWAVEjunk";
        const std::string before = junk;
        CHECK_FALSE(ll::repair_wav_sizes(junk));
        CHECK(junk == before);
    }
}
