#pragma once
// A pair the feed's rule lets in (core/domain/feed_rules.hpp): a picture with an image, a
// published statement with audio in `audio_lang`, written through the ContentStore port so it
// exists on every backend. The practice queue's contract and HTTP tests build their catalogue
// with it.
#include <string>

#include "core/domain/audio_text.hpp"
#include "core/ports/content_store.hpp"

namespace ll::test {

inline Id feed_pair(ContentStore& content, int level, const std::string& audio_lang = "sv",
                    const std::string& pair_status = status::kPublished,
                    const std::string& answer_type = "text") {
    Id id = 0;
    content.write([&](ContentTx& tx) {
        Picture picture;
        picture.status = status::kObjectsCreated;
        picture.image_path = "img.png";
        const Id picture_id = tx.insert_picture(picture).id;
        Statement statement;
        statement.text_sv = "Det är en hund.";
        statement.status = status::kPublished;
        const Id statement_id = tx.insert_statement(statement).id;
        Audio audio;
        audio.source = AudioSource{"statements", statement_id, "text_" + audio_lang, audio_lang};
        audio.file_path = "aud" + std::to_string(statement_id) + ".wav";
        audio.mime = "audio/wav";
        audio.spoken_text = field_text(statement, audio.source.field);  // current, not stale
        tx.upsert_audio(audio);
        Pair pair;
        pair.picture_id = picture_id;
        pair.statement_id = statement_id;
        pair.answer_type = answer_type;
        pair.level = level;
        pair.status = pair_status;
        id = tx.insert_pair(pair).id;
    });
    return id;
}

}  // namespace ll::test
