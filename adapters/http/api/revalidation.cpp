#include "adapters/http/api/revalidation.hpp"

#include <fmt/format.h>

#include "adapters/http/api/item_versions.hpp"
#include "adapters/http/server/conditional.hpp"
#include "core/domain/digest.hpp"

namespace ll::http {

Response revalidated(const Request& request, Response fresh) {
    if (fresh.status != 200) return fresh;
    // Strong, as the authoring API's item tags: the same bytes give the same tag.
    const std::string etag = etag_of(fmt::format("{:016x}", fnv1a64(fresh.body)));
    fresh.headers.emplace_back("ETag", etag);
    fresh.headers.emplace_back("Cache-Control", "private, no-cache");
    // RFC 9110 13.1.2: If-None-Match compares weakly, so a W/ tag a proxy made still matches.
    if (const auto tags = header_list(request, "if-none-match");
        tags && if_none_match(*tags, etag)) {
        fresh.status = 304;
        fresh.body.clear();
        fresh.content_type.clear();
    }
    return fresh;
}

}  // namespace ll::http
