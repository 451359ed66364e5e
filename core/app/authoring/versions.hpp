#pragma once
// Lost updates refused (docs/authoring-guide.md "Two editors at once"): every staff item has a
// version, a digest of everything its JSON answer shows, which the HTTP adapter sends as a strong
// ETag; a PATCH or DELETE may name the versions it was made from (If-Match), and the use case
// compares them with the item's version inside its write transaction, after a row lock.
//
// A digest instead of a counter column: a pair's answer shows its statement, question, linked
// words' titles and categories, a word's its categories; a counter would have to be raised by
// every write path of every table an answer shows, and one forgotten path means a silent lost
// update. The digest changes exactly when the answer does, through any path, with no migration.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/views.hpp"
#include "core/domain/content.hpp"
#include "core/domain/result.hpp"
#include "core/ports/content/item_locks.hpp"

namespace ll {

// The version of an item as the API shows it: 16 lower-case hex digits. When a view gains a
// member, its version_of must hash it too (tests/unit/item_versions_test.cpp).
std::string version_of(const Picture& p);
std::string version_of(const ContentObject& o);
std::string version_of(const Word& w);
std::string version_of(const Statement& s);
std::string version_of(const Question& q);
std::string version_of(const PairView& p);

// What a request's If-Match asked for (RFC 9110 13.1.1), read by the HTTP adapter: nothing
// (unconditional: today's behaviour), any existing version (`*`), or a list of strong versions
// (weak and malformed tags are left out: they never match).
struct VersionCondition {
    enum class Kind { none, any, listed };
    Kind kind = Kind::none;
    std::vector<std::string> versions;

    static VersionCondition any() { return {Kind::any, {}}; }
    static VersionCondition listed(std::vector<std::string> v) {
        return {Kind::listed, std::move(v)};
    }

    bool conditional() const { return kind != Kind::none; }
    bool matches(std::string_view current) const;
};

// 412 errors::changed_by_someone_else() when `expected` does not match the item as it is now.
template <typename Item>
std::optional<Error> stale(const VersionCondition& expected, const Item& current) {
    if (!expected.conditional() || expected.matches(version_of(current))) return std::nullopt;
    return errors::changed_by_someone_else();
}

// Inside a write transaction, before the item is read: a conditional request locks the item's
// row, so that two PATCHes with the same If-Match are checked one after the other and exactly
// one of them finds its version (docs/architecture.md "Authoring").
inline void lock_if_conditional(ItemLocks& locks, ItemKind kind, Id id,
                                const VersionCondition& expected) {
    if (expected.conditional()) locks.lock_item(kind, id);
}

}  // namespace ll
