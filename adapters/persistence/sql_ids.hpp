#pragma once
// New ids of the content tables, drawn before the INSERT that uses them, so that no id is ever
// handed out twice (content_store.hpp), also not after the highest row was deleted.
// PostgreSQL: nextval of the column's identity sequence (statement_words and question_words
// share word_link_ids, db/migrations/postgresql/0003_content.sql). SQLite: the counters of
// id_sequences (why: db/migrations/sqlite/0003_content.sql).
#include <soci/soci.h>

#include "adapters/persistence/dialect_sql.hpp"

namespace ll::sql {

enum class IdSequence {
    categories,
    pictures,
    objects,
    words,
    statements,
    questions,
    pairs,
    audios,
    picture_words,
    object_words,
    word_links,  // statement_words and question_words
    users,       // SQLite only: accounts can be deleted (migration 0011)
};

long long next_id(soci::session& s, const DialectSql& d, IdSequence sequence);

}  // namespace ll::sql
