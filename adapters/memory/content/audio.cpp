// Audios in memory: MemoryContentTx's AudioRows (core/ports/content/audio.hpp), the row per
// source, and which texts still lack one that speaks them as they are now.
#include <functional>

#include "adapters/memory/content/memory_content_tx.hpp"
#include "core/domain/content_languages.hpp"

namespace ll {
namespace {

// Calls `visit(id, text)` for every item of `table` with a text in that language's field,
// in id order.
void for_each_text(const ContentTables& t, const std::string& table, const std::string& language,
                   const std::function<void(Id, const std::string&)>& visit) {
    const auto each = [&](const auto& rows, const auto& text) {
        for (const auto& [id, item] : rows) {
            const std::optional<std::string> value = text(item);
            if (has_text(value)) visit(id, *value);
        }
    };
    if (table == "statements") {
        each(t.statements, [&](const Statement& s) { return text_in(s, language); });
    } else if (table == "questions") {
        each(t.questions, [&](const Question& q) { return text_in(q, language); });
    } else {
        each(t.words, [&](const Word& w) { return title_in(w, language); });
    }
}

}  // namespace

void MemoryContentTx::delete_audios_of(const char* table, Id id) {
    erase_rows(rw().audios, [&](const auto& row) {
        return row.second.source.table == table && row.second.source.id == id;
    });
}

std::optional<Audio> MemoryContentTx::audio(const AudioSource& source) {
    for (const auto& [id, audio] : t_.audios) {
        if (audio.source == source) return audio;
    }
    return std::nullopt;
}

std::vector<Audio> MemoryContentTx::audios_of_item(const std::string& table, Id id) {
    std::vector<Audio> out;
    for (const auto& [key, audio] : t_.audios) {
        if (audio.source.table == table && audio.source.id == id) out.push_back(audio);
    }
    return out;
}

std::pair<Audio, bool> MemoryContentTx::upsert_audio(const Audio& audio) {
    ContentTables& t = rw();
    for (auto& [id, stored] : t.audios) {
        if (stored.source != audio.source) continue;
        stored.file_path = audio.file_path;
        stored.mime = audio.mime;
        stored.voice = audio.voice;
        stored.duration_ms = audio.duration_ms;
        stored.bytes = audio.bytes;
        stored.opus = audio.opus;
        stored.aac = audio.aac;
        stored.spoken_text = audio.spoken_text;
        stored.updated_at = audio.updated_at;
        return {stored, false};
    }
    Audio stored = audio;
    stored.id = t.next.audios++;
    t.audios[stored.id] = stored;
    return {stored, true};
}

std::vector<Audio> MemoryContentTx::audios(const Page& page) {
    std::vector<Audio> out;
    auto it = page.after ? t_.audios.upper_bound(*page.after) : t_.audios.begin();
    for (; it != t_.audios.end() && static_cast<int>(out.size()) < page.limit; ++it)
        out.push_back(it->second);
    return out;
}

bool MemoryContentTx::set_audio_variants(const Audio& audio) {
    const auto found = t_.audios.find(audio.id);
    if (found == t_.audios.end() || found->second.file_path != audio.file_path) return false;
    Audio& stored = rw().audios.at(audio.id);
    stored.bytes = audio.bytes;
    stored.opus = audio.opus;
    stored.aac = audio.aac;
    return true;
}

std::vector<AudioCandidate> MemoryContentTx::audio_candidates(
    const std::optional<std::string>& table, const std::optional<std::string>& language,
    int limit) {
    std::vector<AudioCandidate> out;
    for (const std::string_view tbl_name : kAudioTables) {
        const std::string tbl(tbl_name);
        if (!matches(table, tbl)) continue;
        for (const std::string_view lang_code : kContentLanguages) {
            const std::string lang(lang_code);
            if (!matches(language, lang)) continue;
            for_each_text(t_, tbl, lang, [&](Id id, const std::string& text) {
                const AudioSource source{tbl, id, spoken_field(tbl, lang), lang};
                if (static_cast<int>(out.size()) < limit && !has_current_audio(t_, source, text))
                    out.push_back(AudioCandidate{source, text});
            });
        }
    }
    return out;
}

std::vector<AudioCoverageRow> MemoryContentTx::audio_coverage() {
    std::vector<AudioCoverageRow> out;
    for (const std::string_view table_name : kAudioTables) {
        const std::string table(table_name);
        for (const std::string_view language_code : kContentLanguages) {
            const std::string language(language_code);
            AudioCoverageRow row{table, language, 0, 0};
            for_each_text(t_, table, language, [&](Id id, const std::string& text) {
                ++row.items;
                const AudioSource source{table, id, spoken_field(table, language), language};
                if (has_current_audio(t_, source, text))
                    ++row.with_audio;
                else if (has_audio(t_, source))
                    ++row.stale;
            });
            out.push_back(row);
        }
    }
    return out;
}

}  // namespace ll
