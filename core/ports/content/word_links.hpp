#pragma once
// The link records between words and the pictures, objects, questions and statements that use
// them (picture_words, object_words, question_words, statement_words), part of the content
// unit of work (core/ports/content_store.hpp). Each list is ordered by link id.
#include <string>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

class WordLinkRows {
  public:
    virtual ~WordLinkRows() = default;

    virtual std::vector<PictureWordLink> picture_word_links(Id picture_id) = 0;
    // `second`: true when created; an existing (picture, word) link is returned as it is.
    virtual std::pair<PictureWordLink, bool> link_picture_word(Id picture_id, Id word_id) = 0;
    virtual void delete_picture_word_link(Id link_id) = 0;

    virtual std::vector<ObjectWordLink> object_word_links(Id object_id) = 0;
    // An existing (object, word) link gets `is_label` set as given. At most one label per
    // object: the caller removes the old label link first.
    virtual std::pair<ObjectWordLink, bool> link_object_word(Id object_id, Id word_id,
                                                             bool is_label) = 0;
    virtual void delete_object_word_link(Id link_id) = 0;

    virtual std::vector<QuestionWordLink> question_word_links(Id question_id) = 0;
    // An existing (question, word, role) link is returned as it is.
    virtual std::pair<QuestionWordLink, bool> link_question_word(Id question_id, Id word_id,
                                                                 const std::string& role) = 0;
    virtual void delete_question_word_link(Id link_id) = 0;

    virtual std::vector<StatementWordLink> statement_word_links(Id statement_id) = 0;
    // An existing (statement, word) link is returned as it is.
    virtual std::pair<StatementWordLink, bool> link_statement_word(Id statement_id, Id word_id) = 0;
    virtual void delete_statement_word_link(Id link_id) = 0;
};

}  // namespace ll
