#pragma once
// Drafts of live texts (docs/authoring-guide.md "Drafts of published content"). A statement or
// question is live while learners can see it: it is published, or a published pair shows it (the
// feed serves a published pair with its texts whatever their own status). An edit of a live text
// is kept as its draft, beside it, and the feed goes on serving the live texts until the draft is
// reviewed and published:
//
//   edit of a live text           -> draft (status draft); an edit back to the live texts leaves
//                                    no draft; a changed draft is a draft again
//   review                        -> the draft is reviewed
//   publish (draft reviewed)      -> the draft's texts become the item's; no draft left
//   unpublish (a published item)  -> reviewed; while a published pair still shows it, its draft
//                                    stays beside it; otherwise the draft is folded in (below)
//   discard (DELETE .../draft)    -> the live texts stay, the draft is gone
//
// A text that is no longer live has its draft folded in: the draft's texts become the item's,
// and an unreviewed draft leaves the item a draft (it was never reviewed). A text that is not
// live is edited in place, as before.
#include "core/domain/content.hpp"
#include "core/domain/content_states.hpp"
#include "core/domain/result.hpp"

namespace ll {

// The item as publishing its draft makes it: the draft's texts, no draft. Unchanged without one.
Statement with_draft_applied(Statement s);
Question with_draft_applied(Question q);

// The item after an editor's change: `edited` is the version the editor changed (the draft
// applied, see above) with the change made. A live item keeps its texts and gets `edited` as its
// draft; any other becomes `edited`. Stamped `now` where something changed; the item unchanged
// when nothing did.
Statement with_edit(const Statement& item, Statement edited, bool live, Timestamp now);
Question with_edit(const Question& item, Question edited, bool live, Timestamp now);

// review / publish of the draft of a live item, as above; the 409 of the state machine
// (content_states.hpp, naming the draft's status) when the draft cannot move so.
Result<Statement> with_draft_moved(Statement s, ReviewAction action, Timestamp now);
Result<Question> with_draft_moved(Question q, ReviewAction action, Timestamp now);

// The item with its draft folded in, as above (unchanged without a draft; a published item is
// left reviewed, or draft for an unreviewed draft).
Statement folded(Statement s, Timestamp now);
Question folded(Question q, Timestamp now);

}  // namespace ll
