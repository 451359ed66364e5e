#include "adapters/http/json/body_parser.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include <boost/json/basic_parser_impl.hpp>

namespace ll::http {
namespace {

namespace json = boost::json;

// The objects and arrays being read, innermost last; a finished value goes into the innermost
// one, or becomes the document.
class TreeBuilder {
  public:
    static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);

    LooseValue document;

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) {
        open_.push_back(LooseValue::array());
        return true;
    }
    bool on_array_end(std::size_t, json::error_code&) { return close(); }
    bool on_object_begin(json::error_code&) {
        open_.push_back(LooseValue::object());
        return true;
    }
    bool on_object_end(std::size_t, json::error_code&) {
        keep_last_of_each_key(open_.back().members);
        return close();
    }
    bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
        text_.append(s.data(), s.size());
        return true;
    }
    bool on_string(json::string_view s, std::size_t, json::error_code&) {
        text_.append(s.data(), s.size());
        add(LooseValue::of(std::exchange(text_, {})));
        return true;
    }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        text_.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code&) {
        text_.append(s.data(), s.size());
        keys_.push_back(std::exchange(text_, {}));
        return true;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) {
        add(LooseValue::of(i));
        return true;
    }
    // Beyond int64, as boost::json::value keeps it: a uint64, which the core reads as a number.
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) {
        add(LooseValue::of(static_cast<double>(u)));
        return true;
    }
    bool on_double(double d, json::string_view, json::error_code&) {
        add(LooseValue::of(d));
        return true;
    }
    bool on_bool(bool b, json::error_code&) {
        add(LooseValue::of(b));
        return true;
    }
    bool on_null(json::error_code&) {
        add(LooseValue::null());
        return true;
    }
    // Comments are refused by the default options before they reach a handler.
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }

  private:
    void add(LooseValue v) {
        if (open_.empty()) {
            document = std::move(v);
        } else if (open_.back().kind == LooseValue::Kind::array) {
            open_.back().items.push_back(std::move(v));
        } else {
            open_.back().members.emplace_back(std::move(keys_.back()), std::move(v));
            keys_.pop_back();
        }
    }
    bool close() {
        LooseValue done = std::move(open_.back());
        open_.pop_back();
        add(std::move(done));
        return true;
    }

    // A key given twice keeps its last value in the place of its first, as a Boost.JSON
    // object does. A small object (every real body) is first checked pair by pair, without
    // allocating; a repeated key, or a large object, is settled by sorting the keys, which stays
    // O(n log n) whatever keys a client picks (a hash table's buckets could be flooded by keys
    // chosen to collide).
    static void keep_last_of_each_key(std::vector<std::pair<std::string, LooseValue>>& members) {
        constexpr std::size_t kSmall = 16;
        const std::size_t n = members.size();
        if (n < 2) return;
        if (n <= kSmall && !has_repeated_key(members)) return;
        // The members' places ordered by key, equal keys in the order sent.
        std::vector<std::size_t> by_key(n);
        std::iota(by_key.begin(), by_key.end(), std::size_t{0});
        std::stable_sort(by_key.begin(), by_key.end(), [&](std::size_t a, std::size_t b) {
            return members[a].first < members[b].first;
        });
        std::vector<bool> dropped(n, false);
        for (std::size_t run = 0; run < n;) {
            std::size_t end = run + 1;
            while (end < n && members[by_key[end]].first == members[by_key[run]].first) ++end;
            if (end - run > 1) {
                members[by_key[run]].second = std::move(members[by_key[end - 1]].second);
                for (std::size_t k = run + 1; k < end; ++k) dropped[by_key[k]] = true;
            }
            run = end;
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (dropped[i]) continue;
            if (kept != i) members[kept] = std::move(members[i]);
            ++kept;
        }
        members.erase(members.begin() + static_cast<std::ptrdiff_t>(kept), members.end());
    }
    static bool has_repeated_key(const std::vector<std::pair<std::string, LooseValue>>& members) {
        for (std::size_t i = 1; i < members.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (members[j].first == members[i].first) return true;
        return false;
    }

    std::vector<LooseValue> open_;
    std::vector<std::string> keys_;  // the key of each open object's value being read
    std::string text_;               // a string or key arriving in parts
};

}  // namespace

std::optional<LooseValue> parse_json(std::string_view text) {
    // Default options: what boost::json::parse takes (nesting at most 32 deep, so hostile input
    // cannot exhaust the stack; strict JSON; UTF-8 checked).
    json::basic_parser<TreeBuilder> parser(json::parse_options{});
    json::error_code ec;
    const std::size_t used = parser.write_some(false, text.data(), text.size(), ec);
    if (ec || used < text.size()) return std::nullopt;  // used < size: text after the document
    return std::move(parser.handler().document);
}

std::optional<LooseValue> parse_body(std::string_view body) {
    auto value = parse_json(body);
    if (!value || !value->is_object()) return std::nullopt;
    return value;
}

}  // namespace ll::http
