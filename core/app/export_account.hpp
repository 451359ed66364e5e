#pragma once
// GET /auth/me/export: everything stored about the learner (issue 18 point 1; the shape in
// docs/openapi.yaml LearnerExport), never the password hash.
#include "core/app/learner_ports.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct ExportOutput {
    Timestamp exported_at{};
    LearnerRecords records;  // the account's password hash emptied
};

// 404 `User not found` when the account no longer exists.
Result<ExportOutput> export_account(LearnerPorts& ports, Id user_id);

}  // namespace ll
