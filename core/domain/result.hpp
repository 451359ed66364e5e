#pragma once
// Result<T>: either a value or a typed Error (C++20 has no std::expected).
#include <utility>
#include <variant>

#include "core/domain/errors.hpp"

namespace ll {

// The value of operations that answer nothing (204) or only pass or fail.
struct Done {};

template <typename T>
class Result {
  public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit on purpose
    Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit on purpose

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    const Error& error() const { return std::get<1>(v_); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

  private:
    std::variant<T, Error> v_;
};

}  // namespace ll
