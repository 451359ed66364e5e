#pragma once
// glibc malloc settings for the long-running processes (both services, and the benchmark's
// SQLite ceiling so that it measures the same process the services are).

namespace ll::app {

// Keeps freed memory at the top of each malloc arena up to 8 MiB instead of returning it to the
// kernel as soon as it passes 128 KiB, and serves blocks below 1 MiB from the arenas.
//
// Why: a SQLite booking frees its statement journals at the end of each statement; with glibc's
// default the top of the worker's arena then hovered around the trim threshold and every few
// frees gave 20 KiB back with madvise(MADV_DONTNEED), to fault it in again on the next
// statement. About 1.7 madvise calls per POST /auth/progress on SQLite, each a TLB shoot-down
// interrupt to the other core (perf: 8.6 % of the SQLite ceiling program's CPU). Setting the
// trim threshold turns off glibc's sliding mmap threshold, so that one is set too: large
// one-off blocks (argon2id's 19 MiB) still go straight back to the kernel when freed.
void tune_allocator();

}  // namespace ll::app
