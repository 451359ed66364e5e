#pragma once
// The walk every backfill of derived media shares (`langlearn-admin make-renditions`,
// `make-audio-variants`): rows a page at a time by id, the slow work for each row that needs it
// outside any transaction, then a guarded write that skips a row changed meanwhile. A failure is
// one line and the walk goes on.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ports/content_store.hpp"

namespace ll {

struct Backfill {
    std::int64_t made = 0;              // rows that got what they lacked
    std::int64_t skipped = 0;           // rows that had it already, or changed meanwhile
    std::int64_t failed = 0;            // rows whose work failed
    std::vector<std::string> problems;  // one line per failure: the row and why
};

// `rows(port, page)`: one page of rows, ids ascending. `needs(row)`: whether the row lacks what the
// backfill makes. `make(row)`: the work, outside any transaction; answers a function that writes
// the result in a write transaction (and answers false when the row changed meanwhile), or a
// failure line.
template <typename Row, typename Rows, typename Needs, typename Make>
Backfill run_backfill(ContentStore& content, Rows rows, Needs needs, Make make) {
    Backfill out;
    Page page{std::nullopt, 100};
    for (;;) {
        std::vector<Row> candidates;
        std::size_t seen = 0;
        content.read([&](ContentTx& tx) {
            for (Row& row : rows(tx, page)) {
                ++seen;
                page.after = row.id;
                if (needs(row)) {
                    candidates.push_back(std::move(row));
                } else {
                    ++out.skipped;
                }
            }
        });
        for (Row& row : candidates) {
            std::string problem;
            auto write = make(row, problem);
            if (!write) {
                ++out.failed;
                out.problems.push_back(std::move(problem));
                continue;
            }
            bool written = false;
            content.write([&](ContentTx& tx) { written = (*write)(tx); });
            ++(written ? out.made : out.skipped);
        }
        if (seen < static_cast<std::size_t>(page.limit)) break;
    }
    return out;
}

}  // namespace ll
