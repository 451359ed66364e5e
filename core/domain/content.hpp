#pragma once
// The authoring content model (docs/spec/authoring.md "Content model") as the core sees it:
// pictures, objects, words, categories, statements, questions, pairs, audios and the link records
// between them. Status values are kept as the strings the API and the database use; the
// state machines (content_states.hpp) decide which changes are allowed. Items compare equal
// field by field: a PATCH that leaves an item equal writes nothing (docs/authoring-guide.md
// "Two editors at once").
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

// ---- Status values (docs/spec/authoring.md "State machines").
namespace status {
inline constexpr const char* kNew = "new";                         // picture, older flow
inline constexpr const char* kDrawingCreated = "drawing_created";  // picture, older flow
inline constexpr const char* kDraft = "draft";
inline constexpr const char* kObjectsCreated = "objects_created";  // picture, newer flow
inline constexpr const char* kReviewed = "reviewed";
inline constexpr const char* kPublished = "published";
}  // namespace status

struct Category {
    Id id = 0;
    std::string titel_de;
    // The title in English and Swedish, where an editor gave one: the statistics label the
    // category in the learner's language (docs/accounts.md "Languages of messages and labels").
    std::optional<std::string> titel_en{}, titel_sv{};

    bool operator==(const Category&) const = default;
};

struct Picture {
    Id id = 0;
    std::string status = status::kDraft;
    std::optional<std::string> title;
    std::optional<std::string> image_path;  // media name (content hash), null without image
    std::optional<std::string> image_mime;
    // The renditions made from the image (docs/architecture.md "Renditions"), media names like
    // image_path; null without image and for pictures stored before renditions existed.
    std::optional<std::string> thumbnail_path;
    std::optional<std::string> phone_path;
    std::optional<int> width;
    std::optional<int> height;
    bool objects_created = false;
    std::optional<Timestamp> objects_created_at;  // set when objects_created turns true
    Timestamp created_at{};
    Timestamp updated_at{};

    bool operator==(const Picture&) const = default;
};

// One marked region of a picture, in pixels of the picture.
struct Selection {
    enum class Type { bbox, polygon };
    Type type = Type::bbox;
    double x = 0, y = 0, w = 0, h = 0;              // bbox
    std::vector<std::pair<double, double>> points;  // polygon, at least 3

    bool operator==(const Selection&) const = default;
};

// An object (db_objects) of a picture.
struct ContentObject {
    Id id = 0;
    Id picture_id = 0;
    std::optional<Id> parent_id;  // another object of the same picture
    std::optional<std::string> user_notes;
    std::vector<Selection> selections;
    std::string status = status::kDraft;
    Timestamp created_at{};
    Timestamp updated_at{};

    bool operator==(const ContentObject&) const = default;
};

struct Word {
    Id id = 0;
    std::string title_de;
    std::optional<std::string> title_en;
    std::optional<std::string> title_sv;
    int level = 1;  // 1..100
    std::string status = status::kDraft;
    std::vector<Category> categories;  // word_categories, ordered by category id
    Timestamp created_at{};
    Timestamp updated_at{};

    bool operator==(const Word&) const = default;
};

// A change to a published statement, kept beside it until published (docs/authoring-guide.md
// "Drafts of published content"): its texts as they will be, and its own status, draft or
// reviewed.
struct StatementDraft {
    std::optional<std::string> text_de, text_en, text_sv;
    std::string status = status::kDraft;
    Timestamp updated_at{};

    bool operator==(const StatementDraft&) const = default;
};

struct Statement {
    Id id = 0;
    std::optional<std::string> text_de, text_en, text_sv;
    std::string status = status::kDraft;
    Timestamp created_at{};
    Timestamp updated_at{};
    std::optional<StatementDraft> draft;  // only ever beside a published statement

    bool operator==(const Statement&) const = default;
};

// A change to a published question (as StatementDraft): every field a PATCH may change.
struct QuestionDraft {
    std::optional<std::string> text_de, text_en, text_sv;
    std::optional<std::string> short_answer_de, short_answer_en, short_answer_se;
    int level = 1;
    std::string status = status::kDraft;
    Timestamp updated_at{};

    bool operator==(const QuestionDraft&) const = default;
};

struct Question {
    Id id = 0;
    std::optional<Id> object_id;
    std::optional<std::string> text_de, text_en, text_sv;
    std::optional<std::string> short_answer_de, short_answer_en, short_answer_se;
    int level = 1;  // 1..100
    std::string status = status::kDraft;
    Timestamp created_at{};
    Timestamp updated_at{};
    std::optional<QuestionDraft> draft;  // only ever beside a published question

    bool operator==(const Question&) const = default;
};

struct Pair {
    Id id = 0;
    std::optional<Id> picture_id;
    std::optional<Id> object_id;
    std::optional<Id> statement_id;
    std::optional<Id> question_id;
    std::string answer_type;  // word, question, text, yes_no
    int level = 1;            // 1..100
    std::string status = status::kDraft;
    Timestamp created_at{};
    Timestamp updated_at{};
    // When what the card asks last changed through the pair (level, answer type, statement,
    // question, word links): its answers count from then on in the editors' card analytics
    // (docs/learning.md "Card analytics"); nullopt: not since it was made. A status change is
    // not a revision.
    std::optional<Timestamp> revised_at;

    bool operator==(const Pair&) const = default;
};

// ---- Link records. A link record is an orphan when either end no longer exists.

struct PictureWordLink {
    Id id = 0;
    Id picture_id = 0;
    Id word_id = 0;
};

struct ObjectWordLink {
    Id id = 0;
    Id object_id = 0;
    Id word_id = 0;
    bool is_label = false;  // at most one label word per object
};

inline constexpr const char* kRoleAnswer = "answer";
inline constexpr const char* kRoleDistractor = "distractor";

// statement_words and question_words ids come from one sequence, so a pair's `link_id`s are
// unique across both (docs/spec/authoring.md "A pair answer").
struct QuestionWordLink {
    Id id = 0;
    Id question_id = 0;
    Id word_id = 0;
    std::string role = kRoleAnswer;  // answer, distractor
};

struct StatementWordLink {
    Id id = 0;
    Id statement_id = 0;
    Id word_id = 0;
};

// ---- Audio (docs/spec/authoring.md): one file per (source_table, source_id, source_field,
// language).
struct AudioSource {
    std::string table;  // statements, questions, words
    Id id = 0;
    std::string field;     // a text field of that table
    std::string language;  // de, en, sv

    bool operator==(const AudioSource&) const = default;
};

// A compressed copy of an audio for phones (docs/audio.md): made from the same speech when the
// audio is generated, or later by `langlearn-admin make-audio-variants`.
struct AudioVariant {
    std::string file_path;  // media name
    std::int64_t bytes = 0;

    bool operator==(const AudioVariant&) const = default;
};

struct Audio {
    Id id = 0;
    AudioSource source;
    std::string file_path;  // media name
    std::string mime;
    std::optional<std::string> voice;
    std::int64_t duration_ms = 0;
    // The size of file_path, and its compressed copies; nullopt for an audio stored before
    // variants existed, until make-audio-variants has converted it.
    std::optional<std::int64_t> bytes;
    std::optional<AudioVariant> opus;  // Ogg Opus
    std::optional<AudioVariant> aac;   // AAC-LC in MP4
    // The field's text as the item held it when this audio was spoken (before trimming); the
    // audio is stale once the item holds another (core/domain/audio_text.hpp). nullopt: not
    // known (an audio whose item was gone when the column came, migration 0025).
    std::optional<std::string> spoken_text;
    Timestamp created_at{};
    Timestamp updated_at{};
};

// An item without audio in one language, with the text to speak (empty: nothing to speak).
struct AudioCandidate {
    AudioSource source;
    std::string text;
};

// Items with text in a language, how many of them have audio that speaks that text, and how
// many an audio of an older text (GET /api/audios/coverage).
struct AudioCoverageRow {
    std::string table;
    std::string language;
    std::int64_t items = 0;
    std::int64_t with_audio = 0;
    std::int64_t stale = 0;
};

}  // namespace ll
