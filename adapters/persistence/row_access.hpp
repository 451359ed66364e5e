#pragma once
// Reading soci::row columns whatever type the backend reports: SQLite types a column by its
// declaration or value, PostgreSQL by its OID, and soci::row::get<T> insists on the exact one.
#include <optional>
#include <stdexcept>
#include <string>

#include <soci/soci.h>

#include "core/domain/time_format.hpp"
#include "core/domain/types.hpp"

namespace ll::sql {

inline long long as_int(const soci::row& r, std::size_t i) {
    switch (r.get_properties(i).get_data_type()) {
        case soci::dt_integer:
            return r.get<int>(i);
        case soci::dt_long_long:
            return r.get<long long>(i);
        case soci::dt_unsigned_long_long:
            return static_cast<long long>(r.get<unsigned long long>(i));
        case soci::dt_double:
            return static_cast<long long>(r.get<double>(i));
        default:
            return std::stoll(r.get<std::string>(i));
    }
}

inline double as_double(const soci::row& r, std::size_t i) {
    switch (r.get_properties(i).get_data_type()) {
        case soci::dt_double:
            return r.get<double>(i);
        case soci::dt_string:
            return std::stod(r.get<std::string>(i));
        default:
            return static_cast<double>(as_int(r, i));
    }
}

inline std::string as_text(const soci::row& r, std::size_t i) {
    switch (r.get_properties(i).get_data_type()) {
        case soci::dt_string:
            return r.get<std::string>(i);
        case soci::dt_double:
            return std::to_string(r.get<double>(i));
        default:
            return std::to_string(as_int(r, i));
    }
}

inline std::optional<std::string> as_optional_text(const soci::row& r, std::size_t i) {
    if (r.get_indicator(i) == soci::i_null) return std::nullopt;
    return as_text(r, i);
}

// Reads the columns of a row left to right.
class Cells {
  public:
    explicit Cells(const soci::row& r) : r_(r) {}
    bool null() const { return r_.get_indicator(i_) == soci::i_null; }
    long long integer() { return as_int(r_, i_++); }
    std::optional<long long> opt_integer() {
        if (null()) return skip<long long>();
        return integer();
    }
    int small() { return static_cast<int>(integer()); }
    std::optional<int> opt_small() {
        if (null()) return skip<int>();
        return small();
    }
    bool boolean() { return integer() != 0; }
    double number() { return as_double(r_, i_++); }
    std::string text() { return opt_text().value_or(std::string()); }
    std::optional<std::string> opt_text() {
        if (null()) return skip<std::string>();
        return as_text(r_, i_++);
    }
    Timestamp timestamp() { return opt_timestamp().value_or(Timestamp{}); }
    std::optional<Timestamp> opt_timestamp() {
        const auto t = opt_text();
        return t ? parse_timestamp(*t) : std::nullopt;
    }

  private:
    template <typename T>
    std::optional<T> skip() {
        ++i_;
        return std::nullopt;
    }
    const soci::row& r_;
    std::size_t i_ = 0;
};

// An instant column this adapter wrote ("YYYY-MM-DDTHH:MM:SS.mmmZ"); an unreadable one is a broken
// database, not bad input (shared by the session and reset token stores).
inline Timestamp stored_instant(const std::string& text, const char* table) {
    const auto t = parse_timestamp(text);
    if (!t) throw std::runtime_error(std::string(table) + ": unreadable timestamp");
    return *t;
}

}  // namespace ll::sql
