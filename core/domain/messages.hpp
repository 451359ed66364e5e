#pragma once
// The learner API's error messages in German, English and Swedish (docs/accounts.md "Languages of
// messages and labels"). A message is looked up by its default text, the one errors.hpp makes;
// "<field> <problem>" messages keep the field's name and translate the problem.
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/errors.hpp"
#include "core/domain/locale.hpp"

namespace ll {

// `message` in `lang`, or nullopt when the catalogue does not hold it (it is then answered as
// it is).
std::optional<std::string> message_in(std::string_view message, Lang lang);

// The error's message in `lang` where the catalogue holds it (true), else untouched (false).
bool translate(Error& error, Lang lang);

}  // namespace ll
