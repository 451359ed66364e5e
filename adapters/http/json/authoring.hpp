#pragma once
// The authoring API's answers as JSON (docs/spec/authoring.md): entities with their public media
// URLs, the pair answer with statement, question, linked words and categories.
#include <boost/json.hpp>

#include "core/app/authoring/views.hpp"
#include "core/app/staff_session.hpp"
#include "core/ports/content_store.hpp"

namespace ll::http {

boost::json::value to_json(const Category& c);
boost::json::value to_json(const Picture& p);
boost::json::value to_json(const ContentObject& o);
boost::json::value to_json(const Word& w);
boost::json::value to_json(const WordView& w);
boost::json::value to_json(const Statement& s);
boost::json::value to_json(const Question& q);
boost::json::value to_json(const QuestionView& q);
boost::json::value to_json(const PairView& p);
boost::json::value to_json(const Audio& a);
boost::json::value to_json(const AudioResult& a);
boost::json::value to_json(const AudioBatchResult& b);
boost::json::value to_json(const std::vector<AudioCoverageRow>& rows);
boost::json::value to_json(const GeneratedWords& g);
boost::json::value to_json(const WordSuggestions& s);
boost::json::value to_json(const GeneratedQuestions& g);
boost::json::value to_json(const PipelineResult& r);
boost::json::value to_json(const LinkTableCheck& c);
// {"user": {"id", "email", "role"}, "csrf_token", "expires_at"} (POST and GET /api/session).
boost::json::value to_json(const StaffSessionView& s);
boost::json::value to_json(const std::vector<std::pair<std::string, std::int64_t>>& removed);

template <typename T>
boost::json::value to_json(const std::vector<T>& items) {
    boost::json::array out;
    out.reserve(items.size());
    for (const auto& item : items) out.push_back(to_json(item));
    return out;
}

}  // namespace ll::http
