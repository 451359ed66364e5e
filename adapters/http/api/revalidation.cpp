#include "adapters/http/api/revalidation.hpp"

#include <fmt/format.h>

#include "adapters/http/api/item_versions.hpp"
#include "adapters/http/server/conditional.hpp"
#include "core/domain/digest.hpp"

namespace ll::http {

std::string body_etag(std::string_view body) {
    // Strong, as the authoring API's item tags: the same bytes give the same tag.
    return etag_of(fmt::format("{:016x}", fnv1a64(body)));
}

Response revalidated(const Request& request, Response fresh, const char* cache_control) {
    if (fresh.status != 200) return fresh;
    const std::string etag = body_etag(fresh.body);
    return revalidated_as(request, std::move(fresh), etag, cache_control);
}

Response revalidated_as(const Request& request, Response fresh, std::string_view etag,
                        const char* cache_control) {
    fresh.headers.emplace_back("ETag", std::string(etag));
    fresh.headers.emplace_back("Cache-Control", cache_control);
    // RFC 9110 13.1.2: If-None-Match compares weakly, so a W/ tag a proxy made still matches.
    if (not_modified(request, etag)) {
        fresh.status = 304;
        fresh.body.clear();  // the type stays for the encoding's Vary (server/content_coding.hpp)
    }
    return fresh;
}

}  // namespace ll::http
