#include "adapters/http/server/content_coding.hpp"

#include <zlib.h>

#include <memory>
#include <stdexcept>

#include <boost/beast/core/string.hpp>

#include "adapters/http/server/conditional.hpp"

namespace ll::http {
namespace {

using boost::beast::iequals;

// The weight of one Accept-Encoding element ("gzip;q=0.5" -> 0.5); 1 without one, 0 for a weight
// that is not a number (RFC 9110 12.4.2: "0", "0.", "0.0" .. "1.000").
double weight(std::string_view params) {
    while (!params.empty()) {
        const auto semicolon = params.find(';');
        const std::string_view param = trim_ows(params.substr(0, semicolon));
        params =
            semicolon == std::string_view::npos ? std::string_view{} : params.substr(semicolon + 1);
        const auto eq = param.find('=');
        if (eq == std::string_view::npos || !iequals(trim_ows(param.substr(0, eq)), "q")) continue;
        const std::string_view value = trim_ows(param.substr(eq + 1));
        if (value.empty() || (value[0] != '0' && value[0] != '1')) return 0;
        double q = value[0] - '0', scale = 0.1;
        if (value.size() > 1) {
            if (value[1] != '.') return 0;
            for (const char c : value.substr(2)) {
                if (c < '0' || c > '9') return 0;
                q += (c - '0') * scale;
                scale /= 10;
            }
        }
        return q > 1 ? 1 : q;
    }
    return 1;
}

void set_header(Response& response, std::string_view name, std::string value) {
    for (auto& [n, v] : response.headers) {
        if (iequals(n, name)) {
            v = std::move(value);
            return;
        }
    }
    response.headers.emplace_back(std::string(name), std::move(value));
}

const std::string* header_of(const Response& response, std::string_view name) {
    for (const auto& [n, v] : response.headers)
        if (iequals(n, name)) return &v;
    return nullptr;
}

}  // namespace

bool accepts_gzip(const Request& request) {
    const auto list = header_list(request, "accept-encoding");
    if (!list) return false;
    double gzip_weight = -1, any_weight = -1;
    std::string_view rest = *list;
    while (true) {
        const auto comma = rest.find(',');
        const std::string_view element = trim_ows(rest.substr(0, comma));
        const auto semicolon = element.find(';');
        const std::string_view coding = trim_ows(element.substr(0, semicolon));
        const double q =
            semicolon == std::string_view::npos ? 1 : weight(element.substr(semicolon + 1));
        if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
            gzip_weight = q;
        } else if (coding == "*") {
            any_weight = q;
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return gzip_weight >= 0 ? gzip_weight > 0 : any_weight > 0;
}

bool compressible_type(std::string_view content_type) {
    const std::string_view type = content_type.substr(0, content_type.find(';'));
    return type == "application/json" || type == "text/html" || type == "text/css" ||
           type == "text/javascript" || type == "application/javascript" ||
           type == "image/svg+xml" || type == "text/plain";
}

std::string gzip(std::string_view body, int level) {
    z_stream stream{};
    // Window 15 + 16: a gzip header and trailer instead of zlib's.
    if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("gzip: deflateInit2 failed");
    const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&stream, deflateEnd);
    std::string out(deflateBound(&stream, static_cast<uLong>(body.size())), '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
    stream.avail_in = static_cast<uInt>(body.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    // deflateBound is enough for one Z_FINISH call.
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END)
        throw std::runtime_error("gzip: deflate failed");
    out.resize(stream.total_out);
    return out;
}

std::shared_ptr<const std::string> CompressedCache::find(const std::string& etag) const {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(etag);
    return it == entries_.end() ? nullptr : it->second;
}

void CompressedCache::keep(const std::string& etag, std::shared_ptr<const std::string> zipped) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries) entries_.clear();  // a new build's files: start again
    entries_.emplace(etag, std::move(zipped));
}

void encode_for(const Request& request, Response& response, CompressedCache* cache) {
    // Byte ranges (media) stay as they are: a range of a compressed body is no range of the file
    // that Content-Range and If-Range speak of.
    if (!compressible_type(response.content_type) || header_of(response, "Content-Encoding") ||
        header_of(response, "Accept-Ranges") || header_of(response, "Content-Range"))
        return;
    set_header(response, "Vary", "Accept-Encoding");
    const std::string* etag = header_of(response, "ETag");
    if (response.status == 304) {
        // The client's copy is the gzip one when it listed that tag; it keeps it while it still
        // accepts gzip.
        if (!etag || !accepts_gzip(request)) return;
        std::string zipped = gzip_tag(*etag);
        const auto listed = header_list(request, "if-none-match");
        if (listed && lists_tag(*listed, zipped)) set_header(response, "ETag", std::move(zipped));
        return;
    }
    if (response.status != 200 || response.body.size() < kMinCompressedBytes ||
        response.body.size() > kMaxCompressedBytes || !accepts_gzip(request))
        return;
    if (cache && etag) {
        // The tag names these bytes exactly: what was compressed for it once serves again.
        const std::string key = *etag;
        auto zipped = cache->find(key);
        if (!zipped) {
            zipped = std::make_shared<const std::string>(gzip(response.body));
            cache->keep(key, zipped);
        }
        response.body = *zipped;
    } else {
        response.body = gzip(response.body);
    }
    response.headers.emplace_back("Content-Encoding", "gzip");
    if (etag) set_header(response, "ETag", gzip_tag(*etag));
}

}  // namespace ll::http
