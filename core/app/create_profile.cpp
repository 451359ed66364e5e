#include "core/app/create_profile.hpp"

#include <algorithm>

#include "core/app/learner_zone.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// A language id field: a JSON number or string; other types count as missing
// (docs/spec/decisions.md 3).
struct LanguageField {
    bool present = false;
    std::optional<Id> id;  // when it is a positive integer or a digit string
    std::string raw;       // for the "must differ" comparison of values that are no ids
};

LanguageField read_language(const LooseValue& v) {
    using K = LooseValue::Kind;
    LanguageField field;
    if (v.kind == K::string) {
        field.present = !v.string.empty();
        field.raw = "s:" + v.string;
    } else if (v.kind == K::integer) {
        field.present = true;
        field.raw = "i:" + std::to_string(v.integer);
    } else if (v.kind == K::number) {
        field.present = true;
        field.raw = "n:" + std::to_string(v.number);
    }
    if (field.present) field.id = parse_pair_id(v).id;  // same positive-integer rule as ids
    return field;
}

}  // namespace

template <>
Result<CreateProfileRequest> decode<CreateProfileRequest>(const LooseValue& body) {
    const LooseValue& username = body["username"];
    const LanguageField native = read_language(body["nativeLang"]);
    const LanguageField target = read_language(body["targetLang"]);
    if (!username.is_nonempty_string() || !native.present || !target.present) {
        return errors::profile_fields_required();
    }
    CreateProfileRequest r;
    r.username = trim(username.string);
    if (!is_valid_username(r.username)) return errors::invalid_username_format();
    const bool same =
        (native.id && target.id) ? *native.id == *target.id : native.raw == target.raw;
    if (same) return errors::languages_must_differ();
    r.native_lang = native.id;
    r.target_lang = target.id;
    r.timezone = fields::defer(read_timezone(body["timezone"]));
    return r;
}

Result<CreateProfileOutput> create_profile(const ProfilePorts& ports, Id user_id,
                                           const CreateProfileRequest& request) {
    const std::string& username = request.username;
    // A deleted account's token, before its standing is read again: no profile for nobody.
    if (!ports.accounts.find_by_id(user_id)) return errors::user_not_found();
    if (ports.profiles.find_by_user(user_id)) return errors::profile_already_exists();
    const std::string lowercase = ascii_lower(username);
    if (ports.profiles.username_taken(lowercase)) return errors::username_taken();

    const auto languages = ports.languages.list_published();
    const auto published = [&](const std::optional<Id>& id) {
        return id && std::any_of(languages.begin(), languages.end(),
                                 [&](const Language& l) { return l.id == *id; });
    };
    if (!published(request.native_lang) || !published(request.target_lang))
        return errors::invalid_language_ids();
    const auto zone = request.timezone.checked();
    if (!zone) return zone.error();
    if (const auto known = check_zone_known(ports.clock, zone.value()); !known)
        return known.error();

    const auto outcome = ports.profiles.create(NewProfile{
        user_id, username, lowercase, *request.native_lang, *request.target_lang, zone.value()});
    switch (outcome.status) {
        case CreateProfileStatus::profile_exists:
            return errors::profile_already_exists();
        case CreateProfileStatus::username_taken:
            return errors::username_taken();
        case CreateProfileStatus::created:
            break;
    }
    try {
        ports.accounts.set_native_language(user_id, *request.native_lang);
    } catch (const std::exception&) {
        // docs/spec/service.md: a failure of this last step is ignored.
    }
    const Profile& p = outcome.profile;
    return CreateProfileOutput{p.id, p.user_id, p.username, p.language_native_id,
                               p.language_target_id};
}

}  // namespace ll
