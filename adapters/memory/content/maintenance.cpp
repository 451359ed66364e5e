// Orphaned link records and audios, and the link tables check, in memory: MemoryContentTx's
// ContentMaintenance (core/ports/content/maintenance.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {
namespace {

bool source_exists(const ContentTables& t, const AudioSource& source) {
    if (source.table == "statements") return t.statements.count(source.id) > 0;
    if (source.table == "questions") return t.questions.count(source.id) > 0;
    if (source.table == "words") return t.words.count(source.id) > 0;
    return false;
}

}  // namespace

std::vector<std::pair<std::string, std::int64_t>> MemoryContentTx::purge_orphans() {
    ContentTables& t = rw();
    const auto word_gone = [&](Id id) { return !t.words.count(id); };
    const auto category_gone = [&](Id id) { return !t.categories.count(id); };
    std::vector<std::pair<std::string, std::int64_t>> out;
    // In kLinkTables order, then audios.
    out.emplace_back("word_categories", erase_rows(t.word_categories, [&](const auto& link) {
                         return word_gone(link.first) || category_gone(link.second);
                     }));
    for_each_word_link_table([&](const auto& links) {
        out.emplace_back(links.table, erase_rows(t.*links.rows, [&](const auto& row) {
                             return !(t.*links.owners).count(row.second.*links.owner) ||
                                    word_gone(row.second.word_id);
                         }));
    });
    out.emplace_back("pair_categories", erase_rows(t.pair_categories, [&](const auto& link) {
                         return !t.pairs.count(link.first) || category_gone(link.second);
                     }));
    out.emplace_back("audios", erase_rows(t.audios, [&](const auto& row) {
                         return !source_exists(t, row.second.source);
                     }));
    return out;
}

std::int64_t MemoryContentTx::purge_object_orphans(Id object_id) {
    ContentTables& t = rw();
    const auto word_gone = [&](Id id) { return !t.words.count(id); };
    const std::int64_t object_words = erase_rows(t.object_words, [&](const auto& row) {
        return row.second.object_id == object_id && word_gone(row.second.word_id);
    });
    const std::int64_t question_words = erase_rows(t.question_words, [&](const auto& row) {
        const auto question = t.questions.find(row.second.question_id);
        return question != t.questions.end() && question->second.object_id == object_id &&
               word_gone(row.second.word_id);
    });
    return object_words + question_words;
}

// The memory tables always exist.
LinkTableCheck MemoryContentTx::ensure_link_tables() {
    LinkTableCheck check;
    for (const char* table : kLinkTables) check.existing.emplace_back(table);
    return check;
}

}  // namespace ll
