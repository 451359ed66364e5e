#include "adapters/http/server/content_coding.hpp"

#include <zlib.h>

#include <memory>
#include <stdexcept>

#include <boost/beast/core/string.hpp>

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/header_lists.hpp"

namespace ll::http {
namespace {

using boost::beast::iequals;

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
    for_each_weighted(*list, [&](std::string_view coding, double q) {
        if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
            gzip_weight = q;
        } else if (coding == "*") {
            any_weight = q;
        }
    });
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
    vary_on(response, "Accept-Encoding");
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
