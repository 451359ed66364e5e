#pragma once
// The authoring content tables of the in-memory backend. One plain value: a write() copies it
// before running the work and puts the copy back when the work throws (the rollback).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/domain/audio_text.hpp"
#include "core/domain/content.hpp"
#include "core/domain/content_changes.hpp"
#include "core/domain/content_languages.hpp"

namespace ll {

// The next id of each table. Never decremented by a delete, so ids are never reused.
struct ContentSequences {
    Id categories = 1;
    Id pictures = 1;
    Id objects = 1;
    Id words = 1;
    Id statements = 1;
    Id questions = 1;
    Id pairs = 1;
    Id picture_words = 1;
    Id object_words = 1;
    Id word_links = 1;  // statement_words and question_words share one sequence
    Id audios = 1;
    Id changes = 1;
};

struct ContentTables {
    ContentSequences next;
    std::map<Id, Category> categories;
    std::map<Id, Picture> pictures;
    std::map<Id, ContentObject> objects;
    std::map<Id, Word> words;  // Word::categories empty here: word_categories holds them
    std::map<Id, Statement> statements;
    std::map<Id, Question> questions;
    std::map<Id, Pair> pairs;
    std::set<std::pair<Id, Id>> word_categories;  // (word, category)
    std::set<std::pair<Id, Id>> pair_categories;  // (pair, category)
    std::map<Id, PictureWordLink> picture_words;
    std::map<Id, ObjectWordLink> object_words;
    std::map<Id, QuestionWordLink> question_words;
    std::map<Id, StatementWordLink> statement_words;
    std::map<Id, Audio> audios;
    std::map<Id, ContentChange> changes;  // the history (core/ports/content/changes.hpp)
};

inline bool has_audio(const ContentTables& t, const AudioSource& source) {
    for (const auto& [id, audio] : t.audios) {
        if (audio.source == source) return true;
    }
    return false;
}

// An audio of `source` that speaks `text` as it is now (core/domain/audio_text.hpp).
inline bool has_current_audio(const ContentTables& t, const AudioSource& source,
                              const std::optional<std::string>& text) {
    for (const auto& [id, audio] : t.audios) {
        if (audio.source == source) return speaks(audio.spoken_text, text);
    }
    return false;
}

// A pair's or a word's categories (ordered by id), from its link set (categories.cpp).
// Shared by the content store, the feed and the stats.
std::vector<Category> categories_of(const ContentTables& t,
                                    const std::set<std::pair<Id, Id>>& links, Id owner);

}  // namespace ll
