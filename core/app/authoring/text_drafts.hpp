#pragma once
// Drafts of live statements and questions, as the use cases keep them (the rules:
// core/domain/text_drafts.hpp; docs/authoring-guide.md "Drafts of published content").
#include <string_view>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/texts.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/domain/text_drafts.hpp"

namespace ll {

// Whether learners can see the text now: it is published, or a published pair shows it.
bool is_live(PairRows& pairs, const Statement& s);
bool is_live(PairRows& pairs, const Question& q);

// The item with its draft folded in (core/domain/text_drafts.hpp folded) when nothing keeps it
// live any more; the item itself otherwise. One rule for every path that may leave a draft
// behind: an unpublish, a pair unpublished or deleted, a question taken off a pair.
Statement settled(PairRows& pairs, Statement s, Timestamp now);
Question settled(PairRows& pairs, Question q, Timestamp now);

// Whether two versions of an item have the same own row (their drafts aside).
bool same_row(const Statement& a, const Statement& b);
bool same_row(const Question& a, const Question& b);

// A draft of the text went live: a new revision (Pair::revised_at) of every published pair that
// shows it, so card analytics tell the answers to the old wording from the new.
void revise_pairs_showing(PairRows& pairs, const Statement& s, Timestamp now);
void revise_pairs_showing(PairRows& pairs, const Question& q, Timestamp now);

// Writes what differs between `before` and `after`: the item's row, its draft; each only then.
void store_text(TextRows& texts, const Statement& before, const Statement& after);
void store_text(TextRows& texts, const Question& before, const Question& after);

// An editor's change to the texts of an existing statement (its PATCH, its pair's): `texts`
// applied to the version the editor sees (its draft, if any), kept as a draft while the
// statement is live (with_edit). 400 when no text is left; `prefix` names fields in errors.
Result<Statement> edited_statement(PairRows& pairs, const Statement& s, const StatementTexts& texts,
                                   std::string_view prefix, Timestamp now);
Result<Question> edited_question(PairRows& pairs, const Question& q, const QuestionTexts& texts,
                                 std::string_view prefix, Timestamp now);

// DELETE .../draft: the draft is dropped, the live texts stay; 404 without item or draft, 412
// for another version than `expected` (versions.hpp). The item as it is afterwards.
Result<Statement> discard_statement_draft(AuthoringPorts& ports, Id id,
                                          const VersionCondition& expected = {});
Result<Question> discard_question_draft(AuthoringPorts& ports, Id id,
                                        const VersionCondition& expected = {});

}  // namespace ll
