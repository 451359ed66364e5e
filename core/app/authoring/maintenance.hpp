#pragma once
// Orphan purges and the link-table check (docs/spec/authoring.md: purge-all-orphans, setup-m2m).
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/unit_of_work.hpp"

namespace ll {

Result<std::vector<std::pair<std::string, std::int64_t>>> purge_all_orphans(AuthoringPorts& ports);
Result<LinkTableCheck> setup_link_tables(AuthoringPorts& ports);

}  // namespace ll
