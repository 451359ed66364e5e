#include "adapters/http/api/item_versions.hpp"

#include "adapters/http/server/conditional.hpp"

namespace ll::http {

VersionCondition if_match(const Request& request) {
    const std::optional<std::string> joined = header_list(request, "if-match");
    if (!joined) return {};
    IfMatchList list = parse_if_match(*joined);
    if (list.any) return VersionCondition::any();
    // A list with no strong tag (only W/ or malformed ones, or empty) matches no version: 412.
    return VersionCondition::listed(std::move(list.tags));
}

std::string etag_of(std::string_view version) {
    std::string tag;
    tag.reserve(version.size() + 2);
    tag += '"';
    tag += version;
    tag += '"';
    return tag;
}

}  // namespace ll::http
