#include "core/app/learning/target_language.hpp"

#include <algorithm>

#include "core/domain/rules.hpp"

namespace ll {

template <>
Result<TargetLanguageRequest> decode<TargetLanguageRequest>(const LooseValue& body) {
    const LooseValue& target = body["targetLang"];
    if (target.kind == LooseValue::Kind::missing || target.kind == LooseValue::Kind::null)
        return errors::target_language_required();
    return TargetLanguageRequest{parse_pair_id(target).id};  // the positive-integer rule of ids
}

Result<TargetLanguageOutput> switch_target_language(const TargetLanguagePorts& ports, Id user_id,
                                                    const TargetLanguageRequest& request) {
    const auto& id = request.language;
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
