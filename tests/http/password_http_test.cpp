// Password change and reset (docs/accounts.md "Passwords") over real sockets on SQLite and
// PostgreSQL, with the reset mails through the SMTP adapter to a real SMTP server
// (python3-aiosmtpd), and the lockout per (client address, account).
#include <thread>

#include "adapters/mail/smtp_mailer.hpp"
#include "tests/http/support/api.hpp"
#include "tests/http/support/smtp_sink.hpp"
#include "tests/support/recording_mailer.hpp"

using namespace ll;
using namespace ll::test;

namespace {

constexpr const char* kLink = "https://app.example/reset#token=";

std::string text(const Reply& r, const char* field) {
    return std::string(r.json.at(field).as_string());
}

std::string credentials(const std::string& password) {
    return R"({"email":"ada@example.com","password":")" + password + R"("})";
}

struct Device {
    std::string token, refresh_token;
};

Device sign_in(HttpClient& client, const std::string& password = "password1") {
    const Reply r = client.post("/auth/login", credentials(password));
    REQUIRE(r.status == 200);
    return {text(r, "token"), text(r, "refresh_token")};
}

Reply refresh(HttpClient& client, const std::string& refresh_token) {
    return client.post("/auth/refresh", R"({"refresh_token":")" + refresh_token + R"("})");
}

Reply confirm(HttpClient& client, const std::string& token,
              const std::string& password = "new-password") {
    return client.post("/auth/password-reset/confirm",
                       R"({"token":")" + token + R"(","new_password":")" + password + R"("})");
}

// The background reset work is done once the metric counted it.
void wait_for_outcome(http::Metrics& metrics, const std::string& outcome, int count) {
    const std::string line = "langlearn_password_reset_mails_total{outcome=\"" + outcome + "\"} " +
                             std::to_string(count);
    for (int i = 0; i < 500 && metrics.render().find(line) == std::string::npos; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(metrics.render().find(line) != std::string::npos);
}

// A learner-api whose reset mails are recorded.
struct RecordingApi {
    std::shared_ptr<RecordingMailer> mailer = std::make_shared<RecordingMailer>();
    TestServer server{
        {},
        {},
        nullptr,
        {},
        http::PasswordResetMail{mailer, PasswordResetSettings{kLink, std::chrono::minutes(30), 3}}};
    HttpClient client{server.port()};
};

}  // namespace

TEST_CASE("the SMTP adapter delivers to a real SMTP server", "[http][password][smtp]") {
    SmtpSink sink;
    {
        SmtpMailer mailer(SmtpSettings{sink.url(), "", "", "Langlearn <noreply@langlearn.test>",
                                       StartTls::off, std::chrono::seconds(5),
                                       std::chrono::seconds(10), 10});
        CHECK(mailer.send(MailMessage{"ada@example.com", "Grüße",
                                      "Hello Ada,\n.a line that starts with a dot\nBye\n"}));
    }  // sends what is queued before it goes
    const auto received = sink.wait_for(1);
    REQUIRE(received.size() == 1);
    const std::string& m = received[0];
    CHECK(m.find("X-Envelope-From: noreply@langlearn.test\r\n") != std::string::npos);
    CHECK(m.find("X-Envelope-To: ada@example.com\r\n") != std::string::npos);
    CHECK(m.find("\r\nFrom: Langlearn <noreply@langlearn.test>\r\n") != std::string::npos);
    CHECK(m.find("\r\nTo: ada@example.com\r\n") != std::string::npos);
    CHECK(m.find("\r\nSubject: =?UTF-8?B?R3LDvMOfZQ==?=\r\n") != std::string::npos);
    CHECK(m.find("\r\nDate: ") != std::string::npos);
    CHECK(m.find("\r\nMessage-ID: <") != std::string::npos);
    CHECK(m.find("@langlearn.test>\r\n") != std::string::npos);
    CHECK(m.find("\r\nContent-Type: text/plain; charset=utf-8\r\n") != std::string::npos);
    // Dot-stuffed on the wire, unstuffed by the server: the line arrives as written.
    CHECK(m.find("\r\n\r\nHello Ada,\r\n.a line that starts with a dot\r\nBye\r\n") !=
          std::string::npos);
}

TEST_CASE("the SMTP adapter: an unreachable server fails the message, never the caller",
          "[http][password][smtp]") {
    std::vector<std::string> outcomes;
    std::mutex mutex;
    {
        SmtpMailer mailer(
            SmtpSettings{"smtp://127.0.0.1:1", "", "", "noreply@langlearn.test", StartTls::off,
                         std::chrono::seconds(2), std::chrono::seconds(2), 1},
            [&](const char* outcome) {
                std::lock_guard lock(mutex);
                outcomes.emplace_back(outcome);
            });
        CHECK(mailer.send(MailMessage{"ada@example.com", "one", "text"}));
    }
    CHECK(outcomes == std::vector<std::string>{"failed"});
}

TEST_CASE("password reset end to end: the link from a real mail sets the new password",
          "[http][password][smtp]") {
    SmtpSink sink;
    auto mailer = std::make_shared<SmtpMailer>(
        SmtpSettings{sink.url(), "", "", "Langlearn <noreply@langlearn.test>", StartTls::off,
                     std::chrono::seconds(5), std::chrono::seconds(10), 10});
    TestServer server(
        {}, {}, nullptr, {},
        http::PasswordResetMail{mailer, PasswordResetSettings{kLink, std::chrono::minutes(30), 3}});
    HttpClient client(server.port());
    REQUIRE(client.post("/auth/register", credentials("password1")).status == 201);
    const Device phone = sign_in(client);
    REQUIRE(client.get("/auth/me", phone.token).status == 200);

    const Reply asked = client.post("/auth/password-reset", R"({"email":" Ada@Example.com "})");
    CHECK(asked.status == 202);
    const auto received = sink.wait_for(1);
    REQUIRE(received.size() == 1);
    const std::string& mail = received[0];
    CHECK(mail.find("X-Envelope-To: ada@example.com") != std::string::npos);
    CHECK(mail.find("X-Envelope-From: noreply@langlearn.test") != std::string::npos);
    CHECK(mail.find("Subject: Reset your langlearn password") != std::string::npos);
    const std::string token = token_after(mail, kLink);
    CHECK(token.size() == 43);  // 32 random bytes, base64url

    // Not stored as such: only its SHA-256.
    CHECK_FALSE(server.storage().password_resets().find(token));
    CHECK(server.storage().password_resets().find(server.secrets.digest(token)));

    const Reply done = confirm(client, token);
    CHECK(done.status == 204);
    CHECK(done.body.empty());
    CHECK(client.post("/auth/login", credentials("password1")).error() == "Invalid credentials");
    CHECK(client.get("/auth/me", phone.token).error() == "Invalid or expired token");
    CHECK(refresh(client, phone.refresh_token).error() == "Invalid or expired refresh token");
    const Device again = sign_in(client, "new-password");
    CHECK(client.get("/auth/me", again.token).status == 200);
    // Once only.
    const Reply reused = confirm(client, token, "third-password");
    CHECK(reused.status == 400);
    CHECK(reused.error() == "Invalid or expired reset link");
    CHECK(client.post("/auth/login", credentials("third-password")).status == 401);
}

TEST_CASE("password reset request: one answer whether or not the account exists",
          "[http][password]") {
    RecordingApi api;
    REQUIRE(api.client.post("/auth/register", credentials("password1")).status == 201);
    const Reply known = api.client.post("/auth/password-reset", R"({"email":"ada@example.com"})");
    wait_for_outcome(api.server.metrics, "sent", 1);
    const Reply unknown =
        api.client.post("/auth/password-reset", R"({"email":"nobody@example.com"})");
    wait_for_outcome(api.server.metrics, "no_account", 1);
    CHECK(known.status == 202);
    CHECK(unknown.status == 202);
    CHECK(known.body == unknown.body);
    CHECK(known.json.at("message").is_string());
    CHECK(api.mailer->messages().size() == 1);
    CHECK(api.mailer->messages()[0].to == "ada@example.com");

    // Bad input is a 400 that says nothing about accounts.
    CHECK(api.client.post("/auth/password-reset", "{}").error() == "email is required");
    CHECK(api.client.post("/auth/password-reset", R"({"email":7})").error() == "email is required");
    CHECK(api.client.post("/auth/password-reset", "not json").error() == "Invalid JSON body");

    // At most 3 mails an hour per account; the answer stays the same.
    for (int i = 0; i < 3; ++i)
        CHECK(api.client.post("/auth/password-reset", R"({"email":"ada@example.com"})").body ==
              known.body);
    wait_for_outcome(api.server.metrics, "over_limit", 1);
    CHECK(api.mailer->messages().size() == 3);
}

TEST_CASE("password reset confirm: bad, superseded and expired tokens, weak passwords",
          "[http][password]") {
    RecordingApi api;
    REQUIRE(api.client.post("/auth/register", credentials("password1")).status == 201);
    const auto request = [&](int nth) {
        CHECK(api.client.post("/auth/password-reset", R"({"email":"ada@example.com"})").status ==
              202);
        wait_for_outcome(api.server.metrics, "sent", nth);
        return token_after(api.mailer->messages().back().text, kLink);
    };
    const std::string first = request(1);
    const Reply weak = confirm(api.client, first, "short");
    CHECK(weak.status == 400);
    CHECK(weak.error() == "Password must be at least 8 characters");
    CHECK(api.client.post("/auth/password-reset/confirm", R"({"token":")" + first + R"("})")
              .error() == "new_password is required");
    for (const std::string& bad : {std::string("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
                                   std::string("' OR 1=1 --"), first + "x"}) {
        const Reply r = confirm(api.client, bad);
        CHECK(r.status == 400);
        CHECK(r.error() == "Invalid or expired reset link");
    }
    CHECK(api.client.post("/auth/password-reset/confirm", R"({"new_password":"new-password"})")
              .error() == "Invalid or expired reset link");

    const std::string second = request(2);
    CHECK(confirm(api.client, first).error() == "Invalid or expired reset link");  // superseded
    api.server.clock.advance(std::chrono::minutes(30));
    CHECK(confirm(api.client, second).error() == "Invalid or expired reset link");  // expired
    CHECK(api.client.post("/auth/login", credentials("password1")).status == 200);
}

TEST_CASE("PUT /auth/password: the other devices are signed out, this one stays",
          "[http][password]") {
    Api api;
    api.learner();
    const Device phone = sign_in(api.client);
    const Device tablet = sign_in(api.client);
    const auto change = [&](const std::string& body, const std::string& token) {
        return api.client.put("/auth/password", body, token);
    };
    CHECK(change(R"({"current_password":"password1","new_password":"new-password"})", "").error() ==
          "Unauthorized");
    const Reply wrong =
        change(R"({"current_password":"wrong-pass","new_password":"new-password"})", phone.token);
    CHECK(wrong.status == 401);
    CHECK(wrong.error() == "Invalid credentials");
    CHECK(
        change(R"({"current_password":"password1","new_password":"short"})", phone.token).error() ==
        "Password must be at least 8 characters");
    CHECK(change(R"({"current_password":"password1"})", phone.token).error() ==
          "new_password is required");
    CHECK(api.client.get("/auth/me", tablet.token).status == 200);  // nothing changed so far
    CHECK(api.client.post("/auth/login", credentials("password1")).status == 200);

    const Reply done =
        change(R"({"current_password":"password1","new_password":"new-password"})", phone.token);
    CHECK(done.status == 204);
    CHECK(done.body.empty());
    CHECK(api.client.get("/auth/me", phone.token).status == 200);
    CHECK(refresh(api.client, phone.refresh_token).status == 200);
    CHECK(api.client.get("/auth/me", tablet.token).error() == "Invalid or expired token");
    CHECK(refresh(api.client, tablet.refresh_token).error() == "Invalid or expired refresh token");
    CHECK(api.client.post("/auth/login", credentials("password1")).error() ==
          "Invalid credentials");
    CHECK(api.client.post("/auth/login", credentials("new-password")).status == 200);
}

TEST_CASE("failed logins from one address do not lock the learner out on another",
          "[http][password][ratelimit]") {
    // Behind a trusted proxy (the peer, 127.0.0.1), each forwarded client counts on its own.
    TestServer server({}, http::RateLimits{0, 2, {"127.0.0.1"}});
    HttpClient c(server.port());
    REQUIRE(c.post("/auth/register", credentials("password1")).status == 201);
    const auto login = [&](const std::string& password, const char* address) {
        return c.call("POST", "/auth/login", credentials(password), {{"X-Forwarded-For", address}});
    };
    CHECK(login("wrong-one", "203.0.113.9").status == 401);
    CHECK(login("wrong-two", "203.0.113.9").status == 401);
    const Reply locked = login("password1", "203.0.113.9");
    CHECK(locked.status == 429);
    CHECK(locked.header("retry-after") == "900");
    CHECK(login("password1", "192.0.2.1").status == 200);
    // A wrong current password on PUT /auth/password counts the same way.
    const Device phone = sign_in(c);
    CHECK(c.call("PUT", "/auth/password",
                 R"({"current_password":"wrong","new_password":"new-password"})",
                 {{"Authorization", "Bearer " + phone.token}, {"X-Forwarded-For", "192.0.2.1"}})
              .status == 401);
    CHECK(c.call("PUT", "/auth/password",
                 R"({"current_password":"wrong","new_password":"new-password"})",
                 {{"Authorization", "Bearer " + phone.token}, {"X-Forwarded-For", "192.0.2.1"}})
              .status == 401);
    CHECK(login("password1", "192.0.2.1").status == 429);
    // IPv6: counted by the /64, so one host rotating through its network gains no guesses; a
    // client in another /64 is not locked out.
    CHECK(login("wrong-one", "2001:db8:1:2::1").status == 401);
    CHECK(login("wrong-two", "2001:db8:1:2:ffff::7").status == 401);
    CHECK(login("password1", "2001:db8:1:2::5").status == 429);
    CHECK(login("password1", "2001:db8:1:3::1").status == 200);
}

TEST_CASE("password reset: the answer and the mail in the asked language, else the native one",
          "[http][password][languages]") {
    RecordingApi api;
    HttpClient& c = api.client;
    // A learner whose native language is German (language 1).
    const Reply registered = c.post("/auth/register", credentials("password1"));
    REQUIRE(registered.status == 201);
    const std::string token = std::string(registered.json.at("token").as_string());
    REQUIRE(c.post("/auth/profile", R"({"username":"ada","nativeLang":1,"targetLang":3})", token)
                .status == 201);

    const Reply plain = c.post("/auth/password-reset", R"({"email":"ada@example.com"})");
    CHECK(plain.status == 202);
    CHECK(plain.json.at("message") ==
          "If an account with this e-mail exists, a link to reset its password is on its way");
    wait_for_outcome(api.server.metrics, "sent", 1);
    CHECK(api.mailer->messages().back().subject == "Dein langlearn-Passwort zurücksetzen");

    const Reply swedish = c.call("POST", "/auth/password-reset", R"({"email":"ada@example.com"})",
                                 {{"Content-Type", "application/json"}, {"Accept-Language", "sv"}});
    CHECK(swedish.status == 202);
    CHECK(swedish.json.at("message") ==
          "Om det finns ett konto med den här e-postadressen är en länk för att återställa "
          "lösenordet på väg");
    CHECK(swedish.header("content-language") == "sv");
    wait_for_outcome(api.server.metrics, "sent", 2);
    const MailMessage mail = api.mailer->messages().back();
    CHECK(mail.subject == "Återställ ditt lösenord för langlearn");
    CHECK(confirm(c, token_after(mail.text, kLink)).status == 204);
}
