#pragma once
// A card with everything grading reads (core/ports/learning/answer_keys.hpp), written through
// the ContentStore port so it exists on every backend: a picture with an image, an object with
// its label word, a published statement with Swedish audio, a question with short answers and
// answer and distractor words, and the published pair. The graded-answer contract and HTTP
// tests build their cards with it.
#include <optional>
#include <string>
#include <vector>

#include "core/ports/content_store.hpp"

namespace ll::test {

struct CardWord {
    std::string de, en, sv;
};

struct GradedCardSpec {
    std::string answer_type = "word";
    int level = 1;
    std::optional<CardWord> label;  // the object's label word
    std::optional<CardWord> short_answer;
    std::vector<CardWord> answers;      // the question's answer words
    std::vector<CardWord> distractors;  // the question's distractor words
    // A category every new word of the card gets (made when missing): words of cards with the
    // same category are offered as each other's wrong choices.
    std::optional<std::string> category = std::nullopt;
};

struct GradedCard {
    Id pair_id = 0;
    std::optional<Id> label_word;
    std::vector<Id> answer_words, distractor_words;
};

inline GradedCard graded_card(ContentStore& content, const GradedCardSpec& spec) {
    GradedCard card;
    content.write([&](ContentTx& tx) {
        std::optional<Category> category;
        if (spec.category) {
            for (const auto& c : tx.categories())
                if (c.titel_de == *spec.category) category = c;
            if (!category) category = tx.insert_category(*spec.category);
        }
        const auto word = [&](const CardWord& w) {
            Word row;
            if (category) row.categories.push_back(*category);
            row.title_de = w.de;
            row.title_en = w.en;
            row.title_sv = w.sv;
            row.status = status::kPublished;
            return tx.find_or_insert_word(row).first.id;
        };
        Picture picture;
        picture.status = status::kObjectsCreated;
        picture.image_path = "img.png";
        const Id picture_id = tx.insert_picture(picture).id;
        ContentObject object;
        object.picture_id = picture_id;
        object.selections.push_back(Selection{Selection::Type::bbox, 1, 2, 30, 40, {}});
        const Id object_id = tx.insert_object(object).id;
        if (spec.label) {
            card.label_word = word(*spec.label);
            tx.link_object_word(object_id, *card.label_word, true);
        }
        Statement statement;
        statement.text_sv = "Det är en hund.";
        statement.status = status::kPublished;
        const Id statement_id = tx.insert_statement(statement).id;
        Audio audio;
        audio.source = AudioSource{"statements", statement_id, "text_sv", "sv"};
        audio.file_path = "aud" + std::to_string(statement_id) + ".wav";
        audio.mime = "audio/wav";
        audio.spoken_text = statement.text_sv;  // current, not stale
        tx.upsert_audio(audio);
        Question question;
        question.object_id = object_id;
        question.text_sv = "Vad är det här?";
        if (spec.short_answer) {
            question.short_answer_de = spec.short_answer->de;
            question.short_answer_en = spec.short_answer->en;
            question.short_answer_se = spec.short_answer->sv;
        }
        question.status = status::kPublished;
        const Id question_id = tx.insert_question(question).id;
        for (const auto& w : spec.answers) {
            card.answer_words.push_back(word(w));
            tx.link_question_word(question_id, card.answer_words.back(), kRoleAnswer);
        }
        for (const auto& w : spec.distractors) {
            card.distractor_words.push_back(word(w));
            tx.link_question_word(question_id, card.distractor_words.back(), kRoleDistractor);
        }
        Pair pair;
        pair.picture_id = picture_id;
        pair.object_id = object_id;
        pair.statement_id = statement_id;
        pair.question_id = question_id;
        pair.answer_type = spec.answer_type;
        pair.level = spec.level;
        pair.status = status::kPublished;
        card.pair_id = tx.insert_pair(pair).id;
    });
    return card;
}

}  // namespace ll::test
