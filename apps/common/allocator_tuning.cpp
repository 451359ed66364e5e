#include "apps/common/allocator_tuning.hpp"

#include <malloc.h>

namespace ll::app {

void tune_allocator() {
    mallopt(M_TRIM_THRESHOLD, 8 * 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
}

}  // namespace ll::app
