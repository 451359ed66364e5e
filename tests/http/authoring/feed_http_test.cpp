// The learner feed (GET /feed on the learner API, same database and media folder) over content
// made through the authoring API: only published pairs whose picture has an image and whose
// statement has audio in the language; media served by /media; lang, paging and order.
#include "adapters/speech/wav_info.hpp"
#include "core/domain/image_info.hpp"
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// A pair that belongs in the feed for `language`: published, on a picture with an image, its
// statement spoken in that language.
Id feed_pair(StaffApi& api, Id picture, const std::string& language = "de") {
    const Id pair = api.pair(picture);
    speak(api, "statements", statement_of(api, pair), "text_" + language, language);
    api.publish_pair(pair);
    return pair;
}

}  // namespace

TEST_CASE("feed: a published pair with image and audio, its media served by the learner API",
          "[authoring][feed]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);
    const Id object = api.object(picture);
    const Id category = api.category("Vierbeiner");
    api.label(object, "Hund", "dog", "hund", {category});
    const Id pair = api.pair(picture, object, "question", true);
    const json::value audio = speak(api, "statements", statement_of(api, pair), "text_de", "de");
    api.publish_pair(pair);
    const Id plain = api.pair(picture, std::nullopt, "yes_no");
    speak(api, "statements", statement_of(api, plain), "text_de", "de");
    api.publish_pair(plain);
    const Reply pic = api.get(at("/api/pictures", picture));
    REQUIRE(pic.status == 200);
    const std::string image_url = str(pic.json, "image_url");
    REQUIRE(!image_url.empty());

    const std::string token = register_learner(api, "feed@example.com");
    const Reply f = feed(api, token);
    REQUIRE(feed_ids(f) == std::vector<Id>{pair, plain});
    CHECK(f.json.at("next_after").is_null());
    const json::value& item = f.json.at("items").at(0);
    CHECK(keys(item) == std::set<std::string>{"pair_id", "answer_type", "level", "statement",
                                              "question", "image_url", "image_phone_url",
                                              "thumbnail_url", "width", "height", "audio_url",
                                              "audio", "categories"});
    CHECK(str(item, "answer_type") == "question");
    CHECK(item.at("level").as_int64() == 3);
    CHECK(item.at("statement") == json::value(json::object{{"de", "Das ist ein Hund."},
                                                           {"en", "This is a dog."},
                                                           {"sv", "Det här är en hund."}}));
    CHECK(item.at("question") == json::value(json::object{{"de", "Was ist das?"},
                                                          {"en", "What is this?"},
                                                          {"sv", "Vad är det här?"},
                                                          {"short_answer_de", "Hund"},
                                                          {"short_answer_en", "dog"},
                                                          {"short_answer_se", "hund"},
                                                          {"audio_url", nullptr},
                                                          {"audio", nullptr}}));
    CHECK(str(item, "image_url") == image_url);
    // The phone-sized rendition the picture carries (a 32x24 picture keeps its size).
    CHECK(str(item, "image_phone_url") == str(pic.json, "phone_url"));
    CHECK(str(item, "thumbnail_url") == str(pic.json, "thumbnail_url"));
    CHECK(item.at("width") == pic.json.at("width"));
    CHECK(item.at("height") == pic.json.at("height"));
    CHECK(item.at("width").as_int64() == 32);
    CHECK(str(item, "audio_url") == str(audio, "audio_url"));
    CHECK(item.at("categories") ==
          json::value(json::array{json::object{{"id", category}, {"label", "Vierbeiner"}}}));
    const json::value& second = f.json.at("items").at(1);
    CHECK(second.at("question").is_null());
    CHECK(str(second, "answer_type") == "yes_no");
    CHECK(second.at("categories").as_array().empty());

    // The media the entry names, from the learner API, without a token.
    HttpClient learner(api.learner().port());
    const Reply image = learner.get(image_url);
    REQUIRE(image.status == 200);
    CHECK(image.header("content-type") == "image/png");
    CHECK(image.body.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    const Reply phone = learner.get(str(item, "image_phone_url"));
    REQUIRE(phone.status == 200);
    CHECK(phone.header("content-type") == "image/jpeg");
    const auto phone_info = detect_image(phone.body);
    REQUIRE(phone_info);
    CHECK(phone_info->width == 32);
    CHECK(phone_info->height == 24);
    const Reply sound = learner.get(str(item, "audio_url"));
    REQUIRE(sound.status == 200);
    CHECK(sound.header("content-type") == "audio/wav");
    const auto wav = read_wav_info(sound.body);
    REQUIRE(wav.has_value());
    CHECK(wav->duration_ms == audio.at("duration_ms").as_int64());

    // No token: the feed is for learners.
    CHECK(learner.get("/feed").status == 401);
}

TEST_CASE(
    "feed: every audio as Opus, AAC and WAV, smallest first, as the learner API serves "
    "them; the question spoken too",
    "[authoring][feed][audio]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);
    const Id object = api.object(picture);
    api.label(object, "Hund", "dog", "hund");
    const Id pair = api.pair(picture, object, "question", true);
    const Reply p = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(p.status == 200);
    const Id question = p.json.at("question").at("id").as_int64();
    const json::value statement_audio =
        speak(api, "statements", statement_of(api, pair), "text_sv", "sv");
    const json::value question_audio = speak(api, "questions", question, "text_sv", "sv");
    api.publish_pair(pair);

    const std::string token =
        learner_with_target(api, "variants@example.com", "variants", "de", "sv");
    const Reply f = feed(api, token, "?lang=sv");
    REQUIRE(feed_ids(f) == std::vector<Id>{pair});
    const json::value& item = f.json.at("items").at(0);
    HttpClient learner(api.learner().port());

    // Each variant is the file the learner API serves: its type, its size, its kind of file.
    const auto check_audio = [&](const json::value& audio, const json::value& generated,
                                 const std::string& audio_url) {
        INFO(json::serialize(audio));
        CHECK(audio.at("duration_ms") == generated.at("duration_ms"));
        const auto& variants = audio.at("variants").as_array();
        REQUIRE(variants.size() == 3);
        CHECK(str(variants[0], "type") == "audio/ogg; codecs=opus");
        CHECK(str(variants[1], "type") == "audio/mp4; codecs=mp4a.40.2");
        CHECK(str(variants[2], "type") == "audio/wav");
        CHECK(str(variants[2], "url") == audio_url);
        std::vector<std::string> bodies;
        for (const auto& v : variants) {
            const Reply file = learner.get(str(v, "url"));
            REQUIRE(file.status == 200);
            CHECK(file.header("content-type") ==
                  str(v, "type").substr(0, str(v, "type").find(';')));
            CHECK(static_cast<std::int64_t>(file.body.size()) == v.at("bytes").as_int64());
            bodies.push_back(file.body);
        }
        CHECK(bodies[0].substr(0, 4) == "OggS");
        CHECK(bodies[1].substr(4, 4) == "ftyp");
        CHECK(read_wav_info(bodies[2]).has_value());
        // Smallest first; Opus at most an eighth of the WAV (the goal for phones).
        CHECK(bodies[0].size() < bodies[1].size());
        CHECK(bodies[1].size() < bodies[2].size());
        CHECK(bodies[0].size() * 8 <= bodies[2].size());
    };
    CHECK(str(item, "audio_url") == str(statement_audio, "audio_url"));
    check_audio(item.at("audio"), statement_audio, str(item, "audio_url"));
    const json::value& q = item.at("question");
    CHECK(str(q, "audio_url") == str(question_audio, "audio_url"));
    check_audio(q.at("audio"), question_audio, str(q, "audio_url"));

    // In German the statement has no audio: the pair is not in that feed at all.
    CHECK(feed_ids(feed(api, token, "?lang=de")).empty());
}

TEST_CASE(
    "feed: pairs not published, without image or without audio in the language never "
    "appear",
    "[authoring][feed]") {
    StaffApi api;
    const Id picture = api.picture();
    const Reply json_picture =
        api.send("POST", "/api/pictures", R"({"title":"Ohne Bild"})", "application/json");
    REQUIRE(json_picture.status == 201);
    const Id imageless = id_of(json_picture.json);
    REQUIRE(json_picture.json.at("image_url").is_null());

    const Id shown = feed_pair(api, picture);
    const Id draft = api.pair(picture);
    speak(api, "statements", statement_of(api, draft), "text_de", "de");
    const Id reviewed = api.pair(picture);
    speak(api, "statements", statement_of(api, reviewed), "text_de", "de");
    REQUIRE(api.post(at("/api/cms/db-pairs", reviewed, "/review"), "").status == 200);
    const Id no_image = feed_pair(api, imageless);
    const Id english = feed_pair(api, picture, "en");
    const Id silent = api.pair(picture);
    api.publish_pair(silent);
    const Id unpublished = feed_pair(api, picture);
    REQUIRE(api.post(at("/api/cms/db-pairs", unpublished, "/unpublish"), "").status == 200);
    const Id question_only = api.pair(picture, std::nullopt, "question", true);
    const Reply qp = api.get(at("/api/cms/db-pairs", question_only));
    speak(api, "questions", qp.json.at("question").at("id").as_int64(), "text_de", "de");
    api.publish_pair(question_only);

    const std::string token = register_learner(api, "only@example.com");
    CHECK(feed_ids(feed(api, token, "?lang=de")) == std::vector<Id>{shown});
    CHECK(feed_ids(feed(api, token)) == std::vector<Id>{shown});
    CHECK(feed_ids(feed(api, token, "?lang=en")) == std::vector<Id>{english});
    CHECK(feed_ids(feed(api, token, "?lang=sv")).empty());
    const Reply english_feed = feed(api, token, "?lang=en");
    const Id english_statement = statement_of(api, english);
    const auto en_audio = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"statements", english_statement, "text_en", "en"});
    });
    REQUIRE(en_audio.has_value());
    CHECK(str(english_feed.json.at("items").at(0), "audio_url") == "/media/" + en_audio->file_path);

    // Audio in Swedish for the shown pair: now in the Swedish feed, with that audio.
    const json::value sv = speak(api, "statements", statement_of(api, shown), "text_sv", "sv");
    const Reply swedish = feed(api, token, "?lang=sv");
    REQUIRE(feed_ids(swedish) == std::vector<Id>{shown});
    CHECK(str(swedish.json.at("items").at(0), "audio_url") == str(sv, "audio_url"));

    // The imageless picture gets an image: its published pair appears.
    const Reply put =
        api.send("PUT", at("/api/pictures", imageless, "/image"), solid_png(8, 8), "image/png");
    INFO(text(put));
    REQUIRE(put.status == 200);
    CHECK(feed_ids(feed(api, token, "?lang=de")) == std::vector<Id>{shown, no_image});
    // Publishing the draft (review first) brings it in too.
    api.publish_pair(draft);
    CHECK(feed_ids(feed(api, token, "?lang=de")) == std::vector<Id>{shown, draft, no_image});
}

TEST_CASE("feed: lang and its default, the target language of the profile", "[authoring][feed]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id de = feed_pair(api, picture, "de");
    const Id en = feed_pair(api, picture, "en");
    const Id sv = feed_pair(api, picture, "sv");

    const std::string no_profile = register_learner(api, "none@example.com");
    CHECK(feed_ids(feed(api, no_profile)) == std::vector<Id>{de});
    CHECK(feed_ids(feed(api, no_profile, "?lang=sv")) == std::vector<Id>{sv});
    CHECK(feed_ids(feed(api, no_profile, "?lang=en")) == std::vector<Id>{en});

    const std::string swedish = learner_with_target(api, "sv@example.com", "svea", "de", "sv");
    CHECK(feed_ids(feed(api, swedish)) == std::vector<Id>{sv});
    CHECK(feed_ids(feed(api, swedish, "?lang=de")) == std::vector<Id>{de});
    const std::string english = learner_with_target(api, "en@example.com", "eddie", "sv", "en");
    CHECK(feed_ids(feed(api, english)) == std::vector<Id>{en});
}

TEST_CASE("feed: ordered by pair id, limit, after and next_after", "[authoring][feed]") {
    StaffApi api;
    const Id picture = api.picture();
    std::vector<Id> pairs;
    for (int i = 0; i < 5; ++i) {
        const Id p = api.pair(picture);
        speak(api, "statements", statement_of(api, p), "text_de", "de");
        pairs.push_back(p);
        api.pair(picture);  // never published: a gap in the feed's ids
    }
    // Published in reverse order: the feed still goes by pair id.
    for (auto it = pairs.rbegin(); it != pairs.rend(); ++it) api.publish_pair(*it);

    const std::string token = register_learner(api, "pages@example.com");
    const Reply all = feed(api, token);
    CHECK(feed_ids(all) == pairs);
    CHECK(all.json.at("next_after").is_null());

    const Reply p1 = feed(api, token, "?limit=2");
    CHECK(feed_ids(p1) == std::vector<Id>{pairs[0], pairs[1]});
    REQUIRE(p1.json.at("next_after").as_int64() == pairs[1]);
    const Reply p2 = feed(api, token, "?limit=2&after=" + std::to_string(pairs[1]));
    CHECK(feed_ids(p2) == std::vector<Id>{pairs[2], pairs[3]});
    REQUIRE(p2.json.at("next_after").as_int64() == pairs[3]);
    const Reply p3 = feed(api, token, "?limit=2&after=" + std::to_string(pairs[3]));
    CHECK(feed_ids(p3) == std::vector<Id>{pairs[4]});
    CHECK(p3.json.at("next_after").is_null());

    const Reply exact = feed(api, token, "?limit=5");
    CHECK(feed_ids(exact) == pairs);
    REQUIRE(exact.json.at("next_after").as_int64() == pairs[4]);
    const Reply end = feed(api, token, "?limit=5&after=" + std::to_string(pairs[4]));
    CHECK(feed_ids(end).empty());
    CHECK(end.json.at("next_after").is_null());
    // `after` between ids: the next id after it.
    CHECK(feed_ids(feed(api, token, "?limit=1&after=" + std::to_string(pairs[0] + 1))) ==
          std::vector<Id>{pairs[1]});
}

// docs/accounts.md "For app developers": an app revalidates its feed page with If-None-Match; the
// tag moves when the page's content does (a new card, new audio).
TEST_CASE("feed: ETag and 304 until the page changes", "[authoring][feed][revalidation]") {
    StaffApi api;
    const Id picture = api.picture();
    feed_pair(api, picture, "de");
    const std::string token = register_learner(api, "etag@example.com");
    HttpClient app(api.learner().port());
    const auto revalidate = [&](const std::string& query, const std::string& etag) {
        return app.call("GET", "/feed" + query, "",
                        {{"Authorization", "Bearer " + token}, {"If-None-Match", etag}});
    };

    const Reply first = feed(api, token, "?lang=de");
    const std::string etag = first.header("etag");
    REQUIRE(etag.size() == 18);
    CHECK(first.header("cache-control") == "private, no-cache");
    const Reply same = revalidate("?lang=de", etag);
    CHECK(same.status == 304);
    CHECK(same.body.empty());
    CHECK(same.header("etag") == etag);
    // Another language is another page: its own tag.
    CHECK(revalidate("?lang=sv", etag).status == 200);

    // A second card published: the old tag gives the new page.
    const Id added = feed_pair(api, picture, "de");
    const Reply changed = revalidate("?lang=de", etag);
    REQUIRE(changed.status == 200);
    CHECK(feed_ids(changed).back() == added);
    CHECK(changed.header("etag") != etag);
    CHECK(revalidate("?lang=de", changed.header("etag")).status == 304);
    // The same page asked for again (a cursor page of one) keeps one tag.
    const Reply page = feed(api, token, "?lang=de&limit=1");
    CHECK(feed(api, token, "?lang=de&limit=1").header("etag") == page.header("etag"));
    CHECK(page.header("etag") != changed.header("etag"));
}
