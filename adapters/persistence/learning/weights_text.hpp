#pragma once
// The fitted parameters as learning_settings.weights keeps them (migration 0018): the 21 weights
// comma separated, each in the shortest form that reads back to the same double.
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/memory_model.hpp"

namespace ll::sql {

std::string weights_text(const fsrs::Parameters& weights);
// nullopt unless the text holds exactly 21 numbers within the model's bounds (a damaged value
// schedules with the defaults rather than with nonsense).
std::optional<fsrs::Parameters> weights_from_text(std::string_view text);

}  // namespace ll::sql
