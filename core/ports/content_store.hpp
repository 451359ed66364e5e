#pragma once
// The authoring content behind one unit-of-work port. The use cases (core/app/authoring) hold
// every rule -- state machines, de-duplication, pair categories, validation -- and call these
// plain operations inside one transaction; adapters (memory, SQLite, PostgreSQL) only store.
// The operations are declared per aggregate in core/ports/content/, each beside its own
// contract; ContentTx is all of them in one transaction.
//
// Contract shared by every adapter (tests/contract/content/*.cpp run it on all three):
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
#include <functional>

#include "core/ports/content/audio.hpp"
#include "core/ports/content/categories.hpp"
#include "core/ports/content/changes.hpp"
#include "core/ports/content/item_locks.hpp"
#include "core/ports/content/lists.hpp"
#include "core/ports/content/maintenance.hpp"
#include "core/ports/content/objects.hpp"
#include "core/ports/content/page.hpp"
#include "core/ports/content/pairs.hpp"
#include "core/ports/content/pictures.hpp"
#include "core/ports/content/texts.hpp"
#include "core/ports/content/word_links.hpp"
#include "core/ports/content/words.hpp"

namespace ll {

// The unit of work: every aggregate's operations on one transaction. The adapters implement it
// whole; a use case's work names the aggregates it uses (TextRows&, PairRows&, ...) and is
// handed exactly those (core/app/authoring/unit_of_work.hpp).
class ContentTx : public CategoryRows,
                  public PictureRows,
                  public ObjectRows,
                  public WordRows,
                  public WordLinkRows,
                  public TextRows,
                  public PairRows,
                  public AudioRows,
                  public ContentMaintenance,
                  public ItemLocks,
                  public ContentLists,
                  public ChangeRows {};

class ContentStore {
  public:
    virtual ~ContentStore() = default;
    virtual void read(const std::function<void(ContentTx&)>& work) = 0;
    virtual void write(const std::function<void(ContentTx&)>& work) = 0;
};

}  // namespace ll
