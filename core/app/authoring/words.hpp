#pragma once
// Words (db_words), their categories, and the word lists of pictures and objects
// (docs/spec/authoring.md): found by title_de case-insensitively or created as drafts, linked once.
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/words.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/app/authoring/views.hpp"
#include "core/domain/content_states.hpp"

namespace ll {

// `{title_de, title_en?, title_sv?, level, status?, category_ids?}`; 409 when the title exists.
Result<Word> create_word(AuthoringPorts& ports, const NewWord& request);
Result<std::vector<Word>> list_words(AuthoringPorts& ports, const WordListQuery& query);
Result<Word> get_word(AuthoringPorts& ports, Id id);
// Titles, level, category_ids (replacing). Status moves by publish/unpublish only.
// `expected`: the If-Match versions (versions.hpp); another version is 412, nothing changed.
Result<Word> patch_word(AuthoringPorts& ports, Id id, const WordPatch& patch,
                        const VersionCondition& expected = {});
// `spoken`: audio made for make_audio=true (audio.hpp speak_stale_audio), written on publish.
Result<Word> change_word_status(AuthoringPorts& ports, Id id, WordAction action,
                                const std::vector<Audio>& spoken = {});
// The word with every link record naming it and its audios.
Result<Done> delete_word(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});

struct LinkedWords {
    std::vector<WordView> words;  // the picture's or object's words after the change
    bool created = false;         // a new link record was made
};

Result<std::vector<WordView>> list_picture_words(AuthoringPorts& ports, Id picture_id);
// `{title_de, level, title_en?, title_sv?, category_ids?}`: the word is found or created
// (draft; categories given are added to an existing word) and linked to the picture once.
Result<LinkedWords> add_picture_word(AuthoringPorts& ports, Id picture_id,
                                     const PictureWord& request);

Result<std::vector<WordView>> list_object_words(AuthoringPorts& ports, Id object_id);
// `{title_de, level?, ..., is_label?}`: the word is found or created and linked to the object;
// with is_label (the default) it becomes the object's one label word, without it the label
// stays as it is (a word that is the label already stays the label).
Result<LinkedWords> add_object_word(AuthoringPorts& ports, Id object_id, const ObjectWord& request);

// Only the link goes; the word stays. 404 when the picture or object does not exist or the word
// is not linked to it. Unlinking an object's label leaves the object without one.
Result<Done> unlink_picture_word(AuthoringPorts& ports, Id picture_id, Id word_id);
Result<Done> unlink_object_word(AuthoringPorts& ports, Id object_id, Id word_id);

Result<std::vector<Category>> list_categories(AuthoringPorts& ports);
Result<Category> create_category(AuthoringPorts& ports, const NewCategory& request);

// ---- Shared with generation and the pair routes.

// The word's categories, checked to exist: 400 naming `field[i]` otherwise.
Result<std::vector<Category>> existing_categories(CategoryRows& categories,
                                                  const std::vector<Id>& ids,
                                                  std::string_view field);
// The word of a request with its categories, checked to exist (400 naming `category_ids[i]`).
Result<Word> with_categories(CategoryRows& categories, const NewWordFields& request);
// Found by title_de (then `categories` are added to it) or inserted as given. second: created.
std::pair<Word, bool> find_or_create_word(WordRows& words, const Word& word, Timestamp now);
// The word a link request names: with_categories, then find_or_create_word.
Result<Word> requested_word(WordRows& words, CategoryRows& categories, const NewWordFields& request,
                            Timestamp now);
// The words of link records, in link order, as views.
std::vector<WordView> picture_word_views(WordLinkRows& links, WordRows& words, Id picture_id);
std::vector<WordView> object_word_views(WordLinkRows& links, WordRows& words, Id object_id);
std::vector<WordView> question_word_views(WordLinkRows& links, WordRows& words, Id question_id);
// Deletes (by `remove(link_id)`) every one of `links` naming the word: 404 when none does.
template <typename Link, typename Remove>
Result<Done> unlink_all(const std::vector<Link>& links, Id word_id, Remove&& remove) {
    bool found = false;
    for (const auto& l : links) {
        if (l.word_id != word_id) continue;
        remove(l.id);
        found = true;
    }
    if (!found) return errors::not_found();
    return Done{};
}

}  // namespace ll
