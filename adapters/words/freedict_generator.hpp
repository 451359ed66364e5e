#pragma once
// The offline WordGenerator (the default): the FreeDict German-English and German-Swedish
// dictionaries of Debian (dict-freedict-deu-eng, dict-freedict-deu-swe) read from their dictd
// files. Both indexes are loaded on first use (~20 MB, see docs); entry texts are inflated
// chunk by chunk from the dictzip files.
//
// words(): for each seed, the seed itself first (unless known), then related headwords (the
//   dictionary's "see:" references and compounds, see FreedictLexicon::related), taken from
//   the seeds in turn. A candidate is skipped when it is known or already chosen
//   (case-insensitive), an inflected form of a seed (Hunde, Äpfel), longer than two words, has
//   punctuation, or lacks an English or a Swedish translation. Translations given in a seed
//   are kept; missing ones come from the dictionaries.
//   For a capitalised seed (a noun) only capitalised single words are taken.
// questions(): template questions about the label (see freedict_generator.cpp), the label as
//   answer word, up to 3 distractors from other_words, else related dictionary words that are
//   no kind of the label and no synonym of it (Hund: Hundehütte, Seehund; not Haushund).
//   None when the label has no English or Swedish translation.
// Levels: FreedictLexicon::level (simple word 5..20, compound 20..50, two words 30..60).
#include <memory>
#include <mutex>
#include <string>

#include "core/ports/word_generator.hpp"

namespace ll {

namespace words {
class FreedictLexicon;
}

class FreedictGenerator final : public WordGenerator {
  public:
    explicit FreedictGenerator(std::string dict_dir = "/usr/share/dictd");
    ~FreedictGenerator() override;

    std::vector<GeneratedWord> words(const WordGenerationRequest& request) override;
    std::vector<GeneratedQuestion> questions(const QuestionGenerationRequest& request) override;
    std::string name() const override { return "freedict"; }

  private:
    // Loads the dictionaries once (thread-safe); a failed load is retried by the next call.
    std::shared_ptr<const words::FreedictLexicon> lexicon();

    std::string dict_dir_;
    std::mutex mutex_;
    std::shared_ptr<const words::FreedictLexicon> lexicon_;
};

}  // namespace ll
