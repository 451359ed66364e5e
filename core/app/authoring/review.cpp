#include "core/app/authoring/review.hpp"

#include "core/app/authoring/text_drafts.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return write<ContentObject>(ports, [&](ObjectRows& objects) -> Result<ContentObject> {
        return change_status<ContentObject>(
            ports, "object", action, objects.object(id),
            [](const ContentObject&) { return std::optional<Error>(); },
            [&](const ContentObject& o) { objects.update_object(o); });
    });
}

namespace {

// change_status, or with_draft_moved for the draft of a live item (core/domain/text_drafts.hpp):
// a draft beside a text no longer live is folded in first, and after an unpublish that leaves it
// shown by no published pair. A publish first writes the audio spoken for it, then refuses what
// stays stale; a published draft is a new revision of every published pair showing the text.
template <typename T>
Result<T> change_text_status(AuthoringPorts& ports, std::string_view kind, ReviewAction action,
                             std::optional<T> item, TextRows& texts, PairRows& pairs,
                             AudioRows& audios, const std::vector<Audio>& spoken) {
    if (!item) return errors::not_found();
    const T before = *item;
    const Timestamp now = ports.clock.now();
    const auto refuse = [&](const T& published) {
        store_spoken(audios, spoken, published);
        return stale_audio_refusal(audios, published);
    };
    item = settled(pairs, std::move(*item), now);
    if (!item->draft || action == ReviewAction::unpublish) {
        auto changed =
            change_status<T>(ports, kind, action, std::move(item), refuse, [](const T&) {});
        if (!changed) return changed;
        const T after = settled(pairs, std::move(changed.value()), now);
        store_text(texts, before, after);
        return after;
    }
    auto moved = with_draft_moved(std::move(*item), action, now);
    if (!moved) return moved;
    if (action == ReviewAction::publish) {
        if (std::optional<Error> refused = refuse(moved.value())) return *refused;
        revise_pairs_showing(pairs, moved.value(), now);
    }
    store_text(texts, before, moved.value());
    return moved;
}

}  // namespace

Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                          const std::vector<Audio>& spoken) {
    return write<Statement>(
        ports,
        [&](ItemLocks& locks, TextRows& texts, PairRows& pairs,
            AudioRows& audios) -> Result<Statement> {
            locks.lock_item(ItemKind::statement, id);  // its text is checked, then written
            return change_text_status(ports, "statement", action, texts.statement(id), texts, pairs,
                                      audios, spoken);
        });
}

Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                        const std::vector<Audio>& spoken) {
    return write<Question>(ports,
                           [&](ItemLocks& locks, TextRows& texts, PairRows& pairs,
                               AudioRows& audios) -> Result<Question> {
                               locks.lock_item(ItemKind::question, id);
                               return change_text_status(ports, "question", action,
                                                         texts.question(id), texts, pairs, audios,
                                                         spoken);
                           });
}

}  // namespace ll
