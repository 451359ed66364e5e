#pragma once
// Instants and dates written as the wire format, for tests: at("2026-11-22T10:00:00.000Z").
#include "core/domain/time_format.hpp"

namespace ll::test {

inline Timestamp at(const char* iso) {
    return *parse_timestamp(iso);
}
inline Date day(const char* iso) {
    return *parse_date(iso);
}

}  // namespace ll::test
