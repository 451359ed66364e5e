#pragma once
// The authoring content behind one unit-of-work port. The use cases (core/app/authoring) hold
// every rule -- state machines, de-duplication, pair categories, validation -- and call these
// plain operations inside one transaction; adapters (memory, SQLite, PostgreSQL) only store.
//
// Contract shared by every adapter (tests/contract/content_contract_*.cpp run it on all three):
// - `write` runs the work as ONE transaction: everything or nothing. An exception thrown by the
//   work rolls back every change of that call and propagates unchanged. `read` runs the work on
//   one consistent snapshot and must not be used to write.
// - Ids are assigned by the store, positive and never reused. Entities are stored exactly as
//   given (timestamps are set by the core); `insert_*` ignores the `id` it is given and returns
//   the stored entity.
// - Lists are ordered by id ascending and paged: ids > page.after, at most page.limit rows.
// - "Case-insensitive" title and text matching compares `fold_case()` keys (core/domain/rules.hpp).
// - Deleting an item deletes every link record that names it, and its audios, in the same
//   transaction (docs/spec/authoring.md). What happens to other items that refer to it is said per
//   method.
// - Reads of unknown ids give nullopt / empty; updates and deletes of unknown ids do nothing.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

struct Page {
    std::optional<Id> after;  // ids > after
    int limit = 50;           // > 0
};

struct PictureFilter {
    std::optional<bool> objects_created;
    std::optional<std::string> status;
};

struct ObjectFilter {
    std::optional<Id> picture_id;
    std::optional<std::string> status;
};

struct WordFilter {
    std::optional<std::string> status;
};

struct StatementFilter {
    std::optional<std::string> status;
};

struct QuestionFilter {
    std::optional<Id> object_id;
    std::optional<std::string> status;
};

struct PairFilter {
    std::optional<Id> picture_id;
    std::optional<Id> object_id;
    std::optional<Id> statement_id;
    std::optional<Id> question_id;
    std::optional<std::string> status;
};

// The link tables of docs/spec/authoring.md, by table name.
inline constexpr const char* kLinkTables[] = {"word_categories", "picture_words",
                                              "object_words",    "question_words",
                                              "statement_words", "pair_categories"};

struct LinkTableCheck {
    std::vector<std::string> created;   // link tables that were missing and are now created
    std::vector<std::string> existing;  // link tables that were there already
};

// Which of the learners' running statistics on a pair: those by its answer type, those by its
// categories, or all of them (pairs practised, seen and correct too: before a delete).
enum class PairStatistics { answer_type, categories, all };

class ContentTx {
  public:
    virtual ~ContentTx() = default;

    // ---- categories (ordered by id)
    virtual std::vector<Category> categories() = 0;
    virtual std::optional<Category> category(Id id) = 0;
    // nullopt when a category with this titel_de (exact) exists already.
    virtual std::optional<Category> insert_category(const std::string& titel_de) = 0;

    // ---- pictures
    virtual Picture insert_picture(const Picture& picture) = 0;
    virtual std::optional<Picture> picture(Id id) = 0;
    virtual void update_picture(const Picture& picture) = 0;  // every field but id, created_at
    virtual std::vector<Picture> pictures(const PictureFilter& filter, const Page& page) = 0;
    // The picture, its objects (as delete_object), its picture_words. Pairs of the picture keep
    // existing with picture_id null (the core refuses to delete a picture that pairs use).
    virtual void delete_picture(Id id) = 0;

    // ---- objects (db_objects)
    virtual ContentObject insert_object(const ContentObject& object) = 0;
    virtual std::optional<ContentObject> object(Id id) = 0;
    // Locks the object row until the end of the transaction (PostgreSQL: SELECT ... FOR
    // UPDATE), so concurrent generations for one object run one after the other. false: none.
    virtual bool lock_object(Id id) = 0;
    virtual void update_object(const ContentObject& object) = 0;  // every field but id, created_at
    virtual std::vector<ContentObject> objects(const ObjectFilter& filter, const Page& page) = 0;
    // The object and its object_words. Objects whose parent it was get parent_id null;
    // questions of the object get object_id null; pairs of the object get object_id null.
    virtual void delete_object(Id id) = 0;

    // ---- words (db_words); title_de is unique case-insensitively (fold_case key).
    virtual std::optional<Word> word(Id id) = 0;
    virtual std::optional<Word> word_by_title(std::string_view title_de) = 0;
    // Inserts the word with its categories; when a word with the same title_de (case-
    // insensitively) exists, returns that one unchanged instead. `second`: true when inserted.
    // Safe under concurrency: two transactions inserting one title end with one word.
    virtual std::pair<Word, bool> find_or_insert_word(const Word& word) = 0;
    // Every field but id and created_at, categories replaced by word.categories (ids used).
    // false (and nothing changed) when another word has this title_de case-insensitively.
    virtual bool update_word(const Word& word) = 0;
    virtual std::vector<Word> words(const WordFilter& filter, const Page& page) = 0;
    // The words with these ids that exist, ordered by id (duplicates in `ids` are ignored).
    virtual std::vector<Word> words_by_ids(const std::vector<Id>& ids) = 0;
    // The word, its word_categories, picture_words, object_words, question_words,
    // statement_words and its audios.
    virtual void delete_word(Id id) = 0;

    // ---- link records (each list ordered by link id)
    virtual std::vector<PictureWordLink> picture_word_links(Id picture_id) = 0;
    // `second`: true when created; an existing (picture, word) link is returned as it is.
    virtual std::pair<PictureWordLink, bool> link_picture_word(Id picture_id, Id word_id) = 0;
    virtual std::vector<ObjectWordLink> object_word_links(Id object_id) = 0;
    // An existing (object, word) link gets `is_label` set as given. At most one label per
    // object: the caller removes the old label link first.
    virtual std::pair<ObjectWordLink, bool> link_object_word(Id object_id, Id word_id,
                                                             bool is_label) = 0;
    virtual void delete_object_word_link(Id link_id) = 0;
    virtual std::vector<QuestionWordLink> question_word_links(Id question_id) = 0;
    // An existing (question, word, role) link is returned as it is.
    virtual std::pair<QuestionWordLink, bool> link_question_word(Id question_id, Id word_id,
                                                                 const std::string& role) = 0;
    virtual void delete_question_word_link(Id link_id) = 0;
    virtual std::vector<StatementWordLink> statement_word_links(Id statement_id) = 0;
    virtual std::pair<StatementWordLink, bool> link_statement_word(Id statement_id, Id word_id) = 0;
    virtual void delete_statement_word_link(Id link_id) = 0;

    // ---- statements (db_statement)
    virtual Statement insert_statement(const Statement& statement) = 0;
    virtual std::optional<Statement> statement(Id id) = 0;
    virtual void update_statement(const Statement& statement) = 0;
    virtual std::vector<Statement> statements(const StatementFilter& filter, const Page& page) = 0;
    // The statement, its statement_words and audios; pairs get statement_id null.
    virtual void delete_statement(Id id) = 0;

    // ---- questions (db_question)
    virtual Question insert_question(const Question& question) = 0;
    virtual std::optional<Question> question(Id id) = 0;
    virtual void update_question(const Question& question) = 0;
    virtual std::vector<Question> questions(const QuestionFilter& filter, const Page& page) = 0;
    // The question, its question_words and audios; pairs get question_id null.
    virtual void delete_question(Id id) = 0;

    // ---- pairs (db_pairs)
    virtual Pair insert_pair(const Pair& pair) = 0;
    virtual std::optional<Pair> pair(Id id) = 0;
    virtual void update_pair(const Pair& pair) = 0;
    virtual std::vector<Pair> pairs(const PairFilter& filter, const Page& page) = 0;
    virtual std::int64_t count_pairs(const PairFilter& filter) = 0;
    // The pair and its pair_categories (its statement and question are the core's business).
    virtual void delete_pair(Id id) = 0;
    virtual std::vector<Category> pair_categories(Id pair_id) = 0;  // ordered by category id
    virtual void set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) = 0;

    // ---- the learners' running statistics (GET /auth/stats) on a pair whose answer type or
    // categories change, or that is deleted. The store keeps no rule about them: the use case
    // withdraws the learners' figures on the pair from what it counts for now (its answer type,
    // its categories, or everything before a delete), changes the pair, and restores them to
    // what it counts for then. A store that keeps running totals moves them (and makes a
    // booking decided meanwhile decide again); one that sums when read does nothing.
    virtual void withdraw_pair_statistics(Id pair_id, PairStatistics what) = 0;
    virtual void restore_pair_statistics(Id pair_id, PairStatistics what) = 0;

    // ---- audios
    virtual std::optional<Audio> audio(const AudioSource& source) = 0;
    // Inserts, or replaces file_path, mime, voice, duration_ms and updated_at of the row with
    // the same source. `second`: true when inserted.
    virtual std::pair<Audio, bool> upsert_audio(const Audio& audio) = 0;
    // Items whose `text_<lang>` (statements, questions) or `title_<lang>` (words) is non-empty
    // (after trimming white space) and that have no audio for that field and language; ordered
    // by table (statements, questions, words), then language (de, en, sv), then id; at most
    // `limit`. `table`/`language` narrow the scope.
    virtual std::vector<AudioCandidate> audio_candidates(const std::optional<std::string>& table,
                                                         const std::optional<std::string>& language,
                                                         int limit) = 0;
    // For every table (statements, questions, words) and language (de, en, sv), in that order:
    // items with a non-empty text in that language's field, and how many of them have audio.
    virtual std::vector<AudioCoverageRow> audio_coverage() = 0;

    // ---- maintenance
    // Deletes link records whose either end no longer exists, in every link table and in
    // audios (source item gone); answers the count per table, for every table in kLinkTables
    // order followed by "audios" (0 included).
    virtual std::vector<std::pair<std::string, std::int64_t>> purge_orphans() = 0;
    // Orphans that concern one object: its object_words whose word is gone, and the
    // question_words of its questions whose word is gone. Answers how many were deleted.
    virtual std::int64_t purge_object_orphans(Id object_id) = 0;
    // Creates the link tables that are missing (as the migrations define them).
    virtual LinkTableCheck ensure_link_tables() = 0;
};

class ContentStore {
  public:
    virtual ~ContentStore() = default;
    virtual void read(const std::function<void(ContentTx&)>& work) = 0;
    virtual void write(const std::function<void(ContentTx&)>& work) = 0;
};

}  // namespace ll
