#include "core/app/export_account.hpp"

#include "core/domain/errors.hpp"

namespace ll {

Result<ExportOutput> export_account(LearnerPorts& ports, Id user_id) {
    auto records = ports.learner_data.read_all(user_id);
    if (!records) return errors::user_not_found();
    // The hash is a secret of the service, not data about the learner: it never leaves.
    records->account.password_hash.clear();
    return ExportOutput{ports.clock.now(), std::move(*records)};
}

}  // namespace ll
