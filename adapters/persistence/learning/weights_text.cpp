#include "adapters/persistence/learning/weights_text.hpp"

#include <charconv>

namespace ll::sql {

std::string weights_text(const fsrs::Parameters& weights) {
    std::string out;
    char buffer[32];
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (i > 0) out += ',';
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, weights[i]).ptr;
        out.append(buffer, end);
    }
    return out;
}

std::optional<fsrs::Parameters> weights_from_text(std::string_view text) {
    fsrs::Parameters weights{};
    const char* p = text.data();
    const char* end = p + text.size();
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (i > 0) {
            if (p == end || *p != ',') return std::nullopt;
            ++p;
        }
        const auto [next, ec] = std::from_chars(p, end, weights[i]);
        if (ec != std::errc()) return std::nullopt;
        p = next;
    }
    if (p != end || !fsrs::within_bounds(weights)) return std::nullopt;
    return weights;
}

}  // namespace ll::sql
