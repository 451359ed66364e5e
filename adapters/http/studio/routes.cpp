#include "adapters/http/studio/routes.hpp"

#include <memory>
#include <string>

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/json_response.hpp"
#include "adapters/http/server/media_types.hpp"

namespace ll::http {
namespace {

std::string with_version(std::string_view text, std::string_view version) {
    static constexpr std::string_view mark = "{{version}}";
    std::string out;
    std::size_t at = 0;
    for (auto found = text.find(mark); found != std::string_view::npos;
         found = text.find(mark, at)) {
        out.append(text, at, found - at).append(version);
        at = found + mark.size();
    }
    return out.append(text.substr(at));
}

struct Studio {
    web::EmbeddedFiles files;
    std::string page;  // index.html with the version filled in
    std::string page_etag;

    const web::EmbeddedFile* find(std::string_view path) const {
        for (const auto& f : files.files)
            if (f.path == path) return &f;
        return nullptr;
    }
};

// Every studio answer, files, redirect and 404 alike.
Response strict(Response res) {
    res.headers.emplace_back("Content-Security-Policy", kStudioContentSecurityPolicy);
    res.headers.emplace_back("X-Content-Type-Options", "nosniff");
    res.headers.emplace_back("Referrer-Policy", "no-referrer");
    return res;
}

// The page's one address: /studio and /studio/index.html lead to /studio/.
Response to_page() {
    Response res;
    res.status = 308;
    res.content_type.clear();
    res.headers.emplace_back("Location", "/studio/");
    return strict(std::move(res));
}

Response file_answer(const Request& r, std::string_view body, std::string_view type,
                     const std::string& etag, const char* cache_control) {
    Response res = strict({});
    res.content_type = std::string(type);
    res.headers.emplace_back("Cache-Control", cache_control);
    res.headers.emplace_back("ETag", etag);
    if (not_modified(r, etag)) {
        res.status = 304;  // the type stays for the encoding's Vary (server/content_coding.hpp)
        return res;
    }
    res.body = std::string(body);
    return res;
}

}  // namespace

void add_studio_routes(Router& router, web::EmbeddedFiles files) {
    auto studio = std::make_shared<Studio>();
    studio->files = files;
    if (const auto* index = studio->find("index.html"))
        studio->page = with_version(index->bytes, files.version);
    studio->page_etag = "\"" + std::string(files.version) + "-index\"";

    router.add(Route{"GET", "/studio", "/studio", [](Request&) { return to_page(); },
                     Execution::inline_io});
    router.add(Route{"GET", "/studio/", "/studio/",
                     [studio](Request& r) {
                         return file_answer(r, studio->page, "text/html; charset=utf-8",
                                            studio->page_etag, "no-cache");
                     },
                     Execution::inline_io});
    // Any other name directly under /studio/ is a studio answer too (the same strict headers):
    // /studio/index.html is the page's usual spelling and leads to it; anything else is 404.
    router.add(Route{"GET", "/studio/:file", "/studio/:file",
                     [](Request& r) {
                         if (r.params.at("file") != "index.html")
                             return strict(error_response(errors::not_found()));
                         return to_page();
                     },
                     Execution::inline_io});
    router.add(Route{"GET", "/studio/v/:version/:file", "/studio/v/:version/:file",
                     [studio](Request& r) {
                         const std::string& name = r.params.at("file");
                         const auto* file = name == "index.html" ? nullptr : studio->find(name);
                         if (!file) return strict(error_response(errors::not_found()));
                         // A page of an older build asks for its version: it gets today's file, not
                         // cached.
                         const bool current = r.params.at("version") == studio->files.version;
                         return file_answer(
                             r, file->bytes, media_type_of(file->path),
                             "\"" + std::string(studio->files.version) + "-" + name + "\"",
                             current ? "public, max-age=31536000, immutable" : "no-cache");
                     },
                     Execution::inline_io});
}

}  // namespace ll::http
