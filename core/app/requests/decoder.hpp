#pragma once
// Requests decoded once, staff and learner alike: each use case takes a typed request, and
// `decode<T>` reads it from the body or query as the HTTP adapter hands it over, answering the
// first failing field's 400 (staff routes: docs/spec/authoring.md "Validation failures: 400 with
// a message naming the field"; learner routes: the messages of docs/spec/service.md, read by the
// use cases' own readers through `Decoder::read`). Problems that the use case answers only after
// a lookup stay where they were, as `fields::Deferred` members (see fields.hpp), so every answer
// is the same as when the use cases read the loose value themselves.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/domain/fields.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

inline constexpr int kDefaultListLimit = 50;
inline constexpr int kMaxListLimit = 200;

// Specialised by each request type, beside it (core/app/authoring/requests/<aggregate>.hpp for
// staff requests, the use case's header for learner ones).
template <typename T>
Result<T> decode(const LooseValue& v);

// `use(request)` on the request decoded from `v`, or the decoder's error.
template <typename T, typename F>
auto with_decoded(const LooseValue& v, F&& use) -> decltype(use(std::declval<const T&>())) {
    auto request = decode<T>(v);
    if (!request) return request.error();
    return use(request.value());
}

// Reads the fields of one body (or query, or nested object) into a request's members, in the
// order the calls are made, and keeps the first problem: after one, every later call does nothing.
// Each reader takes the key and answers messages naming `prefix` + key (fields.hpp's readers).
class Decoder {
  public:
    using Options = std::initializer_list<std::string_view>;

    explicit Decoder(const LooseValue& body, std::string prefix = "")
        : body_(body), prefix_(std::move(prefix)) {}

    const LooseValue& operator[](std::string_view key) const { return body_[key]; }
    std::string name(std::string_view key) const { return prefix_ + std::string(key); }

    Decoder& text(std::optional<std::string>& out, std::string_view key, std::size_t max);
    Decoder& required_text(std::string& out, std::string_view key, std::size_t max);
    Decoder& text_change(fields::Change<std::string>& out, std::string_view key, std::size_t max);
    Decoder& id(std::optional<Id>& out, std::string_view key);
    Decoder& required_id(Id& out, std::string_view key);
    // Missing keeps the stored id; null clears it.
    Decoder& id_change(fields::Change<Id>& out, std::string_view key);
    Decoder& id_list(std::vector<Id>& out, std::string_view key);
    Decoder& level(std::optional<int>& out, std::string_view key = "level");
    // An integer in [lo, hi], `fallback` when missing or null.
    Decoder& integer(int& out, std::string_view key, int lo, int hi, int fallback);
    Decoder& boolean(std::optional<bool>& out, std::string_view key);
    Decoder& choice(std::optional<std::string>& out, std::string_view key, Options options);
    Decoder& required_choice(std::string& out, std::string_view key, Options options);
    // `limit` (default 50, at most 200) and `after` (docs/spec/authoring.md "Conventions").
    Decoder& page(Page& out);
    // The shapes now; their problem is kept in `out` for the use case (fields::selection_shapes).
    Decoder& selections(fields::Deferred<std::vector<Selection>>& out, std::string_view key);

    // `problem` when the key is given at all (PATCH fields that other routes change).
    Decoder& forbid(std::string_view key, Error problem);
    // `problem` when `bad`: the checks that are not one field's reading.
    Decoder& refuse_if(bool bad, Error problem);
    // `<key> is required` when the key is given as null (PATCH fields that cannot be cleared).
    Decoder& not_null(std::string_view key);

    // `read()` (a Result) into `out` unless a problem came before.
    template <typename T, typename Read>
    Decoder& read(T& out, Read&& read) {
        if (error_) return *this;
        auto got = read();
        if (!got) {
            error_ = got.error();
        } else {
            out = std::move(got.value());
        }
        return *this;
    }

    const std::optional<Error>& error() const { return error_; }

    // The request, or the first problem.
    template <typename T>
    Result<T> done(T request) const {
        if (error_) return *error_;
        return request;
    }

  private:
    const LooseValue& body_;
    std::string prefix_;
    std::optional<Error> error_;
};

}  // namespace ll
