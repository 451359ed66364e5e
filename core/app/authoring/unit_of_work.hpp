#pragma once
// Use cases run their store work through these. The work names the aggregates it uses as its
// parameters, and is handed exactly those, no more:
//
//     write<Word>(ports, [&](WordRows& words, CategoryRows& categories) -> Result<Word> {
//
// so the work's parameter list says what it touches (docs/architecture.md "Authoring"). The
// work is a lambda (or a functor) with one call operator that is not a template: its parameter
// types are what it asks for. A Result error returned inside `write` rolls the whole
// transaction back (the store sees an exception) and comes out as the same error.
#include <functional>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/recording_tx.hpp"
#include "core/domain/result.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

namespace detail {
struct Rollback {
    Error error;
};

// The parameter types of the work's one call operator, as std::function's deduction guide reads
// them (const, mutable and noexcept alike); a generic lambda has no such operator.
template <typename F>
concept HasOneCallOperator = requires(F& f) {
    std::function{f};
};
template <typename Function>
struct FunctionParameters;
template <typename R, typename... A>
struct FunctionParameters<std::function<R(A...)>> {
    using type = std::tuple<A...>;
};
template <HasOneCallOperator F>
using WorkParameters =
    typename FunctionParameters<decltype(std::function{std::declval<F&>()})>::type;

// An aggregate interface of the unit of work, not the unit of work itself.
template <typename A>
concept AggregateRows =
    std::is_lvalue_reference_v<A> && std::is_base_of_v<std::remove_cvref_t<A>, ContentTx> &&
    !std::is_same_v<std::remove_cvref_t<A>, ContentTx>;

// Calls `work` with the transaction seen as each aggregate interface it asks for.
template <typename F>
decltype(auto) hand_over(ContentTx& tx, F& work) {
    static_assert(HasOneCallOperator<F>,
                  "the work is a lambda whose parameters name its aggregates, not a generic one");
    return [&]<typename... A>(std::tuple<A...>*) -> decltype(auto) {
        static_assert((AggregateRows<A> && ...),
                      "the work's parameters are references to aggregate interfaces "
                      "(WordRows&, PairRows&, ...), not ContentTx");
        return work(static_cast<A>(tx)...);
    }(static_cast<WorkParameters<F>*>(nullptr));
}
}  // namespace detail

// `work(Rows&...) -> Result<T>`, in one transaction; committed only when it answers a value.
// Every change it makes is recorded as `author`'s (core/app/authoring/recording_tx.hpp).
template <typename T, typename F>
Result<T> write(ContentStore& store, const ChangeAuthor& author, F&& work) {
    std::optional<Result<T>> out;
    try {
        store.write([&](ContentTx& store_tx) {
            RecordingTx tx(store_tx, author);
            Result<T> r = detail::hand_over(tx, work);
            if (!r) throw detail::Rollback{r.error()};
            out.emplace(std::move(r));
        });
    } catch (const detail::Rollback& rollback) {
        return rollback.error;
    }
    return std::move(*out);
}

// The same, by the ports' editor, now.
template <typename T, typename F>
Result<T> write(AuthoringPorts& ports, F&& work) {
    return write<T>(ports.content, ChangeAuthor{ports.editor_id, ports.clock.now()}, std::forward<F>(work));
}

// `work(Rows&...) -> Result<T>` on one consistent snapshot.
template <typename T, typename F>
Result<T> read(ContentStore& store, F&& work) {
    std::optional<Result<T>> out;
    store.read([&](ContentTx& tx) { out.emplace(detail::hand_over(tx, work)); });
    return std::move(*out);
}

}  // namespace ll
