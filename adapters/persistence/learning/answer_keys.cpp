// What grading an answer reads about a card, on SOCI (core/ports/learning/answer_keys.hpp); the
// SQL is db/queries/answer_keys.sql.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

class SqlAnswerKeys final : public AnswerKeyQuery {
  public:
    explicit SqlAnswerKeys(Database& db) : db_(db) {}

    std::optional<AnswerKey> answer_key(Id pair_id) override {
        long long pair = pair_id;
        return db_.read([&](soci::session& s) -> std::optional<AnswerKey> {
            AnswerKey key;
            key.pair_id = pair_id;
            {
                soci::rowset<soci::row> rows = (s.prepare << q("pair"), soci::use(pair, "pair_id"));
                auto it = rows.begin();
                if (it == rows.end()) return std::nullopt;
                Cells c(*it);
                key.answer_type = c.text();
                key.level = c.small();
                key.short_answer_de = c.opt_text();
                key.short_answer_en = c.opt_text();
                key.short_answer_se = c.opt_text();
            }
            soci::rowset<soci::row> rows =
                (s.prepare << q("words"), soci::use(pair, "pair_id"), soci::use(pair, "pair_id2"));
            for (const soci::row& r : rows) {
                Cells c(r);
                AnswerWord w;
                w.word_id = c.integer();
                w.title_de = c.text();
                w.title_en = c.opt_text();
                w.title_sv = c.opt_text();
                auto& list = c.text() == "distractor" ? key.distractors : key.answers;
                // A label word that also answers the question is one answer.
                if (list.empty() || list.back().word_id != w.word_id) list.push_back(std::move(w));
            }
            return key;
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "answer_keys." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<AnswerKeyQuery> make_answer_keys(Database& db) {
    return std::make_unique<SqlAnswerKeys>(db);
}

}  // namespace ll::sql
