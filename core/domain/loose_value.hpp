#pragma once
// A request field as the client sent it, before the core applies the spec's lenient rules
// (JavaScript-like parseInt, "true" strings, wrong types counting as missing). The HTTP
// adapter converts JSON into this; the core never sees a JSON library.
#include <cstdint>
#include <memory>
#include <string>

namespace ll {

struct LooseValue {
    enum class Kind { missing, null, boolean, integer, number, string, array, object };

    Kind kind = Kind::missing;
    bool boolean = false;
    std::int64_t integer = 0;  // Kind::integer (JSON numbers without fraction/exponent that fit)
    double number = 0.0;       // Kind::number (every other JSON number)
    std::string string;        // Kind::string
    // Kind::array: its first element (null when the array is empty); enough for
    // parseInt(String(array)), which only reads the text up to the first comma.
    std::shared_ptr<LooseValue> first;

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
    static LooseValue object() { return make(Kind::object); }
    static LooseValue array(std::shared_ptr<LooseValue> first_element) {
        auto v = make(Kind::array);
        v.first = std::move(first_element);
        return v;
    }

    bool is_string() const { return kind == Kind::string; }
    // A non-empty string: what "present" means for the spec's string fields (decisions.md 10).
    bool is_nonempty_string() const { return kind == Kind::string && !string.empty(); }

  private:
    static LooseValue make(Kind k) {
        LooseValue v;
        v.kind = k;
        return v;
    }
};

}  // namespace ll
