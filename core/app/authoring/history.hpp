#pragma once
// The content's history (docs/authoring-guide.md "History"): the changes recorded by every
// write (core/app/authoring/recording_tx.hpp), one item's, one editor's or one picture's, newest
// first; and a text's earlier version restored as an edit, which a live text keeps as its draft.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/app/requests/decoder.hpp"
#include "core/domain/content_changes.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/content/changes.hpp"

namespace ll {

// `?item=&item_id=` (both or neither), `?editor_id=`, `?picture_id=` (at most one of the
// three; none: every change), `?before=` (a change id: older ones) and `?limit=` (1-200,
// default 50).
struct ChangeListRequest {
    ChangeFilter filter;
    ChangePage page;
};
template <>
Result<ChangeListRequest> decode<ChangeListRequest>(const LooseValue& v);

struct ChangeList {
    std::vector<ContentChange> changes;
    // The e-mail address of each editor of these changes that still has an account.
    std::map<Id, std::string> editor_emails;
    std::optional<Id> next_before;  // the cursor of the next (older) page; none: no more
};

// `accounts`: the editors' e-mail addresses.
Result<ChangeList> list_changes(AuthoringPorts& ports, AccountRepository& accounts,
                                const ChangeListRequest& request);
Result<ContentChange> get_change(AuthoringPorts& ports, Id id);

// The item's texts as they were just before change `id` (for a change of the draft alone, the
// draft's then, where there was one), written as an edit of the item now (patch_statement,
// patch_question: a live text keeps it as its draft). Statements and questions only (409 for
// other items, for a create, which has no earlier version, and for a change of no text: a word
// link, an audio, a status); 404 for an unknown change or an item deleted since; 412 when the
// item changes between the read and the edit. Answers the item's table and id.
struct RestoredItem {
    std::string item;
    Id item_id = 0;
};
// `expected`: the If-Match versions of the item (versions.hpp): the restore is refused (412) when
// the item changed since the editor read it. 409 too when the texts already read as they did.
Result<RestoredItem> restore_change(AuthoringPorts& ports, Id id,
                                    const VersionCondition& expected = {});

}  // namespace ll
