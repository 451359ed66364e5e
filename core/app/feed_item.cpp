#include "core/app/feed_item.hpp"

#include "core/ports/media_store.hpp"

namespace ll {

std::string feed_media_url(std::string_view stored) {
    return media_url(stored_media_name(stored));
}

FeedAudio feed_audio_of(const Audio& audio) {
    FeedAudio out;
    out.duration_ms = audio.duration_ms;
    // Media types with codecs (RFC 6381), so that a player can tell before it downloads.
    if (audio.opus)
        out.variants.push_back(
            {"audio/ogg; codecs=opus", feed_media_url(audio.opus->file_path), audio.opus->bytes});
    if (audio.aac)
        out.variants.push_back({"audio/mp4; codecs=mp4a.40.2", feed_media_url(audio.aac->file_path),
                                audio.aac->bytes});
    if (audio.bytes)
        out.variants.push_back({audio.mime, feed_media_url(audio.file_path), *audio.bytes});
    return out;
}

FeedItem feed_item_of(const FeedRows& rows) {
    FeedItem item;
    item.pair_id = rows.pair.id;
    item.answer_type = rows.pair.answer_type;
    item.level = rows.pair.level;
    if (const Statement* s = rows.statement) {
        item.statement_de = s->text_de;
        item.statement_en = s->text_en;
        item.statement_sv = s->text_sv;
    }
    if (const Question* q = rows.question) {
        item.question =
            FeedQuestion{q->text_de,         q->text_en,         q->text_sv,   q->short_answer_de,
                         q->short_answer_en, q->short_answer_se, std::nullopt, std::nullopt};
        if (const Audio* a = rows.question_audio) {
            item.question->audio_url = feed_media_url(a->file_path);
            item.question->audio = feed_audio_of(*a);
        }
    }
    if (rows.picture && rows.picture->image_path)
        item.image_url = feed_media_url(*rows.picture->image_path);
    if (rows.picture && rows.picture->phone_path)
        item.image_phone_url = feed_media_url(*rows.picture->phone_path);
    if (rows.picture && rows.picture->thumbnail_path)
        item.thumbnail_url = feed_media_url(*rows.picture->thumbnail_path);
    if (rows.picture) {
        item.width = rows.picture->width;
        item.height = rows.picture->height;
    }
    if (rows.audio) {
        item.audio_url = feed_media_url(rows.audio->file_path);
        item.audio = feed_audio_of(*rows.audio);
    }
    for (const Category& c : rows.categories) item.categories.push_back({c.id, c.titel_de});
    return item;
}

}  // namespace ll
