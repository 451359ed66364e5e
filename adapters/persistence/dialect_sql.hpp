#pragma once
// The few spots where the two dialects spell a value differently. PostgreSQL stores instants
// as TIMESTAMPTZ and dates as DATE; SQLite stores both as ISO text in the wire format.
#include <string>
#include <vector>

#include "core/domain/types.hpp"

#include "adapters/persistence/database_url.hpp"

namespace ll::sql {

struct DialectSql {
    Dialect dialect;

    bool pg() const { return dialect == Dialect::postgresql; }
    // An instant column read as "YYYY-MM-DDTHH:MM:SS.mmmZ".
    std::string ts_out(const std::string& column) const {
        return pg() ? "to_char(" + column +
                          " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
                    : column;
    }
    // A bound instant parameter written to a column.
    std::string ts_in(const std::string& param) const {
        return pg() ? "CAST(" + param + " AS TIMESTAMPTZ)" : param;
    }
    std::string date_out(const std::string& column) const {
        return pg() ? "to_char(" + column + ", 'YYYY-MM-DD')" : column;
    }
    std::string date_in(const std::string& param) const {
        return pg() ? "CAST(" + param + " AS DATE)" : param;
    }
    // True when the text column holds more than ASCII white space (NULL: false). The two
    // dialects name the trim function differently and spell control characters differently.
    std::string has_text(const std::string& column) const {
        return pg() ? "btrim(" + column +
                          ", ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13)) <> ''"
                    : "trim(" + column + ", ' ' || char(9, 10, 11, 12, 13)) <> ''";
    }
    // A statement's `IN (:name)` with the list as one parameter, so the text stays the same
    // whatever the list's length (prepared and planned once): `= ANY (CAST(:name AS
    // BIGINT[]))` on PostgreSQL, `IN (SELECT value FROM json_each(:name))` on SQLite.
    std::string with_id_array(std::string sql, const std::string& name) const {
        const std::string marker = "IN (:" + name + ")";
        const auto at = sql.find(marker);
        if (at == std::string::npos) return sql;
        return sql.replace(at, marker.size(),
                           pg() ? "= ANY (CAST(:" + name + " AS BIGINT[]))"
                                : "IN (SELECT value FROM json_each(:" + name + "))");
    }
    // The value of such a parameter: "{3,17,42}" (a PostgreSQL array), "[3,17,42]" (JSON).
    std::string id_array(const std::vector<Id>& ids) const {
        std::string out = pg() ? "{" : "[";
        for (const Id id : ids) {
            if (out.size() > 1) out += ',';
            out += std::to_string(id);
        }
        return out + (pg() ? "}" : "]");
    }
};

}  // namespace ll::sql
