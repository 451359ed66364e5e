#include "fuzz/support/check.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

namespace ll::fuzz {
namespace {

class FailingSink final : public spdlog::sinks::base_sink<std::mutex> {
  protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (msg.level < spdlog::level::err) return;
        fail("error logged", std::string_view(msg.payload.data(), msg.payload.size()));
    }
    void flush_() override {}
};

}  // namespace

void fail(std::string_view what, std::string_view detail) {
    std::fprintf(stderr, "\n==FUZZ FINDING== %.*s%s%.*s\n", static_cast<int>(what.size()),
                 what.data(), detail.empty() ? "" : ": ", static_cast<int>(detail.size()),
                 detail.data());
    std::fflush(stderr);
    std::abort();
}

bool verbose() {
    static const bool on = std::getenv("LL_FUZZ_VERBOSE") != nullptr;
    return on;
}

void fail_on_logged_errors() {
    auto logger = std::make_shared<spdlog::logger>("fuzz", std::make_shared<FailingSink>());
    logger->set_level(spdlog::level::err);
    spdlog::set_default_logger(std::move(logger));
}

}  // namespace ll::fuzz
