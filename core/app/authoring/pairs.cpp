#include "core/app/authoring/pairs.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/app/authoring/listing.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/domain/fields.hpp"

namespace ll {
namespace {

constexpr const char* kLinkQuestion = "question";
constexpr const char* kLinkStatement = "statement";

PairView view_of(ContentTx& tx, Pair pair) {
    PairView v;
    if (pair.statement_id) v.statement = tx.statement(*pair.statement_id);
    if (pair.question_id) v.question = tx.question(*pair.question_id);
    std::vector<std::tuple<Id, const char*, Id>> links;  // link id, link_to, word id
    if (v.question) {
        for (const auto& l : tx.question_word_links(v.question->id))
            links.emplace_back(l.id, kLinkQuestion, l.word_id);
    }
    if (v.statement) {
        for (const auto& l : tx.statement_word_links(v.statement->id))
            links.emplace_back(l.id, kLinkStatement, l.word_id);
    }
    std::sort(links.begin(), links.end());
    std::vector<Id> ids;
    for (const auto& [link, to, word] : links) ids.push_back(word);
    std::map<Id, std::string> titles;
    for (const auto& w : tx.words_by_ids(ids)) titles.emplace(w.id, w.title_de);
    for (const auto& [link, to, word] : links) {
        if (const auto it = titles.find(word); it != titles.end())
            v.words.push_back(PairWordView{link, to, word, it->second});
    }
    v.categories = tx.pair_categories(pair.id);
    v.pair = std::move(pair);
    return v;
}

struct WordAdd {
    Id word_id = 0;
    bool to_question = false;
    bool to_statement = false;
};

Result<std::vector<WordAdd>> parse_words_add(const LooseValue& v) {
    std::vector<WordAdd> out;
    if (v.is_missing() || v.is_null()) return out;
    if (!v.is_array()) return errors::invalid_field("words_add must be an array");
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        const std::string at = fmt::format("words_add[{}]", i);
        const LooseValue& item = v.items[i];
        if (!item.is_object()) return errors::invalid_field(at + " must be an object");
        auto word = fields::id(item["word_id"], at + ".word_id");
        if (!word) return word.error();
        if (!word.value()) return fields::required(at + ".word_id");
        auto to =
            fields::choice(item["link_to"], at + ".link_to", {"question", "statement", "both"});
        if (!to) return to.error();
        if (!to.value()) return fields::required(at + ".link_to");
        out.push_back(
            WordAdd{*word.value(), *to.value() != "statement", *to.value() != "question"});
    }
    return out;
}

// The word links of a PATCH or create: removals first, then additions (idempotent).
Result<Done> apply_word_links(ContentTx& tx, const Pair& pair, const std::vector<Id>& remove,
                              const std::vector<WordAdd>& add) {
    std::set<Id> question_links, statement_links;
    if (pair.question_id) {
        for (const auto& l : tx.question_word_links(*pair.question_id)) question_links.insert(l.id);
    }
    if (pair.statement_id) {
        for (const auto& l : tx.statement_word_links(*pair.statement_id))
            statement_links.insert(l.id);
    }
    for (std::size_t i = 0; i < remove.size(); ++i) {
        if (question_links.count(remove[i])) {
            tx.delete_question_word_link(remove[i]);
        } else if (statement_links.count(remove[i])) {
            tx.delete_statement_word_link(remove[i]);
        } else {
            return errors::invalid_field(fmt::format(
                "words_remove[{}]: link {} does not belong to this pair", i, remove[i]));
        }
    }
    for (std::size_t i = 0; i < add.size(); ++i) {
        if (!tx.word(add[i].word_id))
            return errors::invalid_field(fmt::format("words_add[{}].word_id: no such word", i));
        if (add[i].to_question) {
            if (!pair.question_id)
                return errors::invalid_field(
                    fmt::format("words_add[{}].link_to: the pair has no question", i));
            tx.link_question_word(*pair.question_id, add[i].word_id, kRoleAnswer);
        }
        if (add[i].to_statement) {
            if (!pair.statement_id)
                return errors::invalid_field(
                    fmt::format("words_add[{}].link_to: the pair has no statement", i));
            tx.link_statement_word(*pair.statement_id, add[i].word_id);
        }
    }
    return Done{};
}

// Deletes a statement/question of a deleted or changed pair unless another pair still uses it.
void drop_if_unused(ContentTx& tx, std::optional<Id> statement_id, std::optional<Id> question_id) {
    if (statement_id) {
        PairFilter f;
        f.statement_id = statement_id;
        if (tx.count_pairs(f) == 0) tx.delete_statement(*statement_id);
    }
    if (question_id) {
        PairFilter f;
        f.question_id = question_id;
        if (tx.count_pairs(f) == 0) tx.delete_question(*question_id);
    }
}

// A new or updated question of a pair (its object is the pair's object).
Result<Question> question_for(ContentTx& tx, const Pair& pair, const LooseValue& body,
                              Timestamp now) {
    if (!body.is_object()) return errors::invalid_field("question must be an object or null");
    Question q;
    if (pair.question_id) {
        if (auto existing = tx.question(*pair.question_id)) q = std::move(*existing);
    }
    const bool fresh = q.id == 0;
    auto changed = apply_question_fields(std::move(q), body, "question.");
    if (!changed) return changed;
    changed->updated_at = now;
    if (fresh) {
        changed->object_id = pair.object_id;
        changed->created_at = now;
        return tx.insert_question(changed.value());
    }
    tx.update_question(changed.value());
    return changed;
}

Result<Statement> statement_for(ContentTx& tx, const Pair& pair, const LooseValue& body,
                                Timestamp now) {
    if (!body.is_object()) return errors::invalid_field("statement must be an object");
    Statement s;
    if (pair.statement_id) {
        if (auto existing = tx.statement(*pair.statement_id)) s = std::move(*existing);
    }
    const bool fresh = s.id == 0;
    auto changed = apply_statement_fields(std::move(s), body, "statement.");
    if (!changed) return changed;
    changed->updated_at = now;
    if (fresh) {
        changed->created_at = now;
        return tx.insert_statement(changed.value());
    }
    tx.update_statement(changed.value());
    return changed;
}

template <typename F>
Result<PairView> with_pair(AuthoringPorts& ports, Id id, F&& change) {
    return write<PairView>(ports.content, [&](ContentTx& tx) -> Result<PairView> {
        auto pair = tx.pair(id);
        if (!pair) return errors::not_found();
        Result<Pair> changed = change(tx, std::move(*pair));
        if (!changed) return changed.error();
        return view_of(tx, std::move(changed.value()));
    });
}

}  // namespace

void recompute_pair_categories(ContentTx& tx, const Pair& pair) {
    std::vector<Id> word_ids;
    if (pair.statement_id) {
        for (const auto& l : tx.statement_word_links(*pair.statement_id))
            word_ids.push_back(l.word_id);
    }
    if (pair.object_id) {
        for (const auto& l : tx.object_word_links(*pair.object_id)) word_ids.push_back(l.word_id);
    }
    std::set<Id> categories;
    for (const auto& w : tx.words_by_ids(word_ids)) {
        for (const auto& c : w.categories) categories.insert(c.id);
    }
    // The learners' per-category figures leave the old categories and join the new ones.
    tx.withdraw_pair_statistics(pair.id, PairStatistics::categories);
    tx.set_pair_categories(pair.id, std::vector<Id>(categories.begin(), categories.end()));
    tx.restore_pair_statistics(pair.id, PairStatistics::categories);
}

// Stores the pair; a new answer type takes the learners' per-type figures with it.
void store_pair(ContentTx& tx, const Pair& before, const Pair& after) {
    const bool retyped = before.answer_type != after.answer_type;
    if (retyped) tx.withdraw_pair_statistics(after.id, PairStatistics::answer_type);
    tx.update_pair(after);
    if (retyped) tx.restore_pair_statistics(after.id, PairStatistics::answer_type);
}

Result<PairView> create_pair(AuthoringPorts& ports, const LooseValue& body) {
    auto picture_id = fields::id(body["picture_id"], "picture_id");
    if (!picture_id) return picture_id.error();
    if (!picture_id.value()) return fields::required("picture_id");
    auto object_id = fields::id(body["object_id"], "object_id");
    if (!object_id) return object_id.error();
    auto answer_type = fields::choice(body["answer_type"], "answer_type", kAnswerTypes);
    if (!answer_type) return answer_type.error();
    if (!answer_type.value()) return fields::required("answer_type");
    auto level = fields::level(body["level"]);
    if (!level) return level.error();
    auto statement_id = fields::id(body["statement_id"], "statement_id");
    if (!statement_id) return statement_id.error();
    auto question_id = fields::id(body["question_id"], "question_id");
    if (!question_id) return question_id.error();
    const bool statement_given = !body["statement"].is_missing() && !body["statement"].is_null();
    if (!statement_given && !statement_id.value()) return fields::required("statement");
    if (statement_given && statement_id.value())
        return errors::invalid_field("statement and statement_id: give one of them");
    const bool question_given = !body["question"].is_missing() && !body["question"].is_null();
    if (question_given && question_id.value())
        return errors::invalid_field("question and question_id: give one of them");
    auto words_add = parse_words_add(body["words_add"]);
    if (!words_add) return words_add.error();
    const Timestamp now = ports.clock.now();

    return write<PairView>(ports.content, [&](ContentTx& tx) -> Result<PairView> {
        if (!tx.picture(*picture_id.value()))
            return errors::invalid_field("picture_id: no such picture");
        if (object_id.value()) {
            const auto object = tx.object(*object_id.value());
            if (!object || object->picture_id != *picture_id.value())
                return errors::invalid_field("object_id must be an object of the pair's picture");
        }
        Pair p;
        p.picture_id = picture_id.value();
        p.object_id = object_id.value();
        p.answer_type = *answer_type.value();
        p.level = level.value().value_or(1);
        p.created_at = p.updated_at = now;
        if (statement_id.value()) {
            if (!tx.statement(*statement_id.value()))
                return errors::invalid_field("statement_id: no such statement");
            p.statement_id = statement_id.value();
        } else {
            auto s = statement_for(tx, p, body["statement"], now);
            if (!s) return s.error();
            p.statement_id = s->id;
        }
        if (question_id.value()) {
            if (!tx.question(*question_id.value()))
                return errors::invalid_field("question_id: no such question");
            p.question_id = question_id.value();
        } else if (question_given) {
            auto q = question_for(tx, p, body["question"], now);
            if (!q) return q.error();
            p.question_id = q->id;
        }
        p = tx.insert_pair(p);
        auto linked = apply_word_links(tx, p, {}, words_add.value());
        if (!linked) return linked.error();
        return view_of(tx, std::move(p));
    });
}

Result<std::vector<PairView>> list_pairs(AuthoringPorts& ports, const LooseValue& query) {
    auto page = page_of(query);
    if (!page) return page.error();
    PairFilter filter;
    auto picture_id = fields::id(query["picture_id"], "picture_id");
    if (!picture_id) return picture_id.error();
    filter.picture_id = picture_id.value();
    auto object_id = fields::id(query["object_id"], "object_id");
    if (!object_id) return object_id.error();
    filter.object_id = object_id.value();
    auto st = status_filter(query, {"draft", "reviewed", "published"});
    if (!st) return st.error();
    filter.status = st.value();
    return read<std::vector<PairView>>(ports.content, [&](ContentTx& tx) {
        std::vector<PairView> out;
        for (auto& p : tx.pairs(filter, page.value())) out.push_back(view_of(tx, std::move(p)));
        return Result<std::vector<PairView>>(std::move(out));
    });
}

Result<PairView> get_pair(AuthoringPorts& ports, Id id) {
    return read<PairView>(ports.content, [&](ContentTx& tx) -> Result<PairView> {
        auto p = tx.pair(id);
        if (!p) return errors::not_found();
        return view_of(tx, std::move(*p));
    });
}

Result<PairView> patch_pair(AuthoringPorts& ports, Id id, const LooseValue& body) {
    if (!body["status"].is_missing())
        return errors::invalid_field(
            "status is changed by the review, publish and unpublish actions");
    auto level = fields::level(body["level"]);
    if (!level) return level.error();
    if (body["level"].is_null()) return fields::required("level");
    auto answer_type = fields::choice(body["answer_type"], "answer_type", kAnswerTypes);
    if (!answer_type) return answer_type.error();
    if (body["answer_type"].is_null()) return fields::required("answer_type");
    if (body["statement"].is_null())
        return errors::invalid_field("statement cannot be removed: a pair needs one");
    auto words_add = parse_words_add(body["words_add"]);
    if (!words_add) return words_add.error();
    auto words_remove = fields::id_list(body["words_remove"], "words_remove");
    if (!words_remove) return words_remove.error();
    const Timestamp now = ports.clock.now();

    return with_pair(ports, id, [&](ContentTx& tx, Pair p) -> Result<Pair> {
        Pair stored = p;
        if (level.value()) p.level = *level.value();
        if (answer_type.value()) p.answer_type = *answer_type.value();
        if (!body["statement"].is_missing()) {
            auto s = statement_for(tx, p, body["statement"], now);
            if (!s) return s.error();
            p.statement_id = s->id;
        }
        const LooseValue& question = body["question"];
        if (question.is_null() && p.question_id) {
            const Id old = *p.question_id;
            p.question_id.reset();
            p.updated_at = now;
            store_pair(tx, stored, p);
            stored = p;
            drop_if_unused(tx, std::nullopt, old);
        } else if (!question.is_missing() && !question.is_null()) {
            auto q = question_for(tx, p, question, now);
            if (!q) return q.error();
            p.question_id = q->id;
        }
        auto linked = apply_word_links(tx, p, words_remove.value(), words_add.value());
        if (!linked) return linked.error();
        p.updated_at = now;
        store_pair(tx, stored, p);
        return p;
    });
}

Result<Done> delete_pair(AuthoringPorts& ports, Id id) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        const auto pair = tx.pair(id);
        if (!pair) return errors::not_found();
        // The learners' progress on it goes with it: so do its figures.
        tx.withdraw_pair_statistics(id, PairStatistics::all);
        tx.delete_pair(id);
        drop_if_unused(tx, pair->statement_id, pair->question_id);
        return Done{};
    });
}

Result<PairView> change_pair_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return with_pair(ports, id, [&](ContentTx& tx, Pair p) -> Result<Pair> {
        auto next = next_review_status("pair", p.status, action);
        if (!next) return next.error();
        p.status = next.value();
        p.updated_at = ports.clock.now();
        tx.update_pair(p);
        if (action == ReviewAction::publish) recompute_pair_categories(tx, p);
        return p;
    });
}

Result<PipelineResult> publish_pipeline(AuthoringPorts& ports, const LooseValue& body) {
    auto picture_id = fields::id(body["picture_id"], "picture_id");
    if (!picture_id) return picture_id.error();
    if (!picture_id.value()) return fields::required("picture_id");
    const Timestamp now = ports.clock.now();
    return write<PipelineResult>(ports.content, [&](ContentTx& tx) -> Result<PipelineResult> {
        if (!tx.picture(*picture_id.value())) return errors::not_found();
        PipelineResult out{*picture_id.value(), {}};
        PairFilter filter;
        filter.picture_id = picture_id.value();
        filter.status = status::kReviewed;
        std::vector<Pair> reviewed;
        for (Page page{std::nullopt, 500};;) {
            auto batch = tx.pairs(filter, page);
            if (batch.empty()) break;
            page.after = batch.back().id;
            std::move(batch.begin(), batch.end(), std::back_inserter(reviewed));
        }
        for (auto& p : reviewed) {
            p.status = status::kPublished;
            p.updated_at = now;
            tx.update_pair(p);
            recompute_pair_categories(tx, p);
            out.published.push_back(view_of(tx, std::move(p)));
        }
        return out;
    });
}

std::int64_t backfill_pair_categories(AuthoringPorts& ports) {
    std::int64_t done = 0;
    PairFilter filter;
    filter.status = status::kPublished;
    // One transaction per page: a large catalogue never holds one long write lock.
    for (Page page{std::nullopt, 200};;) {
        const auto last = write<std::optional<Id>>(
            ports.content, [&](ContentTx& tx) -> Result<std::optional<Id>> {
                const auto batch = tx.pairs(filter, page);
                for (const auto& p : batch) recompute_pair_categories(tx, p);
                done += static_cast<std::int64_t>(batch.size());
                return batch.empty() ? std::nullopt : std::optional<Id>(batch.back().id);
            });
        if (!last || !last.value()) break;
        page.after = last.value();
    }
    return done;
}

}  // namespace ll
