#include "adapters/persistence/sql_ids.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "adapters/persistence/sql_query.hpp"

namespace ll::sql {
namespace {

struct SequenceInfo {
    const char* name;                 // id_sequences.name (SQLite)
    std::vector<const char*> tables;  // the tables whose ids it hands out
};

SequenceInfo info(IdSequence sequence) {
    switch (sequence) {
        case IdSequence::categories:
            return {"categories", {"categories"}};
        case IdSequence::pictures:
            return {"pictures", {"pictures"}};
        case IdSequence::objects:
            return {"objects", {"objects"}};
        case IdSequence::words:
            return {"words", {"words"}};
        case IdSequence::statements:
            return {"statements", {"statements"}};
        case IdSequence::questions:
            return {"questions", {"questions"}};
        case IdSequence::pairs:
            return {"pairs", {"pairs"}};
        case IdSequence::audios:
            return {"audios", {"audios"}};
        case IdSequence::picture_words:
            return {"picture_words", {"picture_words"}};
        case IdSequence::object_words:
            return {"object_words", {"object_words"}};
        case IdSequence::word_links:
            return {"word_links", {"statement_words", "question_words"}};
        case IdSequence::users:
            return {"users", {"users"}};
    }
    throw std::logic_error("next_id: unknown sequence");
}

}  // namespace

long long next_id(soci::session& s, const DialectSql& d, IdSequence sequence) {
    const SequenceInfo seq = info(sequence);
    Query q(d);
    if (d.pg()) {
        if (sequence == IdSequence::word_links) {
            q << "SELECT nextval('word_link_ids')";
        } else {
            q << "SELECT nextval(pg_get_serial_sequence(" << param(seq.tables.front())
              << ", 'id'))";
        }
    } else {
        // The highest id in the table(s) + 1, or the counter + 1 when that is higher: the
        // counter remembers ids of rows deleted since; the tables' maximum steps over rows
        // that were inserted without drawing (the test seeder, hand-made data). The upsert
        // also recreates a missing counter row. Table names come from the list above.
        std::string highest;
        for (const char* table : seq.tables) {
            if (!highest.empty()) highest += ", ";
            highest += std::string("(SELECT COALESCE(MAX(id), 0) FROM ") + table + ")";
        }
        if (seq.tables.size() > 1) highest = "MAX(" + highest + ")";
        q << "INSERT INTO id_sequences (name, last_id) VALUES (" << param(seq.name) << ", "
          << highest
          << " + 1) ON CONFLICT (name) DO UPDATE SET last_id = "
             "MAX(id_sequences.last_id + 1, excluded.last_id) RETURNING last_id";
    }
    const auto id = q.first_int(s);
    if (!id) throw std::runtime_error("next_id: the database answered no id");
    return *id;
}

}  // namespace ll::sql
