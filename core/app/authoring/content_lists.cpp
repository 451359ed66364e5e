// The studio's content lists (content_lists.hpp; docs/authoring-guide.md "Content lists").
#include "core/app/authoring/content_lists.hpp"

#include <algorithm>
#include <set>

#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/requests/pairs.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/words.hpp"
#include "core/domain/audio_text.hpp"
#include "core/domain/content_languages.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/utf8.hpp"

namespace ll {
namespace {

inline const std::initializer_list<std::string_view> kLanguageChoices = {"de", "en", "sv", "any"};
inline const std::initializer_list<std::string_view> kSorts = {
    "id", "-id", "level", "-level", "updated", "-updated", "text", "-text"};
// The statements' orders: they have no level.
inline const std::initializer_list<std::string_view> kSortsWithoutLevel = {
    "id", "-id", "updated", "-updated", "text", "-text"};
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
    out.by = key == "level"     ? ListSort::level
             : key == "updated" ? ListSort::updated
             : key == "text"    ? ListSort::text
                                : ListSort::id;
    return out;
}

bool has_control_character(std::string_view text) {
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// Whether a code point counts as a letter or digit for the search: ASCII's letters and digits,
// and the letters from U+00C0 on (Latin, Greek, Cyrillic, ...), but not the blocks of
// punctuation, symbols, arrows and pictographs (U+2000 to U+2BFF, U+3000 to U+303F, U+1F000
// on) nor what is invalid UTF-8. The core has no Unicode tables: this is the ranges' rule.
bool is_word_code_point(char32_t c) {
    if (c < 0x80) return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (c < 0xC0 || c == 0xD7 || c == 0xF7) return false;  // Latin-1 signs, x and division
    if ((c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) || c >= 0x1F000) return false;
    return true;
}

// Three letters or digits in a row: what PostgreSQL's trigram index needs from a term to look
// anything up (with fewer, every text is read: "a!!", "———"), and what a term worth a search
// holds anyway.
bool has_three_in_a_row(std::string_view text) {
    int run = 0;
    for (std::size_t i = 0; i < text.size();) {
        const utf8::Decoded d = utf8::decode(text, i);  // invalid bytes: U+FFFD, no letter here
        run = is_word_code_point(d.code_point) && d.code_point != 0xFFFD ? run + 1 : 0;
        if (run >= 3) return true;
        i += d.length;
    }
    return false;
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
    if (!has_three_in_a_row(term))
        return errors::field("q", "must hold 3 letters or digits in a row");
    return std::optional<std::string>(std::move(term));
}

// The query of a content list: `statuses` and `extra(decoder)` (more filters) are the list's.
// `extra(decoder, request)` reads the list's own filters; `sorts` are its orders.
template <typename Request, typename Extra>
Result<Request> list_request(const LooseValue& v, std::initializer_list<std::string_view> statuses,
                             Extra extra, std::initializer_list<std::string_view> sorts = kSorts) {
    Request r;
    std::optional<std::string> q, missing_text, missing_audio, sort;
    int limit = kContentListDefaultLimit, offset = 0;
    Decoder d(v);
    d.text(q, "q", kMaxSearchCharacters).choice(r.filter.status, "status", statuses);
    extra(d, r);
    d.choice(missing_text, "missing_text", kLanguageChoices)
        .choice(missing_audio, "missing_audio", kLanguageChoices)
        .choice(sort, "sort", sorts)
        .integer(offset, "offset", 0, kContentListMaxOffset, 0)
        .integer(limit, "limit", 1, kContentListMaxLimit, kContentListDefaultLimit)
        .read(r.filter.text, [&] { return search_term(q); })
        .boolean(r.filter.has_draft, "has_draft");
    d.refuse_if(!v["has_draft"].is_missing() && !r.filter.has_draft,
                errors::field("has_draft", errors::problem::not_boolean));
    r.filter.missing_text = languages_of(missing_text);
    r.filter.missing_audio = languages_of(missing_audio);
    r.order = order_of(sort);
    r.window = ListWindow{offset, limit};
    return d.done(std::move(r));
}

// The languages of `code` (de, en, sv) in which `lacks(code)`.
template <typename Lacks>
std::vector<std::string> languages_where(Lacks lacks) {
    std::vector<std::string> out;
    for (const std::string_view code : kContentLanguages)
        if (lacks(code)) out.emplace_back(code);
    return out;
}

}  // namespace

template <>
Result<PairListRequest> decode<PairListRequest>(const LooseValue& v) {
    return list_request<PairListRequest>(v, kReviewStatuses, [](Decoder& d, PairListRequest& r) {
        d.level(r.filter.level)
            .id(r.filter.category_id, "category_id")
            .choice(r.filter.answer_type, "answer_type", kAnswerTypes);
    });
}

namespace {

// 400 for a filter of another list given to this one ("level is not a filter of statements"),
// rather than a list that looks filtered and is not.
void refuse_filters(Decoder& d, std::initializer_list<std::string_view> keys,
                    std::string_view list) {
    for (const std::string_view key : keys)
        d.forbid(key, errors::field(key, fmt::format("is not a filter of {}", list)));
}

}  // namespace

template <>
Result<WordListRequest> decode<WordListRequest>(const LooseValue& v) {
    return list_request<WordListRequest>(v, kWordStatuses, [](Decoder& d, WordListRequest& r) {
        d.level(r.filter.level).id(r.filter.category_id, "category_id");
        refuse_filters(d, {"answer_type", "has_draft"}, "words");
    });
}

template <>
Result<StatementListRequest> decode<StatementListRequest>(const LooseValue& v) {
    return list_request<StatementListRequest>(
        v, kReviewStatuses,
        [](Decoder& d, StatementListRequest&) {
            refuse_filters(d, {"level", "category_id", "answer_type"}, "statements");
        },
        kSortsWithoutLevel);
}

template <>
Result<QuestionListRequest> decode<QuestionListRequest>(const LooseValue& v) {
    return list_request<QuestionListRequest>(
        v, kReviewStatuses, [](Decoder& d, QuestionListRequest& r) {
            d.level(r.filter.level);
            refuse_filters(d, {"category_id", "answer_type"}, "questions");
        });
}

Result<PairList> list_content_pairs(AuthoringPorts& ports, const PairListRequest& request) {
    return read<PairList>(ports.content, [&](ContentLists& lists) -> Result<PairList> {
        PairListPage page = lists.pair_list(request.filter, request.order, request.window);
        PairList out{{}, page.total, request.window.offset, request.window.limit};
        for (auto& row : page.rows) {
            PairListItem item;
            item.missing_text = languages_where([&](std::string_view code) {
                const auto lacks = [&](const auto& text) { return !has_text(text_in(text, code)); };
                return !row.statement || lacks(*row.statement) ||
                       (row.question && lacks(*row.question));
            });
            item.row = std::move(row);
            out.items.push_back(std::move(item));
        }
        return out;
    });
}

namespace {

ListPage<ItemListRow<Word>> page_of(ContentLists& lists, const WordListRequest& r) {
    return lists.word_list(r.filter, r.order, r.window);
}
ListPage<ItemListRow<Statement>> page_of(ContentLists& lists, const StatementListRequest& r) {
    return lists.statement_list(r.filter, r.order, r.window);
}
ListPage<ItemListRow<Question>> page_of(ContentLists& lists, const QuestionListRequest& r) {
    return lists.question_list(r.filter, r.order, r.window);
}

template <typename Item>
Result<ContentPage<ItemListItem<Item>>> list_items(AuthoringPorts& ports,
                                                   const ItemListRequest<Item>& request) {
    using List = ContentPage<ItemListItem<Item>>;
    return read<List>(ports.content, [&](ContentLists& lists) -> Result<List> {
        auto page = page_of(lists, request);
        List out{{}, page.total, request.window.offset, request.window.limit};
        for (auto& row : page.rows) {
            ItemListItem<Item> item;
            item.missing_text = languages_where(
                [&](std::string_view code) { return !has_text(spoken_text(row.item, code)); });
            item.row = std::move(row);
            out.items.push_back(std::move(item));
        }
        return out;
    });
}

}  // namespace

Result<WordList> list_content_words(AuthoringPorts& ports, const WordListRequest& request) {
    return list_items(ports, request);
}

Result<StatementList> list_content_statements(AuthoringPorts& ports,
                                              const StatementListRequest& request) {
    return list_items(ports, request);
}

Result<QuestionList> list_content_questions(AuthoringPorts& ports,
                                            const QuestionListRequest& request) {
    return list_items(ports, request);
}

template <>
Result<BulkRequest> decode<BulkRequest>(const LooseValue& v) {
    BulkRequest r;
    std::string action;
    Decoder d(v);
    d.required_choice(action, "action", kBulkActions).id_list(r.ids, "ids");
    const std::size_t most = action == "audio" ? kMaxBulkAudioItems : kMaxBulkItems;
    d.refuse_if(r.ids.empty() || r.ids.size() > most,
                errors::field("ids", fmt::format("must list 1 to {} ids{}", most,
                                                 action == "audio" ? " for audio" : "")));
    r.action = action == "publish"     ? BulkAction::publish
               : action == "unpublish" ? BulkAction::unpublish
               : action == "audio"     ? BulkAction::audio
                                       : BulkAction::review;
    return d.done(std::move(r));
}

namespace {

const char* action_name(BulkAction action) {
    switch (action) {
        case BulkAction::publish:
            return "publish";
        case BulkAction::unpublish:
            return "unpublish";
        case BulkAction::audio:
            return "audio";
        case BulkAction::review:
            break;
    }
    return "review";
}

ReviewAction review_action(BulkAction action) {
    return action == BulkAction::publish     ? ReviewAction::publish
           : action == BulkAction::unpublish ? ReviewAction::unpublish
                                             : ReviewAction::review;
}

// Speaks every source, going on after a failure; the first failure is the answer.
// Speaks every source, going on after a failure (a refusal or an exception); the first failure
// is the answer (an exception thrown again after the others were tried).
Result<Done> speak_all(AuthoringPorts& ports, const std::vector<AudioSource>& sources) {
    std::optional<Error> first;
    std::exception_ptr thrown;
    for (const AudioSource& source : sources) {
        try {
            const auto made = generate_audio(ports, GenerateAudio{source});
            if (!made && !first && !thrown) first = made.error();
        } catch (...) {
            if (!first && !thrown) thrown = std::current_exception();
        }
    }
    if (thrown) std::rethrow_exception(thrown);
    if (first) return *first;
    return Done{};
}

// The audio a pair's texts lack: (table, id, field, language) of every text with no audio.
// Appends the sources of `item` (a row of `table`) whose text is written and not spoken as it is
// now: no audio, or a stale one (docs/audio.md "Audio that follows its text"), and any other
// stale audio of the item (a question's short answers), which would hold its publish back.
template <typename Item>
void add_unspoken(AudioRows& audios, const char* table, const Item& item,
                  std::vector<AudioSource>& out) {
    const std::vector<Audio> stored = audios.audios_of_item(table, item.id);  // one read
    for (const std::string_view code : kContentLanguages) {
        const std::string language(code);
        AudioSource source{table, item.id, spoken_field(table, language), language};
        const bool current = std::any_of(stored.begin(), stored.end(), [&](const Audio& a) {
            return a.source == source && audio_is_current(a, item);
        });
        if (has_text(spoken_text(item, code)) && !current) out.push_back(std::move(source));
    }
    for (const Audio& a : stored)
        if (audio_is_stale(a, item) && std::find(out.begin(), out.end(), a.source) == out.end())
            out.push_back(a.source);
}

Result<std::vector<AudioSource>> pair_audio_missing(AuthoringPorts& ports, Id pair_id) {
    return read<std::vector<AudioSource>>(
        ports.content,
        [&](PairRows& pairs, TextRows& texts,
            AudioRows& audios) -> Result<std::vector<AudioSource>> {
            const auto p = pairs.pair(pair_id);
            if (!p) return errors::not_found();
            std::vector<AudioSource> out;
            if (p->statement_id)
                if (const auto st = texts.statement(*p->statement_id))
                    add_unspoken(audios, "statements", *st, out);
            if (p->question_id)
                if (const auto qu = texts.question(*p->question_id))
                    add_unspoken(audios, "questions", *qu, out);
            return out;
        });
}

// The audio an item's texts lack (a word's titles, a statement's or question's texts).
template <typename Item, typename Find>
Result<std::vector<AudioSource>> item_audio_missing(AuthoringPorts& ports, const char* table,
                                                    Find find) {
    return read<std::vector<AudioSource>>(
        ports.content,
        [&](WordRows& words, TextRows& texts,
            AudioRows& audios) -> Result<std::vector<AudioSource>> {
            const std::optional<Item> item = find(words, texts);
            if (!item) return errors::not_found();
            std::vector<AudioSource> out;
            add_unspoken(audios, table, *item, out);
            return out;
        });
}

// `one(id)` for each id, in order: its error a refusal, anything it throws too (anything but the
// database: 500, its what() kept for the log only). Once the database is gone every item left is
// refused with 503 untried: each would wait for a connection again (docs/authoring-guide.md
// "Content lists").
template <typename One>
BulkResult each_item(const BulkRequest& request, One one) {
    BulkResult out;
    out.action = action_name(request.action);
    bool database_gone = false;
    for (const Id id : request.ids) {
        std::optional<Error> refused;
        try {
            if (database_gone)
                refused = errors::service_unavailable();
            else if (auto r = one(id); !r)
                refused = r.error();
        } catch (const DatabaseUnavailable&) {
            database_gone = true;
            refused = errors::service_unavailable();
        } catch (const std::exception& e) {
            refused = errors::internal();
            refused->detail = e.what();
        }
        if (refused)
            out.refused.push_back(BulkRefusal{id, std::move(*refused)});
        else
            out.done.push_back(id);
    }
    return out;
}

}  // namespace

Result<BulkResult> bulk_pairs(AuthoringPorts& ports, const BulkRequest& request) {
    return each_item(request, [&](Id id) -> Result<Done> {
        if (request.action == BulkAction::audio) {
            const auto sources = pair_audio_missing(ports, id);
            if (!sources) return sources.error();
            return speak_all(ports, sources.value());
        }
        if (auto r = change_pair_status(ports, id, review_action(request.action)); !r)
            return r.error();
        return Done{};
    });
}

Result<BulkResult> bulk_words(AuthoringPorts& ports, const BulkRequest& request) {
    if (request.action == BulkAction::review)
        return errors::field("action", "must be one of publish, unpublish, audio");
    return each_item(request, [&](Id id) -> Result<Done> {
        if (request.action == BulkAction::audio) {
            const auto sources = item_audio_missing<Word>(
                ports, "words", [&](WordRows& words, TextRows&) { return words.word(id); });
            if (!sources) return sources.error();
            return speak_all(ports, sources.value());
        }
        const WordAction action =
            request.action == BulkAction::publish ? WordAction::publish : WordAction::unpublish;
        if (auto r = change_word_status(ports, id, action); !r) return r.error();
        return Done{};
    });
}

namespace {

// A statement's or question's bulk: `find` reads it, `change` moves its status.
template <typename Item, typename Find, typename Change>
BulkResult bulk_texts(AuthoringPorts& ports, const BulkRequest& request, const char* table,
                      Find find, Change change) {
    return each_item(request, [&](Id id) -> Result<Done> {
        if (request.action == BulkAction::audio) {
            const auto sources = item_audio_missing<Item>(
                ports, table, [&](WordRows&, TextRows& texts) { return find(texts, id); });
            if (!sources) return sources.error();
            return speak_all(ports, sources.value());
        }
        if (auto r = change(ports, id, review_action(request.action)); !r) return r.error();
        return Done{};
    });
}

}  // namespace

Result<BulkResult> bulk_statements(AuthoringPorts& ports, const BulkRequest& request) {
    return bulk_texts<Statement>(
        ports, request, "statements", [](TextRows& texts, Id id) { return texts.statement(id); },
        [](AuthoringPorts& p, Id id, ReviewAction a) { return change_statement_status(p, id, a); });
}

Result<BulkResult> bulk_questions(AuthoringPorts& ports, const BulkRequest& request) {
    return bulk_texts<Question>(
        ports, request, "questions", [](TextRows& texts, Id id) { return texts.question(id); },
        [](AuthoringPorts& p, Id id, ReviewAction a) { return change_question_status(p, id, a); });
}

}  // namespace ll
