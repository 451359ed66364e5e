// Row locks on SOCI: SqlContentTx's ItemLocks (core/ports/content/item_locks.hpp); the statements
// are db/queries/{postgresql,sqlite}/content_locks.sql.
#include "adapters/persistence/content/sql_content_tx.hpp"

namespace ll::sql {
namespace {

// The table of each ItemKind, in the order the enum declares them: its statement in
// content_locks.sql.
constexpr std::string_view kLockOf[] = {"content_locks.pictures",  "content_locks.objects",
                                        "content_locks.words",     "content_locks.statements",
                                        "content_locks.questions", "content_locks.pairs",
                                        "content_locks.categories"};

}  // namespace

bool SqlContentTx::lock_item(ItemKind kind, Id id) {
    Query q = named(kLockOf[static_cast<std::size_t>(kind)]);
    q.bind("id", param(id));
    return q.first_int(s_).has_value();
}

}  // namespace ll::sql
