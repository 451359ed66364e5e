#pragma once
// Use cases run their store work through these: a Result error returned inside `write` rolls
// the whole transaction back (the store sees an exception) and comes out as the same error.
#include <optional>
#include <utility>

#include "core/domain/result.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

namespace detail {
struct Rollback {
    Error error;
};
}  // namespace detail

// `work(ContentTx&) -> Result<T>`, in one transaction; committed only when it answers a value.
template <typename T, typename F>
Result<T> write(ContentStore& store, F&& work) {
    std::optional<Result<T>> out;
    try {
        store.write([&](ContentTx& tx) {
            Result<T> r = work(tx);
            if (!r) throw detail::Rollback{r.error()};
            out.emplace(std::move(r));
        });
    } catch (const detail::Rollback& rollback) {
        return rollback.error;
    }
    return std::move(*out);
}

// `work(ContentTx&) -> Result<T>` on one consistent snapshot.
template <typename T, typename F>
Result<T> read(ContentStore& store, F&& work) {
    std::optional<Result<T>> out;
    store.read([&](ContentTx& tx) { out.emplace(work(tx)); });
    return std::move(*out);
}

}  // namespace ll
