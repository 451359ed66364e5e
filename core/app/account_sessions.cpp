#include "core/app/account_sessions.hpp"

namespace ll {

std::vector<std::string> end_account_sessions(const AccountSessionPorts& ports, Id user_id,
                                              std::string_view keep) {
    const Timestamp now = ports.clock.now();
    ports.studio.revoke_user(user_id, now);
    return ports.refresh.revoke_others(user_id, keep, now);
}

void end_account_sessions(const AccountSessionPorts& ports, SessionStanding& standing, Id user_id,
                          std::string_view keep) {
    for (const auto& id : end_account_sessions(ports, user_id, keep)) standing.forget(id);
}

}  // namespace ll
