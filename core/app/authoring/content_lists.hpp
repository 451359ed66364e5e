#pragma once
// The studio's content lists across pictures (docs/authoring-guide.md "Content lists"; GET
// /api/content/pairs and POST /api/content/pairs/bulk): the pairs a search and filters let
// through, a page at a time in the order asked for, and one review action or audio generation
// on many of them at once, with what was refused and why.
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

struct PairList {
    std::vector<PairListItem> items;
    std::int64_t total = 0;
    std::int64_t offset = 0;
    int limit = kContentListDefaultLimit;
};

Result<PairList> list_content_pairs(AuthoringPorts& ports, const PairListRequest& request);

// `{action: review|publish|unpublish|audio, ids: [...]}`: at most kMaxBulkItems distinct ids.
enum class BulkAction { review, publish, unpublish, audio };
struct BulkRequest {
    BulkAction action = BulkAction::review;
    std::vector<Id> ids;  // as given, repeats dropped
};
template <>
Result<BulkRequest> decode<BulkRequest>(const LooseValue& v);

struct BulkRefusal {
    Id id = 0;
    Error error;  // what the single item's route answers (status, message, code)
};

struct BulkResult {
    std::string action;
    std::vector<Id> done;  // in the order given
    std::vector<BulkRefusal> refused;
};

// Each pair on its own, as its own route does it (POST /api/cms/db-pairs/:id/review, publish,
// unpublish; audio: POST /api/audios/generate-for for every text of the pair in every language
// that has the text and lacks its audio), so one refusal stops nothing else.
Result<BulkResult> bulk_pairs(AuthoringPorts& ports, const BulkRequest& request);

}  // namespace ll
