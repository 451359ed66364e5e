#pragma once
// Shared pieces of the ContentStore contract suite (content/*.cpp): a test database
// with short ways to run one transaction, and entities with every field set.
#include <charconv>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/domain/audio_text.hpp"
#include "core/domain/time_format.hpp"
#include "core/ports/content_store.hpp"
#include "tests/support/test_backends.hpp"

namespace ll::test {

inline Timestamp ts(const char* iso) {
    return *parse_timestamp(iso);
}

// Runs `work` in one write (or read) transaction and hands back what it returns.
template <typename F>
auto write_tx(ContentStore& store, F&& work) {
    using R = std::invoke_result_t<F&, ContentTx&>;
    if constexpr (std::is_void_v<R>) {
        store.write([&](ContentTx& tx) { work(tx); });
    } else {
        std::optional<R> out;
        store.write([&](ContentTx& tx) { out.emplace(work(tx)); });
        return std::move(*out);
    }
}

template <typename F>
auto read_tx(ContentStore& store, F&& work) {
    using R = std::invoke_result_t<F&, ContentTx&>;
    std::optional<R> out;
    store.read([&](ContentTx& tx) { out.emplace(work(tx)); });
    return std::move(*out);
}

// The value of an optional the test expects to be there; empty: an exception (a failed test
// case) rather than undefined behaviour.
template <typename T>
const T& must(const std::optional<T>& v) {
    if (!v) throw std::runtime_error("expected a value, got nullopt");
    return *v;
}

struct ContentDb {
    std::unique_ptr<TestDatabase> db;
    ContentStore& store;

    explicit ContentDb(int pool_size = 4)
        : db(make_test_database(pool_size)), store(db->backend().content()) {}

    template <typename F>
    auto write(F&& work) {
        return write_tx(store, std::forward<F>(work));
    }
    template <typename F>
    auto read(F&& work) {
        return read_tx(store, std::forward<F>(work));
    }
};

// ---- Entities with every optional field set (the `full`) or left null (the default).

inline Picture full_picture() {
    Picture p;
    p.status = status::kObjectsCreated;
    p.title = "Küche";
    p.image_path = "3f2a9c.png";
    p.image_mime = "image/png";
    p.thumbnail_path = "7d1e0b.jpg";
    p.phone_path = "c4a815.jpg";
    p.width = 640;
    p.height = 480;
    p.objects_created = true;
    p.objects_created_at = ts("2026-03-04T05:06:07.891Z");
    p.created_at = ts("2026-03-01T10:00:00.123Z");
    p.updated_at = ts("2026-03-04T05:06:07.999Z");
    return p;
}

inline Statement statement_with(std::optional<std::string> de, std::optional<std::string> en = {},
                                std::optional<std::string> sv = {}) {
    Statement s;
    s.text_de = std::move(de);
    s.text_en = std::move(en);
    s.text_sv = std::move(sv);
    s.created_at = ts("2026-05-06T07:08:09.010Z");
    s.updated_at = ts("2026-05-06T07:08:09.011Z");
    return s;
}

inline Question question_with(std::optional<std::string> de, std::optional<Id> object_id = {}) {
    Question q;
    q.object_id = object_id;
    q.text_de = std::move(de);
    q.created_at = ts("2026-05-06T07:08:09.020Z");
    q.updated_at = ts("2026-05-06T07:08:09.021Z");
    return q;
}

inline Word word_titled(std::string title_de, std::vector<Id> category_ids = {}) {
    Word w;
    w.title_de = std::move(title_de);
    for (Id id : category_ids) w.categories.push_back(Category{id, ""});
    w.created_at = ts("2026-02-03T04:05:06.007Z");
    w.updated_at = ts("2026-02-03T04:05:06.008Z");
    return w;
}

inline ContentObject object_of(Id picture_id, std::optional<Id> parent_id = {}) {
    ContentObject o;
    o.picture_id = picture_id;
    o.parent_id = parent_id;
    o.created_at = ts("2026-04-05T06:07:08.009Z");
    o.updated_at = ts("2026-04-05T06:07:08.010Z");
    return o;
}

inline Pair pair_of(std::optional<Id> picture_id, std::optional<Id> statement_id,
                    std::optional<Id> question_id = {}, std::optional<Id> object_id = {}) {
    Pair p;
    p.picture_id = picture_id;
    p.object_id = object_id;
    p.statement_id = statement_id;
    p.question_id = question_id;
    p.answer_type = question_id ? "question" : "text";
    p.created_at = ts("2026-06-07T08:09:10.011Z");
    p.updated_at = ts("2026-06-07T08:09:10.012Z");
    return p;
}

inline Audio audio_for(std::string table, Id id, std::string field, std::string language,
                       std::string file = "a.wav") {
    Audio a;
    a.source = AudioSource{std::move(table), id, std::move(field), std::move(language)};
    a.file_path = std::move(file);
    a.mime = "audio/wav";
    a.voice = "de-DE-Katja";
    a.duration_ms = 1234;
    a.created_at = ts("2026-07-08T09:10:11.012Z");
    a.updated_at = ts("2026-07-08T09:10:11.013Z");
    return a;
}

// An audio that speaks its item's field as the item holds it now in `tx` (not stale:
// core/domain/audio_text.hpp); a missing item or field leaves spoken_text empty.
inline Audio current_audio_for(ContentTx& tx, std::string table, Id id, std::string field,
                               std::string language, std::string file = "a.wav") {
    Audio a = audio_for(table, id, field, std::move(language), std::move(file));
    if (table == "statements") {
        if (const auto s = tx.statement(id)) a.spoken_text = field_text(*s, field);
    } else if (table == "questions") {
        if (const auto q = tx.question(id)) a.spoken_text = field_text(*q, field);
    } else if (const auto w = tx.word(id)) {
        a.spoken_text = field_text(*w, field);
    }
    return a;
}

// ---- Every field as text: CHECK(show(got) == show(want)) compares all fields at once and
// prints both sides in full when they differ.

inline std::string show(const std::string& v) {
    return "'" + v + "'";
}
inline std::string show(bool v) {
    return v ? "true" : "false";
}
inline std::string show(std::int64_t v) {
    return std::to_string(v);
}
inline std::string show(int v) {
    return std::to_string(v);
}
inline std::string show(double v) {
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;  // shortest exact
    return std::string(buffer, end);
}
inline std::string show(Timestamp v) {
    return format_timestamp(v);
}
// Declared here, defined after every overload they may call.
template <typename T>
std::string show(const std::optional<T>& v);
template <typename T>
std::string show(const std::vector<T>& rows);

inline std::string show(const Category& c) {
    return "category " + show(c.id) + " " + show(c.titel_de);
}
inline std::string show(const Picture& p) {
    return "picture " + show(p.id) + " status=" + show(p.status) + " title=" + show(p.title) +
           " image_path=" + show(p.image_path) + " image_mime=" + show(p.image_mime) +
           " thumbnail_path=" + show(p.thumbnail_path) + " phone_path=" + show(p.phone_path) +
           " width=" + show(p.width) + " height=" + show(p.height) +
           " objects_created=" + show(p.objects_created) +
           " objects_created_at=" + show(p.objects_created_at) +
           " created_at=" + show(p.created_at) + " updated_at=" + show(p.updated_at);
}
inline std::string show(const Selection& s) {
    if (s.type == Selection::Type::bbox) {
        return "bbox(" + show(s.x) + "," + show(s.y) + "," + show(s.w) + "," + show(s.h) + ")";
    }
    std::string out = "polygon(";
    for (const auto& [x, y] : s.points) out += "[" + show(x) + "," + show(y) + "]";
    return out + ")";
}
inline std::string show(const ContentObject& o) {
    std::string selections;
    for (const auto& s : o.selections) selections += show(s) + " ";
    return "object " + show(o.id) + " picture_id=" + show(o.picture_id) +
           " parent_id=" + show(o.parent_id) + " user_notes=" + show(o.user_notes) +
           " selections=[" + selections + "] status=" + show(o.status) +
           " created_at=" + show(o.created_at) + " updated_at=" + show(o.updated_at);
}
inline std::string show(const Word& w) {
    std::string categories;
    for (const auto& c : w.categories) categories += show(c) + "; ";
    return "word " + show(w.id) + " title_de=" + show(w.title_de) +
           " title_en=" + show(w.title_en) + " title_sv=" + show(w.title_sv) +
           " level=" + show(w.level) + " status=" + show(w.status) + " categories=[" + categories +
           "] created_at=" + show(w.created_at) + " updated_at=" + show(w.updated_at);
}
inline std::string show(const StatementDraft& d) {
    return "{de=" + show(d.text_de) + " en=" + show(d.text_en) + " sv=" + show(d.text_sv) +
           " status=" + show(d.status) + " updated_at=" + show(d.updated_at) + "}";
}
inline std::string show(const QuestionDraft& d) {
    return "{de=" + show(d.text_de) + " en=" + show(d.text_en) + " sv=" + show(d.text_sv) +
           " short_de=" + show(d.short_answer_de) + " short_en=" + show(d.short_answer_en) +
           " short_se=" + show(d.short_answer_se) + " level=" + show(d.level) +
           " status=" + show(d.status) + " updated_at=" + show(d.updated_at) + "}";
}
inline std::string show(const Statement& s) {
    return "statement " + show(s.id) + " de=" + show(s.text_de) + " en=" + show(s.text_en) +
           " sv=" + show(s.text_sv) + " status=" + show(s.status) +
           " created_at=" + show(s.created_at) + " updated_at=" + show(s.updated_at) +
           " draft=" + show(s.draft);
}
inline std::string show(const Question& q) {
    return "question " + show(q.id) + " object_id=" + show(q.object_id) + " de=" + show(q.text_de) +
           " en=" + show(q.text_en) + " sv=" + show(q.text_sv) +
           " short_de=" + show(q.short_answer_de) + " short_en=" + show(q.short_answer_en) +
           " short_se=" + show(q.short_answer_se) + " level=" + show(q.level) +
           " status=" + show(q.status) + " created_at=" + show(q.created_at) +
           " updated_at=" + show(q.updated_at) + " draft=" + show(q.draft);
}
inline std::string show(const Pair& p) {
    return "pair " + show(p.id) + " picture_id=" + show(p.picture_id) +
           " object_id=" + show(p.object_id) + " statement_id=" + show(p.statement_id) +
           " question_id=" + show(p.question_id) + " answer_type=" + show(p.answer_type) +
           " level=" + show(p.level) + " status=" + show(p.status) +
           " created_at=" + show(p.created_at) + " updated_at=" + show(p.updated_at);
}
inline std::string show(const AudioSource& s) {
    return s.table + "/" + show(s.id) + "/" + s.field + "/" + s.language;
}
inline std::string show(const AudioVariant& v) {
    return v.file_path + ":" + show(v.bytes);
}
inline std::string show(const Audio& a) {
    return "audio " + show(a.id) + " " + show(a.source) + " file_path=" + show(a.file_path) +
           " mime=" + show(a.mime) + " voice=" + show(a.voice) +
           " duration_ms=" + show(a.duration_ms) + " created_at=" + show(a.created_at) +
           " updated_at=" + show(a.updated_at) + " bytes=" + show(a.bytes) +
           " opus=" + show(a.opus) + " aac=" + show(a.aac) + " spoken_text=" + show(a.spoken_text);
}
inline std::string show(const PictureWordLink& l) {
    return "picture_word " + show(l.id) + " " + show(l.picture_id) + "-" + show(l.word_id);
}
inline std::string show(const ObjectWordLink& l) {
    return "object_word " + show(l.id) + " " + show(l.object_id) + "-" + show(l.word_id) +
           (l.is_label ? " label" : "");
}
inline std::string show(const QuestionWordLink& l) {
    return "question_word " + show(l.id) + " " + show(l.question_id) + "-" + show(l.word_id) + " " +
           l.role;
}
inline std::string show(const StatementWordLink& l) {
    return "statement_word " + show(l.id) + " " + show(l.statement_id) + "-" + show(l.word_id);
}
inline std::string show(const AudioCandidate& c) {
    return show(c.source) + " " + show(c.text);
}
inline std::string show(const AudioCoverageRow& r) {
    return r.table + "/" + r.language + " " + show(r.items) + "/" + show(r.with_audio) + " stale " +
           show(r.stale);
}
inline std::string show(const std::pair<std::string, std::int64_t>& count) {
    return count.first + "=" + show(count.second);
}
template <typename T>
std::string show(const std::optional<T>& v) {
    return v ? show(*v) : "null";
}
template <typename T>
std::string show(const std::vector<T>& rows) {
    std::string out;
    for (const auto& row : rows) out += show(row) + "\n";
    return out;
}

// The ids of rows, in their order.
template <typename T>
std::vector<Id> ids_of(const std::vector<T>& rows) {
    std::vector<Id> out;
    for (const auto& row : rows) out.push_back(row.id);
    return out;
}

inline PairFilter pair_filter(std::optional<Id> picture, std::optional<Id> object = {},
                              std::optional<Id> statement = {}, std::optional<Id> question = {},
                              std::optional<std::string> status = {}) {
    PairFilter f;
    f.picture_id = picture;
    f.object_id = object;
    f.statement_id = statement;
    f.question_id = question;
    f.status = std::move(status);
    return f;
}

// Every link table and audios clean: what purge_orphans answers when nothing is orphaned.
inline std::vector<std::pair<std::string, std::int64_t>> no_orphans() {
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const char* table : kLinkTables) out.emplace_back(table, 0);
    out.emplace_back("audios", 0);
    return out;
}

}  // namespace ll::test
