#pragma once
// GET /auth/me/export: everything stored about the learner (the shape in docs/openapi.yaml
// LearnerExport), never the password hash, a reset link's digest or a session's id.
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/learner_data.hpp"

namespace ll {

// What GET /auth/me/export uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct ExportPorts {
    LearnerDataRepository& learner_data;
    const Clock& clock;
    template <typename From>
    ExportPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : learner_data(from.learner_data), clock(from.clock) {}
};

struct ExportOutput {
    Timestamp exported_at{};
    LearnerRecords records;  // the password hash, reset digests and session ids emptied;
                             // idempotency_keys holds only Idempotency-Key headers' records
    // The offline batch's client ids still kept (30 days; POST /auth/progress/batch), as the
    // app sent them: the store keeps them beside the header keys under kBatchClientIdPrefix.
    std::vector<IdempotencyKeyRecord> batch_client_ids;
};

// 404 `User not found` when the account no longer exists.
Result<ExportOutput> export_account(const ExportPorts& ports, Id user_id);

}  // namespace ll
