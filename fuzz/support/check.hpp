#pragma once
// How a fuzz target reports a finding that is not a sanitizer error: one line on stderr, then
// abort(), which libFuzzer treats like any crash (the input is saved, the run fails).
#include <string_view>

namespace ll::fuzz {

[[noreturn]] void fail(std::string_view what, std::string_view detail = {});

// Replaces spdlog's default logger with one that fails on error-level messages: the server and
// the routes log an escaped exception ("unhandled failure", then 500) at that level, and
// hostile input must never get that far. Lower levels are dropped (they are expected).
void fail_on_logged_errors();

// LL_FUZZ_VERBOSE is set: the targets print what each input does (to read a saved input).
bool verbose();

}  // namespace ll::fuzz
