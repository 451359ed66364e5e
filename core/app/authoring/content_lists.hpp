#pragma once
// The studio's content lists across pictures (docs/authoring-guide.md "Content lists"; GET
// /api/content/pairs, /words, /statements and /questions, POST .../bulk): the items a search and
// filters let through, a page at a time in the order asked for, and one review action or audio
// generation on many of them at once, with what was refused and why.
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/decoder.hpp"
#include "core/domain/result.hpp"
#include "core/ports/content/lists.hpp"

namespace ll {

inline constexpr int kContentListDefaultLimit = 50;
inline constexpr int kContentListMaxLimit = 200;
inline constexpr int kContentListMaxOffset = 1'000'000;
inline constexpr std::size_t kMaxSearchCharacters = 200;
inline constexpr std::size_t kMaxBulkItems = 200;
// Audio is spoken while the request waits (up to six texts a pair, a synthesis and two encodings
// each): a bulk audio request takes at most this many items, so it ends well within a proxy's
// read timeout and holds a worker thread for seconds, not minutes.
inline constexpr std::size_t kMaxBulkAudioItems = 20;

// `?q=&status=&level=&category_id=&answer_type=&missing_text=&missing_audio=&sort=&offset=&limit=`
struct PairListRequest {
    PairListFilter filter;
    ListOrder order;
    ListWindow window;
};
template <>
Result<PairListRequest> decode<PairListRequest>(const LooseValue& v);

struct PairListItem {
    PairListRow row;
    std::vector<std::string> missing_text;  // language codes without text, de en sv order
};

// One page of a content list as the API answers it.
template <typename Item>
struct ContentPage {
    std::vector<Item> items;
    std::int64_t total = 0;  // every item the filters let through
    std::int64_t offset = 0;
    int limit = kContentListDefaultLimit;
};
using PairList = ContentPage<PairListItem>;

Result<PairList> list_content_pairs(AuthoringPorts& ports, const PairListRequest& request);

// The query of the list of words, statements or questions: `?q=&status=&level=&category_id=
// &missing_text=&missing_audio=&sort=&offset=&limit=` (category_id: words; level: not
// statements, which have none, nor is their `sort=level`).
template <typename Item>
struct ItemListRequest {
    ItemListFilter filter;
    ListOrder order;
    ListWindow window;
};
using WordListRequest = ItemListRequest<Word>;
using StatementListRequest = ItemListRequest<Statement>;
using QuestionListRequest = ItemListRequest<Question>;
template <>
Result<WordListRequest> decode<WordListRequest>(const LooseValue& v);
template <>
Result<StatementListRequest> decode<StatementListRequest>(const LooseValue& v);
template <>
Result<QuestionListRequest> decode<QuestionListRequest>(const LooseValue& v);

template <typename Item>
struct ItemListItem {
    ItemListRow<Item> row;
    std::vector<std::string> missing_text;  // language codes without text (a title), de en sv
};
using WordList = ContentPage<ItemListItem<Word>>;
using StatementList = ContentPage<ItemListItem<Statement>>;
using QuestionList = ContentPage<ItemListItem<Question>>;

Result<WordList> list_content_words(AuthoringPorts& ports, const WordListRequest& request);
Result<StatementList> list_content_statements(AuthoringPorts& ports,
                                              const StatementListRequest& request);
Result<QuestionList> list_content_questions(AuthoringPorts& ports,
                                            const QuestionListRequest& request);

// `{action: review|publish|unpublish|audio, ids: [...]}`: at most kMaxBulkItems distinct ids
// (kMaxBulkAudioItems for audio).
enum class BulkAction { review, publish, unpublish, audio };
struct BulkRequest {
    BulkAction action = BulkAction::review;
    std::vector<Id> ids;  // as given, repeats dropped
};
template <>
Result<BulkRequest> decode<BulkRequest>(const LooseValue& v);

struct BulkRefusal {
    Id id = 0;
    Error error;  // what the single item's route answers (status, message, code; detail: log only)
};

struct BulkResult {
    std::string action;
    std::vector<Id> done;  // in the order given
    std::vector<BulkRefusal> refused;
};

// Each pair on its own, as its own route does it (POST /api/cms/db-pairs/:id/review, publish,
// unpublish; audio: POST /api/audios/generate-for for every text of the pair in every language
// that has the text and lacks its audio), so one refusal stops nothing else.
// A failure that is no answer of the item's route (the database gone, a full disk) is that
// item's refusal too (500 or 503), and the rest go on.
Result<BulkResult> bulk_pairs(AuthoringPorts& ports, const BulkRequest& request);
// Words: publish, unpublish (as POST /api/cms/db-words/:id/publish, /unpublish; a word has no
// review) and audio (every title without its audio); review is 400 naming `action`.
Result<BulkResult> bulk_words(AuthoringPorts& ports, const BulkRequest& request);
// Statements and questions: review, publish, unpublish (as their own routes) and audio (every
// text without its audio; a question's short answers are not spoken here).
Result<BulkResult> bulk_statements(AuthoringPorts& ports, const BulkRequest& request);
Result<BulkResult> bulk_questions(AuthoringPorts& ports, const BulkRequest& request);

}  // namespace ll
