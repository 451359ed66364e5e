#include "core/app/authoring/question_words.hpp"

#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/words.hpp"

namespace ll {

Result<std::vector<WordView>> list_question_words(AuthoringPorts& ports, Id question_id) {
    return read<std::vector<WordView>>(ports.content,
                                       [&](WordRows& words, WordLinkRows& links,
                                           TextRows& texts) -> Result<std::vector<WordView>> {
                                           if (!texts.question(question_id))
                                               return errors::not_found();
                                           return question_word_views(links, words, question_id);
                                       });
}

Result<LinkedWords> add_question_word(AuthoringPorts& ports, Id question_id,
                                      const QuestionWord& request) {
    return write<LinkedWords>(
        ports,
        [&](WordRows& words, WordLinkRows& links, TextRows& texts,
            CategoryRows& categories) -> Result<LinkedWords> {
            if (!texts.question(question_id)) return errors::not_found();
            const auto word = requested_word(words, categories, request, ports.clock.now());
            if (!word) return word.error();
            // One role per word: the link in the other role goes, so "an existing link gets the
            // new role" (the table would hold both).
            for (const auto& link : links.question_word_links(question_id)) {
                if (link.word_id == word->id && link.role != request.role)
                    links.delete_question_word_link(link.id);
            }
            const bool created =
                links.link_question_word(question_id, word->id, request.role).second;
            return LinkedWords{question_word_views(links, words, question_id), created};
        });
}

Result<Done> unlink_question_word(AuthoringPorts& ports, Id question_id, Id word_id) {
    return write<Done>(ports, [&](WordLinkRows& links, TextRows& texts) -> Result<Done> {
        if (!texts.question(question_id)) return errors::not_found();
        return unlink_all(links.question_word_links(question_id), word_id,
                          [&](Id link) { links.delete_question_word_link(link); });
    });
}

}  // namespace ll
