#include "core/app/authoring/recording_tx.hpp"

#include <string>

namespace ll {

namespace {

constexpr const char* kPictures = "pictures";
constexpr const char* kObjects = "objects";
constexpr const char* kWords = "words";
constexpr const char* kStatements = "statements";
constexpr const char* kQuestions = "questions";
constexpr const char* kPairs = "pairs";
constexpr const char* kCategories = "categories";

LooseValue snapshot(const Category& c) {
    auto text = [](const std::optional<std::string>& s) {
        return s ? LooseValue::of(*s) : LooseValue::null();
    };
    return LooseValue::object({{"titel_de", LooseValue::of(c.titel_de)},
                               {"titel_en", text(c.titel_en)},
                               {"titel_sv", text(c.titel_sv)}});
}

Page first_only() {
    Page page;
    page.limit = 1;
    return page;
}

LooseValue id_value(Id id) {
    return LooseValue::of(static_cast<std::int64_t>(id));
}

LooseValue categories_of(const std::vector<Category>& categories) {
    std::vector<LooseValue> ids;
    for (const auto& c : categories) ids.push_back(id_value(c.id));
    return LooseValue::object({{"categories", LooseValue::array(std::move(ids))}});
}

template <typename Link>
LooseValue linked_words(const std::vector<Link>& links) {
    std::vector<LooseValue> words;
    for (const auto& l : links) {
        if constexpr (requires { l.role; }) {
            words.push_back(LooseValue::object(
                {{"word_id", id_value(l.word_id)}, {"role", LooseValue::of(l.role)}}));
        } else if constexpr (requires { l.is_label; }) {
            words.push_back(LooseValue::object(
                {{"word_id", id_value(l.word_id)}, {"is_label", LooseValue::of(l.is_label)}}));
        } else {
            words.push_back(id_value(l.word_id));
        }
    }
    return LooseValue::object({{"words", LooseValue::array(std::move(words))}});
}

}  // namespace

void RecordingTx::record(const char* item, Id item_id, std::optional<Id> picture_id,
                         const LooseValue& before, const LooseValue& after) {
    ContentChange change;
    change.item = item;
    change.item_id = item_id;
    change.editor_id = author_.editor_id;
    change.at = author_.at;
    change.picture_id = picture_id;
    if (before.is_missing()) {
        change.action = change_action::kCreate;
        change.before = LooseValue::null();
        change.after = after;
    } else if (after.is_missing()) {
        change.action = change_action::kDelete;
        change.before = before;
        change.after = LooseValue::null();
    } else {
        auto [was, is] = changed_members(before, after);
        if (is.members.empty()) return;
        change.action = change_action::kUpdate;
        change.before = std::move(was);
        change.after = std::move(is);
    }
    tx_.record_change(change);
}

std::optional<Id> RecordingTx::picture_of_statement(Id statement_id) {
    PairFilter showing_it;
    showing_it.statement_id = statement_id;
    const auto showing = tx_.pairs(showing_it, first_only());
    return showing.empty() ? std::nullopt : showing.front().picture_id;
}

std::optional<Id> RecordingTx::picture_of_question(const Question& question) {
    if (question.object_id) {
        if (const auto o = tx_.object(*question.object_id)) return o->picture_id;
    }
    PairFilter showing_it;
    showing_it.question_id = question.id;
    const auto showing = tx_.pairs(showing_it, first_only());
    return showing.empty() ? std::nullopt : showing.front().picture_id;
}

// ---- categories

std::optional<Category> RecordingTx::insert_category(const std::string& titel_de) {
    auto c = tx_.insert_category(titel_de);
    if (c) record(kCategories, c->id, std::nullopt, {}, snapshot(*c));
    return c;
}

bool RecordingTx::rename_category(Id id, const std::string& titel_de) {
    const auto before = tx_.category(id);
    const bool renamed = tx_.rename_category(id, titel_de);
    if (renamed && before)
        record(kCategories, id, std::nullopt, snapshot(*before), snapshot(*tx_.category(id)));
    return renamed;
}

void RecordingTx::set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                                      const fields::Change<std::string>& titel_sv) {
    const auto before = tx_.category(id);
    tx_.set_category_titles(id, titel_en, titel_sv);
    if (before)
        record(kCategories, id, std::nullopt, snapshot(*before), snapshot(*tx_.category(id)));
}

void RecordingTx::delete_category(Id id) {
    const auto before = tx_.category(id);
    tx_.delete_category(id);
    if (before) record(kCategories, id, std::nullopt, snapshot(*before), {});
}

// ---- pictures

Picture RecordingTx::insert_picture(const Picture& picture) {
    auto stored = tx_.insert_picture(picture);
    record(kPictures, stored.id, stored.id, {}, snapshot(stored));
    return stored;
}

void RecordingTx::update_picture(const Picture& picture) {
    const auto before = tx_.picture(picture.id);
    tx_.update_picture(picture);
    if (before) record(kPictures, picture.id, picture.id, snapshot(*before), snapshot(picture));
}

void RecordingTx::delete_picture(Id id) {
    const auto before = tx_.picture(id);
    // Its objects go with it, as delete_object: each recorded as deleted, first.
    ObjectFilter of_picture;
    of_picture.picture_id = id;
    for (const auto& o : every(of_picture)) delete_object(o.id);
    tx_.delete_picture(id);
    if (before) record(kPictures, id, id, snapshot(*before), {});
}

std::vector<ContentObject> RecordingTx::every(const ObjectFilter& filter) {
    std::vector<ContentObject> all;
    Page page;
    page.limit = 500;
    for (;;) {
        const auto some = tx_.objects(filter, page);
        all.insert(all.end(), some.begin(), some.end());
        if (static_cast<int>(some.size()) < page.limit) return all;
        page.after = some.back().id;
    }
}

// ---- objects

ContentObject RecordingTx::insert_object(const ContentObject& object) {
    auto stored = tx_.insert_object(object);
    record(kObjects, stored.id, stored.picture_id, {}, snapshot(stored));
    return stored;
}

void RecordingTx::update_object(const ContentObject& object) {
    const auto before = tx_.object(object.id);
    tx_.update_object(object);
    if (before) record(kObjects, object.id, object.picture_id, snapshot(*before), snapshot(object));
}

void RecordingTx::delete_object(Id id) {
    const auto before = tx_.object(id);
    if (!before) return tx_.delete_object(id);
    // What refers to it loses the reference (ObjectRows::delete_object): its child objects, its
    // questions and its pairs, each recorded as changed.
    ObjectFilter of_picture;
    of_picture.picture_id = before->picture_id;
    std::vector<ContentObject> children;
    for (const auto& o : every(of_picture))
        if (o.parent_id == id) children.push_back(o);
    QuestionFilter of_object;
    of_object.object_id = id;
    Page page;
    page.limit = 1000;
    const auto questions = tx_.questions(of_object, page);
    PairFilter showing;
    showing.object_id = id;
    const auto pairs = tx_.pairs(showing, page);
    tx_.delete_object(id);
    for (const auto& child : children) {
        if (const auto now = tx_.object(child.id))
            record(kObjects, child.id, child.picture_id, snapshot(child), snapshot(*now));
    }
    for (const auto& q : questions) {
        if (const auto now = tx_.question(q.id))
            record(kQuestions, q.id, before->picture_id, snapshot(q), snapshot(*now));
    }
    for (const auto& p : pairs) {
        if (const auto now = tx_.pair(p.id))
            record(kPairs, p.id, p.picture_id, snapshot(p), snapshot(*now));
    }
    record(kObjects, id, before->picture_id, snapshot(*before), {});
}

// ---- words

std::pair<Word, bool> RecordingTx::find_or_insert_word(const Word& word) {
    auto found = tx_.find_or_insert_word(word);
    if (found.second) record(kWords, found.first.id, std::nullopt, {}, snapshot(found.first));
    return found;
}

bool RecordingTx::update_word(const Word& word) {
    const auto before = tx_.word(word.id);
    const bool updated = tx_.update_word(word);
    if (updated && before) {
        record(kWords, word.id, std::nullopt, snapshot(*before), snapshot(*tx_.word(word.id)));
    }
    return updated;
}

void RecordingTx::delete_word(Id id) {
    const auto before = tx_.word(id);
    tx_.delete_word(id);
    if (before) record(kWords, id, std::nullopt, snapshot(*before), {});
}

// ---- word links

LooseValue RecordingTx::words_of(const char* item, Id id) {
    if (item == kPictures) return linked_words(tx_.picture_word_links(id));
    if (item == kObjects) return linked_words(tx_.object_word_links(id));
    if (item == kQuestions) return linked_words(tx_.question_word_links(id));
    return linked_words(tx_.statement_word_links(id));
}

void RecordingTx::record_words(const char* item, Id id, const LooseValue& before) {
    std::optional<Id> picture;
    if (item == kPictures) picture = id;
    if (item == kObjects) {
        if (const auto o = tx_.object(id)) picture = o->picture_id;
    }
    if (item == kQuestions) {
        if (const auto q = tx_.question(id)) picture = picture_of_question(*q);
    }
    if (item == kStatements) picture = picture_of_statement(id);
    record(item, id, picture, before, words_of(item, id));
}

void RecordingTx::delete_link(const char* item, Id link_id, void (WordLinkRows::*erase)(Id)) {
    const auto owner = link_items_.find({item, link_id});
    if (owner == link_items_.end()) return (tx_.*erase)(link_id);
    const Id id = owner->second;
    const auto before = words_of(item, id);
    (tx_.*erase)(link_id);
    record_words(item, id, before);
}

std::vector<PictureWordLink> RecordingTx::picture_word_links(Id picture_id) {
    return remembered(kPictures, picture_id, tx_.picture_word_links(picture_id));
}

std::pair<PictureWordLink, bool> RecordingTx::link_picture_word(Id picture_id, Id word_id) {
    const auto before = words_of(kPictures, picture_id);
    auto linked = tx_.link_picture_word(picture_id, word_id);
    link_items_[{kPictures, linked.first.id}] = picture_id;
    record_words(kPictures, picture_id, before);
    return linked;
}

void RecordingTx::delete_picture_word_link(Id link_id) {
    delete_link(kPictures, link_id, &WordLinkRows::delete_picture_word_link);
}

std::vector<ObjectWordLink> RecordingTx::object_word_links(Id object_id) {
    return remembered(kObjects, object_id, tx_.object_word_links(object_id));
}

std::pair<ObjectWordLink, bool> RecordingTx::link_object_word(Id object_id, Id word_id,
                                                              bool is_label) {
    const auto before = words_of(kObjects, object_id);
    auto linked = tx_.link_object_word(object_id, word_id, is_label);
    link_items_[{kObjects, linked.first.id}] = object_id;
    record_words(kObjects, object_id, before);
    return linked;
}

void RecordingTx::delete_object_word_link(Id link_id) {
    delete_link(kObjects, link_id, &WordLinkRows::delete_object_word_link);
}

std::vector<QuestionWordLink> RecordingTx::question_word_links(Id question_id) {
    return remembered(kQuestions, question_id, tx_.question_word_links(question_id));
}

std::pair<QuestionWordLink, bool> RecordingTx::link_question_word(Id question_id, Id word_id,
                                                                  const std::string& role) {
    const auto before = words_of(kQuestions, question_id);
    auto linked = tx_.link_question_word(question_id, word_id, role);
    link_items_[{kQuestions, linked.first.id}] = question_id;
    record_words(kQuestions, question_id, before);
    return linked;
}

void RecordingTx::delete_question_word_link(Id link_id) {
    delete_link(kQuestions, link_id, &WordLinkRows::delete_question_word_link);
}

std::vector<StatementWordLink> RecordingTx::statement_word_links(Id statement_id) {
    return remembered(kStatements, statement_id, tx_.statement_word_links(statement_id));
}

std::pair<StatementWordLink, bool> RecordingTx::link_statement_word(Id statement_id, Id word_id) {
    const auto before = words_of(kStatements, statement_id);
    auto linked = tx_.link_statement_word(statement_id, word_id);
    link_items_[{kStatements, linked.first.id}] = statement_id;
    record_words(kStatements, statement_id, before);
    return linked;
}

void RecordingTx::delete_statement_word_link(Id link_id) {
    delete_link(kStatements, link_id, &WordLinkRows::delete_statement_word_link);
}

// ---- texts

Statement RecordingTx::insert_statement(const Statement& statement) {
    auto stored = tx_.insert_statement(statement);
    record(kStatements, stored.id, std::nullopt, {}, snapshot(stored));
    return stored;
}

void RecordingTx::update_statement(const Statement& statement) {
    const auto before = tx_.statement(statement.id);
    tx_.update_statement(statement);
    if (!before) return;
    auto after = statement;
    after.draft = before->draft;  // not written here (TextRows)
    record(kStatements, statement.id, picture_of_statement(statement.id), snapshot(*before),
           snapshot(after));
}

void RecordingTx::set_statement_draft(Id id, const std::optional<StatementDraft>& draft) {
    const auto before = tx_.statement(id);
    tx_.set_statement_draft(id, draft);
    if (!before) return;
    auto after = *before;
    after.draft = draft;
    record(kStatements, id, picture_of_statement(id), snapshot(*before), snapshot(after));
}

void RecordingTx::delete_statement(Id id) {
    const auto before = tx_.statement(id);
    const auto picture = before ? picture_of_statement(id) : std::nullopt;
    tx_.delete_statement(id);
    if (before) record(kStatements, id, picture, snapshot(*before), {});
}

Question RecordingTx::insert_question(const Question& question) {
    auto stored = tx_.insert_question(question);
    record(kQuestions, stored.id, picture_of_question(stored), {}, snapshot(stored));
    return stored;
}

void RecordingTx::update_question(const Question& question) {
    const auto before = tx_.question(question.id);
    tx_.update_question(question);
    if (!before) return;
    auto after = question;
    after.draft = before->draft;
    record(kQuestions, question.id, picture_of_question(question), snapshot(*before),
           snapshot(after));
}

void RecordingTx::set_question_draft(Id id, const std::optional<QuestionDraft>& draft) {
    const auto before = tx_.question(id);
    tx_.set_question_draft(id, draft);
    if (!before) return;
    auto after = *before;
    after.draft = draft;
    record(kQuestions, id, picture_of_question(*before), snapshot(*before), snapshot(after));
}

void RecordingTx::delete_question(Id id) {
    const auto before = tx_.question(id);
    const auto picture = before ? picture_of_question(*before) : std::nullopt;
    tx_.delete_question(id);
    if (before) record(kQuestions, id, picture, snapshot(*before), {});
}

// ---- pairs

Pair RecordingTx::insert_pair(const Pair& pair) {
    auto stored = tx_.insert_pair(pair);
    record(kPairs, stored.id, stored.picture_id, {}, snapshot(stored));
    return stored;
}

void RecordingTx::update_pair(const Pair& pair) {
    const auto before = tx_.pair(pair.id);
    tx_.update_pair(pair);
    if (before) record(kPairs, pair.id, pair.picture_id, snapshot(*before), snapshot(pair));
}

void RecordingTx::delete_pair(Id id) {
    const auto before = tx_.pair(id);
    tx_.delete_pair(id);
    if (before) record(kPairs, id, before->picture_id, snapshot(*before), {});
}

void RecordingTx::set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) {
    const auto before = categories_of(tx_.pair_categories(pair_id));
    tx_.set_pair_categories(pair_id, category_ids);
    const auto p = tx_.pair(pair_id);
    record(kPairs, pair_id, p ? p->picture_id : std::nullopt, before,
           categories_of(tx_.pair_categories(pair_id)));
}

// ---- audio (recorded as its item's: `audio_<field>`, the media file that speaks it)

std::pair<Audio, bool> RecordingTx::upsert_audio(const Audio& audio) {
    const auto before = tx_.audio(audio.source);
    auto stored = tx_.upsert_audio(audio);
    const std::string field = "audio_" + audio.source.field;
    auto file = [&](const std::optional<Audio>& a) {
        return LooseValue::object({{field, a ? LooseValue::of(a->file_path) : LooseValue::null()}});
    };
    const auto& table = audio.source.table;
    const char* item = table == kStatements  ? kStatements
                       : table == kQuestions ? kQuestions
                                             : kWords;
    std::optional<Id> picture;
    if (item == kStatements) picture = picture_of_statement(audio.source.id);
    if (item == kQuestions) {
        if (const auto q = tx_.question(audio.source.id)) picture = picture_of_question(*q);
    }
    record(item, audio.source.id, picture, file(before), file(stored.first));
    return stored;
}

}  // namespace ll
