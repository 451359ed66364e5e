// Password change and reset (docs/accounts.md "Passwords"): PUT /auth/password,
// POST /auth/password-reset and POST /auth/password-reset/confirm.
#include <atomic>
#include <functional>

#include <spdlog/spdlog.h>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "adapters/http/server/accept_language.hpp"
#include "adapters/http/server/low_priority_pool.hpp"
#include "core/app/change_password.hpp"
#include "core/app/password_reset.hpp"
#include "core/domain/messages.hpp"

namespace ll::http::learner {
namespace {

constexpr const char* kMailsMetric = "langlearn_password_reset_mails_total";

const char* outcome_label(ResetMail outcome) {
    switch (outcome) {
        case ResetMail::sent:
            return "sent";
        case ResetMail::no_account:
            return "no_account";
        case ResetMail::over_limit:
            return "over_limit";
        case ResetMail::dropped:
            return "dropped";
    }
    return "dropped";
}

// The reset requests' work (the account lookup, the token, the mail's hand-over) on one thread
// of its own: the answer goes out before it starts, so its timing says nothing about whether
// the account exists. At most kMaxPending wait; beyond that a request is dropped (counted).
class ResetJobs {
  public:
    static constexpr int kMaxPending = 1000;
    ResetJobs(LearnerPorts p, std::shared_ptr<Mailer> mailer, PasswordResetSettings settings,
              Metrics& metrics)
        : p_(p), mailer_(std::move(mailer)), settings_(std::move(settings)), metrics_(metrics) {
        for (const auto outcome :
             {ResetMail::sent, ResetMail::no_account, ResetMail::over_limit, ResetMail::dropped})
            metrics_.declare(kMailsMetric, "outcome", outcome_label(outcome));
        metrics_.declare(kMailsMetric, "outcome", "error");
    }

    void post(std::string email, std::optional<Lang> asked) {
        if (pending_.fetch_add(1) >= kMaxPending) {
            pending_.fetch_sub(1);
            metrics_.increment(kMailsMetric, "outcome", "dropped");
            return;
        }
        pool_.post([this, email = std::move(email), asked] {
            try {
                const ResetMail outcome =
                    send_password_reset(p_, *mailer_, settings_, email, asked);
                metrics_.increment(kMailsMetric, "outcome", outcome_label(outcome));
            } catch (const std::exception& e) {
                // The database was unreachable: the learner asks again (never logs the address).
                metrics_.increment(kMailsMetric, "outcome", "error");
                spdlog::warn("password reset: request not handled: {}", e.what());
            }
            pending_.fetch_sub(1);
        });
    }

  private:
    LearnerPorts p_;
    std::shared_ptr<Mailer> mailer_;
    PasswordResetSettings settings_;
    Metrics& metrics_;
    std::atomic<int> pending_{0};
    LowPriorityPool pool_{1};  // last: joined (its queue run) before the rest goes
};

// The one answer of every reset request with an e-mail, whatever happens to it; in the language
// asked for.
Response reset_accepted(std::optional<Lang> asked) {
    constexpr std::string_view kAccepted =
        "If an account with this e-mail exists, a link to reset its password is on its way";
    const auto said = asked ? message_in(kAccepted, *asked) : std::nullopt;
    Response r = json_ok(202, boost::json::object{{"message", said ? *said : kAccepted}});
    say_language(r, asked);
    return r;
}

}  // namespace

void add_password_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics,
                         std::shared_ptr<SignInLimits> limits,
                         std::shared_ptr<SessionStanding> sessions,
                         const PasswordResetMail& reset_mail) {
    // Both passwords are hashed or verified with argon2id: cpu_heavy, with the sign-in limits.
    routes.add({"PUT",
                {"/auth/password"},
                Auth::token,
                Body::json,
                [p, limits, sessions](Call& c) mutable {
                    return no_content(
                        with_decoded<ChangePasswordRequest>(c.body, [&](ChangePasswordRequest r) {
                            r.client_address = client_of(*limits, c.request);
                            return change_password(p, *sessions, limits->failed_logins, c.claims(),
                                                   r);
                        }));
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});

    auto jobs = std::make_shared<ResetJobs>(
        p, reset_mail.mailer ? reset_mail.mailer : std::make_shared<NoMailer>(),
        reset_mail.settings, metrics);
    routes.add({"POST",
                {"/auth/password-reset"},
                Auth::open,
                Body::json,
                [jobs](Call& c) {
                    const auto request = decode<ResetRequest>(c.body);
                    if (!request) return error_response(request.error());
                    const auto asked = asked_language(c.request);
                    jobs->post(request.value().email, asked);
                    return reset_accepted(asked);
                },
                Execution::worker,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});
    routes.add({"POST",
                {"/auth/password-reset/confirm"},
                Auth::open,
                Body::json,
                [p, limits, sessions](Call& c) mutable {
                    return no_content(with_decoded<ConfirmResetRequest>(
                        c.body, [&](const ConfirmResetRequest& r) {
                            return confirm_password_reset(p, *sessions, limits->failed_logins, r);
                        }));
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});
}

}  // namespace ll::http::learner
