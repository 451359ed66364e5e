#include "core/domain/content_states.hpp"

#include <fmt/format.h>

#include "core/domain/content.hpp"

namespace ll {
namespace {

Error refused(std::string_view action, std::string_view kind, std::string_view current) {
    return errors::transition_refused(action, kind, current);
}

}  // namespace

std::string_view action_name(ReviewAction action) {
    switch (action) {
        case ReviewAction::review:
            return "review";
        case ReviewAction::publish:
            return "publish";
        case ReviewAction::unpublish:
            return "unpublish";
    }
    return "";
}

Result<std::string> next_review_status(std::string_view kind, std::string_view current,
                                       ReviewAction action) {
    switch (action) {
        case ReviewAction::review:
            if (current == status::kDraft) return std::string(status::kReviewed);
            break;
        case ReviewAction::publish:
            if (current == status::kReviewed) return std::string(status::kPublished);
            if (current == status::kDraft) return errors::only_reviewed_can_be_published();
            break;
        case ReviewAction::unpublish:
            if (current == status::kPublished) return std::string(status::kReviewed);
            break;
    }
    return refused(action_name(action), kind, current);
}

Result<std::string> next_word_status(std::string_view current, WordAction action) {
    if (action == WordAction::publish && current == status::kDraft)
        return std::string(status::kPublished);
    if (action == WordAction::unpublish && current == status::kPublished)
        return std::string(status::kDraft);
    return refused(action == WordAction::publish ? "publish" : "unpublish", "word", current);
}

Result<std::string> finish_annotation_status(std::string_view current) {
    if (current == status::kNew) return std::string(status::kDrawingCreated);
    return refused("finish annotation of", "picture", current);
}

Result<std::string> finish_status(std::string_view current) {
    if (current == status::kDraft) return std::string(status::kObjectsCreated);
    return refused("finish", "picture", current);
}

std::string_view status_of_picture_list(std::string_view list) {
    if (list == "annotation") return status::kNew;
    if (list == "generation") return status::kDrawingCreated;
    if (list == "pair-authoring") return status::kObjectsCreated;
    return "";
}

}  // namespace ll
