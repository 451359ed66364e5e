#pragma once
// Renaming and deleting categories, admins only (docs/authoring-guide.md "Categories"). Listing
// and creating them are in words.hpp.
#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/words.hpp"
#include "core/domain/result.hpp"

namespace ll {

// `{titel_de}`: 404 unknown category, 409 when another category has that name.
Result<Category> rename_category(AuthoringPorts& ports, Id id, const NewCategory& request);
// The category with its word and pair links, in one transaction. The pairs it leaves keep
// their other categories; the learners' figures on them are moved as for a pair whose
// categories change (PairRows::withdraw_pair_statistics).
Result<Done> delete_category(AuthoringPorts& ports, Id id);

}  // namespace ll
