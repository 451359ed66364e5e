#include "core/app/requests/decoder.hpp"

namespace ll {

Decoder& Decoder::text(std::optional<std::string>& out, std::string_view key, std::size_t max) {
    return read(out, [&] { return fields::text(body_[key], name(key), max); });
}

Decoder& Decoder::required_text(std::string& out, std::string_view key, std::size_t max) {
    return read(out, [&] { return fields::required_text(body_[key], name(key), max); });
}

Decoder& Decoder::text_change(fields::Change<std::string>& out, std::string_view key,
                              std::size_t max) {
    return read(out, [&] { return fields::text_change(body_[key], name(key), max); });
}

Decoder& Decoder::id(std::optional<Id>& out, std::string_view key) {
    return read(out, [&] { return fields::id(body_[key], name(key)); });
}

Decoder& Decoder::required_id(Id& out, std::string_view key) {
    return read(out, [&]() -> Result<Id> {
        auto id = fields::id(body_[key], name(key));
        if (!id) return id.error();
        if (!id.value()) return fields::required(name(key));
        return *id.value();
    });
}

Decoder& Decoder::id_change(fields::Change<Id>& out, std::string_view key) {
    if (body_[key].is_missing()) return *this;
    out.present = true;
    return id(out.value, key);
}

Decoder& Decoder::id_list(std::vector<Id>& out, std::string_view key) {
    return read(out, [&] { return fields::id_list(body_[key], name(key)); });
}

Decoder& Decoder::level(std::optional<int>& out, std::string_view key) {
    return read(out, [&] { return fields::level(body_[key], name(key)); });
}

Decoder& Decoder::integer(int& out, std::string_view key, int lo, int hi, int fallback) {
    return read(out, [&]() -> Result<int> {
        auto n = fields::integer(body_[key], name(key), lo, hi);
        if (!n) return n.error();
        return static_cast<int>(n.value().value_or(fallback));
    });
}

Decoder& Decoder::boolean(std::optional<bool>& out, std::string_view key) {
    return read(out, [&] { return fields::boolean(body_[key], name(key)); });
}

Decoder& Decoder::choice(std::optional<std::string>& out, std::string_view key, Options options) {
    return read(out, [&] { return fields::choice(body_[key], name(key), options); });
}

Decoder& Decoder::required_choice(std::string& out, std::string_view key, Options options) {
    return read(out, [&]() -> Result<std::string> {
        auto c = fields::choice(body_[key], name(key), options);
        if (!c) return c.error();
        if (!c.value()) return fields::required(name(key));
        return std::move(*c.value());
    });
}

Decoder& Decoder::page(Page& out) {
    return integer(out.limit, "limit", 1, kMaxListLimit, kDefaultListLimit).id(out.after, "after");
}

Decoder& Decoder::selections(fields::Deferred<std::vector<Selection>>& out, std::string_view key) {
    if (!error_) out = fields::selection_shapes(body_[key], name(key));
    return *this;
}

Decoder& Decoder::forbid(std::string_view key, Error problem) {
    return refuse_if(!body_[key].is_missing(), std::move(problem));
}

Decoder& Decoder::refuse_if(bool bad, Error problem) {
    if (!error_ && bad) error_ = std::move(problem);
    return *this;
}

Decoder& Decoder::not_null(std::string_view key) {
    if (!error_ && body_[key].is_null()) error_ = fields::required(name(key));
    return *this;
}

}  // namespace ll
