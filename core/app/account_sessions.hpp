#pragma once
// Every way an account can be signed in, ended together (docs/accounts.md "Staff credentials"):
// its refresh families (the app's devices, and the `sid` of every access token, learner's or
// staff's, issued with them) and its studio sessions (the authoring API's cookie). A password
// change or reset, a sign-out everywhere, a demotion and a deactivation all come here, so a
// stolen token or cookie cannot outlive any of them on either service.
#include <string>
#include <string_view>
#include <vector>

#include "core/app/session_standing.hpp"
#include "core/domain/types.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

struct AccountSessionPorts {
    RefreshSessionRepository& refresh;
    StaffSessionRepository& studio;
    const Clock& clock;
};

// Where a learner use case ends an account's sessions: from its ports (LearnerPorts, or a
// narrower set holding `sessions`, `staff_sessions` and `clock`).
template <typename From>
AccountSessionPorts account_sessions(const From& from) {
    return AccountSessionPorts{from.sessions, from.staff_sessions, from.clock};
}

// Ends every refresh family of the account but `keep` (empty: none is kept) and every studio
// session. Answers the ids of the families ended, for the caller's SessionStanding to forget
// (elsewhere they stop within ACCOUNT_RECHECK_SECONDS); studio sessions end at once everywhere,
// because every request reads its session's row.
std::vector<std::string> end_account_sessions(const AccountSessionPorts& ports, Id user_id,
                                              std::string_view keep = {});

// The same, and this process forgets the ended families at once (`standing`: the learner
// routes' or the authoring routes' view of refresh families).
void end_account_sessions(const AccountSessionPorts& ports, SessionStanding& standing, Id user_id,
                          std::string_view keep = {});

}  // namespace ll
