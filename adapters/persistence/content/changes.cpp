// The content's history on SOCI: SqlContentTx's ChangeRows (core/ports/content/changes.hpp);
// the statements are db/queries/content_changes.sql. The changed fields are stored as JSON text
// with the JSON codec the APIs answer with.
#include <limits>
#include <stdexcept>

#include "adapters/http/json/body_parser.hpp"
#include "adapters/http/json/codec.hpp"
#include "adapters/persistence/content/sql_content_tx.hpp"
#include "adapters/persistence/row_access.hpp"

namespace ll::sql {

namespace {

std::optional<std::string> json_text(const LooseValue& v) {
    if (v.is_missing() || v.is_null()) return std::nullopt;
    return http::to_text(http::loose_json(v));
}

LooseValue from_json_text(const std::optional<std::string>& text) {
    if (!text) return LooseValue::null();
    auto value = http::parse_json(*text);
    // Only this adapter writes the column; unreadable text is a broken store, not "no fields".
    if (!value) throw std::runtime_error("content_changes: a stored field list is not JSON");
    return std::move(*value);
}

ContentChange change_of(const soci::row& r) {
    Cells c(r);
    ContentChange change;
    change.id = c.integer();
    change.at = c.timestamp();
    change.editor_id = c.opt_integer();
    change.item = c.text();
    change.item_id = c.integer();
    change.action = c.text();
    change.picture_id = c.opt_integer();
    change.before = from_json_text(c.opt_text());
    change.after = from_json_text(c.opt_text());
    return change;
}

}  // namespace

Id SqlContentTx::record_change(const ContentChange& change) {
    Query q = named("content_changes.insert");
    q.bind("at", ts(change.at))
        .bind("editor_id", param(change.editor_id))
        .bind("item", param(change.item))
        .bind("item_id", param(change.item_id))
        .bind("action", param(change.action))
        .bind("picture_id", param(change.picture_id))
        .bind("before", param(json_text(change.before)))
        .bind("after", param(json_text(change.after)));
    Id id = 0;
    q.each(s_, [&](const soci::row& r) { id = Cells(r).integer(); });
    return id;
}

std::optional<ContentChange> SqlContentTx::change(Id id) {
    Query q = named("content_changes.find");
    q.bind("id", param(id));
    return row_as<ContentChange>(s_, q, change_of);
}

std::vector<ContentChange> SqlContentTx::changes(const ChangeFilter& filter,
                                                 const ChangePage& page) {
    // One statement per filter (ChangeFilter: at most one is given).
    Query q = named(filter.item_id      ? "content_changes.list_item"
                    : filter.editor_id  ? "content_changes.list_editor"
                    : filter.picture_id ? "content_changes.list_picture"
                                        : "content_changes.list_all");
    if (filter.item_id) {
        q.bind("item", param(filter.item.value_or(""))).bind("item_id", param(*filter.item_id));
    } else if (filter.editor_id) {
        q.bind("editor_id", param(*filter.editor_id));
    } else if (filter.picture_id) {
        q.bind("picture_id", param(*filter.picture_id));
    }
    q.bind("before", param(page.before.value_or(std::numeric_limits<Id>::max())))
        .bind("limit", param(std::max(page.limit, 0)));
    return rows_as<ContentChange>(s_, q, change_of);
}

}  // namespace ll::sql
