#pragma once
// The few spots where the two dialects spell a value differently. PostgreSQL stores instants
// as TIMESTAMPTZ and dates as DATE; SQLite stores both as ISO text in the wire format.
#include <string>

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
    // A JSON column (JSONB in PostgreSQL, TEXT in SQLite) read as text, and a bound text
    // parameter written to one.
    std::string json_out(const std::string& column) const {
        return pg() ? "CAST(" + column + " AS TEXT)" : column;
    }
    std::string json_in(const std::string& param) const {
        return pg() ? "CAST(" + param + " AS JSONB)" : param;
    }
    // True when the text column holds more than ASCII white space (NULL: false). The two
    // dialects name the trim function differently and spell control characters differently.
    std::string has_text(const std::string& column) const {
        return pg() ? "btrim(" + column +
                          ", ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13)) <> ''"
                    : "trim(" + column + ", ' ' || char(9, 10, 11, 12, 13)) <> ''";
    }
    // Appended to a SELECT that locks the rows it reads until the end of the transaction
    // (SQLite: writers are serialised already).
    std::string for_update() const { return pg() ? " FOR UPDATE" : ""; }
    // The same for rows a write is about to link to (a foreign key's own lock): a delete waits
    // for it and it for a delete, which it then finds done (the row is skipped); updates of
    // other columns and other key shares do not wait.
    std::string for_key_share() const { return pg() ? " FOR KEY SHARE" : ""; }
    std::string boolean(bool value) const {
        return pg() ? (value ? "TRUE" : "FALSE") : (value ? "1" : "0");
    }
};

}  // namespace ll::sql
