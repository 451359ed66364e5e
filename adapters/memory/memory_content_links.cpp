// Link records between pictures, objects, questions, statements and words, in memory.
#include <stdexcept>

#include "adapters/memory/memory_content_tx.hpp"

namespace ll {
namespace {

// The links of one table that `keep` accepts, in link id order.
template <typename Link, typename Keep>
std::vector<Link> links_where(const std::map<Id, Link>& table, Keep keep) {
    std::vector<Link> out;
    for (const auto& [id, link] : table) {
        if (keep(link)) out.push_back(link);
    }
    return out;
}

template <typename Link, typename Same>
Link* find_link(std::map<Id, Link>& table, Same same) {
    for (auto& [id, link] : table) {
        if (same(link)) return &link;
    }
    return nullptr;
}

}  // namespace

std::vector<PictureWordLink> MemoryContentTx::picture_word_links(Id picture_id) {
    return links_where(t_.picture_words,
                       [&](const PictureWordLink& l) { return l.picture_id == picture_id; });
}

std::pair<PictureWordLink, bool> MemoryContentTx::link_picture_word(Id picture_id, Id word_id) {
    ContentTables& t = rw();
    if (const auto* existing = find_link(t.picture_words, [&](const PictureWordLink& l) {
            return l.picture_id == picture_id && l.word_id == word_id;
        })) {
        return {*existing, false};
    }
    const PictureWordLink link{t.next.picture_words++, picture_id, word_id};
    t.picture_words[link.id] = link;
    return {link, true};
}

std::vector<ObjectWordLink> MemoryContentTx::object_word_links(Id object_id) {
    return links_where(t_.object_words,
                       [&](const ObjectWordLink& l) { return l.object_id == object_id; });
}

std::pair<ObjectWordLink, bool> MemoryContentTx::link_object_word(Id object_id, Id word_id,
                                                                  bool is_label) {
    ContentTables& t = rw();
    // The schema's partial unique index: at most one label link per object.
    if (is_label && find_link(t.object_words, [&](const ObjectWordLink& l) {
            return l.object_id == object_id && l.word_id != word_id && l.is_label;
        })) {
        throw std::runtime_error("object_words: the object has a label word already");
    }
    if (auto* existing = find_link(t.object_words, [&](const ObjectWordLink& l) {
            return l.object_id == object_id && l.word_id == word_id;
        })) {
        existing->is_label = is_label;
        return {*existing, false};
    }
    const ObjectWordLink link{t.next.object_words++, object_id, word_id, is_label};
    t.object_words[link.id] = link;
    return {link, true};
}

void MemoryContentTx::delete_object_word_link(Id link_id) {
    rw().object_words.erase(link_id);
}

std::vector<QuestionWordLink> MemoryContentTx::question_word_links(Id question_id) {
    return links_where(t_.question_words,
                       [&](const QuestionWordLink& l) { return l.question_id == question_id; });
}

std::pair<QuestionWordLink, bool> MemoryContentTx::link_question_word(Id question_id, Id word_id,
                                                                      const std::string& role) {
    ContentTables& t = rw();
    if (const auto* existing = find_link(t.question_words, [&](const QuestionWordLink& l) {
            return l.question_id == question_id && l.word_id == word_id && l.role == role;
        })) {
        return {*existing, false};
    }
    const QuestionWordLink link{t.next.word_links++, question_id, word_id, role};
    t.question_words[link.id] = link;
    return {link, true};
}

void MemoryContentTx::delete_question_word_link(Id link_id) {
    rw().question_words.erase(link_id);
}

std::vector<StatementWordLink> MemoryContentTx::statement_word_links(Id statement_id) {
    return links_where(t_.statement_words,
                       [&](const StatementWordLink& l) { return l.statement_id == statement_id; });
}

std::pair<StatementWordLink, bool> MemoryContentTx::link_statement_word(Id statement_id,
                                                                        Id word_id) {
    ContentTables& t = rw();
    if (const auto* existing = find_link(t.statement_words, [&](const StatementWordLink& l) {
            return l.statement_id == statement_id && l.word_id == word_id;
        })) {
        return {*existing, false};
    }
    const StatementWordLink link{t.next.word_links++, statement_id, word_id};
    t.statement_words[link.id] = link;
    return {link, true};
}

void MemoryContentTx::delete_statement_word_link(Id link_id) {
    rw().statement_words.erase(link_id);
}

}  // namespace ll
