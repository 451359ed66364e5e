#pragma once
// An authoring world on the in-memory adapters: content store, media, a silent synthesizer and
// a scripted word generator, with bodies written as JSON text (decoded like the HTTP adapter).
#include <catch2/catch.hpp>

#include "adapters/http/json/body_parser.hpp"
#include "adapters/http/json/codec.hpp"
#include "adapters/memory/fake_audio_encoder.hpp"
#include "adapters/memory/fake_renditions.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/memory/memory_backend.hpp"
#include "adapters/memory/memory_media_store.hpp"
#include "adapters/memory/scripted_word_generator.hpp"
#include "adapters/memory/tone_synthesizer.hpp"
#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/domain/time_format.hpp"

namespace ll::test {

// A request body as the HTTP adapter hands it to the core.
inline LooseValue body(const std::string& json) {
    auto object = http::parse_body(json);
    REQUIRE(object);
    return std::move(*object);
}

template <typename T>
T ok(Result<T> r) {
    INFO((r ? std::string() : r.error().message));
    REQUIRE(r.ok());
    return std::move(r.value());
}

template <typename T>
std::string error_of(const Result<T>& r) {
    return r ? std::string("(no error)") : r.error().message;
}

template <typename T>
int status_of(const Result<T>& r) {
    return r ? 200 : r.error().status;
}

struct AuthoringWorld {
    MemoryBackend backend;
    ManualClock clock{*parse_timestamp("2026-11-22T10:00:00.000Z")};
    MemoryMediaStore media;
    ToneSynthesizer speech;
    FakeAudioEncoder encoder;
    ScriptedWordGenerator words;
    FakeRenditions renditions;
    AuthoringPorts ports{backend.content(), media, renditions, speech, encoder, words, clock};

    // Reads the store directly (what is stored afterwards).
    template <typename F>
    auto stored(F&& f) {
        std::optional<decltype(f(std::declval<ContentTx&>()))> out;
        backend.content().read([&](ContentTx& tx) { out.emplace(f(tx)); });
        return std::move(*out);
    }
};

// The same with a picture ("Hof") and one object on it.
struct ObjectWorld : AuthoringWorld {
    Id picture = ok(decoded(create_picture, ports, body(R"({"title":"Hof"})"))).id;
    Id object =
        ok(decoded(create_object, ports, body(R"({"picture_id":)" + std::to_string(picture) + "}")))
            .id;
};

}  // namespace ll::test
