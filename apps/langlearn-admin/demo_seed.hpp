#pragma once
#include <vector>

#include "core/ports/storage_backend.hpp"

namespace ll {

// A few published pairs of each answer type with categories, so a fresh install has something
// to book. Returns how many pairs it added (0 when the demo content is already there).
int seed_demo_content(StorageBackend& storage);

}  // namespace ll
