#pragma once
// The authoring API over the in-memory adapters, composed like authoring-api
// (add_authoring_routes), with one item of every kind (picture, object with its label word,
// word, statement, question, pair; each id 1), so the `:id` routes reach their body decoding.
// The synthesizer and the word generator are the in-memory stand-ins: espeak-ng and FreeDict
// have their own tests, and the fuzzed bytes reach them only as validated text.
#include <string>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/router.hpp"
#include "adapters/memory/fake_audio_encoder.hpp"
#include "adapters/memory/fake_renditions.hpp"
#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/memory/memory_backend.hpp"
#include "adapters/memory/memory_media_store.hpp"
#include "adapters/memory/scripted_word_generator.hpp"
#include "adapters/memory/tone_synthesizer.hpp"
#include "adapters/security/dev_tokens.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "adapters/security/session_signer.hpp"
#include "fuzz/support/learner_world.hpp"

namespace ll::fuzz {

struct AuthoringWorld {
    AuthoringWorld();
    AuthoringWorld(const AuthoringWorld&) = delete;
    AuthoringWorld& operator=(const AuthoringWorld&) = delete;

    MemoryBackend backend;
    ManualClock clock{fuzz_now(), std::chrono::minutes{60}};
    MemoryMediaStore media;
    FakeRenditions renditions;
    ToneSynthesizer speech;
    FakeAudioEncoder encoder;
    ScriptedWordGenerator words;
    Utf8procFolding folding;  // the preview's accepted answers
    JwtTokenService tokens{kFuzzSecret, 3600};
    ConstantTimeDevTokens dev_tokens{{kDevToken}};
    FakePasswordHasher hasher;  // the sign-in route is reached, argon2id is not the target
    HmacSessionSigner signer{kFuzzSecret};
    http::Metrics metrics;
    http::Router router;
    std::string authorization = std::string("Bearer ") + kDevToken;
};

}  // namespace ll::fuzz
