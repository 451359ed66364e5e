// Categories, pictures, objects, statements and questions in memory.
#include <stdexcept>

#include "adapters/memory/memory_content_tx.hpp"
#include "core/domain/rules.hpp"

namespace ll {

ContentTables& MemoryContentTx::rw() {
    if (!writable_) throw std::logic_error("ContentStore::read: the work tried to write");
    return t_;
}

void MemoryContentTx::delete_audios_of(const char* table, Id id) {
    erase_rows(rw().audios, [&](const auto& row) {
        return row.second.source.table == table && row.second.source.id == id;
    });
}

// ---- categories

std::vector<Category> MemoryContentTx::categories() {
    std::vector<Category> out;
    for (const auto& [id, category] : t_.categories) out.push_back(category);
    return out;
}

std::optional<Category> MemoryContentTx::category(Id id) {
    return find_row(t_.categories, id);
}

// The one mutex keeps every other writer out already.
std::optional<Category> MemoryContentTx::keep_category(Id id) {
    return category(id);
}

std::optional<Category> MemoryContentTx::insert_category(const std::string& titel_de) {
    for (const auto& [id, category] : t_.categories) {
        if (category.titel_de == titel_de) return std::nullopt;
    }
    ContentTables& t = rw();
    const Category stored{t.next.categories++, titel_de};
    t.categories[stored.id] = stored;
    return stored;
}

bool MemoryContentTx::rename_category(Id id, const std::string& titel_de) {
    for (const auto& [other, category] : t_.categories) {
        if (other != id && category.titel_de == titel_de) return false;
    }
    rw().categories.at(id).titel_de = titel_de;
    return true;
}

void MemoryContentTx::set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                                          const fields::Change<std::string>& titel_sv) {
    Category& category = rw().categories.at(id);
    if (titel_en.present) category.titel_en = titel_en.value;
    if (titel_sv.present) category.titel_sv = titel_sv.value;
}

std::vector<Id> MemoryContentTx::category_pairs(Id id) {
    std::vector<Id> out;
    for (const auto& [pair, category] : t_.pair_categories) {
        if (category == id) out.push_back(pair);  // the set is ordered by pair
    }
    return out;
}

// The memory store sums the learners' figures when read: nothing to delete for them.
void MemoryContentTx::delete_category(Id id) {
    ContentTables& t = rw();
    erase_rows(t.word_categories, [&](const auto& link) { return link.second == id; });
    erase_rows(t.pair_categories, [&](const auto& link) { return link.second == id; });
    t.categories.erase(id);
}

// ---- pictures

Picture MemoryContentTx::insert_picture(const Picture& picture) {
    ContentTables& t = rw();
    Picture stored = picture;
    stored.id = t.next.pictures++;
    t.pictures[stored.id] = stored;
    return stored;
}

std::optional<Picture> MemoryContentTx::picture(Id id) {
    return find_row(t_.pictures, id);
}

void MemoryContentTx::update_picture(const Picture& picture) {
    const auto it = rw().pictures.find(picture.id);
    if (it == t_.pictures.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = picture;
    it->second.created_at = created_at;
}

std::vector<Picture> MemoryContentTx::pictures(const PictureFilter& filter, const Page& page) {
    return page_of(t_.pictures, page, [&](const Picture& p) {
        return matches(filter.objects_created, p.objects_created) &&
               matches(filter.status, p.status) &&
               (!filter.title_contains ||
                ascii_lower(p.title.value_or("")).find(*filter.title_contains) !=
                    std::string::npos);
    });
}

void MemoryContentTx::delete_picture(Id id) {
    ContentTables& t = rw();
    if (!t.pictures.count(id)) return;
    std::vector<Id> objects;
    for (const auto& [object_id, object] : t.objects) {
        if (object.picture_id == id) objects.push_back(object_id);
    }
    for (Id object_id : objects) delete_object(object_id);
    erase_rows(t.picture_words, [&](const auto& row) { return row.second.picture_id == id; });
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.picture_id == id) pair.picture_id.reset();
    }
    t.pictures.erase(id);
}

// ---- objects

ContentObject MemoryContentTx::insert_object(const ContentObject& object) {
    ContentTables& t = rw();
    ContentObject stored = object;
    stored.id = t.next.objects++;
    t.objects[stored.id] = stored;
    return stored;
}

std::optional<ContentObject> MemoryContentTx::object(Id id) {
    return find_row(t_.objects, id);
}

// Every transaction holds the backend's one mutex: the object is locked already.
bool MemoryContentTx::lock_object(Id id) {
    return t_.objects.count(id) > 0;
}

// The same: the one mutex serialises the version check and the write already.
bool MemoryContentTx::lock_item(ItemKind kind, Id id) {
    const auto has = [id](const auto& rows) { return rows.count(id) > 0; };
    switch (kind) {
        case ItemKind::picture:
            return has(t_.pictures);
        case ItemKind::object:
            return has(t_.objects);
        case ItemKind::word:
            return has(t_.words);
        case ItemKind::statement:
            return has(t_.statements);
        case ItemKind::question:
            return has(t_.questions);
        case ItemKind::pair:
            return has(t_.pairs);
        case ItemKind::category:
            return has(t_.categories);
    }
    return false;
}

void MemoryContentTx::update_object(const ContentObject& object) {
    const auto it = rw().objects.find(object.id);
    if (it == t_.objects.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = object;
    it->second.created_at = created_at;
}

std::vector<ContentObject> MemoryContentTx::objects(const ObjectFilter& filter, const Page& page) {
    return page_of(t_.objects, page, [&](const ContentObject& o) {
        return matches(filter.picture_id, o.picture_id) && matches(filter.status, o.status);
    });
}

void MemoryContentTx::delete_object(Id id) {
    ContentTables& t = rw();
    if (!t.objects.erase(id)) return;
    erase_rows(t.object_words, [&](const auto& row) { return row.second.object_id == id; });
    for (auto& [object_id, object] : t.objects) {
        if (object.parent_id == id) object.parent_id.reset();
    }
    for (auto& [question_id, question] : t.questions) {
        if (question.object_id == id) question.object_id.reset();
    }
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.object_id == id) pair.object_id.reset();
    }
}

// ---- statements

Statement MemoryContentTx::insert_statement(const Statement& statement) {
    ContentTables& t = rw();
    Statement stored = statement;
    stored.id = t.next.statements++;
    t.statements[stored.id] = stored;
    return stored;
}

std::optional<Statement> MemoryContentTx::statement(Id id) {
    return find_row(t_.statements, id);
}

void MemoryContentTx::update_statement(const Statement& statement) {
    const auto it = rw().statements.find(statement.id);
    if (it == t_.statements.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = statement;
    it->second.created_at = created_at;
}

std::vector<Statement> MemoryContentTx::statements(const StatementFilter& filter,
                                                   const Page& page) {
    return page_of(t_.statements, page,
                   [&](const Statement& s) { return matches(filter.status, s.status); });
}

void MemoryContentTx::delete_statement(Id id) {
    ContentTables& t = rw();
    if (!t.statements.erase(id)) return;
    erase_rows(t.statement_words, [&](const auto& row) { return row.second.statement_id == id; });
    delete_audios_of("statements", id);
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.statement_id == id) pair.statement_id.reset();
    }
}

// ---- questions

Question MemoryContentTx::insert_question(const Question& question) {
    ContentTables& t = rw();
    Question stored = question;
    stored.id = t.next.questions++;
    t.questions[stored.id] = stored;
    return stored;
}

std::optional<Question> MemoryContentTx::question(Id id) {
    return find_row(t_.questions, id);
}

void MemoryContentTx::update_question(const Question& question) {
    const auto it = rw().questions.find(question.id);
    if (it == t_.questions.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = question;
    it->second.created_at = created_at;
}

std::vector<Question> MemoryContentTx::questions(const QuestionFilter& filter, const Page& page) {
    return page_of(t_.questions, page, [&](const Question& q) {
        return matches(filter.object_id, q.object_id) && matches(filter.status, q.status);
    });
}

void MemoryContentTx::delete_question(Id id) {
    ContentTables& t = rw();
    if (!t.questions.erase(id)) return;
    erase_rows(t.question_words, [&](const auto& row) { return row.second.question_id == id; });
    delete_audios_of("questions", id);
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.question_id == id) pair.question_id.reset();
    }
}

}  // namespace ll
