#include "core/app/authoring/texts.hpp"

#include <fmt/format.h>

#include "core/app/authoring/listing.hpp"
#include "core/domain/fields.hpp"

namespace ll {
namespace {

const std::initializer_list<std::string_view> kReviewStatuses = {"draft", "reviewed",
                                                                     "published"};

// Applies a text PATCH field to `slot`.
Result<Done> apply_text(std::optional<std::string>& slot, const LooseValue& body,
                        std::string_view field, std::string_view prefix, std::size_t max) {
    auto change = fields::text_change(body[field], fmt::format("{}{}", prefix, field), max);
    if (!change) return change.error();
    if (change->present) slot = change->value;
    return Done{};
}

Error no_text(std::string_view prefix) {
    return errors::invalid_field(
        fmt::format("{0}text_de, {0}text_en or {0}text_sv is required", prefix));
}

Error status_by_action() {
    return errors::invalid_field("status is changed by the review, publish and unpublish actions");
}

// Load, change, stamp, store: the shape of every PATCH here.
template <typename T, typename Load, typename Change, typename Store>
Result<T> patch(AuthoringPorts& ports, Load&& load, Change&& change, Store&& store) {
    return write<T>(ports.content, [&](ContentTx& tx) -> Result<T> {
        auto item = load(tx);
        if (!item) return errors::not_found();
        Result<T> changed = change(tx, std::move(*item));
        if (!changed) return changed;
        changed->updated_at = ports.clock.now();
        store(tx, changed.value());
        return changed;
    });
}

}  // namespace

Result<Statement> apply_statement_fields(Statement s, const LooseValue& body,
                                         std::string_view prefix) {
    for (auto [slot, field] : {std::pair{&s.text_de, "text_de"}, std::pair{&s.text_en, "text_en"},
                               std::pair{&s.text_sv, "text_sv"}}) {
        auto ok = apply_text(*slot, body, field, prefix, fields::kTextMax);
        if (!ok) return ok.error();
    }
    if (!s.text_de && !s.text_en && !s.text_sv) return no_text(prefix);
    return s;
}

Result<Question> apply_question_fields(Question q, const LooseValue& body,
                                       std::string_view prefix) {
    for (auto [slot, field] : {std::pair{&q.text_de, "text_de"}, std::pair{&q.text_en, "text_en"},
                               std::pair{&q.text_sv, "text_sv"}}) {
        auto ok = apply_text(*slot, body, field, prefix, fields::kTextMax);
        if (!ok) return ok.error();
    }
    for (auto [slot, field] : {std::pair{&q.short_answer_de, "short_answer_de"},
                               std::pair{&q.short_answer_en, "short_answer_en"},
                               std::pair{&q.short_answer_se, "short_answer_se"}}) {
        auto ok = apply_text(*slot, body, field, prefix, fields::kTitleMax);
        if (!ok) return ok.error();
    }
    auto level = fields::level(body["level"], fmt::format("{}level", prefix));
    if (!level) return level.error();
    if (level.value()) q.level = *level.value();
    if (!q.text_de && !q.text_en && !q.text_sv) return no_text(prefix);
    return q;
}

Result<Statement> create_statement(AuthoringPorts& ports, const LooseValue& body) {
    auto s = apply_statement_fields(Statement{}, body, "");
    if (!s) return s;
    s->created_at = s->updated_at = ports.clock.now();
    return write<Statement>(ports.content, [&](ContentTx& tx) -> Result<Statement> {
        return tx.insert_statement(s.value());
    });
}

Result<std::vector<Statement>> list_statements(AuthoringPorts& ports, const LooseValue& query) {
    auto page = page_of(query);
    if (!page) return page.error();
    auto st = status_filter(query, kReviewStatuses);
    if (!st) return st.error();
    return read<std::vector<Statement>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<Statement>>(
            tx.statements(StatementFilter{st.value()}, page.value()));
    });
}

Result<Statement> get_statement(AuthoringPorts& ports, Id id) {
    return read<Statement>(ports.content, [&](ContentTx& tx) -> Result<Statement> {
        auto s = tx.statement(id);
        if (!s) return errors::not_found();
        return std::move(*s);
    });
}

Result<Statement> patch_statement(AuthoringPorts& ports, Id id, const LooseValue& body) {
    if (!body["status"].is_missing()) return status_by_action();
    return patch<Statement>(
        ports, [&](ContentTx& tx) { return tx.statement(id); },
        [&](ContentTx&, Statement s) { return apply_statement_fields(std::move(s), body, ""); },
        [](ContentTx& tx, const Statement& s) { tx.update_statement(s); });
}

Result<Done> delete_statement(AuthoringPorts& ports, Id id) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        if (!tx.statement(id)) return errors::not_found();
        PairFilter uses;
        uses.statement_id = id;
        if (const auto n = tx.count_pairs(uses); n > 0) {
            return errors::conflict(
                fmt::format("Statement {} is used by {} pair(s): delete them first", id, n));
        }
        tx.delete_statement(id);
        return Done{};
    });
}

Result<Question> create_question(AuthoringPorts& ports, const LooseValue& body) {
    auto object_id = fields::id(body["object_id"], "object_id");
    if (!object_id) return object_id.error();
    auto q = apply_question_fields(Question{}, body, "");
    if (!q) return q;
    q->object_id = object_id.value();
    q->created_at = q->updated_at = ports.clock.now();
    return write<Question>(ports.content, [&](ContentTx& tx) -> Result<Question> {
        if (q->object_id && !tx.object(*q->object_id))
            return errors::invalid_field("object_id: no such object");
        return tx.insert_question(q.value());
    });
}

Result<std::vector<Question>> list_questions(AuthoringPorts& ports, const LooseValue& query) {
    auto page = page_of(query);
    if (!page) return page.error();
    auto object_id = fields::id(query["object_id"], "object_id");
    if (!object_id) return object_id.error();
    auto st = status_filter(query, kReviewStatuses);
    if (!st) return st.error();
    return read<std::vector<Question>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<Question>>(
            tx.questions(QuestionFilter{object_id.value(), st.value()}, page.value()));
    });
}

Result<Question> get_question(AuthoringPorts& ports, Id id) {
    return read<Question>(ports.content, [&](ContentTx& tx) -> Result<Question> {
        auto q = tx.question(id);
        if (!q) return errors::not_found();
        return std::move(*q);
    });
}

Result<Question> patch_question(AuthoringPorts& ports, Id id, const LooseValue& body) {
    if (!body["status"].is_missing()) return status_by_action();
    auto object_id = fields::id(body["object_id"], "object_id");
    if (!object_id) return object_id.error();
    return patch<Question>(
        ports, [&](ContentTx& tx) { return tx.question(id); },
        [&](ContentTx& tx, Question q) -> Result<Question> {
            if (!body["object_id"].is_missing()) {
                if (object_id.value() && !tx.object(*object_id.value()))
                    return errors::invalid_field("object_id: no such object");
                q.object_id = object_id.value();
            }
            return apply_question_fields(std::move(q), body, "");
        },
        [](ContentTx& tx, const Question& q) { tx.update_question(q); });
}

Result<Done> delete_question(AuthoringPorts& ports, Id id) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        if (!tx.question(id)) return errors::not_found();
        tx.delete_question(id);
        return Done{};
    });
}

Result<std::vector<Question>> publish_questions(AuthoringPorts& ports, const LooseValue& body) {
    if (body["ids"].is_missing() || body["ids"].is_null()) return fields::required("ids");
    auto ids = fields::id_list(body["ids"], "ids");
    if (!ids) return ids.error();
    if (ids->empty()) return errors::invalid_field("ids must list at least one question");
    const Timestamp now = ports.clock.now();
    return write<std::vector<Question>>(ports.content,
                                        [&](ContentTx& tx) -> Result<std::vector<Question>> {
                                            std::vector<Question> out;
                                            for (const Id id : ids.value()) {
                                                auto q = tx.question(id);
                                                if (!q) return errors::not_found();
                                                if (q->status != status::kPublished) {
                                                    q->status = status::kPublished;
                                                    q->updated_at = now;
                                                    tx.update_question(*q);
                                                }
                                                std::vector<Id> word_ids;
                                                for (const auto& link : tx.question_word_links(id))
                                                    word_ids.push_back(link.word_id);
                                                for (auto& w : tx.words_by_ids(word_ids)) {
                                                    if (w.status == status::kPublished) continue;
                                                    w.status = status::kPublished;
                                                    w.updated_at = now;
                                                    tx.update_word(w);
                                                }
                                                out.push_back(std::move(*q));
                                            }
                                            return out;
                                        });
}

}  // namespace ll
