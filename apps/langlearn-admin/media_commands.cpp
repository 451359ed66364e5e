#include "apps/langlearn-admin/media_commands.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "adapters/media/media_names.hpp"
#include "adapters/persistence/sql_media_store.hpp"
#include "apps/common/media_store_choice.hpp"
#include "core/domain/errors.hpp"

namespace ll::app {
namespace {

// Far above any file the services make (uploads are 10 MiB at most, a spoken text of 5,000
// bytes some minutes of WAV): a larger one is not ours, and is not read into memory.
constexpr std::uintmax_t kMaxMediaFileBytes = 256ULL << 20;

// The referenced names the store lacks, each printed on stderr under `command`.
long long report_missing(const MediaStore& store, const ServiceConfig& config, const char* command,
                         long long& referenced) {
    long long missing = 0;
    const auto names = referenced_media(config.database_url);
    referenced = static_cast<long long>(names.size());
    for (const auto& name : names) {
        if (store.exists(name)) continue;
        ++missing;
        std::fprintf(stderr, "%s: missing %s\n", command, name.c_str());
    }
    return missing;
}

}  // namespace

int migrate_media_command(const ServiceConfig& config, const std::string& from_dir) {
    namespace fs = std::filesystem;
    if (!config.media_in_database) {
        std::fputs(
            "migrate-media: set MEDIA_STORE=database; the command copies the folder's files "
            "into the database the services then read them from\n",
            stderr);
        return 2;
    }
    std::error_code ec;
    if (!fs::is_directory(from_dir, ec)) {
        std::fprintf(stderr, "migrate-media: %s is not a folder\n", from_dir.c_str());
        return 2;
    }
    SqlMediaStore store(config.database_url, 1);
    long long copied = 0, present = 0, failed = 0, ignored = 0;
    // One file in memory at a time, whatever the folder holds. The store wrote regular files
    // only: a link or anything else is left alone (it could point anywhere, at any size).
    for (const auto& entry : fs::directory_iterator(from_dir)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || entry.is_symlink() || !is_media_name(name)) {
            ++ignored;  // an interrupted upload's temporary file, or not ours
            continue;
        }
        try {
            if (store.exists(name)) {
                ++present;
                continue;
            }
            const auto size = entry.file_size();
            if (size > kMaxMediaFileBytes) {
                ++failed;
                std::fprintf(stderr, "migrate-media: %s is larger than any upload (%llu bytes)\n",
                             name.c_str(), static_cast<unsigned long long>(size));
                continue;
            }
            std::string bytes(static_cast<std::size_t>(size), '\0');
            std::ifstream in(entry.path(), std::ios::binary);
            if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())) ||
                in.peek() != std::ifstream::traits_type::eof()) {
                ++failed;
                std::fprintf(stderr, "migrate-media: cannot read %s as it was listed\n",
                             name.c_str());
                continue;
            }
            // The name is the content's hash: a file that no longer matches it was damaged on
            // disk, and is left out rather than served under a name that promises other bytes.
            if (media_name_for(bytes, name.substr(65)) != name) {
                ++failed;
                std::fprintf(stderr,
                             "migrate-media: %s does not hold the bytes its name promises\n",
                             name.c_str());
                continue;
            }
            store.put(bytes, name.substr(65));
            ++copied;
        } catch (const DatabaseUnavailable&) {
            throw;  // nothing more can be copied: main says so
        } catch (const std::exception& e) {
            ++failed;
            std::fprintf(stderr, "migrate-media: %s: %s\n", name.c_str(), e.what());
        }
    }
    long long referenced = 0;
    const long long missing = report_missing(store, config, "migrate-media", referenced);
    std::printf(
        "migrate-media: %lld copied, %lld there already, %lld failed, %lld other files left "
        "alone; %lld of %lld referenced files missing\n",
        copied, present, failed, ignored, missing, referenced);
    return failed > 0 || missing > 0 ? 1 : 0;
}

int check_media_command(const ServiceConfig& config) {
    const auto store = open_media_store(config);
    long long referenced = 0;
    const long long missing = report_missing(*store, config, "check-media", referenced);
    std::printf(
        "check-media: %lld referenced files, %lld present, %lld missing (media in the %s)\n",
        referenced, referenced - missing, missing,
        config.media_in_database ? "database" : "folder");
    return missing > 0 ? 1 : 0;
}

}  // namespace ll::app
