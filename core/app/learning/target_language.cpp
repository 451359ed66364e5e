#include "core/app/learning/target_language.hpp"

#include <algorithm>

#include "core/domain/rules.hpp"

namespace ll {

Result<TargetLanguageOutput> switch_target_language(const TargetLanguagePorts& ports, Id user_id,
                                                    const LooseValue& target) {
    if (target.kind == LooseValue::Kind::missing || target.kind == LooseValue::Kind::null)
        return errors::target_language_required();
    const auto id = parse_pair_id(target).id;  // the positive-integer rule of every id
    const auto languages = ports.languages.list_published();
    if (!id || std::none_of(languages.begin(), languages.end(),
                            [&](const Language& l) { return l.id == *id; }))
        return errors::invalid_language_ids();
    const auto profile = ports.profiles.find_by_user(user_id);
    if (!profile) return errors::no_profile_for_goal();
    if (profile->language_native_id == *id) return errors::languages_must_differ();
    if (!ports.profiles.set_target_language(user_id, *id)) return errors::no_profile_for_goal();
    return TargetLanguageOutput{*id};
}

}  // namespace ll
