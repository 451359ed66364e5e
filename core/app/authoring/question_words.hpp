#pragma once
// The words of a question (question_words; docs/authoring-guide.md): answer
// words, which a learner's answer should contain, and distractors, plausible wrong answers. A
// word has one role per question when linked by these routes.
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/words.hpp"
#include "core/app/authoring/words.hpp"

namespace ll {

// The question's words in link order, each with `link_id` and `role`. 404 for no question.
Result<std::vector<WordView>> list_question_words(AuthoringPorts& ports, Id question_id);
// `{title_de, level?, title_en?, title_sv?, category_ids?, role}`: the word is found (by title_de,
// case-insensitively) or created as a draft and linked with `role`; a link of the word in the
// other role becomes this one. `created`: a new link record was made.
Result<LinkedWords> add_question_word(AuthoringPorts& ports, Id question_id,
                                      const QuestionWord& request);
// Every link of the word to the question goes; the word stays. 404 when the question does not
// exist or the word is not linked to it.
Result<Done> unlink_question_word(AuthoringPorts& ports, Id question_id, Id word_id);

}  // namespace ll
