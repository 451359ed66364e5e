// langlearn-admin: migrations, seeds and staff accounts from the command line
// (docs/spec/decisions.md 1).
#include <termios.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "adapters/clock/system_clock.hpp"
#include "adapters/config/service_config.hpp"
#include "adapters/media/vips_renditions.hpp"
#include "adapters/persistence/sql_backend.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/speech/espeak_synthesizer.hpp"
#include "adapters/speech/ffmpeg_audio_encoder.hpp"
#include "adapters/words/freedict_generator.hpp"
#include "apps/common/media_store_choice.hpp"
#include "apps/langlearn-admin/demo_seed.hpp"
#include "apps/langlearn-admin/media_commands.hpp"
#include "core/app/account_admin.hpp"
#include "core/app/authoring/audio_variants.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/renditions.hpp"
#include "core/app/create_staff.hpp"
#include "core/app/delete_account.hpp"
#include "core/app/learning/fit_schedules.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/rules.hpp"

namespace {

constexpr const char* kUsage =
    "usage: langlearn-admin COMMAND\n"
    "  migrate                               apply pending migrations\n"
    "  seed [--demo]                         seeds come with the migrations; --demo adds a small\n"
    "                                        published content set with pictures and audio\n"
    "  create-staff --email E --role R       create a staff account (editor|admin); the password\n"
    "                                        is read from stdin (or prompted on a terminal)\n"
    "  set-role EMAIL ROLE                   ROLE: end-user | editor | admin\n"
    "  set-active EMAIL true|false           (de)activate an account\n"
    "  block-email EMAIL                     refuse registration for this e-mail\n"
    "  delete-user EMAIL                     delete a learner's account and all of its data\n"
    "                                        (one transaction; staff accounts: set-role first)\n"
    "  backfill-pair-categories              recompute the categories of every published pair\n"
    "  make-renditions                       make the thumbnail and phone rendition of every\n"
    "                                        picture stored without them (idempotent)\n"
    "  make-audio-variants                   make the Opus and AAC copy of every audio stored\n"
    "                                        without them (idempotent)\n"
    "  migrate-media [--from DIR]            copy a media folder (MEDIA_DIR) into the database\n"
    "                                        (MEDIA_STORE=database); idempotent, the folder stays\n"
    "  check-media                           every picture, rendition and audio the content\n"
    "                                        references is in the media store (exit 1: missing)\n"
    "  fit-schedules [--min-reviews N]       fit the memory model's parameters to each learner\n"
    "                                        with at least N (400) review-log lines; kept where\n"
    "                                        they predict the learner's latest reviews better\n"
    "environment: DATABASE_URL (default sqlite://./var/langlearn.db), MEDIA_DIR (./var/media),\n"
    "             MEDIA_STORE (folder | database), TTS_COMMAND (espeak-ng), FFMPEG_COMMAND "
    "(ffmpeg), APP_TIMEZONE (UTC), "
    "PASSWORD_HASH_MEMORY_KIB,\n"
    "             PASSWORD_HASH_PASSES, as the services read them (docs/configuration.md)\n";

// The authoring parts the content commands need (the demo seed speaks and makes renditions;
// the backfills read and write content and media).
struct Authoring {
    Authoring(ll::StorageBackend& storage, const ll::ServiceConfig& config)
        : clock(config.app_timezone),
          media(ll::app::open_media_store(config)),
          speech(config.tts_command),
          encoder(config.ffmpeg_command),
          ports{storage.content(), *media, renditions, speech, encoder, words, clock} {}
    ll::SystemClock clock;
    std::unique_ptr<ll::MediaStore> media;
    ll::VipsRenditions renditions;
    ll::EspeakSynthesizer speech;
    ll::FfmpegAudioEncoder encoder;
    ll::FreedictGenerator words;
    ll::AuthoringPorts ports;
};

std::string read_password() {
    const bool terminal = ::isatty(STDIN_FILENO);
    termios saved{};
    if (terminal) {
        std::fputs("password: ", stderr);
        ::tcgetattr(STDIN_FILENO, &saved);
        termios quiet = saved;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string password;
    std::getline(std::cin, password);
    if (terminal) {
        ::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        std::fputs("\n", stderr);
    }
    return password;
}

// fit-schedules: one line per learner fitted, then the totals (docs/learning.md "Fitted
// parameters").
int fit_schedules_command(ll::StorageBackend& storage, const ll::ServiceConfig& config,
                          std::int64_t min_reviews) {
    using namespace ll;
    const SystemClock clock(config.app_timezone);
    const FitSchedulesPorts ports{storage.review_log(), storage.learning_settings(), clock};
    long long learners = 0, adopted = 0, failed = 0, reviews = 0;
    const auto start = std::chrono::steady_clock::now();
    fit_schedules(ports, min_reviews, [&](const LearnerFit& fit) {
        ++learners;
        reviews += fit.reviews;
        if (!fit.problem.empty()) {
            ++failed;
            std::fprintf(stderr, "fit-schedules: learner %lld: %s\n",
                         static_cast<long long>(fit.user_id), fit.problem.c_str());
            return;
        }
        if (fit.adopted) ++adopted;
        std::printf(
            "fit-schedules: learner %lld, %lld reviews; log loss on the latest %zu: "
            "defaults %.4f, fitted %.4f -> %s\n",
            static_cast<long long>(fit.user_id), static_cast<long long>(fit.reviews), fit.checked,
            fit.default_log_loss, fit.fitted_log_loss, fit.adopted ? "fitted" : "defaults");
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "fit-schedules: %lld learner(s) with %lld or more reviews, %lld fitted, %lld on "
        "the defaults, %lld failed; %lld reviews in %.1f s\n",
        learners, static_cast<long long>(min_reviews), adopted, learners - adopted - failed, failed,
        reviews, seconds);
    return failed > 0 ? 1 : 0;
}

int run(const std::vector<std::string>& args) {
    using namespace ll;
    if (args.empty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    // The services' variables, read and checked as they read them (docs/configuration.md).
    const ServiceConfig config = load_config(ServiceKind::admin, process_environment());
    const std::string& command = args[0];
    if (command == "migrate" && args.size() == 1) {
        const int applied = apply_migrations(config.database_url);
        std::printf("migrate: %d migration(s) applied\n", applied);
        return 0;
    }
    SqlBackend storage(SqlBackendOptions{config.database_url, 1, true});
    if (command == "seed" && (args.size() == 1 || (args.size() == 2 && args[1] == "--demo"))) {
        std::printf("seed: languages, achievements and categories are seeded by the migrations\n");
        if (args.size() == 2) {
            Authoring authoring(storage, config);
            const auto added = seed_demo_content(authoring.ports);
            if (added.pictures == 0) {
                std::printf("seed --demo: content exists already, nothing added\n");
            } else {
                std::printf("seed --demo: %d pictures, %d published pairs, %d audio files\n",
                            added.pictures, added.pairs, added.audios);
            }
        }
        return 0;
    }
    if (command == "create-staff" && args.size() == 5 && args[1] == "--email" &&
        args[3] == "--role") {
        const std::string password = read_password();
        Argon2idPasswordHasher hasher(config.password_hash_memory_kib, config.password_hash_passes);
        const auto account =
            create_staff(storage.accounts(), hasher, CreateStaffInput{args[2], password, args[4]});
        if (!account) {
            std::fprintf(stderr, "create-staff: %s\n", account.error().message.c_str());
            return account.error().status == 409 ? 1 : 2;
        }
        std::printf("create-staff: %s (%s) created with id %lld\n", account->email.c_str(),
                    account->role.c_str(), static_cast<long long>(account->id));
        return 0;
    }
    // A demotion or a (de)activation also ends the account's sessions (docs/accounts.md
    // "Staff credentials").
    SystemClock clock(config.app_timezone);
    AccountAdminPorts admin{
        storage.accounts(),
        AccountSessionPorts{storage.refresh_sessions(), storage.staff_sessions(), clock}};
    if (command == "set-role" && args.size() == 3) {
        const auto account = set_account_role(admin, args[1], args[2]);
        if (!account && account.error().status == 400)
            return std::fprintf(stderr, "set-role: %s\n", account.error().message.c_str()), 2;
        if (!account) return std::fprintf(stderr, "set-role: no account %s\n", args[1].c_str()), 1;
        std::printf("set-role: %s is now %s\n", args[1].c_str(), args[2].c_str());
        return 0;
    }
    if (command == "set-active" && args.size() == 3 && (args[2] == "true" || args[2] == "false")) {
        if (!set_account_active(admin, args[1], args[2] == "true"))
            return std::fprintf(stderr, "set-active: no account %s\n", args[1].c_str()), 1;
        std::printf("set-active: %s is now %s\n", args[1].c_str(),
                    args[2] == "true" ? "active" : "inactive");
        return 0;
    }
    if (command == "block-email" && args.size() == 2) {
        storage.blocklist().block(normalize_email(args[1]));
        std::printf("block-email: %s can no longer register\n", args[1].c_str());
        return 0;
    }
    // Support deletes an account on request (docs/accounts.md). Exit 1 when there is nothing to
    // delete or the account is staff's.
    if (command == "delete-user" && args.size() == 2) {
        const auto deleted =
            delete_account_by_email(storage.accounts(), storage.learner_data(), args[1]);
        if (!deleted && deleted.error().status == 404)
            return std::fprintf(stderr, "delete-user: no account %s\n", args[1].c_str()), 1;
        if (!deleted) {  // 403: a staff account
            return std::fprintf(stderr,
                                "delete-user: %s is a staff account; make it an end-user first "
                                "(set-role %s end-user)\n",
                                args[1].c_str(), args[1].c_str()),
                   1;
        }
        std::printf("delete-user: %s (id %lld) deleted with all of its data\n",
                    deleted->email.c_str(), static_cast<long long>(deleted->id));
        return 0;
    }
    if (command == "backfill-pair-categories" && args.size() == 1) {
        Authoring authoring(storage, config);
        const auto pairs = backfill_pair_categories(authoring.ports);
        std::printf("backfill-pair-categories: %lld published pair(s) recomputed\n",
                    static_cast<long long>(pairs));
        return 0;
    }
    if (command == "make-renditions" && args.size() == 1) {
        Authoring authoring(storage, config);
        const auto done = make_missing_renditions(authoring.ports);
        for (const auto& problem : done.problems)
            std::fprintf(stderr, "make-renditions: %s\n", problem.c_str());
        std::printf("make-renditions: %lld made, %lld skipped, %lld failed\n",
                    static_cast<long long>(done.made), static_cast<long long>(done.skipped),
                    static_cast<long long>(done.failed));
        return done.failed > 0 ? 1 : 0;
    }
    if (command == "make-audio-variants" && args.size() == 1) {
        Authoring authoring(storage, config);
        const auto started = std::chrono::steady_clock::now();
        const auto done = make_missing_audio_variants(authoring.ports);
        const std::chrono::duration<double, std::milli> took =
            std::chrono::steady_clock::now() - started;
        for (const auto& problem : done.problems)
            std::fprintf(stderr, "make-audio-variants: %s\n", problem.c_str());
        // The time per audio made: the encode time per card an operator plans a backfill by.
        std::printf(
            "make-audio-variants: %lld made, %lld skipped, %lld failed (%.0f ms per audio)\n",
            static_cast<long long>(done.made), static_cast<long long>(done.skipped),
            static_cast<long long>(done.failed),
            done.made > 0 ? took.count() / static_cast<double>(done.made) : 0.0);
        return done.failed > 0 ? 1 : 0;
    }
    if (command == "migrate-media" &&
        (args.size() == 1 || (args.size() == 3 && args[1] == "--from")))
        return app::migrate_media_command(config, args.size() == 3 ? args[2] : config.media_dir);
    if (command == "check-media" && args.size() == 1) return app::check_media_command(config);
    if (command == "fit-schedules" &&
        (args.size() == 1 || (args.size() == 3 && args[1] == "--min-reviews"))) {
        const auto min_reviews = args.size() == 1
                                     ? std::optional<std::int64_t>{kDefaultMinReviewsToFit}
                                     : decimal_in(args[2], 1, 1'000'000'000);
        if (!min_reviews) {
            std::fprintf(stderr, "fit-schedules: --min-reviews takes a whole number from 1\n");
            return 2;
        }
        return fit_schedules_command(storage, config, *min_reviews);
    }
    std::fputs(kUsage, stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const ll::ConfigError& e) {
        std::fprintf(stderr, "langlearn-admin: %s\n", e.what());
        return 2;
    } catch (const ll::DatabaseUnavailable&) {
        std::fputs("langlearn-admin: the database at DATABASE_URL cannot be reached\n", stderr);
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "langlearn-admin: %s\n", e.what());
        return 1;
    }
}
