#include "core/app/authoring/categories.hpp"

#include "core/app/authoring/unit_of_work.hpp"

namespace ll {

Result<Category> rename_category(AuthoringPorts& ports, Id id, const NewCategory& request) {
    return write<Category>(ports, [&](CategoryRows& categories) -> Result<Category> {
        if (!categories.category(id)) return errors::not_found();
        if (!categories.rename_category(id, request.titel_de))
            return errors::category_exists(request.titel_de);
        if (request.titel_en.present || request.titel_sv.present)
            categories.set_category_titles(id, request.titel_en, request.titel_sv);
        auto category = categories.category(id);  // as stored now
        if (!category) return errors::not_found();
        return std::move(*category);
    });
}

Result<Done> delete_category(AuthoringPorts& ports, Id id) {
    return write<Done>(
        ports,
        [&](ItemLocks& locks, PairRows& pairs, CategoryRows& categories) -> Result<Done> {
            // Locked before its pairs are read: a word or pair write that keeps the category
            // (existing_categories) ends first and its links are among those withdrawn here, or it
            // waits and finds the category gone.
            if (!locks.lock_item(ItemKind::category, id)) return errors::not_found();
            const std::vector<Id> linked = categories.category_pairs(id);
            for (Id pair : linked) pairs.withdraw_pair_statistics(pair, PairStatistics::categories);
            categories.delete_category(id);
            for (Id pair : linked) pairs.restore_pair_statistics(pair, PairStatistics::categories);
            return Done{};
        });
}

}  // namespace ll
