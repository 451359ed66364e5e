#include "core/app/export_account.hpp"

#include <algorithm>

#include "core/domain/booking.hpp"
#include "core/domain/errors.hpp"

namespace ll {

Result<ExportOutput> export_account(const ExportPorts& ports, Id user_id) {
    auto records = ports.learner_data.read_all(user_id);
    if (!records) return errors::user_not_found();
    // The hash is a secret of the service, not data about the learner: it never leaves; nor do
    // the digests of reset links and the ids sessions are found by.
    records->account.password_hash.clear();
    for (auto& reset : records->password_resets) reset.digest.clear();
    for (auto& session : records->sessions) session.id.clear();
    for (auto& session : records->studio_sessions) session.id.clear();
    ExportOutput out{ports.clock.now(), std::move(*records), {}};
    // The batch's client ids apart, as the app sent them (without the store's prefix).
    auto& keys = out.records.idempotency_keys;
    const std::string_view prefix = kBatchClientIdPrefix;
    const auto batch = std::stable_partition(
        keys.begin(), keys.end(), [&](const auto& k) { return !k.key.starts_with(prefix); });
    for (auto it = batch; it != keys.end(); ++it) {
        it->key.erase(0, prefix.size());
        out.batch_client_ids.push_back(std::move(*it));
    }
    keys.erase(batch, keys.end());
    return out;
}

}  // namespace ll
