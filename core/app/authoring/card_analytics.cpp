#include "core/app/authoring/card_analytics.hpp"

#include <algorithm>
#include <map>

#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/learning/answer_texts.hpp"
#include "core/domain/content_languages.hpp"
#include "core/domain/errors.hpp"

namespace ll {
namespace {

TallyView tally_view(const AnswerTally& t) {
    TallyView v{t.answers, t.passed, std::nullopt, t.answers < kMinAnswersForRate};
    if (!v.small_sample)
        v.pass_rate = static_cast<double>(t.passed) / static_cast<double>(t.answers);
    return v;
}

std::optional<std::string> in_language(const std::string& lang,
                                       const std::optional<std::string>& de,
                                       const std::optional<std::string>& en,
                                       const std::optional<std::string>& sv) {
    return lang == "de" ? de : lang == "en" ? en : sv;
}

CardFigures figures_of(CardFigureRow row, const std::string& lang) {
    CardFigures f;
    f.pair_id = row.pair_id;
    f.lang = lang;
    f.picture_id = row.picture_id;
    f.answer_type = std::move(row.answer_type);
    f.level = row.level;
    f.status = std::move(row.status);
    f.statement = in_language(lang, row.statement_de, row.statement_en, row.statement_sv);
    f.category_ids = std::move(row.category_ids);
    f.revision_started_at = row.revised_at;
    f.current = tally_view(row.current);
    f.previous = tally_view(row.previous);
    if (row.retrievability_count > 0)
        f.mean_retrievability =
            row.retrievability_sum / static_cast<double>(row.retrievability_count);
    f.learners = row.learners;
    f.mean_difficulty = row.mean_difficulty;
    for (auto& pick : row.picks) {
        const auto title = word_title(pick.word, lang);
        f.distractors.push_back(
            PickView{pick.word.word_id, title.value_or(pick.word.title_de), pick.picks});
    }
    std::stable_sort(f.distractors.begin(), f.distractors.end(),
                     [](const PickView& a, const PickView& b) { return a.picks > b.picks; });
    return f;
}

// The content languages' ids (languages are a fixed catalogue: de, en, sv).
std::map<std::string, Id> language_ids(LanguageRepository& languages) {
    std::map<std::string, Id> out;
    for (const auto& l : languages.list_published()) out.emplace(l.short_en, l.id);
    return out;
}

}  // namespace

template <>
Result<CardFiguresQuery> decode<CardFiguresQuery>(const LooseValue& v) {
    CardFiguresQuery r;
    Decoder d(v);
    d.required_choice(r.lang, "lang", kContentLanguages)
        .id(r.category_id, "category_id")
        .level(r.level)
        .integer(r.limit, "limit", 1, kCardFiguresMaxLimit, kCardFiguresDefaultLimit);
    return d.done(std::move(r));
}

void hardest_first(std::vector<CardFigures>& cards) {
    std::stable_sort(cards.begin(), cards.end(), [](const CardFigures& a, const CardFigures& b) {
        const bool ra = a.current.pass_rate.has_value(), rb = b.current.pass_rate.has_value();
        if (ra != rb) return ra;
        if (ra) {
            if (*a.current.pass_rate != *b.current.pass_rate)
                return *a.current.pass_rate < *b.current.pass_rate;
            const double da = a.mean_difficulty.value_or(0), db = b.mean_difficulty.value_or(0);
            if (da != db) return da > db;
        } else if (a.current.answers != b.current.answers) {
            return a.current.answers > b.current.answers;
        }
        return a.pair_id < b.pair_id;
    });
}

Result<CardFiguresList> list_card_figures(CardAnalyticsPorts& ports,
                                          const CardFiguresQuery& query) {
    const auto ids = language_ids(ports.languages);
    const auto language = ids.find(query.lang);
    CardFiguresList out;
    out.lang = query.lang;
    if (language == ids.end()) return out;  // a content language not (yet) in the catalogue
    CardFigureFilter filter;
    filter.language_id = language->second;
    filter.category_id = query.category_id;
    filter.level = query.level;
    for (auto& row : ports.analytics.card_figures(filter))
        out.cards.push_back(figures_of(std::move(row), query.lang));
    hardest_first(out.cards);
    if (out.cards.size() > static_cast<std::size_t>(query.limit))
        out.cards.resize(static_cast<std::size_t>(query.limit));
    return out;
}

Result<PairFigures> pair_figures(CardAnalyticsPorts& ports, Id pair_id) {
    // The pair, its statement and categories: what a language nobody answered in shows.
    struct Described {
        Pair pair;
        std::optional<Statement> statement;
        std::vector<Id> category_ids;
    };
    const auto described = read<std::optional<Described>>(
        ports.content, [&](TextRows& texts, PairRows& pairs) -> std::optional<Described> {
            auto pair = pairs.pair(pair_id);
            if (!pair) return std::nullopt;
            Described d{*pair, std::nullopt, {}};
            if (pair->statement_id) d.statement = texts.statement(*pair->statement_id);
            for (const auto& c : pairs.pair_categories(pair_id)) d.category_ids.push_back(c.id);
            return d;
        });
    if (!described) return described.error();
    if (!described.value()) return errors::not_found();
    const Pair& p = described.value()->pair;
    const auto ids = language_ids(ports.languages);
    CardFigureFilter filter;
    filter.pair_id = pair_id;
    const auto rows = ports.analytics.card_figures(filter);
    PairFigures out;
    out.pair_id = pair_id;
    for (const std::string_view lang : kContentLanguages) {
        const auto id = ids.find(std::string(lang));
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const CardFigureRow& r) {
            return id != ids.end() && r.language_id == id->second;
        });
        if (row != rows.end()) {
            out.languages.push_back(figures_of(*row, std::string(lang)));
            continue;
        }
        CardFigureRow none;  // nobody answered the card in this language
        none.pair_id = p.id;
        none.picture_id = p.picture_id;
        none.answer_type = p.answer_type;
        none.level = p.level;
        none.status = p.status;
        none.revised_at = p.revised_at;
        none.category_ids = described.value()->category_ids;
        if (const auto& st = described.value()->statement) {
            none.statement_de = st->text_de;
            none.statement_en = st->text_en;
            none.statement_sv = st->text_sv;
        }
        out.languages.push_back(figures_of(std::move(none), std::string(lang)));
    }
    return out;
}

}  // namespace ll
