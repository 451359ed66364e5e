#pragma once
// Method + path -> handler. Paths are literal segments or `:name` captures. An unknown path is
// 404 Not found; a known path with another method is 405 Method not allowed with `Allow`
// (docs/spec/decisions.md 3); routing comes before authentication (docs/spec/decisions.md 10). HEAD
// is answered by the GET route of the path (the server sends the headers only).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "adapters/http/server/message.hpp"

namespace ll::http {

using Handler = std::function<Response(Request&)>;
// Runs on the I/O thread when the request's header has arrived, before its body is read: a
// refusal (401, 403, 429) is answered at once and the body never read (docs/architecture.md
// "Before the body"). It must not block: no database, no hashing. The server runs it for
// requests with a body and on hashing routes; a handler whose request comes without the guard's
// mark (Request::claims / staff unset) runs the same check itself.
using Guard = std::function<std::optional<Response>(Request&)>;

// Where a handler runs: `inline_io` on the I/O thread (cheap, never blocks), `worker` on the
// blocking pool (database), `cpu_heavy` on the low-priority pool for work that burns a core for
// tens of milliseconds (argon2id on register and login), so it never queues ahead of database
// work and takes CPU only when nothing else wants it. `decoding`: picture uploads, whose decode
// may take most of a second and 200 MiB (docs/operations.md "Picture decoding"), on a
// low-priority pool of their own, so neither staff requests nor sign-ins wait behind them.
// `media`: /media reads, on a pool of their own sized like the media store's sessions, so a
// burst of pictures never holds a worker the bookings and /readyz wait for (docs/operations.md
// "Media").
enum class Execution { inline_io, worker, cpu_heavy, decoding, media };

struct Route {
    std::string method;
    std::string pattern;  // e.g. "/auth/me", "/api/cms/db-pairs/:id"
    std::string name;     // label for logs and metrics; the pattern unless set
    Handler handler;
    Execution execution = Execution::worker;
    // Largest request body this route takes; 0: the server's limit (MAX_BODY_BYTES, for JSON).
    std::size_t max_body_bytes = 0;
    Guard guard{};  // empty: none
};

struct RouteMatch {
    const Route* route = nullptr;  // null: see `not_found` / `allow`
    std::string allow;             // non-empty: the path exists with these methods (405)
};

class Router {
  public:
    void add(Route route);
    // Fills request.params on a match.
    RouteMatch match(Request& request) const;
    // Every route in the order added (the fuzzers walk the table so no route is left out).
    const std::vector<Route>& routes() const { return routes_; }

  private:
    static bool path_matches(std::string_view pattern, std::string_view path,
                             std::map<std::string, std::string>* params);
    std::vector<Route> routes_;
};

}  // namespace ll::http
