#include "core/app/authoring/pairs.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/app/authoring/texts.hpp"

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

// The word links of a PATCH or create: removals first, then additions (idempotent). true: a
// link went or came.
Result<bool> apply_word_links(ContentTx& tx, const Pair& pair, const std::vector<Id>& remove,
                              const std::vector<WordAdd>& add) {
    bool changed = !remove.empty();
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
            return errors::link_not_of_pair(i, remove[i]);
        }
    }
    for (std::size_t i = 0; i < add.size(); ++i) {
        if (!tx.word(add[i].word_id))
            return errors::no_such(fmt::format("words_add[{}].word_id", i), "word");
        if (add[i].to_question) {
            if (!pair.question_id) return errors::pair_has_no(i, "question");
            changed |= tx.link_question_word(*pair.question_id, add[i].word_id, kRoleAnswer).second;
        }
        if (add[i].to_statement) {
            if (!pair.statement_id) return errors::pair_has_no(i, "statement");
            changed |= tx.link_statement_word(*pair.statement_id, add[i].word_id).second;
        }
    }
    return changed;
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

// A new or updated question of a pair (its object is the pair's object). `wrote` is set when
// it stored something: texts the question has already store nothing.
Result<Question> question_for(ContentTx& tx, const Pair& pair, const QuestionInput& input,
                              Timestamp now, bool& wrote) {
    auto texts = input.checked();
    if (!texts) return texts.error();
    Question q;
    if (pair.question_id) {
        if (auto existing = tx.question(*pair.question_id)) q = std::move(*existing);
    }
    const bool fresh = q.id == 0;
    auto changed = apply_question_texts(q, texts.value(), "question.");
    if (!changed) return changed;
    if (!fresh && changed.value() == q) return changed;
    wrote = true;
    changed->updated_at = now;
    if (fresh) {
        changed->object_id = pair.object_id;
        changed->created_at = now;
        return tx.insert_question(changed.value());
    }
    tx.update_question(changed.value());
    return changed;
}

Result<Statement> statement_for(ContentTx& tx, const Pair& pair, const StatementInput& input,
                                Timestamp now, bool& wrote) {
    auto texts = input.checked();
    if (!texts) return texts.error();
    Statement s;
    if (pair.statement_id) {
        if (auto existing = tx.statement(*pair.statement_id)) s = std::move(*existing);
    }
    const bool fresh = s.id == 0;
    auto changed = apply_statement_texts(s, texts.value(), "statement.");
    if (!changed) return changed;
    if (!fresh && changed.value() == s) return changed;
    wrote = true;
    changed->updated_at = now;
    if (fresh) {
        changed->created_at = now;
        return tx.insert_statement(changed.value());
    }
    tx.update_statement(changed.value());
    return changed;
}

// The pair, 404, or 412 when a conditional request names another version than its view's
// (which shows its statement, question, words and categories too). Inside a write.
// The pair's row is locked first even without a condition: a pair's PATCH writes its statement
// and question before the pair row, so a conditional write (pair row first) beside an
// unconditional one (statement first) could otherwise deadlock; this way every write of a pair
// takes the pair row, then its statement and question.
Result<Pair> checked_pair(ContentTx& tx, Id id, const VersionCondition& expected) {
    tx.lock_item(ItemKind::pair, id);
    auto pair = tx.pair(id);
    if (!pair) return errors::not_found();
    if (expected.conditional()) {
        if (auto refused = stale(expected, view_of(tx, *pair))) return *refused;
    }
    return std::move(*pair);
}

// `expected`: the versions a conditional request was made from (412 for another).
template <typename F>
Result<PairView> with_pair(AuthoringPorts& ports, Id id, F&& change,
                           const VersionCondition& expected = {}) {
    return write<PairView>(ports.content, [&](ContentTx& tx) -> Result<PairView> {
        auto pair = checked_pair(tx, id, expected);
        if (!pair) return pair.error();
        Result<Pair> changed = change(tx, std::move(pair.value()));
        if (!changed) return changed.error();
        return view_of(tx, std::move(changed.value()));
    });
}

}  // namespace

std::vector<Category> derived_pair_categories(ContentTx& tx, const Pair& pair) {
    std::vector<Id> word_ids;
    if (pair.statement_id) {
        for (const auto& l : tx.statement_word_links(*pair.statement_id))
            word_ids.push_back(l.word_id);
    }
    if (pair.object_id) {
        for (const auto& l : tx.object_word_links(*pair.object_id)) word_ids.push_back(l.word_id);
    }
    std::map<Id, Category> categories;
    for (const auto& w : tx.words_by_ids(word_ids)) {
        for (const auto& c : w.categories) categories.emplace(c.id, c);
    }
    std::vector<Category> out;
    for (auto& [id, c] : categories) out.push_back(std::move(c));
    return out;
}

void recompute_pair_categories(ContentTx& tx, const Pair& pair) {
    std::vector<Id> ids;
    for (const auto& c : derived_pair_categories(tx, pair)) ids.push_back(c.id);
    // The learners' per-category figures leave the old categories and join the new ones.
    tx.withdraw_pair_statistics(pair.id, PairStatistics::categories);
    tx.set_pair_categories(pair.id, ids);
    tx.restore_pair_statistics(pair.id, PairStatistics::categories);
}

// Stores the pair; a new answer type takes the learners' per-type figures with it.
void store_pair(ContentTx& tx, const Pair& before, const Pair& after) {
    const bool retyped = before.answer_type != after.answer_type;
    if (retyped) tx.withdraw_pair_statistics(after.id, PairStatistics::answer_type);
    tx.update_pair(after);
    if (retyped) tx.restore_pair_statistics(after.id, PairStatistics::answer_type);
}

Result<PairView> create_pair(AuthoringPorts& ports, const NewPair& request) {
    const Timestamp now = ports.clock.now();
    return write<PairView>(ports.content, [&](ContentTx& tx) -> Result<PairView> {
        if (!tx.picture(request.picture_id)) return errors::no_such("picture_id", "picture");
        if (request.object_id) {
            const auto object = tx.object(*request.object_id);
            if (!object || object->picture_id != request.picture_id)
                return errors::object_not_in_pair_picture();
        }
        bool wrote = false;  // a new pair is written anyway
        Pair p;
        p.picture_id = request.picture_id;
        p.object_id = request.object_id;
        p.answer_type = request.answer_type;
        p.level = request.level.value_or(1);
        p.created_at = p.updated_at = now;
        if (request.statement_id) {
            if (!tx.statement(*request.statement_id))
                return errors::no_such("statement_id", "statement");
            p.statement_id = request.statement_id;
        } else {
            auto s = statement_for(tx, p, *request.statement, now, wrote);
            if (!s) return s.error();
            p.statement_id = s->id;
        }
        if (request.question_id) {
            if (!tx.question(*request.question_id))
                return errors::no_such("question_id", "question");
            p.question_id = request.question_id;
        } else if (request.question) {
            auto q = question_for(tx, p, *request.question, now, wrote);
            if (!q) return q.error();
            p.question_id = q->id;
        }
        p = tx.insert_pair(p);
        auto linked = apply_word_links(tx, p, {}, request.words_add);
        if (!linked) return linked.error();
        return view_of(tx, std::move(p));
    });
}

Result<std::vector<PairView>> list_pairs(AuthoringPorts& ports, const PairListQuery& query) {
    return read<std::vector<PairView>>(ports.content, [&](ContentTx& tx) {
        std::vector<PairView> out;
        for (auto& p : tx.pairs(query.filter, query.page)) out.push_back(view_of(tx, std::move(p)));
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

Result<PairView> patch_pair(AuthoringPorts& ports, Id id, const PairPatch& patch,
                            const VersionCondition& expected) {
    const Timestamp now = ports.clock.now();
    return with_pair(
        ports, id,
        [&](ContentTx& tx, Pair p) -> Result<Pair> {
            Pair stored = p;
            bool wrote = false;  // the statement, the question or the pair row
            if (patch.level) p.level = *patch.level;
            if (patch.answer_type) p.answer_type = *patch.answer_type;
            if (patch.statement) {
                auto s = statement_for(tx, p, *patch.statement, now, wrote);
                if (!s) return s.error();
                p.statement_id = s->id;
            }
            if (patch.question.present && !patch.question.value && p.question_id) {
                const Id old = *p.question_id;
                p.question_id.reset();
                p.updated_at = now;
                p.revised_at = now;  // a new revision of the card (Pair::revised_at)
                store_pair(tx, stored, p);
                stored = p;
                wrote = true;
                drop_if_unused(tx, std::nullopt, old);
            } else if (patch.question.value) {
                auto q = question_for(tx, p, *patch.question.value, now, wrote);
                if (!q) return q.error();
                p.question_id = q->id;
            }
            auto linked = apply_word_links(tx, p, patch.words_remove, patch.words_add);
            if (!linked) return linked.error();
            // Nothing the answer shows has changed: updated_at stays (docs/authoring-guide.md
            // "Two editors at once").
            if (!wrote && !linked.value() && p == stored) return p;
            p.updated_at = now;
            p.revised_at = now;  // a new revision of the card (Pair::revised_at)
            store_pair(tx, stored, p);
            return p;
        },
        expected);
}

Result<Done> delete_pair(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        const auto pair = checked_pair(tx, id, expected);
        if (!pair) return pair.error();
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

Result<PipelineResult> publish_pipeline(AuthoringPorts& ports, const PublishPipeline& request) {
    const Timestamp now = ports.clock.now();
    return write<PipelineResult>(ports.content, [&](ContentTx& tx) -> Result<PipelineResult> {
        if (!tx.picture(request.picture_id)) return errors::not_found();
        PipelineResult out{request.picture_id, {}};
        PairFilter filter;
        filter.picture_id = request.picture_id;
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
