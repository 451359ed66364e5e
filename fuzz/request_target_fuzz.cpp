// The request-target parser (adapters/http/server/request_target.hpp): the first code that sees a
// client's raw bytes after Beast. Byte 0 picks the mode, the rest is the input:
//   0: the rest is a request target for split_target, and a string for percent_decode (both
//      ways); the decoded text is never longer than the encoded one.
//   1: the rest is arbitrary bytes: percent-encoded here (every byte, or only the reserved
//      ones, by byte 0's next bit), percent_decode must give them back exactly; and a query
//      built from them ("k=<encoded>&k=x") must give the first value.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/http/server/request_target.hpp"
#include "fuzz/support/check.hpp"

using namespace ll;
using namespace ll::fuzz;

namespace {

std::string encode(std::string_view bytes, bool everything) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        const bool plain = u > 0x20 && u < 0x7F && c != '%' && c != '+' && c != '&' && c != '=' &&
                           c != '?' && c != '#';
        if (plain && !everything) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

void parse(std::string_view rest) {
    http::Request request;
    http::split_target(rest, request);
    const std::string path = http::percent_decode(rest, false);
    const std::string form = http::percent_decode(rest, true);
    if (path.size() > rest.size() || form.size() != path.size())
        fail("percent_decode grew the text, or '+' changed its length");
    if (rest.find('%') == std::string_view::npos && path != rest)
        fail("percent_decode changed a text without '%'");
}

void round_trip(std::string_view rest, bool everything) {
    const std::string encoded = encode(rest, everything);
    if (http::percent_decode(encoded, false) != rest || http::percent_decode(encoded, true) != rest)
        fail("percent_decode(encode(x)) != x", encoded);
    http::Request request;
    http::split_target("/p?k=" + encoded + "&k=x", request);
    const auto it = request.query.find("k");
    if (request.path != "/p" || it == request.query.end() || it->second != rest)
        fail("the first value of a repeated key is not kept", encoded);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    if ((data[0] & 1) == 0) {
        parse(rest);
    } else {
        round_trip(rest, data[0] & 2);
    }
    return 0;
}
