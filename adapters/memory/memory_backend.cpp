#include "adapters/memory/memory_backend.hpp"

#include <array>
#include <stdexcept>

#include "adapters/memory/memory_state.hpp"

namespace ll {

MemoryBackend::MemoryBackend() : state_(std::make_unique<State>()) {
    State& s = *state_;
    accounts_ = make_memory_accounts(s);
    blocklist_ = make_memory_blocklist(s);
    languages_ = make_memory_languages(s);
    profiles_ = make_memory_profiles(s);
    progress_ = make_memory_progress(s);
    achievements_ = make_memory_achievements(s);
    stats_ = make_memory_stats(s);
    feed_ = make_memory_feed(s);
    content_ = make_memory_content_seeder(s);
    content_store_ = make_memory_content_store(s);
    staff_sessions_ = make_memory_staff_sessions(s);
    refresh_sessions_ = make_memory_refresh_sessions(s);
    learner_data_ = make_memory_learner_data(s);
    password_resets_ = make_memory_password_resets(s);
    learning_settings_ = make_memory_learning_settings(s);
    practice_ = make_memory_practice(s);
    review_log_ = make_memory_review_log(s);
    answer_keys_ = make_memory_answer_keys(s);
    card_analytics_ = make_memory_card_analytics(s);

    // The seed migrations' content (docs/spec/decisions.md 6, 9).
    add_language(Language{0, "de", "Deutsch", "German", "Tyska", "Hallo!"}, true);
    add_language(Language{0, "en", "Englisch", "English", "Engelska", "Hello!"}, true);
    add_language(Language{0, "sv", "Schwedisch", "Swedish", "Svenska", "Hej!"}, true);
    s.achievement_definitions = {
        {"first_steps", "ep", 20, "Erste Schritte", "First steps", "Första stegen", 1},
        {"ep_100", "ep", 100, "Fleißig", "Hard worker", "Flitig", 2},
        {"ep_500", "ep", 500, "Ausdauernd", "Persistent", "Uthållig", 3},
        {"ep_1000", "ep", 1000, "Wortschatz-Profi", "Vocabulary pro", "Ordförrådsproffs", 4},
        {"ep_5000", "ep", 5000, "Meister", "Master", "Mästare", 5},
        {"streak_3", "streak", 3, "Drei Tage am Stück", "Three days in a row", "Tre dagar i rad",
         6},
        {"streak_7", "streak", 7, "Eine Woche", "One week", "En vecka", 7},
        {"streak_30", "streak", 30, "Ein Monat", "One month", "En månad", 8},
        {"streak_100", "streak", 100, "Hundert Tage", "One hundred days", "Hundra dagar", 9},
        {"streak_365", "streak", 365, "Ein Jahr", "One year", "Ett år", 10},
    };
    // The seeded categories with their titles, as the migrations give them (0002_seed.sql,
    // 0020_category_titles.sql).
    static constexpr std::array<std::array<const char*, 3>, 12> kCategories = {{
        {"Tiere", "Animals", "Djur"},
        {"Essen", "Food", "Mat"},
        {"Farben", "Colors", "Färger"},
        {"Familie", "Family", "Familj"},
        {"Haus", "House", "Hus"},
        {"Kleidung", "Clothing", "Kläder"},
        {"Natur", "Nature", "Natur"},
        {"Verkehr", "Transport", "Trafik"},
        {"Körper", "Body", "Kropp"},
        {"Berufe", "Jobs", "Yrken"},
        {"Zahlen", "Numbers", "Tal"},
        {"Zeit", "Time", "Tid"},
    }};
    for (const auto& [de, en, sv] : kCategories) {
        Category& seeded = s.content.categories.at(content_->add_category(de));
        seeded.titel_en = en;
        seeded.titel_sv = sv;
    }
}

MemoryBackend::~MemoryBackend() = default;

Id MemoryBackend::add_language(Language language, bool published) {
    std::lock_guard lock(state_->mutex);
    // Languages get their own small id sequence, like the seeded ids 1, 2, 3.
    language.id = static_cast<Id>(state_->languages.size()) + 1;
    state_->languages[language.id] = {language, published};
    return language.id;
}

void MemoryBackend::set_active(Id user_id, bool active) {
    std::lock_guard lock(state_->mutex);
    if (auto it = state_->accounts.find(user_id); it != state_->accounts.end()) {
        it->second.is_active = active;
    }
}

void MemoryBackend::erase_content_row_unchecked(std::string_view table, Id id) {
    std::lock_guard lock(state_->mutex);
    ContentTables& t = state_->content;
    if (table == "pictures")
        t.pictures.erase(id);
    else if (table == "objects")
        t.objects.erase(id);
    else if (table == "words")
        t.words.erase(id);
    else if (table == "categories")
        t.categories.erase(id);
    else if (table == "statements")
        t.statements.erase(id);
    else if (table == "questions")
        t.questions.erase(id);
    else if (table == "pairs")
        t.pairs.erase(id);
    else
        throw std::invalid_argument("erase_content_row_unchecked: no content table " +
                                    std::string(table));
}

}  // namespace ll
