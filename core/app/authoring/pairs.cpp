#include "core/app/authoring/pairs.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/app/authoring/stale_audio.hpp"
#include "core/app/authoring/text_drafts.hpp"
#include "core/app/authoring/texts.hpp"

namespace ll {
namespace {

constexpr const char* kLinkQuestion = "question";
constexpr const char* kLinkStatement = "statement";

PairView view_of(WordRows& words, WordLinkRows& links, TextRows& texts, PairRows& pairs,
                 Pair pair) {
    PairView v;
    if (pair.statement_id) v.statement = texts.statement(*pair.statement_id);
    if (pair.question_id) v.question = texts.question(*pair.question_id);
    std::vector<std::tuple<Id, const char*, Id>> linked;  // link id, link_to, word id
    if (v.question) {
        for (const auto& l : links.question_word_links(v.question->id))
            linked.emplace_back(l.id, kLinkQuestion, l.word_id);
    }
    if (v.statement) {
        for (const auto& l : links.statement_word_links(v.statement->id))
            linked.emplace_back(l.id, kLinkStatement, l.word_id);
    }
    std::sort(linked.begin(), linked.end());
    std::vector<Id> ids;
    for (const auto& [link, to, word] : linked) ids.push_back(word);
    std::map<Id, std::string> titles;
    for (const auto& w : words.words_by_ids(ids)) titles.emplace(w.id, w.title_de);
    for (const auto& [link, to, word] : linked) {
        if (const auto it = titles.find(word); it != titles.end())
            v.words.push_back(PairWordView{link, to, word, it->second});
    }
    v.categories = pairs.pair_categories(pair.id);
    v.pair = std::move(pair);
    return v;
}

// The word links of a PATCH or create: removals first, then additions (idempotent). true: a
// link went or came.
Result<bool> apply_word_links(WordRows& words, WordLinkRows& links, const Pair& pair,
                              const std::vector<Id>& remove, const std::vector<WordAdd>& add) {
    bool changed = !remove.empty();
    std::set<Id> question_links, statement_links;
    if (pair.question_id) {
        for (const auto& l : links.question_word_links(*pair.question_id))
            question_links.insert(l.id);
    }
    if (pair.statement_id) {
        for (const auto& l : links.statement_word_links(*pair.statement_id))
            statement_links.insert(l.id);
    }
    for (std::size_t i = 0; i < remove.size(); ++i) {
        if (question_links.count(remove[i])) {
            links.delete_question_word_link(remove[i]);
        } else if (statement_links.count(remove[i])) {
            links.delete_statement_word_link(remove[i]);
        } else {
            return errors::link_not_of_pair(i, remove[i]);
        }
    }
    for (std::size_t i = 0; i < add.size(); ++i) {
        if (!words.word(add[i].word_id))
            return errors::no_such(fmt::format("words_add[{}].word_id", i), "word");
        if (add[i].to_question) {
            if (!pair.question_id) return errors::pair_has_no(i, "question");
            changed |=
                links.link_question_word(*pair.question_id, add[i].word_id, kRoleAnswer).second;
        }
        if (add[i].to_statement) {
            if (!pair.statement_id) return errors::pair_has_no(i, "statement");
            changed |= links.link_statement_word(*pair.statement_id, add[i].word_id).second;
        }
    }
    return changed;
}

// A draft beside a text nothing keeps live any more is folded in and stored (text_drafts.hpp
// settled).
template <typename Item>
void store_settled(TextRows& texts, PairRows& pairs, const std::optional<Item>& item,
                   Timestamp now) {
    if (item) store_text(texts, *item, settled(pairs, *item, now));
}

// After a pair is deleted, or loses its question: a statement/question no other pair uses is
// deleted; one kept is settled (store_settled).
void drop_if_unused(TextRows& texts, PairRows& pairs, std::optional<Id> statement_id,
                    std::optional<Id> question_id, Timestamp now) {
    const auto settle = [&](std::optional<Id> id, std::optional<Id> PairFilter::*by, auto load,
                            auto drop) {
        if (!id) return;
        PairFilter f;
        f.*by = id;
        if (pairs.count_pairs(f) == 0) return drop(*id);
        store_settled(texts, pairs, load(*id), now);
    };
    settle(
        statement_id, &PairFilter::statement_id, [&](Id id) { return texts.statement(id); },
        [&](Id id) { texts.delete_statement(id); });
    settle(
        question_id, &PairFilter::question_id, [&](Id id) { return texts.question(id); },
        [&](Id id) { texts.delete_question(id); });
}

// What a pair's POST or PATCH wrote of its texts: a row learners may see (`live`), or only the
// draft beside a live text (text_drafts.hpp), which is no new revision of the card.
struct TextWrites {
    bool live = false;
    bool draft = false;
    bool any() const { return live || draft; }
};

// A new or changed text of a pair: `fresh()` builds a new one (stamped and inserted here);
// `edited(existing)` an existing one as it is to be (text_drafts.hpp). Texts the item already has
// store nothing.
template <typename Item, typename Fresh, typename Edited, typename Insert>
Result<Item> text_for(TextRows& texts, std::optional<Item> existing, Timestamp now,
                      TextWrites& wrote, Fresh&& fresh, Edited&& edited, Insert&& insert) {
    if (!existing) {
        Result<Item> made = fresh();
        if (!made) return made;
        made->created_at = made->updated_at = now;
        wrote.live = true;
        return insert(made.value());
    }
    Result<Item> changed = edited(*existing);
    if (!changed) return changed;
    if (changed.value() == *existing) return changed;
    (same_row(changed.value(), *existing) ? wrote.draft : wrote.live) = true;
    store_text(texts, *existing, changed.value());
    return changed;
}

// A new or updated question of a pair (a new one's object is the pair's object).
Result<Question> question_for(TextRows& texts, PairRows& pairs, const Pair& pair,
                              const QuestionInput& input, Timestamp now, TextWrites& wrote) {
    auto checked = input.checked();
    if (!checked) return checked.error();
    std::optional<Question> existing;
    if (pair.question_id) existing = texts.question(*pair.question_id);
    return text_for<Question>(
        texts, std::move(existing), now, wrote,
        [&]() -> Result<Question> {
            auto q = apply_question_texts(Question{}, checked.value(), "question.");
            if (q) q->object_id = pair.object_id;
            return q;
        },
        [&](const Question& q) {
            return edited_question(pairs, q, checked.value(), "question.", now);
        },
        [&](const Question& q) { return texts.insert_question(q); });
}

Result<Statement> statement_for(TextRows& texts, PairRows& pairs, const Pair& pair,
                                const StatementInput& input, Timestamp now, TextWrites& wrote) {
    auto checked = input.checked();
    if (!checked) return checked.error();
    std::optional<Statement> existing;
    if (pair.statement_id) existing = texts.statement(*pair.statement_id);
    return text_for<Statement>(
        texts, std::move(existing), now, wrote,
        [&] { return apply_statement_texts(Statement{}, checked.value(), "statement."); },
        [&](const Statement& s) {
            return edited_statement(pairs, s, checked.value(), "statement.", now);
        },
        [&](const Statement& s) { return texts.insert_statement(s); });
}

// The pair, 404, or 412 when a conditional request names another version than its view's
// (which shows its statement, question, words and categories too). Inside a write.
// The pair's row is locked first even without a condition: a pair's PATCH writes its statement
// and question before the pair row, so a conditional write (pair row first) beside an
// unconditional one (statement first) could otherwise deadlock; this way every write of a pair
// takes the pair row, then its statement and question.
Result<Pair> checked_pair(ItemLocks& locks, WordRows& words, WordLinkRows& links, TextRows& texts,
                          PairRows& pairs, Id id, const VersionCondition& expected) {
    locks.lock_item(ItemKind::pair, id);
    auto pair = pairs.pair(id);
    if (!pair) return errors::not_found();
    if (expected.conditional()) {
        if (auto refused = stale(expected, view_of(words, links, texts, pairs, *pair)))
            return *refused;
    }
    return std::move(*pair);
}

// Locks the rows of a pair's statement and question until the end of the write.
void lock_texts_of(ItemLocks& locks, const Pair& p) {
    if (p.statement_id) locks.lock_item(ItemKind::statement, *p.statement_id);
    if (p.question_id) locks.lock_item(ItemKind::question, *p.question_id);
}

// `expected`: the versions a conditional request was made from (412 for another).
template <typename F>
Result<PairView> with_pair(AuthoringPorts& ports, Id id, F&& change,
                           const VersionCondition& expected = {}) {
    return write<PairView>(
        ports,
        [&](ItemLocks& locks, WordRows& words, WordLinkRows& links, TextRows& texts,
            PairRows& pairs, AudioRows& audios) -> Result<PairView> {
            auto pair = checked_pair(locks, words, links, texts, pairs, id, expected);
            if (!pair) return pair.error();
            // Its texts too: a publish checks their audio (stale_audio.hpp), a PATCH rewrites
            // them; a text's own PATCH waits until this write is done.
            lock_texts_of(locks, pair.value());
            Result<Pair> changed =
                change(words, links, texts, pairs, audios, std::move(pair.value()));
            if (!changed) return changed.error();
            return view_of(words, links, texts, pairs, std::move(changed.value()));
        });
}

}  // namespace

std::vector<Category> derived_pair_categories(WordRows& words, WordLinkRows& links,
                                              const Pair& pair) {
    std::vector<Id> word_ids;
    if (pair.statement_id) {
        for (const auto& l : links.statement_word_links(*pair.statement_id))
            word_ids.push_back(l.word_id);
    }
    if (pair.object_id) {
        for (const auto& l : links.object_word_links(*pair.object_id))
            word_ids.push_back(l.word_id);
    }
    std::map<Id, Category> by_id;
    for (const auto& w : words.words_by_ids(word_ids)) {
        for (const auto& c : w.categories) by_id.emplace(c.id, c);
    }
    std::vector<Category> out;
    for (auto& [id, c] : by_id) out.push_back(std::move(c));
    return out;
}

void recompute_pair_categories(WordRows& words, WordLinkRows& links, PairRows& pairs,
                               const Pair& pair) {
    std::vector<Id> ids;
    for (const auto& c : derived_pair_categories(words, links, pair)) ids.push_back(c.id);
    // The learners' per-category figures leave the old categories and join the new ones.
    pairs.withdraw_pair_statistics(pair.id, PairStatistics::categories);
    pairs.set_pair_categories(pair.id, ids);
    pairs.restore_pair_statistics(pair.id, PairStatistics::categories);
}

// Stores the pair; a new answer type takes the learners' per-type figures with it.
void store_pair(PairRows& pairs, const Pair& before, const Pair& after) {
    const bool retyped = before.answer_type != after.answer_type;
    if (retyped) pairs.withdraw_pair_statistics(after.id, PairStatistics::answer_type);
    pairs.update_pair(after);
    if (retyped) pairs.restore_pair_statistics(after.id, PairStatistics::answer_type);
}

Result<PairView> create_pair(AuthoringPorts& ports, const NewPair& request) {
    const Timestamp now = ports.clock.now();
    return write<PairView>(
        ports,
        [&](PictureRows& pictures, ObjectRows& objects, WordRows& words, WordLinkRows& links,
            TextRows& texts, PairRows& pairs) -> Result<PairView> {
            if (!pictures.picture(request.picture_id))
                return errors::no_such("picture_id", "picture");
            if (request.object_id) {
                const auto object = objects.object(*request.object_id);
                if (!object || object->picture_id != request.picture_id)
                    return errors::object_not_in_pair_picture();
            }
            TextWrites wrote;  // a new pair is written anyway
            Pair p;
            p.picture_id = request.picture_id;
            p.object_id = request.object_id;
            p.answer_type = request.answer_type;
            p.level = request.level.value_or(1);
            p.created_at = p.updated_at = now;
            if (request.statement_id) {
                if (!texts.statement(*request.statement_id))
                    return errors::no_such("statement_id", "statement");
                p.statement_id = request.statement_id;
            } else {
                auto s = statement_for(texts, pairs, p, *request.statement, now, wrote);
                if (!s) return s.error();
                p.statement_id = s->id;
            }
            if (request.question_id) {
                if (!texts.question(*request.question_id))
                    return errors::no_such("question_id", "question");
                p.question_id = request.question_id;
            } else if (request.question) {
                auto q = question_for(texts, pairs, p, *request.question, now, wrote);
                if (!q) return q.error();
                p.question_id = q->id;
            }
            p = pairs.insert_pair(p);
            auto linked = apply_word_links(words, links, p, {}, request.words_add);
            if (!linked) return linked.error();
            return view_of(words, links, texts, pairs, std::move(p));
        });
}

Result<std::vector<PairView>> list_pairs(AuthoringPorts& ports, const PairListQuery& query) {
    return read<std::vector<PairView>>(
        ports.content, [&](WordRows& words, WordLinkRows& links, TextRows& texts, PairRows& pairs) {
            std::vector<PairView> out;
            for (auto& p : pairs.pairs(query.filter, query.page))
                out.push_back(view_of(words, links, texts, pairs, std::move(p)));
            return Result<std::vector<PairView>>(std::move(out));
        });
}

Result<PairView> get_pair(AuthoringPorts& ports, Id id) {
    return read<PairView>(ports.content,
                          [&](WordRows& words, WordLinkRows& links, TextRows& texts,
                              PairRows& pairs) -> Result<PairView> {
                              auto p = pairs.pair(id);
                              if (!p) return errors::not_found();
                              return view_of(words, links, texts, pairs, std::move(*p));
                          });
}

Result<PairView> patch_pair(AuthoringPorts& ports, Id id, const PairPatch& patch,
                            const VersionCondition& expected) {
    const Timestamp now = ports.clock.now();
    return with_pair(
        ports, id,
        [&](WordRows& words, WordLinkRows& links, TextRows& texts, PairRows& pairs, AudioRows&,
            Pair p) -> Result<Pair> {
            Pair stored = p;
            TextWrites wrote;  // the statement, the question or the pair row
            if (patch.level) p.level = *patch.level;
            if (patch.answer_type) p.answer_type = *patch.answer_type;
            if (patch.statement) {
                auto s = statement_for(texts, pairs, p, *patch.statement, now, wrote);
                if (!s) return s.error();
                p.statement_id = s->id;
            }
            if (patch.question.present && !patch.question.value && p.question_id) {
                const Id old = *p.question_id;
                p.question_id.reset();
                p.updated_at = now;
                p.revised_at = now;  // a new revision of the card (Pair::revised_at)
                store_pair(pairs, stored, p);
                stored = p;
                wrote.live = true;
                drop_if_unused(texts, pairs, std::nullopt, old, now);
            } else if (patch.question.value) {
                // A new question would reach learners unreviewed (docs/authoring-guide.md
                // "Drafts of published content").
                if (!p.question_id && p.status == status::kPublished)
                    return errors::question_for_published_pair(p.id);
                auto q = question_for(texts, pairs, p, *patch.question.value, now, wrote);
                if (!q) return q.error();
                p.question_id = q->id;
            }
            auto linked = apply_word_links(words, links, p, patch.words_remove, patch.words_add);
            if (!linked) return linked.error();
            // Nothing the answer shows has changed: updated_at stays (docs/authoring-guide.md
            // "Two editors at once").
            if (!wrote.any() && !linked.value() && p == stored) return p;
            // Only a draft beside a live text changed: no new revision of what learners see.
            if (wrote.live || linked.value() || !(p == stored)) p.revised_at = now;
            p.updated_at = now;
            store_pair(pairs, stored, p);
            return p;
        },
        expected);
}

Result<Done> delete_pair(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(
        ports,
        [&](ItemLocks& locks, WordRows& words, WordLinkRows& links, TextRows& texts,
            PairRows& pairs) -> Result<Done> {
            const auto pair = checked_pair(locks, words, links, texts, pairs, id, expected);
            if (!pair) return pair.error();
            // The learners' progress on it goes with it: so do its figures.
            pairs.withdraw_pair_statistics(id, PairStatistics::all);
            pairs.delete_pair(id);
            drop_if_unused(texts, pairs, pair->statement_id, pair->question_id, ports.clock.now());
            return Done{};
        });
}

namespace {

// The texts of a pair as they are now.
struct PairTexts {
    std::optional<Statement> statement;
    std::optional<Question> question;

    bool drafts() const { return (statement && statement->draft) || (question && question->draft); }
};

PairTexts texts_of(TextRows& texts, const Pair& p) {
    PairTexts out;
    if (p.statement_id) out.statement = texts.statement(*p.statement_id);
    if (p.question_id) out.question = texts.question(*p.question_id);
    return out;
}

// Review or publish of a published pair whose texts have drafts (text_drafts.hpp): review
// reviews the drafts not reviewed yet (409 when there are none); publish publishes them all, each
// reviewed (409 otherwise), once their audio speaks them (make_audio's `spoken` written first).
Result<Pair> move_drafts(TextRows& texts, PairRows& pairs, AudioRows& audios, Pair p,
                         const PairTexts& now_texts, ReviewAction action,
                         const std::vector<Audio>& spoken, Timestamp now) {
    PairTexts after = now_texts;
    bool moved = false;
    const auto move = [&](auto& item) -> std::optional<Error> {
        if (!item || !item->draft) return std::nullopt;
        if (action == ReviewAction::review && item->draft->status != status::kDraft)
            return std::nullopt;
        auto m = with_draft_moved(*item, action, now);
        if (!m) return m.error();
        item = std::move(m.value());
        moved = true;
        return std::nullopt;
    };
    if (auto refused = move(after.statement)) return *refused;
    if (auto refused = move(after.question)) return *refused;
    if (!moved) return errors::transition_refused("review", "pair draft", status::kReviewed);
    if (action == ReviewAction::publish) {
        if (after.statement) store_spoken(audios, spoken, *after.statement);
        if (after.question) store_spoken(audios, spoken, *after.question);
        if (auto refused = stale_audio_refusal(audios, p, after.statement, after.question))
            return *refused;
        // What learners see has changed: a new revision of this pair and of every other
        // published pair showing these texts (Pair::revised_at).
        if (after.statement && now_texts.statement->draft)
            revise_pairs_showing(pairs, *after.statement, now);
        if (after.question && now_texts.question->draft)
            revise_pairs_showing(pairs, *after.question, now);
        p.updated_at = now;
        p.revised_at = now;
        pairs.update_pair(p);
    }
    if (now_texts.statement) store_text(texts, *now_texts.statement, *after.statement);
    if (now_texts.question) store_text(texts, *now_texts.question, *after.question);
    return p;
}

}  // namespace

Result<PairView> change_pair_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                    const std::vector<Audio>& spoken) {
    const Timestamp now = ports.clock.now();
    return with_pair(ports, id,
                     [&](WordRows& words, WordLinkRows& links, TextRows& texts, PairRows& pairs,
                         AudioRows& audios, Pair p) -> Result<Pair> {
                         const PairTexts current = texts_of(texts, p);
                         if (p.status == status::kPublished && current.drafts() &&
                             action != ReviewAction::unpublish)
                             return move_drafts(texts, pairs, audios, std::move(p), current, action,
                                                spoken, now);
                         auto next = next_review_status("pair", p.status, action);
                         if (!next) return next.error();
                         if (action == ReviewAction::publish) {
                             if (current.statement)
                                 store_spoken(audios, spoken, *current.statement);
                             if (current.question) store_spoken(audios, spoken, *current.question);
                             if (auto refused = stale_audio_refusal(audios, p, current.statement,
                                                                    current.question))
                                 return *refused;
                         }
                         p.status = next.value();
                         p.updated_at = now;
                         pairs.update_pair(p);
                         if (action == ReviewAction::publish)
                             recompute_pair_categories(words, links, pairs, p);
                         if (action == ReviewAction::unpublish) {
                             store_settled(texts, pairs, current.statement, now);
                             store_settled(texts, pairs, current.question, now);
                         }
                         return p;
                     });
}

Result<PipelineResult> publish_pipeline(AuthoringPorts& ports, const PublishPipeline& request) {
    const Timestamp now = ports.clock.now();
    return write<PipelineResult>(
        ports,
        [&](ItemLocks& locks, PictureRows& pictures, WordRows& words, WordLinkRows& links,
            TextRows& texts, PairRows& pairs, AudioRows& audios) -> Result<PipelineResult> {
            if (!pictures.picture(request.picture_id)) return errors::not_found();
            PipelineResult out{request.picture_id, {}};
            PairFilter filter;
            filter.picture_id = request.picture_id;
            filter.status = status::kReviewed;
            std::vector<Pair> reviewed;
            for (Page page{std::nullopt, 500};;) {
                auto batch = pairs.pairs(filter, page);
                if (batch.empty()) break;
                page.after = batch.back().id;
                std::move(batch.begin(), batch.end(), std::back_inserter(reviewed));
            }
            // All or nothing, as before: one pair with stale audio holds the picture back.
            for (const Pair& p : reviewed) {
                locks.lock_item(ItemKind::pair, p.id);
                lock_texts_of(locks, p);
            }
            if (auto refused = stale_audio_refusal(audios, texts, reviewed)) return *refused;
            for (auto& p : reviewed) {
                p.status = status::kPublished;
                p.updated_at = now;
                pairs.update_pair(p);
                recompute_pair_categories(words, links, pairs, p);
                out.published.push_back(view_of(words, links, texts, pairs, std::move(p)));
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
            ports,
            [&](WordRows& words, WordLinkRows& links,
                PairRows& pairs) -> Result<std::optional<Id>> {
                const auto batch = pairs.pairs(filter, page);
                for (const auto& p : batch) recompute_pair_categories(words, links, pairs, p);
                done += static_cast<std::int64_t>(batch.size());
                return batch.empty() ? std::nullopt : std::optional<Id>(batch.back().id);
            });
        if (!last || !last.value()) break;
        page.after = last.value();
    }
    return done;
}

}  // namespace ll
