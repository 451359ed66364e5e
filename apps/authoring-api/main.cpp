// authoring-api: the composition root of the staff service (docs/spec/decisions.md 1): the /api/*
// and /pictures routes and the studio (/studio/) on the shared service composition, with
// espeak-ng for speech and FreeDict (or an OpenAI-compatible model when LLM_URL is set) for word
// generation.
#include <spdlog/spdlog.h>

#include "adapters/http/authoring/routes.hpp"
#include "adapters/http/studio/routes.hpp"
#include "adapters/media/vips_renditions.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/dev_tokens.hpp"
#include "adapters/security/session_signer.hpp"
#include "adapters/speech/espeak_synthesizer.hpp"
#include "adapters/speech/ffmpeg_audio_encoder.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "adapters/web/embedded_files.hpp"
#include "adapters/words/freedict_generator.hpp"
#include "adapters/words/llm_generator.hpp"
#include "apps/common/service_runner.hpp"

int main() {
    using namespace ll;
    std::unique_ptr<ConstantTimeDevTokens> dev_tokens;
    std::unique_ptr<Argon2idPasswordHasher> hasher;  // the studio's sign-in
    std::unique_ptr<HmacSessionSigner> signer;
    std::unique_ptr<EspeakSynthesizer> speech;
    std::unique_ptr<FfmpegAudioEncoder> encoder;
    std::unique_ptr<VipsRenditions> renditions;
    std::unique_ptr<WordGenerator> words;
    return app::run_service("authoring-api", ServiceKind::authoring, [&](app::Service& s) {
        dev_tokens = std::make_unique<ConstantTimeDevTokens>(s.config.dev_tokens);
        hasher = std::make_unique<Argon2idPasswordHasher>(s.config.password_hash_memory_kib,
                                                          s.config.password_hash_passes);
        signer = std::make_unique<HmacSessionSigner>(s.config.jwt_secret);
        speech = std::make_unique<EspeakSynthesizer>(s.config.tts_command);
        encoder = std::make_unique<FfmpegAudioEncoder>(s.config.ffmpeg_command);
        renditions = std::make_unique<VipsRenditions>();
        // The key would cross the network in the clear (and any proxy on the way could log it).
        if (!s.config.llm_api_key.empty() && s.config.llm_url.rfind("http://", 0) == 0)
            spdlog::warn(
                "LLM_URL is plain http:// and LLM_API_KEY is set: the key is sent "
                "unencrypted; use https:// unless the endpoint is on this machine");
        if (s.config.llm_url.empty()) {
            words = std::make_unique<FreedictGenerator>();
        } else {
            try {
                words = std::make_unique<LlmGenerator>(
                    LlmSettings{s.config.llm_url, s.config.llm_model, s.config.llm_api_key});
            } catch (const GenerationError& e) {
                throw std::runtime_error(std::string("LLM_URL / LLM_MODEL: ") + e.what());
            }
        }
        spdlog::info("authoring-api: word generation by {}, speech by {}, encoding by {}",
                     words->name(), s.config.tts_command, s.config.ffmpeg_command);
        static const Utf8procFolding folding;  // the preview's accepted answers
        http::add_authoring_routes(
            s.router,
            AuthoringPorts{s.storage.content(), s.media, *renditions, *speech, *encoder, *words,
                           s.clock},
            http::AuthoringAccess{
                s.tokens, *dev_tokens, s.storage.accounts(), s.storage.refresh_sessions(), *hasher,
                s.storage.staff_sessions(), *signer,
                http::RateLimits{s.config.auth_rate_per_minute, s.config.login_failures_per_email,
                                 s.config.trusted_proxies, s.config.public_origin},
                s.config.max_body_bytes, std::chrono::seconds(s.config.account_recheck_seconds)},
            s.metrics,
            CardAnalyticsPorts{s.storage.card_analytics(), s.storage.languages(),
                               s.storage.content()},
            PreviewPorts{s.storage.content(), s.storage.answer_keys(), folding});
        http::add_studio_routes(s.router, web::studio_files());
    });
}
