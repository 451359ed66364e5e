#pragma once
// A request value as the client sent it, before the core applies the spec's lenient rules
// (JavaScript-like parseInt, "true" strings, wrong types counting as missing) or the authoring
// API's validation (fields named in every error). The HTTP adapter converts JSON into this
// tree; the core never sees a JSON library.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ll {

struct LooseValue {
    enum class Kind { missing, null, boolean, integer, number, string, array, object };

    Kind kind = Kind::missing;
    bool boolean = false;
    std::int64_t integer = 0;  // Kind::integer (JSON numbers without fraction/exponent that fit)
    double number = 0.0;       // Kind::number (every other JSON number)
    std::string string;        // Kind::string
    std::vector<LooseValue> items;                            // Kind::array
    std::vector<std::pair<std::string, LooseValue>> members;  // Kind::object, in document order

    static LooseValue missing() { return {}; }
    static LooseValue null() { return make(Kind::null); }
    static LooseValue of(bool b) {
        auto v = make(Kind::boolean);
        v.boolean = b;
        return v;
    }
    static LooseValue of(std::int64_t i) {
        auto v = make(Kind::integer);
        v.integer = i;
        return v;
    }
    static LooseValue of(int i) { return of(static_cast<std::int64_t>(i)); }
    static LooseValue of(double d) {
        auto v = make(Kind::number);
        v.number = d;
        return v;
    }
    static LooseValue of(std::string s) {
        auto v = make(Kind::string);
        v.string = std::move(s);
        return v;
    }
    static LooseValue of(const char* s) { return of(std::string(s)); }
    static LooseValue array(std::vector<LooseValue> items = {}) {
        auto v = make(Kind::array);
        v.items = std::move(items);
        return v;
    }
    static LooseValue object(std::vector<std::pair<std::string, LooseValue>> members = {}) {
        auto v = make(Kind::object);
        v.members = std::move(members);
        return v;
    }

    bool is_missing() const { return kind == Kind::missing; }
    bool is_null() const { return kind == Kind::null; }
    bool is_string() const { return kind == Kind::string; }
    bool is_object() const { return kind == Kind::object; }
    bool is_array() const { return kind == Kind::array; }
    // A non-empty string: what "present" means for the spec's string fields (docs/spec/decisions.md
    // 10).
    bool is_nonempty_string() const { return kind == Kind::string && !string.empty(); }

    // A member of an object (the last one when a name repeats); a missing value otherwise.
    const LooseValue& operator[](std::string_view name) const {
        for (auto it = members.rbegin(); it != members.rend(); ++it) {
            if (it->first == name) return it->second;
        }
        static const LooseValue absent;
        return absent;
    }

  private:
    static LooseValue make(Kind k) {
        LooseValue v;
        v.kind = k;
        return v;
    }
};

}  // namespace ll
