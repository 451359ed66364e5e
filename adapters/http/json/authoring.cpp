#include "adapters/http/json/authoring.hpp"

#include <cmath>

#include "adapters/http/json/codec.hpp"
#include "core/domain/time_format.hpp"
#include "core/ports/media_store.hpp"

namespace ll::http {
namespace {

json::value id_or_null(const std::optional<Id>& id) {
    return id ? json::value(*id) : json::value(nullptr);
}

// A stored media name as its public address (/media/<name>), null without one.
json::value url_or_null(const std::optional<std::string>& media_name) {
    return media_name ? json::value(media_url(*media_name)) : json::value(nullptr);
}

void stamp(json::object& o, Timestamp created, Timestamp updated) {
    o["created_at"] = format_timestamp(created);
    o["updated_at"] = format_timestamp(updated);
}

json::array categories(const std::vector<Category>& list) {
    json::array out;
    for (const auto& c : list) out.push_back(json::object{{"id", c.id}, {"label", c.titel_de}});
    return out;
}

json::array words(const std::vector<Word>& list) {
    json::array out;
    for (const auto& w : list) out.push_back(to_json(w));
    return out;
}

json::object source(const AudioSource& s) {
    return json::object{{"source_table", s.table},
                        {"source_id", s.id},
                        {"source_field", s.field},
                        {"language", s.language}};
}

}  // namespace

json::value to_json(const StaffSessionView& s) {
    return json::object{
        {"user", json::object{{"id", s.user_id}, {"email", s.email}, {"role", s.role}}},
        {"csrf_token", s.csrf_token},
        {"expires_at", format_timestamp(s.expires_at)}};
}

json::value to_json(const Category& c) {
    return json::object{{"id", c.id},
                        {"titel_de", c.titel_de},
                        {"titel_en", nullable(c.titel_en)},
                        {"titel_sv", nullable(c.titel_sv)}};
}

json::value to_json(const Picture& p) {
    json::object o{{"id", p.id},
                   {"status", p.status},
                   {"title", nullable(p.title)},
                   {"image_path", nullable(p.image_path)},
                   {"image_url", url_or_null(p.image_path)},
                   {"image_mime", nullable(p.image_mime)},
                   {"thumbnail_url", url_or_null(p.thumbnail_path)},
                   {"phone_url", url_or_null(p.phone_path)},
                   {"width", nullable(p.width)},
                   {"height", nullable(p.height)},
                   {"objects_created", p.objects_created},
                   {"objects_created_at", timestamp(p.objects_created_at)}};
    stamp(o, p.created_at, p.updated_at);
    return o;
}

json::value to_json(const ContentObject& obj) {
    json::object o{{"id", obj.id},
                   {"picture_id", obj.picture_id},
                   {"parent_id", id_or_null(obj.parent_id)},
                   {"user_notes", nullable(obj.user_notes)},
                   {"selections", selections_json(obj.selections)},
                   {"status", obj.status}};
    stamp(o, obj.created_at, obj.updated_at);
    return o;
}

json::value to_json(const Word& w) {
    json::array category_ids;
    for (const auto& c : w.categories) category_ids.push_back(c.id);
    json::object o{{"id", w.id},
                   {"title_de", w.title_de},
                   {"title_en", nullable(w.title_en)},
                   {"title_sv", nullable(w.title_sv)},
                   {"level", w.level},
                   {"status", w.status},
                   {"category_ids", std::move(category_ids)},
                   {"categories", categories(w.categories)}};
    stamp(o, w.created_at, w.updated_at);
    return o;
}

json::value to_json(const WordView& v) {
    json::value out = to_json(v.word);
    auto& o = out.as_object();
    if (v.link_id) o["link_id"] = *v.link_id;
    if (v.is_label) o["is_label"] = *v.is_label;
    if (v.role) o["role"] = *v.role;
    if (v.created) o["created"] = *v.created;
    return out;
}

namespace {

// The draft beside a live text (docs/authoring-guide.md "Drafts of published content"), or null.
json::value draft_json(const std::optional<StatementDraft>& d) {
    if (!d) return nullptr;
    return json::object{{"text_de", nullable(d->text_de)},
                        {"text_en", nullable(d->text_en)},
                        {"text_sv", nullable(d->text_sv)},
                        {"status", d->status},
                        {"updated_at", format_timestamp(d->updated_at)}};
}

json::value draft_json(const std::optional<QuestionDraft>& d) {
    if (!d) return nullptr;
    return json::object{{"text_de", nullable(d->text_de)},
                        {"text_en", nullable(d->text_en)},
                        {"text_sv", nullable(d->text_sv)},
                        {"short_answer_de", nullable(d->short_answer_de)},
                        {"short_answer_en", nullable(d->short_answer_en)},
                        {"short_answer_se", nullable(d->short_answer_se)},
                        {"level", d->level},
                        {"status", d->status},
                        {"updated_at", format_timestamp(d->updated_at)}};
}

}  // namespace

json::value to_json(const Statement& s) {
    json::object o{{"id", s.id},
                   {"text_de", nullable(s.text_de)},
                   {"text_en", nullable(s.text_en)},
                   {"text_sv", nullable(s.text_sv)},
                   {"status", s.status}};
    stamp(o, s.created_at, s.updated_at);
    o["draft"] = draft_json(s.draft);
    return o;
}

json::value to_json(const Question& q) {
    json::object o{{"id", q.id},
                   {"object_id", id_or_null(q.object_id)},
                   {"text_de", nullable(q.text_de)},
                   {"text_en", nullable(q.text_en)},
                   {"text_sv", nullable(q.text_sv)},
                   {"short_answer_de", nullable(q.short_answer_de)},
                   {"short_answer_en", nullable(q.short_answer_en)},
                   {"short_answer_se", nullable(q.short_answer_se)},
                   {"level", q.level},
                   {"status", q.status}};
    stamp(o, q.created_at, q.updated_at);
    o["draft"] = draft_json(q.draft);
    return o;
}

json::value to_json(const QuestionView& v) {
    json::value out = to_json(v.question);
    auto& o = out.as_object();
    o["answer_words"] = words(v.answer_words);
    o["distractor_words"] = words(v.distractor_words);
    if (v.created) o["created"] = *v.created;
    return out;
}

json::value to_json(const PairView& v) {
    json::value statement = nullptr;
    if (v.statement) {
        statement = json::object{{"id", v.statement->id},
                                 {"text_de", nullable(v.statement->text_de)},
                                 {"text_en", nullable(v.statement->text_en)},
                                 {"text_sv", nullable(v.statement->text_sv)},
                                 {"draft", draft_json(v.statement->draft)}};
    }
    json::value question = nullptr;
    if (v.question) {
        question = json::object{{"id", v.question->id},
                                {"text_de", nullable(v.question->text_de)},
                                {"text_en", nullable(v.question->text_en)},
                                {"text_sv", nullable(v.question->text_sv)},
                                {"short_answer_de", nullable(v.question->short_answer_de)},
                                {"short_answer_en", nullable(v.question->short_answer_en)},
                                {"short_answer_se", nullable(v.question->short_answer_se)},
                                {"draft", draft_json(v.question->draft)}};
    }
    json::array linked;
    for (const auto& w : v.words) {
        linked.push_back(json::object{{"link_id", w.link_id},
                                      {"link_to", w.link_to},
                                      {"word_id", w.word_id},
                                      {"title_de", w.title_de}});
    }
    const Pair& p = v.pair;
    json::object o{{"id", p.id},
                   {"picture_id", id_or_null(p.picture_id)},
                   {"object_id", id_or_null(p.object_id)},
                   {"answer_type", p.answer_type},
                   {"level", p.level},
                   {"status", p.status},
                   {"statement", std::move(statement)},
                   {"question", std::move(question)},
                   {"words", std::move(linked)},
                   {"categories", categories(v.categories)}};
    stamp(o, p.created_at, p.updated_at);
    return o;
}

json::value to_json(const Audio& a) {
    json::object o = source(a.source);
    o["id"] = a.id;
    o["file_path"] = a.file_path;
    o["audio_url"] = media_url(a.file_path);
    o["mime"] = a.mime;
    o["voice"] = nullable(a.voice);
    o["duration_ms"] = a.duration_ms;
    o["spoken_text"] = nullable(a.spoken_text);
    stamp(o, a.created_at, a.updated_at);
    return o;
}

json::value to_json(const AudioResult& r) {
    json::value out = to_json(r.audio);
    out.as_object()["created"] = r.created;
    return out;
}

json::value to_json(const AudioBatchResult& b) {
    json::array failed;
    for (const auto& f : b.failed) {
        json::object o = source(f.source);
        o["error"] = f.error;
        o["code"] = f.code;
        failed.push_back(std::move(o));
    }
    return json::object{
        {"generated", b.generated}, {"skipped", b.skipped}, {"failed", std::move(failed)}};
}

json::value to_json(const std::vector<AudioCoverageRow>& rows) {
    json::object out;
    for (const auto& r : rows) {
        auto& table = out[r.table];
        if (!table.is_object()) table = json::object{};
        table.as_object()[r.language] = json::object{
            {"items", r.items},
            {"with_audio", r.with_audio},
            {"stale", r.stale},
            {"ratio", r.items == 0 ? 0.0 : static_cast<double>(r.with_audio) / r.items}};
    }
    return out;
}

json::value to_json(const GeneratedWords& g) {
    json::array list;
    for (const auto& w : g.words) list.push_back(to_json(w));
    return json::object{{"generator", g.generator}, {"words", std::move(list)}};
}

json::value to_json(const WordSuggestions& s) {
    json::array list;
    for (const auto& w : s.words) {
        list.push_back(json::object{{"title_de", w.title_de},
                                    {"title_en", w.title_en},
                                    {"title_sv", w.title_sv},
                                    {"level", w.level},
                                    {"word_id", nullable(w.word_id)},
                                    {"linked", w.linked}});
    }
    return json::object{{"generator", s.generator}, {"words", std::move(list)}};
}

json::value to_json(const GeneratedQuestions& g) {
    json::array questions, list;
    for (const auto& q : g.questions) questions.push_back(to_json(q));
    for (const auto& w : g.words) list.push_back(to_json(w));
    return json::object{{"generator", g.generator},
                        {"questions", std::move(questions)},
                        {"words", std::move(list)}};
}

json::value to_json(const PipelineResult& r) {
    json::array published;
    for (const auto& p : r.published) published.push_back(to_json(p));
    return json::object{{"picture_id", r.picture_id}, {"published", std::move(published)}};
}

json::value to_json(const LinkTableCheck& c) {
    json::array created, existing;
    for (const auto& t : c.created) created.push_back(json::string(t));
    for (const auto& t : c.existing) existing.push_back(json::string(t));
    return json::object{{"created", std::move(created)}, {"existing", std::move(existing)}};
}

json::value to_json(const std::vector<std::pair<std::string, std::int64_t>>& removed) {
    json::object counts;
    for (const auto& [table, n] : removed) counts[table] = n;
    return json::object{{"removed", std::move(counts)}};
}

}  // namespace ll::http
