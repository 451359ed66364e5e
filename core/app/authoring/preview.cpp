#include "core/app/authoring/preview.hpp"

#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/feed_item.hpp"
#include "core/domain/audio_text.hpp"
#include "core/domain/feed_rules.hpp"
#include "core/domain/text_drafts.hpp"

namespace ll {
namespace {

template <typename T>
const T* ptr(const std::optional<T>& row) {
    return row ? &*row : nullptr;
}

// A word's choice in the preview names the word: the editor may know which it is.
std::string preview_choice_id(Id word_id) {
    return "w" + std::to_string(word_id);
}

// The card's exercise in `lang` and its answers: right is what grading counts right.
PreviewExercise preview_exercise(PreviewPorts& ports, const AnswerKey& key, const FeedItem& item,
                                 const std::string& lang) {
    PreviewExercise out;
    out.exercise =
        exercise_for(key, item, lang, read_distractor_pool(ports.answer_keys, {&key}, lang),
                     ports.folding, exercise_seed(0, key.pair_id, "preview"), preview_choice_id);
    const auto truth =
        key.answer_type == "yes_no" ? yes_no_truth(key, lang, ports.folding) : std::nullopt;
    for (const auto& choice : out.exercise.choices)
        if (truth ? yes_no_choice_right(choice.id, *truth)
                  : names_answer_word(key, choice.id, preview_choice_id))
            out.right_choice_ids.push_back(choice.id);
    if (out.exercise.accepts_text)
        for (auto& accepted : accepted_texts(key, lang, ports.folding))
            out.accepted_texts.push_back(std::move(accepted.shown));
    return out;
}

}  // namespace

Result<PairPreview> preview_pair(PreviewPorts& ports, Id id, const PairPreviewQuery& query) {
    auto preview = read<PairPreview>(
        ports.content,
        [&](PictureRows& pictures, WordRows& words, WordLinkRows& links, TextRows& texts,
            PairRows& pairs, AudioRows& audios) -> Result<PairPreview> {
            const auto pair = pairs.pair(id);
            if (!pair) return errors::not_found();
            const auto picture =
                pair->picture_id ? pictures.picture(*pair->picture_id) : std::nullopt;
            auto statement =
                pair->statement_id ? texts.statement(*pair->statement_id) : std::nullopt;
            auto question = pair->question_id ? texts.question(*pair->question_id) : std::nullopt;
            if (query.draft) {
                if (statement) statement = with_draft_applied(*statement);
                if (question) question = with_draft_applied(*question);
            }
            std::vector<Audio> statement_audios =
                statement ? audios.audios_of_item("statements", statement->id)
                          : std::vector<Audio>{};
            std::vector<Audio> question_audios =
                question ? audios.audios_of_item("questions", question->id) : std::vector<Audio>{};
            if (query.draft) {  // what speaks the live text only is stale for the draft
                std::erase_if(statement_audios,
                              [&](const Audio& a) { return !audio_is_current(a, *statement); });
                std::erase_if(question_audios,
                              [&](const Audio& a) { return !audio_is_current(a, *question); });
            }
            const Audio* audio = feed_statement_audio(statement_audios, query.lang);
            const std::vector<Category> categories = derived_pair_categories(words, links, *pair);

            PairPreview out;
            out.lang = query.lang;
            out.draft = query.draft;
            out.reasons =
                feed_exclusions(FeedFacts{pair->status == status::kPublished,
                                          picture && picture->image_path, audio != nullptr},
                                query.lang);
            out.in_feed = out.reasons.empty();
            out.item = feed_item_of(
                FeedRows{*pair, ptr(picture), ptr(statement), ptr(question), audio,
                         feed_question_audio(question_audios, query.lang), categories});
            return out;
        });
    if (!preview) return preview;
    // Beside the content's read: the key as grading reads it, from its own statements.
    auto keys = ports.answer_keys.answer_keys({id});
    if (!keys.empty()) {
        // A draft's short answers are what grading will take (the key reads the live ones).
        if (query.draft && preview.value().item.question) {
            const auto& q = *preview.value().item.question;
            keys.front().short_answer_de = q.short_answer_de;
            keys.front().short_answer_en = q.short_answer_en;
            keys.front().short_answer_se = q.short_answer_se;
        }
        preview.value().exercise =
            preview_exercise(ports, keys.front(), preview.value().item, query.lang);
    }
    return preview;
}

}  // namespace ll
