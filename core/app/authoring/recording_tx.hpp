#pragma once
// The content unit of work with its history kept (docs/authoring-guide.md "History"): every
// operation goes to the store's own transaction, and every one that changes an editor's content
// -- an insert, update or delete of a picture, object, word, category, statement, question or
// pair, a text's draft, a word link, a pair's categories, an item's audio -- also records a
// ContentChange in the same transaction, with the fields before and after. Recording here, once,
// below every use case, means no use case can forget it. A delete that changes other items
// records them too: a picture's objects (deleted), an object's child objects, questions and pairs
// (their reference gone). Not recorded: the learners' statistics on a pair, the encoded variants
// of an audio (the same speech), maintenance's purge of orphaned link records (nothing an
// editor made), and the links and category memberships a deleted word or category takes with it
// (recorded as that word's or category's delete).
#include <map>
#include <optional>
#include <utility>

#include "core/domain/content_changes.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

// Who makes the changes of one unit of work, and when.
struct ChangeAuthor {
    std::optional<Id> editor_id;  // none: the system (demo seed, development token)
    Timestamp at{};
};

class RecordingTx final : public ContentTx {
  public:
    RecordingTx(ContentTx& inner, ChangeAuthor author) : tx_(inner), author_(author) {}

    // ---- categories
    std::vector<Category> categories() override { return tx_.categories(); }
    std::optional<Category> category(Id id) override { return tx_.category(id); }
    std::optional<Category> keep_category(Id id) override { return tx_.keep_category(id); }
    std::optional<Category> insert_category(const std::string& titel_de) override;
    bool rename_category(Id id, const std::string& titel_de) override;
    void set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                             const fields::Change<std::string>& titel_sv) override;
    std::vector<Id> category_pairs(Id id) override { return tx_.category_pairs(id); }
    void delete_category(Id id) override;

    // ---- pictures
    Picture insert_picture(const Picture& picture) override;
    std::optional<Picture> picture(Id id) override { return tx_.picture(id); }
    void update_picture(const Picture& picture) override;
    std::vector<Picture> pictures(const PictureFilter& filter, const Page& page) override {
        return tx_.pictures(filter, page);
    }
    void delete_picture(Id id) override;

    // ---- objects
    ContentObject insert_object(const ContentObject& object) override;
    std::optional<ContentObject> object(Id id) override { return tx_.object(id); }
    bool lock_object(Id id) override { return tx_.lock_object(id); }
    void update_object(const ContentObject& object) override;
    std::vector<ContentObject> objects(const ObjectFilter& filter, const Page& page) override {
        return tx_.objects(filter, page);
    }
    void delete_object(Id id) override;

    // ---- words
    std::optional<Word> word(Id id) override { return tx_.word(id); }
    std::optional<Word> word_by_title(std::string_view title_de) override {
        return tx_.word_by_title(title_de);
    }
    std::pair<Word, bool> find_or_insert_word(const Word& word) override;
    bool update_word(const Word& word) override;
    std::vector<Word> words(const WordFilter& filter, const Page& page) override {
        return tx_.words(filter, page);
    }
    std::vector<Word> words_by_ids(const std::vector<Id>& ids) override {
        return tx_.words_by_ids(ids);
    }
    void delete_word(Id id) override;

    // ---- word links (recorded as a change of the item that has them: its `words`)
    std::vector<PictureWordLink> picture_word_links(Id picture_id) override;
    std::pair<PictureWordLink, bool> link_picture_word(Id picture_id, Id word_id) override;
    void delete_picture_word_link(Id link_id) override;
    std::vector<ObjectWordLink> object_word_links(Id object_id) override;
    std::pair<ObjectWordLink, bool> link_object_word(Id object_id, Id word_id,
                                                     bool is_label) override;
    void delete_object_word_link(Id link_id) override;
    std::vector<QuestionWordLink> question_word_links(Id question_id) override;
    std::pair<QuestionWordLink, bool> link_question_word(Id question_id, Id word_id,
                                                         const std::string& role) override;
    void delete_question_word_link(Id link_id) override;
    std::vector<StatementWordLink> statement_word_links(Id statement_id) override;
    std::pair<StatementWordLink, bool> link_statement_word(Id statement_id, Id word_id) override;
    void delete_statement_word_link(Id link_id) override;

    // ---- texts
    Statement insert_statement(const Statement& statement) override;
    std::optional<Statement> statement(Id id) override { return tx_.statement(id); }
    void update_statement(const Statement& statement) override;
    void set_statement_draft(Id id, const std::optional<StatementDraft>& draft) override;
    std::vector<Statement> statements(const StatementFilter& filter, const Page& page) override {
        return tx_.statements(filter, page);
    }
    void delete_statement(Id id) override;
    Question insert_question(const Question& question) override;
    std::optional<Question> question(Id id) override { return tx_.question(id); }
    void update_question(const Question& question) override;
    void set_question_draft(Id id, const std::optional<QuestionDraft>& draft) override;
    std::vector<Question> questions(const QuestionFilter& filter, const Page& page) override {
        return tx_.questions(filter, page);
    }
    void delete_question(Id id) override;

    // ---- pairs
    Pair insert_pair(const Pair& pair) override;
    std::optional<Pair> pair(Id id) override { return tx_.pair(id); }
    void update_pair(const Pair& pair) override;
    std::vector<Pair> pairs(const PairFilter& filter, const Page& page) override {
        return tx_.pairs(filter, page);
    }
    std::int64_t count_pairs(const PairFilter& filter) override { return tx_.count_pairs(filter); }
    void delete_pair(Id id) override;
    std::vector<Category> pair_categories(Id pair_id) override {
        return tx_.pair_categories(pair_id);
    }
    void set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) override;
    void withdraw_pair_statistics(Id pair_id, PairStatistics what) override {
        tx_.withdraw_pair_statistics(pair_id, what);
    }
    void restore_pair_statistics(Id pair_id, PairStatistics what) override {
        tx_.restore_pair_statistics(pair_id, what);
    }

    // ---- audio
    std::optional<Audio> audio(const AudioSource& source) override { return tx_.audio(source); }
    std::vector<Audio> audios_of_item(const std::string& table, Id id) override {
        return tx_.audios_of_item(table, id);
    }
    std::pair<Audio, bool> upsert_audio(const Audio& audio) override;
    std::vector<Audio> audios(const Page& page) override { return tx_.audios(page); }
    bool set_audio_variants(const Audio& audio) override { return tx_.set_audio_variants(audio); }
    std::vector<AudioCandidate> audio_candidates(const std::optional<std::string>& table,
                                                 const std::optional<std::string>& language,
                                                 int limit) override {
        return tx_.audio_candidates(table, language, limit);
    }
    std::vector<AudioCoverageRow> audio_coverage() override { return tx_.audio_coverage(); }

    // ---- maintenance, locks, lists, history
    std::vector<std::pair<std::string, std::int64_t>> purge_orphans() override {
        return tx_.purge_orphans();
    }
    std::int64_t purge_object_orphans(Id object_id) override {
        return tx_.purge_object_orphans(object_id);
    }
    LinkTableCheck ensure_link_tables() override { return tx_.ensure_link_tables(); }
    bool lock_item(ItemKind kind, Id id) override { return tx_.lock_item(kind, id); }
    PairListPage pair_list(const PairListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override {
        return tx_.pair_list(filter, order, window);
    }
    WordListPage word_list(const ItemListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override {
        return tx_.word_list(filter, order, window);
    }
    StatementListPage statement_list(const ItemListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) override {
        return tx_.statement_list(filter, order, window);
    }
    QuestionListPage question_list(const ItemListFilter& filter, const ListOrder& order,
                                   const ListWindow& window) override {
        return tx_.question_list(filter, order, window);
    }
    Id record_change(const ContentChange& change) override { return tx_.record_change(change); }
    std::optional<ContentChange> change(Id id) override { return tx_.change(id); }
    std::vector<ContentChange> changes(const ChangeFilter& filter,
                                       const ChangePage& page) override {
        return tx_.changes(filter, page);
    }

  private:
    // Records `before` -> `after` (snapshots; missing: created or deleted) of one item; an
    // update that changes no recorded field is not recorded.
    void record(const char* item, Id item_id, std::optional<Id> picture_id,
                const LooseValue& before, const LooseValue& after);
    std::vector<ContentObject> every(const ObjectFilter& filter);  // every page of objects()
    // Word links: `item`'s links as recorded ({"words": [...]}); records `before` -> now;
    // deletes a link of `item` by `erase`, recorded as its item's change.
    LooseValue words_of(const char* item, Id id);
    void record_words(const char* item, Id id, const LooseValue& before);
    void delete_link(const char* item, Id link_id, void (WordLinkRows::*erase)(Id));
    // The links `item` `id` has, each remembered as that item's (link_items_).
    template <typename Link>
    std::vector<Link> remembered(const char* item, Id id, std::vector<Link> links) {
        for (const auto& l : links) link_items_[{item, l.id}] = id;
        return links;
    }
    std::optional<Id> picture_of_statement(Id statement_id);
    std::optional<Id> picture_of_question(const Question& question);

    ContentTx& tx_;
    ChangeAuthor author_;
    // The item of each link this unit of work has seen, per link table: a link is deleted by
    // its id after it was read (WordLinkRows), and its change is recorded as its item's.
    std::map<std::pair<const char*, Id>, Id> link_items_;
};

}  // namespace ll
