#pragma once
// The content state machines (docs/spec/authoring.md "State machines"). Each function answers the
// status an item moves to, or the 409 that refuses the change, naming the current status.
#include <string>
#include <string_view>

#include "core/domain/result.hpp"

namespace ll {

// Objects, statements, questions and pairs: draft -> reviewed (review) -> published (publish);
// unpublish goes back to reviewed. Publishing from draft is refused with
// `Only reviewed items can be published`. `kind` names the item in messages ("pair").
enum class ReviewAction { review, publish, unpublish };
Result<std::string> next_review_status(std::string_view kind, std::string_view current,
                                       ReviewAction action);
std::string_view action_name(ReviewAction action);

// Words: draft <-> published (words and questions made by generation start as draft).
enum class WordAction { publish, unpublish };
Result<std::string> next_word_status(std::string_view current, WordAction action);

// Pictures, older flow: new -> drawing_created (finish-annotation).
Result<std::string> finish_annotation_status(std::string_view current);
// Pictures, newer flow: draft -> objects_created (finish).
Result<std::string> finish_status(std::string_view current);

// The annotation, generation and pair-authoring lists select pictures by these statuses.
std::string_view status_of_picture_list(std::string_view list);  // "" for an unknown list

}  // namespace ll
