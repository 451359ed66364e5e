#pragma once
// The learner API's answers as JSON, field names to the letter of docs/spec/service.md /
// docs/spec/decisions.md.
#include <boost/json.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/create_profile.hpp"
#include "core/app/get_feed.hpp"
#include "core/app/get_me.hpp"
#include "core/app/learner_zone.hpp"
#include "core/app/login.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/app/register_user.hpp"
#include "core/domain/learning_settings.hpp"
#include "core/domain/stats.hpp"

namespace ll::http {

boost::json::value to_json(const RegisterOutput& out);
boost::json::value to_json(const LoginOutput& out);
boost::json::value to_json(const SessionTokens& out);  // POST /auth/refresh
boost::json::value to_json(const std::vector<Language>& languages);
boost::json::value to_json(const MeOutput& me);
boost::json::value to_json(const CreateProfileOutput& out);
boost::json::value to_json(const BookProgressOutput& out);
boost::json::value to_json(const std::vector<AchievementStatus>& achievements);
// POST /auth/progress/batch's {"results": [...]}, PUT /auth/timezone's answer.
boost::json::value to_json(const std::vector<BatchItemResult>& results);
boost::json::value to_json(const SetTimezoneOutput& out);
boost::json::value to_json(const LearningSettings& settings);  // GET and PUT /auth/learning
// Built in `storage` (json_ok_in_arena).
boost::json::value to_json(const Stats& stats, boost::json::storage_ptr storage);
boost::json::value to_json(const FeedOutput& feed);
// One GET /feed entry; also the `item` of the studio's learner preview (json/preview.hpp), where
// image_url and audio_url may be null.
boost::json::value to_json(const FeedItem& item);

}  // namespace ll::http
