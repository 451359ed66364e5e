// The feed's rule and audio choice (core/domain/feed_rules.hpp), and who may do maintenance
// (core/app/authenticate.hpp require_maintainer): pure functions.
#include <catch2/catch.hpp>

#include "core/app/authenticate.hpp"
#include "core/domain/feed_rules.hpp"

using namespace ll;

namespace {

Audio audio(Id id, std::string table, std::string field, std::string language) {
    Audio a;
    a.id = id;
    a.source = AudioSource{std::move(table), 7, std::move(field), std::move(language)};
    a.file_path = std::to_string(id) + ".wav";
    return a;
}

}  // namespace

TEST_CASE("feed rules: the reasons a pair is not in the feed, in order", "[feed]") {
    CHECK(feed_exclusions(FeedFacts{true, true, true}, "de").empty());
    CHECK(feed_exclusions(FeedFacts{false, false, false}, "sv") ==
          std::vector<std::string>{"The pair is not published", "The picture has no image",
                                   "The statement has no audio in sv"});
    CHECK(feed_exclusions(FeedFacts{true, false, true}, "en") ==
          std::vector<std::string>{"The picture has no image"});
    CHECK(
        feed_exclusions(FeedFacts{false, true, false}, "en") ==
        std::vector<std::string>{"The pair is not published", "The statement has no audio in en"});
}

TEST_CASE("feed rules: the statement audio of text_<lang> first, else the lowest id", "[feed]") {
    const std::vector<Audio> audios{
        audio(5, "statements", "text_en", "de"), audio(3, "statements", "text_sv", "de"),
        audio(9, "statements", "text_de", "de"), audio(1, "words", "title_de", "de"),
        audio(2, "statements", "text_sv", "sv")};
    CHECK(feed_statement_audio(audios, "de")->id == 9);
    CHECK(feed_statement_audio(audios, "sv")->id == 2);
    CHECK(feed_statement_audio(audios, "en") == nullptr);
    const std::vector<Audio> others{audio(5, "statements", "text_en", "de"),
                                    audio(3, "statements", "text_sv", "de")};
    CHECK(feed_statement_audio(others, "de")->id == 3);
    CHECK(feed_statement_audio({}, "de") == nullptr);
}

TEST_CASE("maintenance: admins and development tokens, not editors", "[auth]") {
    CHECK(require_maintainer(StaffPrincipal{kRoleAdmin, 4, false, std::nullopt, {}}));
    CHECK(require_maintainer(StaffPrincipal{kRoleAdmin, std::nullopt, true, std::nullopt, {}}));
    const auto editor = require_maintainer(StaffPrincipal{kRoleEditor, 5, false, std::nullopt, {}});
    REQUIRE_FALSE(editor);
    CHECK(editor.error().status == 403);
    CHECK(editor.error().message == "Insufficient permissions");
    // A session before step two has read its row: no role yet, decided after step two.
    CHECK(require_maintainer(StaffPrincipal{"", std::nullopt, false, std::string("s1"), {}}));
}
