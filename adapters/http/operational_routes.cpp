#include "adapters/http/operational_routes.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/http/json_codec.hpp"

namespace ll::http {
namespace {

std::string media_type(const std::filesystem::path& path) {
    const std::string ext = path.extension().string();
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".webp") return "image/webp";
    if (ext == ".wav") return "audio/wav";
    if (ext == ".ogg" || ext == ".opus") return "audio/ogg";
    if (ext == ".mp3") return "audio/mpeg";
    return "application/octet-stream";
}

// Media names are content hashes: plain file names only, no traversal.
bool safe_name(const std::string& name) {
    if (name.empty() || name.size() > 255 || name[0] == '.') return false;
    for (char c : name) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_'))
            return false;
    }
    return true;
}

Response serve_media(const std::string& media_dir, Request& request) {
    const std::string name = request.params["name"];
    if (!safe_name(name)) return error_response(errors::not_found());
    const std::filesystem::path path = std::filesystem::path(media_dir) / name;
    std::ifstream file(path, std::ios::binary);
    if (!file) return error_response(errors::not_found());
    // The name is the content hash, so it serves as a strong ETag.
    const std::string etag = "\"" + name + "\"";
    Response r;
    r.headers.emplace_back("ETag", etag);
    r.headers.emplace_back("Cache-Control", "public, max-age=31536000, immutable");
    if (request.header("if-none-match") == std::optional<std::string_view>(etag)) {
        r.status = 304;
        r.content_type.clear();
        return r;
    }
    std::ostringstream content;
    content << file.rdbuf();
    r.body = content.str();
    r.content_type = media_type(path);
    return r;
}

}  // namespace

void add_operational_routes(Router& router, StorageBackend& storage, Metrics& metrics,
                            std::string media_dir) {
    const auto alive = [](Request&) { return json_ok(200, json::object{{"status", "ok"}}); };
    router.add(Route{"GET", "/livez", "/livez", alive, Execution::inline_io});
    router.add(Route{"GET", "/healthz", "/healthz", alive, Execution::inline_io});
    router.add(Route{"GET", "/readyz", "/readyz", [&storage](Request&) {
                         return storage.ready() ? json_ok(200, json::object{{"status", "ready"}})
                                                : error_response(errors::service_unavailable());
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
                     [dir = std::move(media_dir)](Request& r) { return serve_media(dir, r); }});
}

}  // namespace ll::http
