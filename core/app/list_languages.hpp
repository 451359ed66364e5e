#pragma once
#include <vector>

#include "core/app/learner_ports.hpp"

namespace ll {

// Published languages ordered by titel_de ascending (byte order), null titles last, then id.
std::vector<Language> list_languages(LearnerPorts& ports);

}  // namespace ll
