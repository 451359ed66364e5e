#pragma once
// Use cases run their store work through these. The work names the aggregates it uses as its
// parameters, and is handed exactly those, no more:
//
//     write<Word>(ports.content, [&](WordRows& words, CategoryRows& categories) -> Result<Word> {
//
// so a use case's lambda says what it touches, as a learner use case's ports struct does
// (docs/architecture.md "Where things go"). A Result error returned inside `write` rolls the
// whole transaction back (the store sees an exception) and comes out as the same error.
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "core/domain/result.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

namespace detail {
struct Rollback {
    Error error;
};

// The parameter types of a lambda's call operator (the work is always a lambda or a functor).
template <typename F>
struct WorkParameters : WorkParameters<decltype(&std::remove_cvref_t<F>::operator())> {};
template <typename C, typename R, typename... A>
struct WorkParameters<R (C::*)(A...) const> {
    using type = std::tuple<A...>;
};
template <typename C, typename R, typename... A>
struct WorkParameters<R (C::*)(A...)> {
    using type = std::tuple<A...>;
};

// Calls `work` with the transaction seen as each aggregate interface it asks for.
template <typename F>
decltype(auto) hand_over(ContentTx& tx, F& work) {
    return [&]<typename... A>(std::tuple<A...>*) -> decltype(auto) {
        static_assert(((std::is_lvalue_reference_v<A> &&
                        std::is_base_of_v<std::remove_cvref_t<A>, ContentTx>)&&...),
                      "the work's parameters are references to aggregate interfaces of ContentTx");
        return work(static_cast<A>(tx)...);
    }(static_cast<typename WorkParameters<F>::type*>(nullptr));
}
}  // namespace detail

// `work(Rows&...) -> Result<T>`, in one transaction; committed only when it answers a value.
template <typename T, typename F>
Result<T> write(ContentStore& store, F&& work) {
    std::optional<Result<T>> out;
    try {
        store.write([&](ContentTx& tx) {
            Result<T> r = detail::hand_over(tx, work);
            if (!r) throw detail::Rollback{r.error()};
            out.emplace(std::move(r));
        });
    } catch (const detail::Rollback& rollback) {
        return rollback.error;
    }
    return std::move(*out);
}

// `work(Rows&...) -> Result<T>` on one consistent snapshot.
template <typename T, typename F>
Result<T> read(ContentStore& store, F&& work) {
    std::optional<Result<T>> out;
    store.read([&](ContentTx& tx) { out.emplace(detail::hand_over(tx, work)); });
    return std::move(*out);
}

}  // namespace ll
