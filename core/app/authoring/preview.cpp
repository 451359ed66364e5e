#include "core/app/authoring/preview.hpp"

#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/feed_item.hpp"
#include "core/domain/feed_rules.hpp"

namespace ll {
namespace {

template <typename T>
const T* ptr(const std::optional<T>& row) {
    return row ? &*row : nullptr;
}

}  // namespace

Result<PairPreview> preview_pair(AuthoringPorts& ports, Id id, const PairPreviewQuery& query) {
    return read<PairPreview>(
        ports.content,
        [&](PictureRows& pictures, WordRows& words, WordLinkRows& links, TextRows& texts,
            PairRows& pairs, AudioRows& audios) -> Result<PairPreview> {
            const auto pair = pairs.pair(id);
            if (!pair) return errors::not_found();
            const auto picture =
                pair->picture_id ? pictures.picture(*pair->picture_id) : std::nullopt;
            const auto statement =
                pair->statement_id ? texts.statement(*pair->statement_id) : std::nullopt;
            const auto question =
                pair->question_id ? texts.question(*pair->question_id) : std::nullopt;
            const std::vector<Audio> statement_audios =
                statement ? audios.audios_of_item("statements", statement->id)
                          : std::vector<Audio>{};
            const Audio* audio = feed_statement_audio(statement_audios, query.lang);
            const std::vector<Audio> question_audios =
                question ? audios.audios_of_item("questions", question->id) : std::vector<Audio>{};
            const std::vector<Category> categories = derived_pair_categories(words, links, *pair);

            PairPreview out;
            out.lang = query.lang;
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
}

}  // namespace ll
