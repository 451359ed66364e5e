// Word links in memory: MemoryContentTx's WordLinkRows (core/ports/content/word_links.hpp), one
// implementation for every word link table, driven by its descriptor (memory_word_links.hpp).
#include <stdexcept>

#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

template <typename Link, typename Owner>
std::vector<Link> MemoryContentTx::links_of(const MemoryWordLinkTable<Link, Owner>& table,
                                            Id owner_id) const {
    std::vector<Link> out;
    for (const auto& [id, link] : t_.*table.rows) {
        if (link.*table.owner == owner_id) out.push_back(link);
    }
    return out;
}

template <typename Link, typename Owner>
std::pair<Link, bool> MemoryContentTx::make_link(const MemoryWordLinkTable<Link, Owner>& table,
                                                 const Link& wanted) {
    ContentTables& t = rw();
    std::map<Id, Link>& rows = t.*table.rows;
    const auto same_owner = [&](const Link& l) { return l.*table.owner == wanted.*table.owner; };
    if (table.flag && wanted.*table.flag) {
        for (const auto& [id, l] : rows) {
            if (same_owner(l) && l.word_id != wanted.word_id && l.*table.flag)
                throw std::runtime_error(std::string(table.table) +
                                         ": another link of the owner has the flag already");
        }
    }
    for (auto& [id, l] : rows) {
        if (same_owner(l) && l.word_id == wanted.word_id &&
            (!table.key || l.*table.key == wanted.*table.key)) {
            if (table.flag) l.*table.flag = wanted.*table.flag;
            return {l, false};
        }
    }
    Link made = wanted;
    made.id = (t.next.*table.next_id)++;
    rows[made.id] = made;
    return {made, true};
}

template <typename Link, typename Owner>
void MemoryContentTx::delete_link(const MemoryWordLinkTable<Link, Owner>& table, Id link_id) {
    (rw().*table.rows).erase(link_id);
}

std::vector<PictureWordLink> MemoryContentTx::picture_word_links(Id picture_id) {
    return links_of(kPictureWords, picture_id);
}

std::pair<PictureWordLink, bool> MemoryContentTx::link_picture_word(Id picture_id, Id word_id) {
    return make_link(kPictureWords, {0, picture_id, word_id});
}

void MemoryContentTx::delete_picture_word_link(Id link_id) {
    delete_link(kPictureWords, link_id);
}

std::vector<ObjectWordLink> MemoryContentTx::object_word_links(Id object_id) {
    return links_of(kObjectWords, object_id);
}

std::pair<ObjectWordLink, bool> MemoryContentTx::link_object_word(Id object_id, Id word_id,
                                                                  bool is_label) {
    return make_link(kObjectWords, {0, object_id, word_id, is_label});
}

void MemoryContentTx::delete_object_word_link(Id link_id) {
    delete_link(kObjectWords, link_id);
}

std::vector<QuestionWordLink> MemoryContentTx::question_word_links(Id question_id) {
    return links_of(kQuestionWords, question_id);
}

std::pair<QuestionWordLink, bool> MemoryContentTx::link_question_word(Id question_id, Id word_id,
                                                                      const std::string& role) {
    return make_link(kQuestionWords, {0, question_id, word_id, role});
}

void MemoryContentTx::delete_question_word_link(Id link_id) {
    delete_link(kQuestionWords, link_id);
}

std::vector<StatementWordLink> MemoryContentTx::statement_word_links(Id statement_id) {
    return links_of(kStatementWords, statement_id);
}

std::pair<StatementWordLink, bool> MemoryContentTx::link_statement_word(Id statement_id,
                                                                        Id word_id) {
    return make_link(kStatementWords, {0, statement_id, word_id});
}

void MemoryContentTx::delete_statement_word_link(Id link_id) {
    delete_link(kStatementWords, link_id);
}

}  // namespace ll
