#pragma once
// One ContentTx over a SOCI session inside a transaction that SqlContentStore
// (store.cpp) opened: write() or a snapshot read. This class only runs the statements; its
// methods are spread over this folder, one file per aggregate named as its port in
// core/ports/content/ (pairs.hpp <-> pairs.cpp), and their
// SQL is db/queries/content_*.sql (docs/architecture.md "SQL"). Every value is a bound
// parameter (sql_query.hpp).
#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <soci/soci.h>

#include "adapters/persistence/content/sql_word_links.hpp"
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/sql_ids.hpp"
#include "adapters/persistence/sql_query.hpp"
#include "core/ports/content_store.hpp"

namespace ll::sql {

// An optional filter of a list: the statement reads `(:NAME_given = 0 OR column = :NAME)`.
template <typename T>
void bind_filter(Query& q, const std::string& name, const std::optional<T>& value) {
    q.bind(name + "_given", param(value.has_value())).bind(name, param(value));
}

// The page of a list, whose statement ends `AND id > :after ORDER BY id LIMIT :limit`: ids >
// page.after in ascending order, at most page.limit rows. A first page starts after the lowest
// id there is (ids are drawn from 1), so both databases walk the primary key from the cursor.
inline void bind_page(Query& q, const Page& page) {
    q.bind("after", param(page.after.value_or(std::numeric_limits<Id>::min())))
        .bind("limit", param(std::max(page.limit, 0)));
}

class Cells;
// A category from its row's next four columns: id, titel_de, titel_en, titel_sv (every
// statement that reads categories selects them so; db/queries/content_categories.sql).
Category read_category(Cells& c);

// A row of a statement that selects an entity's columns as its `find` does
// (db/queries/content_*.sql): pairs.cpp, texts.cpp; the content lists read them too.
Pair pair_of(const soci::row& r);
Statement statement_of(const soci::row& r);
Question question_of(const soci::row& r);

class SqlContentTx final : public ContentTx {
  public:
    SqlContentTx(soci::session& session, Dialect dialect) : s_(session), d_{dialect} {}

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

    // item_locks.cpp: ItemLocks
    bool lock_item(ItemKind kind, Id id) override;

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
    void withdraw_pair_statistics(Id pair_id, PairStatistics what) override;
    void restore_pair_statistics(Id pair_id, PairStatistics what) override;

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

    // lists.cpp: ContentLists
    PairListPage pair_list(const PairListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override;
    WordListPage word_list(const ItemListFilter& filter, const ListOrder& order,
                           const ListWindow& window) override;
    StatementListPage statement_list(const ItemListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) override;
    QuestionListPage question_list(const ItemListFilter& filter, const ListOrder& order,
                                   const ListWindow& window) override;

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
    // A statement put together in C++ (sql_query.hpp).
    Query query() const { return Query(d_); }
    // Statement `name` of db/queries ("content_words.find").
    Query named(std::string_view name) const { return Query(d_, sql::query(d_.dialect, name)); }
    long long new_id(IdSequence sequence) { return next_id(s_, d_, sequence); }
    // store.cpp: runs a write that a unique key may refuse because a concurrent
    // transaction has just taken the value (PostgreSQL's READ COMMITTED: the check before the
    // write could not see its uncommitted row, and the write waited for it to commit). nullopt
    // then, the write undone by its savepoint and the transaction still usable; else the rows
    // it changed. SQLite serialises writers: there the check has seen everything already.
    std::optional<long long> run_unless_taken(Query& q);
    // Runs statement `name`, whose one parameter is `:id`.
    void run_for(std::string_view name, Id id) {
        Query q = named(name);
        q.bind("id", param(id)).run(s_);
    }
    // word_links.cpp: the one implementation behind WordLinkRows, for any word link
    // table (sql_word_links.hpp). `wanted.id` is ignored.
    template <typename Link>
    std::vector<Link> links_of(const WordLinkTable<Link>& table, Id owner_id);
    template <typename Link>
    std::pair<Link, bool> make_link(const WordLinkTable<Link>& table, const Link& wanted);
    template <typename Link>
    void delete_link(const WordLinkTable<Link>& table, Id link_id);

    // audio.cpp: the audios whose source is this item (table: statements, questions, words).
    void delete_audios_of(const char* table, Id id);
    // words.cpp: fills Word::categories of every word with one query.
    void attach_categories(std::vector<Word>& words);
    // The words a query selects (word_select), categories attached.
    std::vector<Word> words_where(Query& q);
    // Replaces the word's categories by those of `categories` that exist.
    void write_categories(Id word_id, const std::vector<Category>& categories);

    // pairs.cpp: `sign` +1 adds the pair's progress rows to the figures of its
    // current categories / answer type, -1 takes them away.
    void move_pair_statistics(Id pair_id, PairStatistics what, int sign);
    void move_category_stats(Id pair_id, int sign);
    void move_answer_type_stats(Id pair_id, const std::string& answer_type, int sign);

    soci::session& s_;
    DialectSql d_;
};

}  // namespace ll::sql
