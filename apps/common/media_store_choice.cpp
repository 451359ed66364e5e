#include "apps/common/media_store_choice.hpp"

#include "adapters/media/local_media_store.hpp"
#include "adapters/persistence/sql_media_store.hpp"

namespace ll::app {

std::unique_ptr<MediaStore> open_media_store(const ServiceConfig& config) {
    if (config.media_in_database)
        return std::make_unique<SqlMediaStore>(config.database_url, config.media_pool_size);
    return std::make_unique<LocalMediaStore>(config.media_dir);
}

}  // namespace ll::app
