#include "adapters/words/freedict_generator.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "adapters/words/freedict_lexicon.hpp"
#include "adapters/words/german_text.hpp"

namespace ll {
namespace {

using words::FreedictLexicon;
using words::lower;

constexpr int kMaxWords = 50;
constexpr int kMaxQuestions = 20;
constexpr std::size_t kMaxDistractors = 3;

// A usable title: at most two words, letters (and hyphens) only.
bool plain_title(std::string_view text) {
    if (text.empty() || words::word_count(text) > 2) return false;
    return text.find_first_of("….,;:!?/()[]{}<>\"0123456789") == std::string_view::npos;
}

// The seed with its missing translations taken from the dictionaries; nullopt when one stays
// missing.
std::optional<GeneratedWord> complete(const FreedictLexicon& lexicon, const WordSeed& seed) {
    GeneratedWord word;
    word.title_de = words::squeeze(seed.title_de);
    if (word.title_de.empty()) return std::nullopt;
    word.title_en = words::squeeze(seed.title_en.value_or(""));
    word.title_sv = words::squeeze(seed.title_sv.value_or(""));
    if (word.title_en.empty()) word.title_en = lexicon.english(word.title_de).value_or("");
    if (word.title_sv.empty()) word.title_sv = lexicon.swedish(word.title_de).value_or("");
    if (word.title_en.empty() || word.title_sv.empty()) return std::nullopt;
    word.level = lexicon.level(word.title_de);
    return word;
}

// The words of an English title, lower-case, a possessive's "'s" dropped ("cat's litter box" ->
// cat, litter, box).
std::vector<std::string> english_words(std::string_view english) {
    std::vector<std::string> out;
    std::string word;
    const auto flush = [&] {
        if (word.ends_with("'s")) word.resize(word.size() - 2);
        if (!word.empty()) out.push_back(word);
        word.clear();
    };
    for (const char c : lower(english)) {
        if ((c >= 'a' && c <= 'z') || c == '\'' || static_cast<unsigned char>(c) >= 0x80)
            word += c;
        else
            flush();
    }
    flush();
    return out;
}

// True when `english` names `head` (its last word: "table" of "dining table"), as a word or
// its plural: "domestic cat", "cat's litter box", "dog poop"; not "money pouch", "cacophony".
bool names(std::string_view english, const std::string& head) {
    if (head.empty()) return false;
    for (const auto& w : english_words(english))
        if (w == head || w == head + "s" || w == head + "es") return true;
    return false;
}

// Walks the related candidates of one seed, yielding translated words not yet taken. The
// lexicon's order (its references of the word's main sense, compounds, the references of its
// other senses) is kept, but a compound whose English does not name the seed's comes after all
// of them: it merely contains the word ("Geldkatze", money pouch; "Einbaum", dugout canoe;
// "Autograf"), where "Hauskatze", domestic cat, is a kind of it (docs/studio.md "Words").
class RelatedWalk {
  public:
    using Accept = std::function<bool(const GeneratedWord&)>;

    RelatedWalk(const FreedictLexicon& lexicon, std::string seed)
        : lexicon_(lexicon), seed_(std::move(seed)), noun_(words::starts_upper(seed_)) {
        const auto english = lexicon.english(seed_);
        const auto seed_words = english ? english_words(*english) : std::vector<std::string>{};
        const std::string head = seed_words.empty() ? std::string() : seed_words.back();
        std::vector<Candidate> unrelated;
        for (auto& c : lexicon.related(seed_)) {
            Candidate candidate{c, lexicon.translate(words::squeeze(c.german), c.from_index)};
            const bool contains_only = c.from_index && candidate.translation && !head.empty() &&
                                       !names(candidate.translation->en, head);
            (contains_only ? unrelated : candidates_).push_back(std::move(candidate));
        }
        for (auto& c : unrelated) candidates_.push_back(std::move(c));
    }

    // The next acceptable word, or nullopt when the candidates are used up.
    std::optional<GeneratedWord> next(std::set<std::string>& taken,
                                      const std::vector<std::string>& seeds,
                                      const Accept& accept = {}) {
        while (at_ < candidates_.size()) {
            const auto& [c, t] = candidates_[at_++];
            const auto german = words::squeeze(c.german);
            const auto key = lower(german);
            if (!plain_title(german) || taken.contains(key)) continue;
            if (std::any_of(seeds.begin(), seeds.end(), [&](const std::string& s) {
                    return words::is_inflection_of(s, german);
                }))
                continue;
            if (!t || !plain_title(t->de) || taken.contains(lower(t->de))) continue;
            // For a noun, nouns: not "hundemüde" or "baumeln".
            if (noun_ && words::word_count(t->de) == 1 && !words::starts_upper(t->de)) continue;
            GeneratedWord word{t->de, t->en, t->sv, lexicon_.level(t->de)};
            if (accept && !accept(word)) continue;
            taken.insert(key);
            taken.insert(lower(word.title_de));
            return word;
        }
        return std::nullopt;
    }

  private:
    struct Candidate {
        words::RelatedCandidate candidate;
        std::optional<words::Translation> translation;
    };

    const FreedictLexicon& lexicon_;
    std::string seed_;
    bool noun_;
    std::vector<Candidate> candidates_;
    std::size_t at_ = 0;
};

// A wrong answer must not be a kind of the label or a synonym: not "Haushund" (ends with the
// label) nor "Wagen" for "Auto" (same English) nor "Seehund" ("seal" passes, "domestic dog"
// would not: its last English word is the label's).
bool good_distractor(const GeneratedWord& label, const GeneratedWord& candidate) {
    const auto de = lower(candidate.title_de);
    if (de.ends_with(lower(label.title_de))) return false;
    const auto en = lower(label.title_en);
    const auto candidate_en = lower(candidate.title_en);
    const auto space = candidate_en.rfind(' ');
    const auto last = space == std::string::npos ? candidate_en : candidate_en.substr(space + 1);
    return candidate_en != en && last != en && last != en + "s" && last != en + "es";
}

GeneratedQuestion make_question(std::string de, std::string en, std::string sv,
                                std::string answer_de, std::string answer_en, std::string answer_sv,
                                int level) {
    GeneratedQuestion q;
    q.text_de = std::move(de);
    q.text_en = std::move(en);
    q.text_sv = std::move(sv);
    q.short_answer_de = std::move(answer_de);
    q.short_answer_en = std::move(answer_en);
    q.short_answer_se = std::move(answer_sv);
    q.level = std::clamp(level, 1, 100);
    return q;
}

}  // namespace

FreedictGenerator::FreedictGenerator(std::string dict_dir) : dict_dir_(std::move(dict_dir)) {}

FreedictGenerator::~FreedictGenerator() = default;

std::shared_ptr<const words::FreedictLexicon> FreedictGenerator::lexicon() {
    std::lock_guard lock(mutex_);
    if (!lexicon_) lexicon_ = std::make_shared<const FreedictLexicon>(dict_dir_);
    return lexicon_;
}

std::vector<GeneratedWord> FreedictGenerator::words(const WordGenerationRequest& request) {
    const auto count = static_cast<std::size_t>(std::clamp(request.count, 0, kMaxWords));
    std::vector<GeneratedWord> out;
    if (count == 0) return out;
    const auto lex = lexicon();

    std::set<std::string> taken;
    for (const auto& title : request.known_titles) taken.insert(lower(words::squeeze(title)));
    std::vector<std::string> seeds;
    for (const auto& seed : request.seeds) {
        auto title = words::squeeze(seed.title_de);
        if (!title.empty()) seeds.push_back(std::move(title));
    }

    // The seeds themselves first.
    for (const auto& seed : request.seeds) {
        if (out.size() >= count) return out;
        const auto key = lower(words::squeeze(seed.title_de));
        if (key.empty() || taken.contains(key)) continue;
        taken.insert(key);
        if (auto word = complete(*lex, seed)) out.push_back(std::move(*word));
    }
    for (const auto& seed : seeds) taken.insert(lower(seed));

    // Then related words, one from each seed in turn.
    std::vector<RelatedWalk> walks;
    for (const auto& seed : seeds) walks.emplace_back(*lex, seed);
    bool progress = true;
    while (out.size() < count && progress) {
        progress = false;
        for (auto& walk : walks) {
            if (out.size() >= count) break;
            if (auto word = walk.next(taken, seeds)) {
                out.push_back(std::move(*word));
                progress = true;
            }
        }
    }
    return out;
}

// Templates, in this order (the first `count` are made):
//   1. Was ist das? / What is this? / Vad är det här?           -> the label in each language
//   2. Welches Wort passt zum Bild? / ...                       -> the label in each language
//   3. Wie heißt das auf Englisch? / ...                        -> the English word
//   4. Wie heißt das auf Schwedisch? / ...                      -> the Swedish word
//   5. Welcher Artikel gehört zu „Hund“? / ...                  -> der/die/das (nouns only)
// Levels: the label's level, +5 for naming it in another language, +10 for the article.
std::vector<GeneratedQuestion> FreedictGenerator::questions(
    const QuestionGenerationRequest& request) {
    const auto count = static_cast<std::size_t>(std::clamp(request.count, 0, kMaxQuestions));
    std::vector<GeneratedQuestion> out;
    if (count == 0) return out;
    const auto lex = lexicon();
    const auto label = complete(*lex, request.label);
    if (!label) return out;

    // Distractors: other words of the picture first, then related dictionary words that are
    // no kind of the label and no synonym (see good_distractor).
    std::vector<GeneratedWord> distractors;
    std::set<std::string> taken{lower(label->title_de)};
    for (const auto& other : request.other_words) {
        if (distractors.size() >= kMaxDistractors) break;
        const auto key = lower(words::squeeze(other.title_de));
        if (key.empty() || taken.contains(key)) continue;
        if (auto word = complete(*lex, other)) {
            taken.insert(key);
            distractors.push_back(std::move(*word));
        }
    }
    if (distractors.size() < kMaxDistractors) {
        RelatedWalk walk(*lex, label->title_de);
        const std::vector<std::string> seeds{label->title_de};
        const auto accept = [&](const GeneratedWord& w) { return good_distractor(*label, w); };
        while (distractors.size() < kMaxDistractors) {
            auto word = walk.next(taken, seeds, accept);
            if (!word) break;
            distractors.push_back(std::move(*word));
        }
    }

    const auto& [de, en, sv, level] = *label;
    out.push_back(
        make_question("Was ist das?", "What is this?", "Vad är det här?", de, en, sv, level));
    out.push_back(make_question("Welches Wort passt zum Bild?", "Which word matches the picture?",
                                "Vilket ord passar till bilden?", de, en, sv, level));
    out.push_back(make_question("Wie heißt das auf Englisch?", "What is this called in English?",
                                "Vad heter det på engelska?", en, en, en, level + 5));
    out.push_back(make_question("Wie heißt das auf Schwedisch?", "What is this called in Swedish?",
                                "Vad heter det på svenska?", sv, sv, sv, level + 5));
    for (auto& q : out) {
        q.answer_words = {*label};
        q.distractor_words = distractors;
    }
    if (words::word_count(de) == 1 && words::starts_upper(de)) {
        if (const auto article = lex->article(de)) {
            auto q = make_question("Welcher Artikel gehört zu „" + de + "“?",
                                   "Which German article goes with “" + de + "”?",
                                   "Vilken tysk artikel hör till ”" + de + "”?", *article, *article,
                                   *article, level + 10);
            q.answer_words = {*label};  // no distractor words: the choice is der/die/das
            out.push_back(std::move(q));
        }
    }
    if (out.size() > count) out.resize(count);
    return out;
}

}  // namespace ll
