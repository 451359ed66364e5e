#pragma once
// GET /auth/me/export: everything stored about the learner (the shape in docs/openapi.yaml
// LearnerExport), never the password hash, a reset link's digest or a session's id.
#include "core/app/learner_ports.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct ExportOutput {
    Timestamp exported_at{};
    LearnerRecords records;  // the password hash, reset digests and session ids emptied;
                             // idempotency_keys holds only Idempotency-Key headers' records
    // The offline batch's client ids still kept (30 days; POST /auth/progress/batch), as the
    // app sent them: the store keeps them beside the header keys under kBatchClientIdPrefix.
    std::vector<IdempotencyKeyRecord> batch_client_ids;
};

// 404 `User not found` when the account no longer exists.
Result<ExportOutput> export_account(LearnerPorts& ports, Id user_id);

}  // namespace ll
