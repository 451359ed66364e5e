#pragma once
// GET /auth/me/export's document (docs/accounts.md; schema LearnerExport in docs/openapi.yaml).
#include <boost/json.hpp>

#include "core/app/export_account.hpp"

namespace ll::http {

// Never writes the password hash, whatever the records hold.
boost::json::value to_json(const ExportOutput& out);

}  // namespace ll::http
