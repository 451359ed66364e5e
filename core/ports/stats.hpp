#pragma once
// The learner's figures for GET /auth/stats, summed by the store (the values are in
// core/domain/stats_snapshot.hpp).
#include "core/domain/stats_snapshot.hpp"

namespace ll {

class StatsQuery {
  public:
    virtual ~StatsQuery() = default;
    virtual StatsSnapshot load(Id user_id, Date from, Date to) = 0;
};

}  // namespace ll
