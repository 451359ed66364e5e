// The studio's content lists (content_lists.hpp; docs/authoring-guide.md "Content lists").
#include "core/app/authoring/content_lists.hpp"

#include <algorithm>
#include <set>

#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/requests/pairs.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/domain/content_languages.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

inline const std::initializer_list<std::string_view> kLanguageChoices = {"de", "en", "sv", "any"};
inline const std::initializer_list<std::string_view> kSorts = {
    "id", "-id", "level", "-level", "updated", "-updated", "text", "-text"};
inline const std::initializer_list<std::string_view> kBulkActions = {"review", "publish",
                                                                     "unpublish", "audio"};

// `any` is every content language; one code is itself; none is none.
std::vector<std::string> languages_of(const std::optional<std::string>& choice) {
    if (!choice) return {};
    if (*choice != "any") return {*choice};
    return {kContentLanguages.begin(), kContentLanguages.end()};
}

ListOrder order_of(const std::optional<std::string>& sort) {
    ListOrder out;
    if (!sort) return out;
    std::string_view key = *sort;
    out.descending = key.front() == '-';
    if (out.descending) key.remove_prefix(1);
    out.by = key == "level"     ? PairListSort::level
             : key == "updated" ? PairListSort::updated
             : key == "text"    ? PairListSort::text
                                : PairListSort::id;
    return out;
}

bool has_control_character(std::string_view text) {
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// The search term: trimmed; blank is no search; else kMinSearchCharacters or more, on one line.
Result<std::optional<std::string>> search_term(const std::optional<std::string>& q) {
    if (!q) return std::optional<std::string>();
    std::string term = trim(*q);
    if (term.empty()) return std::optional<std::string>();
    if (code_point_count(term) < kMinSearchCharacters)
        return errors::field(
            "q", fmt::format("must hold at least {} characters to search", kMinSearchCharacters));
    if (has_control_character(term)) return errors::field("q", "must be one line of text");
    return std::optional<std::string>(std::move(term));
}

}  // namespace

template <>
Result<PairListRequest> decode<PairListRequest>(const LooseValue& v) {
    PairListRequest r;
    std::optional<std::string> q, missing_text, missing_audio, sort;
    int limit = kContentListDefaultLimit, offset = 0;
    Decoder d(v);
    d.text(q, "q", kMaxSearchCharacters)
        .choice(r.filter.status, "status", kReviewStatuses)
        .level(r.filter.level)
        .id(r.filter.category_id, "category_id")
        .choice(r.filter.answer_type, "answer_type", kAnswerTypes)
        .choice(missing_text, "missing_text", kLanguageChoices)
        .choice(missing_audio, "missing_audio", kLanguageChoices)
        .choice(sort, "sort", kSorts)
        .integer(offset, "offset", 0, kContentListMaxOffset, 0)
        .integer(limit, "limit", 1, kContentListMaxLimit, kContentListDefaultLimit)
        .read(r.filter.text, [&] { return search_term(q); });
    r.filter.missing_text = languages_of(missing_text);
    r.filter.missing_audio = languages_of(missing_audio);
    r.order = order_of(sort);
    r.window = ListWindow{offset, limit};
    return d.done(std::move(r));
}

Result<PairList> list_content_pairs(AuthoringPorts& ports, const PairListRequest& request) {
    return read<PairList>(ports.content, [&](ContentLists& lists) -> Result<PairList> {
        PairListPage page = lists.pair_list(request.filter, request.order, request.window);
        PairList out;
        out.total = page.total;
        out.offset = request.window.offset;
        out.limit = request.window.limit;
        for (auto& row : page.rows) {
            PairListItem item;
            for (const std::string_view code : kContentLanguages) {
                const auto lacks = [&](const auto& text) { return !has_text(text_in(text, code)); };
                if (!row.statement || lacks(*row.statement) ||
                    (row.question && lacks(*row.question)))
                    item.missing_text.emplace_back(code);
            }
            item.row = std::move(row);
            out.items.push_back(std::move(item));
        }
        return out;
    });
}

template <>
Result<BulkRequest> decode<BulkRequest>(const LooseValue& v) {
    BulkRequest r;
    std::string action;
    Decoder d(v);
    d.required_choice(action, "action", kBulkActions)
        .id_list(r.ids, "ids")
        .refuse_if(r.ids.empty(),
                   errors::field("ids", fmt::format("must list 1 to {} pair ids", kMaxBulkItems)))
        .refuse_if(r.ids.size() > kMaxBulkItems,
                   errors::field("ids", fmt::format("must list 1 to {} pair ids", kMaxBulkItems)));
    r.action = action == "publish"     ? BulkAction::publish
               : action == "unpublish" ? BulkAction::unpublish
               : action == "audio"     ? BulkAction::audio
                                       : BulkAction::review;
    return d.done(std::move(r));
}

namespace {

// The audio a pair's texts lack: (table, id, field, language) of every text with no audio.
Result<std::vector<AudioSource>> missing_audio_of(AuthoringPorts& ports, Id pair_id) {
    return read<std::vector<AudioSource>>(
        ports.content,
        [&](PairRows& pairs, TextRows& texts,
            AudioRows& audios) -> Result<std::vector<AudioSource>> {
            const auto p = pairs.pair(pair_id);
            if (!p) return errors::not_found();
            std::vector<AudioSource> out;
            const auto add = [&](const char* table, Id id, const auto& item) {
                for (const std::string_view code : kContentLanguages) {
                    const std::string language(code);
                    AudioSource source{table, id, spoken_field(table, language), language};
                    if (has_text(text_in(item, code)) && !audios.audio(source))
                        out.push_back(std::move(source));
                }
            };
            if (p->statement_id)
                if (const auto st = texts.statement(*p->statement_id))
                    add("statements", st->id, *st);
            if (p->question_id)
                if (const auto qu = texts.question(*p->question_id)) add("questions", qu->id, *qu);
            return out;
        });
}

Result<Done> make_missing_audio(AuthoringPorts& ports, Id pair_id) {
    const auto sources = missing_audio_of(ports, pair_id);
    if (!sources) return sources.error();
    for (const AudioSource& source : sources.value()) {
        const auto made = generate_audio(ports, GenerateAudio{source});
        if (!made) return made.error();
    }
    return Done{};
}

}  // namespace

Result<BulkResult> bulk_pairs(AuthoringPorts& ports, const BulkRequest& request) {
    BulkResult out;
    out.action = request.action == BulkAction::publish     ? "publish"
                 : request.action == BulkAction::unpublish ? "unpublish"
                 : request.action == BulkAction::audio     ? "audio"
                                                           : "review";
    for (const Id id : request.ids) {
        std::optional<Error> refused;
        if (request.action == BulkAction::audio) {
            if (auto r = make_missing_audio(ports, id); !r) refused = r.error();
        } else {
            const ReviewAction action =
                request.action == BulkAction::publish     ? ReviewAction::publish
                : request.action == BulkAction::unpublish ? ReviewAction::unpublish
                                                          : ReviewAction::review;
            if (auto r = change_pair_status(ports, id, action); !r) refused = r.error();
        }
        if (refused)
            out.refused.push_back(BulkRefusal{id, std::move(*refused)});
        else
            out.done.push_back(id);
    }
    return out;
}

}  // namespace ll
