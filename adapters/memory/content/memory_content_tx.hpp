#pragma once
// One ContentTx over the in-memory content tables. The store (store.cpp) holds the backend's
// mutex while a transaction runs and undoes a failed write; this class only reads and changes
// the tables. Its methods are spread over this folder, one file per aggregate named as its port
// in core/ports/content/ (pairs.hpp <-> pairs.cpp).
#include <map>
#include <optional>
#include <vector>

#include "adapters/memory/content/memory_content_tables.hpp"
#include "adapters/memory/content/memory_word_links.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

class MemoryContentTx final : public ContentTx {
  public:
    // `writable` false: a read() transaction; every change throws std::logic_error.
    MemoryContentTx(ContentTables& tables, bool writable) : t_(tables), writable_(writable) {}

    // categories.cpp: CategoryRows
    std::vector<Category> categories() override;
    std::optional<Category> category(Id id) override;
    std::optional<Category> keep_category(Id id) override;
    std::optional<Category> insert_category(const std::string& titel_de) override;
    bool rename_category(Id id, const std::string& titel_de) override;
    void set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                             const fields::Change<std::string>& titel_sv) override;
    std::vector<Id> category_pairs(Id id) override;
    void delete_category(Id id) override;

    // pictures.cpp: PictureRows
    Picture insert_picture(const Picture& picture) override;
    std::optional<Picture> picture(Id id) override;
    void update_picture(const Picture& picture) override;
    std::vector<Picture> pictures(const PictureFilter& filter, const Page& page) override;
    void delete_picture(Id id) override;

    // objects.cpp: ObjectRows
    ContentObject insert_object(const ContentObject& object) override;
    std::optional<ContentObject> object(Id id) override;
    bool lock_object(Id id) override;
    void update_object(const ContentObject& object) override;
    std::vector<ContentObject> objects(const ObjectFilter& filter, const Page& page) override;
    void delete_object(Id id) override;

    // lists.cpp: ContentLists
    PairListPage pair_list(const PairListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override;
    WordListPage word_list(const ItemListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override;
    StatementListPage statement_list(const ItemListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) override;
    QuestionListPage question_list(const ItemListFilter& filter, const ListOrder& order,
                                   const ListWindow& window) override;

    // item_locks.cpp: ItemLocks
    bool lock_item(ItemKind kind, Id id) override;

    // texts.cpp: TextRows
    Statement insert_statement(const Statement& statement) override;
    std::optional<Statement> statement(Id id) override;
    void update_statement(const Statement& statement) override;
    void set_statement_draft(Id id, const std::optional<StatementDraft>& draft) override;
    std::vector<Statement> statements(const StatementFilter& filter, const Page& page) override;
    void delete_statement(Id id) override;
    Question insert_question(const Question& question) override;
    std::optional<Question> question(Id id) override;
    void update_question(const Question& question) override;
    void set_question_draft(Id id, const std::optional<QuestionDraft>& draft) override;
    std::vector<Question> questions(const QuestionFilter& filter, const Page& page) override;
    void delete_question(Id id) override;

    // pairs.cpp: PairRows
    Pair insert_pair(const Pair& pair) override;
    std::optional<Pair> pair(Id id) override;
    void update_pair(const Pair& pair) override;
    std::vector<Pair> pairs(const PairFilter& filter, const Page& page) override;
    std::int64_t count_pairs(const PairFilter& filter) override;
    void delete_pair(Id id) override;
    std::vector<Category> pair_categories(Id pair_id) override;
    void set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) override;
    // The memory store sums the statistics when read (MemoryStats): nothing to move.
    void withdraw_pair_statistics(Id, PairStatistics) override {}
    void restore_pair_statistics(Id, PairStatistics) override {}

    // words.cpp: WordRows
    std::optional<Word> word(Id id) override;
    std::optional<Word> word_by_title(std::string_view title_de) override;
    std::pair<Word, bool> find_or_insert_word(const Word& word) override;
    bool update_word(const Word& word) override;
    std::vector<Word> words(const WordFilter& filter, const Page& page) override;
    std::vector<Word> words_by_ids(const std::vector<Id>& ids) override;
    void delete_word(Id id) override;

    // word_links.cpp: WordLinkRows
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

    // audio.cpp: AudioRows
    std::optional<Audio> audio(const AudioSource& source) override;
    std::vector<Audio> audios_of_item(const std::string& table, Id id) override;
    std::pair<Audio, bool> upsert_audio(const Audio& audio) override;
    std::vector<Audio> audios(const Page& page) override;
    bool set_audio_variants(const Audio& audio) override;
    std::vector<AudioCandidate> audio_candidates(const std::optional<std::string>& table,
                                                 const std::optional<std::string>& language,
                                                 int limit) override;
    std::vector<AudioCoverageRow> audio_coverage() override;

    // maintenance.cpp: ContentMaintenance
    std::vector<std::pair<std::string, std::int64_t>> purge_orphans() override;
    std::int64_t purge_object_orphans(Id object_id) override;
    LinkTableCheck ensure_link_tables() override;

    // changes.cpp: ChangeRows
    Id record_change(const ContentChange& change) override;
    std::optional<ContentChange> change(Id id) override;
    std::vector<ContentChange> changes(const ChangeFilter& filter,
                                       const ChangePage& page) override;

  private:
    // store.cpp: the tables for a change; throws std::logic_error inside read().
    ContentTables& rw();
    // words.cpp: the stored word with its categories (word_categories joined with categories).
    Word with_categories(const Word& word) const;
    // audio.cpp: deletes the audios of one source item (any field, any language).
    void delete_audios_of(const char* table, Id id);
    // word_links.cpp: the one implementation behind WordLinkRows, for any word link
    // table (memory_word_links.hpp). `wanted.id` is ignored.
    template <typename Link, typename Owner>
    std::vector<Link> links_of(const MemoryWordLinkTable<Link, Owner>& table, Id owner_id) const;
    template <typename Link, typename Owner>
    std::pair<Link, bool> make_link(const MemoryWordLinkTable<Link, Owner>& table,
                                    const Link& wanted);
    template <typename Link, typename Owner>
    void delete_link(const MemoryWordLinkTable<Link, Owner>& table, Id link_id);

    ContentTables& t_;
    bool writable_;
};

// ---- Small helpers for the implementation files.

// An optional filter value matches when absent or equal.
template <typename T, typename U>
bool matches(const std::optional<T>& wanted, const U& value) {
    return !wanted || value == *wanted;
}

// One page of a table: rows in id order with id > page.after that `keep` accepts, at most
// page.limit of them.
template <typename Row, typename Keep>
std::vector<Row> page_of(const std::map<Id, Row>& table, const Page& page, Keep keep) {
    std::vector<Row> out;
    auto it = page.after ? table.upper_bound(*page.after) : table.begin();
    for (; it != table.end() && static_cast<int>(out.size()) < page.limit; ++it) {
        if (keep(it->second)) out.push_back(it->second);
    }
    return out;
}

template <typename Row>
std::optional<Row> find_row(const std::map<Id, Row>& table, Id id) {
    const auto it = table.find(id);
    return it == table.end() ? std::nullopt : std::optional<Row>(it->second);
}

// Erases the rows `drop` accepts; answers how many.
template <typename Container, typename Drop>
std::int64_t erase_rows(Container& rows, Drop drop) {
    return static_cast<std::int64_t>(std::erase_if(rows, drop));
}

}  // namespace ll
