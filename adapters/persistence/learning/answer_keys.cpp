// What grading and the practice queue's exercises read about cards, on SOCI
// (core/ports/learning/answer_keys.hpp); the SQL is db/queries/answer_keys.sql and each
// dialect's own file.
#include <algorithm>
#include <map>

#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/selections_json.hpp"
#include "adapters/persistence/sql_booking.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {

AnswerWord word_of(Cells& c) {
    AnswerWord w;
    w.word_id = c.integer();
    w.title_de = c.text();
    w.title_en = c.opt_text();
    w.title_sv = c.opt_text();
    return w;
}

namespace {

class SqlAnswerKeys final : public AnswerKeyQuery {
  public:
    explicit SqlAnswerKeys(Database& db) : db_(db) {}

    std::shared_ptr<const AnswerKey> answer_key(Id pair_id) override {
        auto keys = answer_keys({pair_id});
        if (keys.empty()) return nullptr;
        return std::make_shared<const AnswerKey>(std::move(keys.front()));
    }

    std::vector<AnswerKey> answer_keys(const std::vector<Id>& pair_ids) override {
        if (pair_ids.empty()) return {};
        std::string ids = json_list(pair_ids);
        return db_.read([&](soci::session& s) {
            std::vector<AnswerKey> keys;
            std::map<Id, std::size_t> at;  // pair id -> index in keys
            {
                soci::rowset<soci::row> rows =
                    (s.prepare << q("pairs"), soci::use(ids, "pair_ids"));
                for (const soci::row& r : rows) {
                    Cells c(r);
                    AnswerKey key;
                    key.pair_id = c.integer();
                    key.answer_type = c.text();
                    key.level = c.small();
                    key.short_answer_de = c.opt_text();
                    key.short_answer_en = c.opt_text();
                    key.short_answer_se = c.opt_text();
                    if (const auto selections = c.opt_text())
                        key.outline = decode_selections(*selections);
                    key.width = c.opt_small();
                    key.height = c.opt_small();
                    at.emplace(key.pair_id, keys.size());
                    keys.push_back(std::move(key));
                }
            }
            if (keys.empty()) return keys;
            soci::rowset<soci::row> rows =
                (s.prepare << q("words"), soci::use(ids, "pair_ids"), soci::use(ids, "pair_ids2"));
            for (const soci::row& r : rows) {
                Cells c(r);
                const auto it = at.find(c.integer());
                AnswerWord w = word_of(c);
                if (it == at.end()) continue;
                AnswerKey& key = keys[it->second];
                auto& list = c.text() == kRoleDistractor ? key.distractors : key.answers;
                // A label word that also answers the question is one answer, the label.
                if (std::none_of(list.begin(), list.end(),
                                 [&](const AnswerWord& a) { return a.word_id == w.word_id; }))
                    list.push_back(std::move(w));
            }
            return keys;
        });
    }

    std::vector<std::pair<Id, AnswerWord>> category_words(const std::vector<Id>& word_ids,
                                                          int per_word) override {
        if (word_ids.empty() || per_word <= 0) return {};
        std::string ids = json_list(word_ids);
        long long most = per_word, near = kCategoryWordsNear;
        return db_.read([&](soci::session& s) {
            std::vector<std::pair<Id, AnswerWord>> out;
            soci::rowset<soci::row> rows =
                (s.prepare << q("category_words"), soci::use(near, "near"),
                 soci::use(near, "near2"), soci::use(ids, "word_ids"), soci::use(most, "per_word"));
            for (const soci::row& r : rows) {
                Cells c(r);
                const Id shared = c.integer();
                out.emplace_back(shared, word_of(c));
            }
            return out;
        });
    }

    std::vector<AnswerWord> some_words(int max) override {
        if (max <= 0) return {};
        long long most = max;
        return db_.read([&](soci::session& s) {
            std::vector<AnswerWord> out;
            soci::rowset<soci::row> rows =
                (s.prepare << q("some_words"), soci::use(most, "max_words"));
            for (const soci::row& r : rows) {
                Cells c(r);
                out.push_back(word_of(c));
            }
            return out;
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
