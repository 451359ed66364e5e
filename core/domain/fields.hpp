#pragma once
// Reading request fields for the authoring API (docs/spec/authoring.md: "Validation failures: 400
// with a message naming the field"). Each reader takes the value and the name to show, e.g.
// `text(body["title_de"], "title_de", kTitleMax)` or `selections[2].x` for nested fields, and
// answers the parsed value or the 400 whose message starts with that name.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"

namespace ll::fields {

inline constexpr std::size_t kTitleMax = 200;   // titles, labels, short answers (code points)
inline constexpr std::size_t kTextMax = 2000;   // statement and question texts
inline constexpr std::size_t kNotesMax = 5000;  // user notes

// "<name> is required" (400).
Error required(std::string_view name);

// A text: missing, null and "" (after trimming) give nullopt; another type, a text that is not
// UTF-8 or holds a NUL, or a text longer than `max` code points gives 400.
Result<std::optional<std::string>> text(const LooseValue& v, std::string_view name,
                                        std::size_t max);
// As text(), but absent is a 400 `<name> is required`.
Result<std::string> required_text(const LooseValue& v, std::string_view name, std::size_t max);

// A PATCH field: `present` false when the field is missing (keep the stored value); otherwise
// `value` is the new value, nullopt meaning "clear" (JSON null, or "" for texts).
template <typename T>
struct Change {
    bool present = false;
    std::optional<T> value;
};
// Part of a request whose problem is answered later, where the use case reaches it (after a
// lookup that answers first, e.g. 404 for a missing item): what was decoded before the problem,
// and the problem.
template <typename T>
struct Deferred {
    T value{};
    std::optional<Error> error;

    // The value, or the problem.
    Result<T> checked() const {
        if (error) return *error;
        return value;
    }
};
// A Deferred from a reading's result.
template <typename T>
Deferred<T> defer(Result<T> r) {
    if (!r) return {T{}, r.error()};
    return {std::move(r.value()), std::nullopt};
}
Result<Change<std::string>> text_change(const LooseValue& v, std::string_view name,
                                        std::size_t max);

// An integer in [lo, hi]: a JSON integer, a number without fraction, or a string of digits.
// Missing and null give nullopt.
Result<std::optional<std::int64_t>> integer(const LooseValue& v, std::string_view name,
                                            std::int64_t lo, std::int64_t hi);
// A level 1..100 (words, questions, pairs).
Result<std::optional<int>> level(const LooseValue& v, std::string_view name = "level");
// An id: a positive JSON integer or a string of digits. Missing and null give nullopt.
Result<std::optional<Id>> id(const LooseValue& v, std::string_view name);
// true/false, also the strings "true"/"false" (query parameters). Missing/null give nullopt.
Result<std::optional<bool>> boolean(const LooseValue& v, std::string_view name);
// One of the listed strings. Missing/null give nullopt.
Result<std::optional<std::string>> choice(const LooseValue& v, std::string_view name,
                                          std::initializer_list<std::string_view> options);
// An array of ids (duplicates removed, order kept). Missing/null give an empty list.
Result<std::vector<Id>> id_list(const LooseValue& v, std::string_view name);
// Selections of an object: an array of `{type:"bbox",x,y,w,h}` or
// `{type:"polygon",points:[[x,y],...]}` (at least 3 points), in pixels; within the picture when
// its size is known.
Result<std::vector<Selection>> selections(const LooseValue& v, std::string_view name,
                                          std::optional<int> width, std::optional<int> height);
// The same in two steps, for a request read before its picture: the shapes as sent (those before
// the first problem, and the problem), then whether they lie within the picture, checked item by
// item up to that problem, so the first error is the one selections() answers.
Deferred<std::vector<Selection>> selection_shapes(const LooseValue& v, std::string_view name);
Result<std::vector<Selection>> within_picture(const Deferred<std::vector<Selection>>& shapes,
                                              std::string_view name, std::optional<int> width,
                                              std::optional<int> height);

}  // namespace ll::fields
