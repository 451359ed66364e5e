#include "core/app/authoring/maintenance.hpp"

namespace ll {

Result<std::vector<std::pair<std::string, std::int64_t>>> purge_all_orphans(AuthoringPorts& ports) {
    using Counts = std::vector<std::pair<std::string, std::int64_t>>;
    return write<Counts>(ports, [&](ContentMaintenance& maintenance) -> Result<Counts> {
        return maintenance.purge_orphans();
    });
}

Result<LinkTableCheck> setup_link_tables(AuthoringPorts& ports) {
    return write<LinkTableCheck>(ports,
                                 [&](ContentMaintenance& maintenance) -> Result<LinkTableCheck> {
                                     return maintenance.ensure_link_tables();
                                 });
}

}  // namespace ll
