#include "adapters/http/server/operational_routes.hpp"

#include <string>

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/json_response.hpp"
#include "adapters/http/server/media_types.hpp"

namespace ll::http {
namespace {

// Media are immutable: the name is the content hash, so it is also a strong ETag and the file
// can be cached for a year. Conditions are checked in RFC 9110 13.2.2 order: If-None-Match,
// then Range (with If-Range).
Response serve_media(const MediaStore& media, Request& request) {
    const std::string& name = request.params["name"];
    // The store refuses anything but a plain content-hash name (no traversal). Only the bytes
    // the answer carries are read: none for a 304 or a HEAD, the range for a 206.
    const std::optional<std::uint64_t> size = media.size_of(name);
    if (!size) return error_response(errors::not_found());
    const std::string etag = "\"" + name + "\"";
    Response r;
    r.headers.emplace_back("ETag", etag);
    r.headers.emplace_back("Cache-Control", "public, max-age=31536000, immutable");
    r.headers.emplace_back("Accept-Ranges", "bytes");
    // Browsers must take the declared type: an uploaded "picture" is never run as a page.
    r.headers.emplace_back("X-Content-Type-Options", "nosniff");
    if (not_modified(request, etag)) {
        r.status = 304;
        r.content_type.clear();
        return r;
    }
    const std::uint64_t total = *size;
    RangeRequest range;
    if (const auto header = request.header("range")) {
        const auto if_range = request.header("if-range");
        if (!if_range || if_range_matches(*if_range, etag)) range = parse_range(*header, total);
    }
    const bool head = request.method == "HEAD";
    switch (range.kind) {
        case RangeRequest::unsatisfiable:
            r.status = 416;
            r.content_type.clear();
            r.headers.emplace_back("Content-Range", "bytes */" + std::to_string(total));
            return r;
        case RangeRequest::partial: {
            const auto [first, last] = range.range;
            r.status = 206;
            r.headers.emplace_back("Content-Range", "bytes " + std::to_string(first) + "-" +
                                                        std::to_string(last) + "/" +
                                                        std::to_string(total));
            if (head) {
                r.head_length = last - first + 1;
                break;
            }
            auto part = media.read_part(name, first, last - first + 1);
            if (!part) return error_response(errors::not_found());
            r.body = std::move(*part);
            break;
        }
        case RangeRequest::whole: {
            if (head) {
                r.head_length = total;
                break;
            }
            auto file = media.read(name);
            if (!file) return error_response(errors::not_found());
            r.body = std::move(*file);
            break;
        }
    }
    r.content_type = std::string(media_type_of(name));
    return r;
}

}  // namespace

void add_operational_routes(Router& router, StorageBackend& storage, Metrics& metrics,
                            const MediaStore& media) {
    const auto alive = [](Request&) { return json_ok(200, json::object{{"status", "ok"}}); };
    router.add(Route{"GET", "/livez", "/livez", alive, Execution::inline_io});
    router.add(Route{"GET", "/healthz", "/healthz", alive, Execution::inline_io});
    // A failed check counts as an answer refused for the database (the server's counter), so
    // that the database-unavailable alert also fires while no learner is sending requests.
    router.add(Route{"GET", "/readyz", "/readyz", [&storage, &metrics](Request&) {
                         if (storage.ready())
                             return json_ok(200, json::object{{"status", "ready"}});
                         metrics.increment("langlearn_database_unavailable_total");
                         return error_response(errors::service_unavailable());
                     }});
    router.add(Route{"GET", "/metrics", "/metrics",
                     [&metrics](Request&) {
                         Response r;
                         r.body = metrics.render();
                         r.content_type = "text/plain; version=0.0.4; charset=utf-8";
                         return r;
                     },
                     Execution::inline_io});
    router.add(Route{"GET", "/media/:name", "/media/:name",
                     [&media](Request& r) { return serve_media(media, r); }, Execution::media});
}

}  // namespace ll::http
