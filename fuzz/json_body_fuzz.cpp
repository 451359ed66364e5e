// Request bodies read straight into LooseValues (adapters/http/json/body_parser.hpp) compared
// with what they replace, boost::json::parse and a conversion of its document, on any bytes:
// both accept or both refuse, and they give the same tree (kinds, values to the bit, members in
// the same order, a repeated key's last value in its first place).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include "adapters/http/json/body_parser.hpp"
#include "fuzz/support/check.hpp"

using namespace ll;
using namespace ll::fuzz;
namespace json = boost::json;

namespace {

// The reference: boost::json's document read as the core reads a body.
LooseValue reference(const json::value& v) {
    switch (v.kind()) {
        case json::kind::null:
            return LooseValue::null();
        case json::kind::bool_:
            return LooseValue::of(v.get_bool());
        case json::kind::int64:
            return LooseValue::of(static_cast<std::int64_t>(v.get_int64()));
        case json::kind::uint64:
            return LooseValue::of(static_cast<double>(v.get_uint64()));
        case json::kind::double_:
            return LooseValue::of(v.get_double());
        case json::kind::string:
            return LooseValue::of(std::string(v.get_string()));
        case json::kind::array: {
            auto out = LooseValue::array();
            for (const auto& item : v.get_array()) out.items.push_back(reference(item));
            return out;
        }
        case json::kind::object: {
            auto out = LooseValue::object();
            for (const auto& [key, value] : v.get_object())
                out.members.emplace_back(std::string(key), reference(value));
            return out;
        }
    }
    return LooseValue::missing();
}

bool same(const LooseValue& a, const LooseValue& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case LooseValue::Kind::boolean:
            return a.boolean == b.boolean;
        case LooseValue::Kind::integer:
            return a.integer == b.integer;
        case LooseValue::Kind::number:
            return std::memcmp(&a.number, &b.number, sizeof a.number) == 0;
        case LooseValue::Kind::string:
            return a.string == b.string;
        case LooseValue::Kind::array:
            if (a.items.size() != b.items.size()) return false;
            for (std::size_t i = 0; i < a.items.size(); ++i)
                if (!same(a.items[i], b.items[i])) return false;
            return true;
        case LooseValue::Kind::object:
            if (a.members.size() != b.members.size()) return false;
            for (std::size_t i = 0; i < a.members.size(); ++i)
                if (a.members[i].first != b.members[i].first ||
                    !same(a.members[i].second, b.members[i].second))
                    return false;
            return true;
        default:
            return true;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    json::error_code ec;
    const json::value expected = json::parse(text, ec);
    const auto got = http::parse_json(text);
    if (ec) {
        if (got) fail("a text boost::json::parse refuses was read", text);
        return 0;
    }
    if (!got) fail("a text boost::json::parse reads was refused", text);
    if (!same(*got, reference(expected))) fail("another tree than boost::json::parse's", text);
    if (http::parse_body(text).has_value() != expected.is_object())
        fail("a body accepted or refused unlike a JSON object", text);
    return 0;
}
