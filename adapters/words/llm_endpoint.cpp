#include "adapters/words/llm_endpoint.hpp"

#include <fmt/format.h>
#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include "core/ports/word_generator.hpp"

namespace ll::words {

LlmEndpoint parse_llm_url(std::string_view url) {
    const auto parsed = boost::urls::parse_uri(boost::core::string_view(url.data(), url.size()));
    if (!parsed) throw GenerationError("LLM_URL is not a valid absolute URL");
    const auto& u = *parsed;
    LlmEndpoint e;
    if (u.scheme_id() == boost::urls::scheme::https)
        e.https = true;
    else if (u.scheme_id() != boost::urls::scheme::http)
        throw GenerationError("LLM_URL must start with http:// or https://");
    if (u.has_userinfo())
        throw GenerationError("LLM_URL must not contain user info; set LLM_API_KEY instead");
    e.host = u.host_address();
    if (e.host.empty()) throw GenerationError("LLM_URL has no host");
    const auto type = u.host_type();
    e.host_is_address =
        type == boost::urls::host_type::ipv4 || type == boost::urls::host_type::ipv6;
    if (u.has_port()) {
        if (u.port().empty() || u.port_number() == 0)
            throw GenerationError("LLM_URL has an invalid port");
        e.port = u.port_number();
    } else {
        e.port = e.https ? 443 : 80;
    }
    const auto bracketed = type == boost::urls::host_type::ipv6 ? "[" + e.host + "]" : e.host;
    e.host_header = u.has_port() ? fmt::format("{}:{}", bracketed, e.port) : bracketed;

    std::string path(u.encoded_path());
    while (!path.empty() && path.back() == '/') path.pop_back();
    if (path.ends_with("/chat/completions")) {
        e.target = path;
    } else if (path.ends_with("/v1")) {
        e.target = path + "/chat/completions";
    } else {
        e.target = path + "/v1/chat/completions";
    }
    if (u.has_query()) e.target += "?" + std::string(u.encoded_query());
    return e;
}

}  // namespace ll::words
