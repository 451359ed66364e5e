#pragma once
// A statement and its bound values. Mostly a statement of db/queries (queries.hpp) whose
// parameters are bound by name, an IN list of any length included:
//
//   Query q(d, query(d.dialect, "content_words.by_ids"));  // ... WHERE id IN (:ids)
//   q.bind_list("ids", ids);
//   q.each(session, [](const soci::row& r) { ... });
//
// Or one put together in C++ where its column names come from code (the audio coverage of
// each text column): values never enter the SQL text, each gets its own placeholder (:p0, :p1,
// ...) bound by name, so the order in which it is assembled cannot mix them up.
//
//   Query q(d);
//   q << "SELECT COUNT(*) FROM words WHERE status = " << param(status);
#include <algorithm>
#include <concepts>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <soci/soci.h>

#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "core/domain/time_format.hpp"
#include "core/domain/types.hpp"

namespace ll::sql {

// A value to bind; made by param() and ts().
struct Bound {
    enum class Kind { plain, timestamp };
    bool is_int = false;
    bool null = false;
    long long integer = 0;
    std::string text;
    Kind kind = Kind::plain;
};

template <std::integral T>
Bound param(T value) {
    Bound b;
    b.is_int = true;
    b.integer = static_cast<long long>(value);  // bool: 0/1, which both dialects take
    return b;
}
inline Bound param(std::string value) {
    Bound b;
    b.text = std::move(value);
    return b;
}
inline Bound param(const char* value) {
    return param(std::string(value));
}
template <typename T>
Bound param(const std::optional<T>& value) {
    if (value) return param(*value);
    Bound b;
    b.is_int = std::is_integral_v<T>;
    b.null = true;
    return b;
}
// An instant: wire-format text, which a statement put together in C++ writes through
// DialectSql::ts_in.
inline Bound ts(Timestamp value) {
    Bound b = param(format_timestamp(value));
    b.kind = Bound::Kind::timestamp;
    return b;
}
inline Bound ts(const std::optional<Timestamp>& value) {
    if (value) return ts(*value);
    Bound b;
    b.null = true;
    b.kind = Bound::Kind::timestamp;
    return b;
}

class Query {
  public:
    explicit Query(DialectSql d) : d_(d) {}
    // A statement of db/queries; its parameters are bound with bind() and bind_list().
    Query(DialectSql d, std::string text) : d_(d), sql_(std::move(text)) {}
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;

    // The value of the statement's parameter `:name`. A name stands once in a statement (SOCI
    // must not see one name twice): `:pair_id`, `:pair_id_2`, ...
    Query& bind(std::string name, const Bound& value) {
        add(std::move(name), value);
        return *this;
    }
    // The statement's `(:name)` becomes `(:name_0, :name_1, ...)` bound to the values, for
    // IN; callers keep lists non-empty. The statement as written (one value) is what the
    // contract test prepares.
    template <typename Range>
    Query& bind_list(const std::string& name, const Range& values) {
        const std::string marker = "(:" + name + ")";
        const auto at = sql_.find(marker);
        if (at == std::string::npos) throw std::logic_error("no " + marker + " in the statement");
        std::string placeholders;
        for (const auto& v : values) {
            std::string each = name + "_" + std::to_string(slots_.size());
            placeholders += (placeholders.empty() ? ":" : ", :") + each;
            add(std::move(each), param(v));
        }
        sql_.replace(at + 1, marker.size() - 2, placeholders);
        return *this;
    }

    // SQL text (never a value).
    Query& operator<<(std::string_view text) {
        sql_ += text;
        return *this;
    }
    // A placeholder bound to the value.
    Query& operator<<(const Bound& value) {
        const std::string placeholder = ":" + add("p" + std::to_string(slots_.size()), value);
        switch (value.kind) {
            case Bound::Kind::timestamp:
                sql_ += d_.ts_in(placeholder);
                break;
            case Bound::Kind::plain:
                sql_ += placeholder;
                break;
        }
        return *this;
    }
    // `(:p1, :p2, ...)` bound to the values, for IN; callers keep lists non-empty.
    template <typename Range>
    Query& list(const Range& values) {
        *this << "(";
        bool first = true;
        for (const auto& v : values) {
            if (!first) *this << ", ";
            *this << param(v);
            first = false;
        }
        return *this << ")";
    }

    const std::string& text() const { return sql_; }

    // Calls `visit(row)` for every row of the result.
    template <typename F>
    void each(soci::session& s, F&& visit) {
        soci::rowset<soci::row> rows(prepare(s));
        for (const soci::row& r : rows) visit(r);
    }
    // Every row of the result as text (NULL: nullopt), `columns` wide. Read with a one-shot
    // statement into vectors of `expected` rows: on PostgreSQL one round trip (an unnamed
    // statement), where each() prepares, runs and deallocates a named one (three). A result
    // that fills the vectors may have more rows: it is then read again row by row, so a caller's
    // `expected` is a speed hint, never a limit.
    std::vector<std::vector<std::optional<std::string>>> text_rows(soci::session& s,
                                                                   std::size_t columns,
                                                                   std::size_t expected) {
        std::vector<std::vector<std::optional<std::string>>> out;
        const std::size_t capacity = std::max<std::size_t>(1, expected) + 1;
        std::vector<std::vector<std::string>> values(columns, std::vector<std::string>(capacity));
        std::vector<std::vector<soci::indicator>> nulls(columns,
                                                        std::vector<soci::indicator>(capacity));
        {
            soci::details::once_temp_type once = (s << sql_);
            bind_slots(once);
            for (std::size_t c = 0; c < columns; ++c) once, soci::into(values[c], nulls[c]);
        }  // runs here
        // No row: SOCI leaves the vectors as they were.
        if (!s.got_data()) return out;
        const std::size_t rows = values.empty() ? 0 : values[0].size();
        if (rows == capacity) {
            each(s, [&](const soci::row& r) {
                auto& row = out.emplace_back(columns);
                for (std::size_t c = 0; c < columns; ++c) row[c] = as_optional_text(r, c);
            });
            return out;
        }
        out.resize(rows);
        for (std::size_t i = 0; i < rows; ++i) {
            out[i].resize(columns);
            for (std::size_t c = 0; c < columns; ++c) {
                if (nulls[c][i] != soci::i_null) out[i][c] = std::move(values[c][i]);
            }
        }
        return out;
    }
    // Runs a statement that answers no rows; answers how many rows it changed.
    long long run(soci::session& s) {
        soci::statement st(prepare(s));
        st.execute(true);
        return st.get_affected_rows();
    }
    // The first column of the first row as an integer (COUNT, RETURNING id); nullopt: no
    // row. Every row is stepped through: SQLite refuses COMMIT while a statement is mid-way.
    std::optional<long long> first_int(soci::session& s) {
        std::optional<long long> out;
        each(s, [&](const soci::row& r) {
            if (!out && r.get_indicator(0) == soci::i_ok) out = as_int(r, 0);
        });
        return out;
    }

  private:
    struct Slot {
        std::string name;
        bool is_int = false;
        long long integer = 0;
        std::string text;
        soci::indicator ind = soci::i_ok;
    };

    // A slot for the value, named `name`; answers the name.
    const std::string& add(std::string name, const Bound& value) {
        Slot& slot = slots_.emplace_back();
        slot.name = std::move(name);
        slot.is_int = value.is_int;
        slot.integer = value.integer;
        slot.text = value.text;
        slot.ind = value.null ? soci::i_null : soci::i_ok;
        return slot.name;
    }

    soci::details::prepare_temp_type prepare(soci::session& s) {
        soci::details::prepare_temp_type prep = (s.prepare << sql_);
        bind_slots(prep);
        return prep;
    }

    // The slots live in a deque: their addresses stay put while SOCI holds them.
    template <typename Statement>
    void bind_slots(Statement& statement) {
        for (Slot& slot : slots_) {
            if (slot.is_int) {
                statement, soci::use(slot.integer, slot.ind, slot.name);
            } else {
                statement, soci::use(slot.text, slot.ind, slot.name);
            }
        }
    }

    DialectSql d_;
    std::string sql_;
    std::deque<Slot> slots_;
};

// Every row of the query, mapped.
template <typename T, typename Map>
std::vector<T> rows_as(soci::session& s, Query& q, Map map) {
    std::vector<T> out;
    q.each(s, [&](const soci::row& r) { out.push_back(map(r)); });
    return out;
}

// The first row of the query, mapped (nullopt: none).
template <typename T, typename Map>
std::optional<T> row_as(soci::session& s, Query& q, Map map) {
    std::optional<T> out;
    q.each(s, [&](const soci::row& r) {
        if (!out) out = map(r);
    });
    return out;
}

}  // namespace ll::sql
