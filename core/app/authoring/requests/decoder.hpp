#pragma once
// Staff requests: the shared Decoder (core/app/requests/decoder.hpp), and use cases called with
// the request decoded from a body or query.
#include <initializer_list>
#include <string_view>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/requests/decoder.hpp"

namespace ll {

// The statuses of items moved by review / publish / unpublish (objects, statements, questions,
// pairs): their list filter (a PATCH that tries to set one: errors::status_by_review_actions).
inline const std::initializer_list<std::string_view> kReviewStatuses = {"draft", "reviewed",
                                                                        "published"};
// A word's statuses: published or not, no review (WordAction).
inline const std::initializer_list<std::string_view> kWordStatuses = {"draft", "published"};

// A use case called with the request decoded from `v`: `decoded(create_object, ports, body)`.
template <typename R, typename T>
R decoded(R (*use)(AuthoringPorts&, const T&), AuthoringPorts& ports, const LooseValue& v) {
    return with_decoded<T>(v, [&](const T& request) { return use(ports, request); });
}
// The same for a use case on one item: `decoded(patch_object, ports, id, body)` (the preview
// takes its own ports).
template <typename R, typename Ports, typename T>
R decoded(R (*use)(Ports&, Id, const T&), Ports& ports, Id id, const LooseValue& v) {
    return with_decoded<T>(v, [&](const T& request) { return use(ports, id, request); });
}
// And for a conditional one: `decoded(patch_object, ports, id, body, expected)`, where
// `expected` is what If-Match asked for (versions.hpp; unconditional when left out).
template <typename R, typename T, typename Condition>
R decoded(R (*use)(AuthoringPorts&, Id, const T&, const Condition&), AuthoringPorts& ports, Id id,
          const LooseValue& v, const Condition& expected = Condition{}) {
    return with_decoded<T>(v, [&](const T& request) { return use(ports, id, request, expected); });
}

}  // namespace ll
