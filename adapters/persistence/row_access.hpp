#pragma once
// Reading soci::row columns whatever type the backend reports: SQLite types a column by its
// declaration or value, PostgreSQL by its OID, and soci::row::get<T> insists on the exact one.
#include <optional>
#include <string>

#include <soci/soci.h>

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

}  // namespace ll::sql
