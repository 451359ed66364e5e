// Audios on SOCI: SqlContentTx's AudioRows (core/ports/content/audio.hpp), one row per
// (source_table, source_id, source_field, language), and which texts still lack one. The fixed
// statements are db/queries/content_audio.sql; the two over every text column
// (audio_candidates, audio_coverage) are put together here, one per table and language, because
// their column names are the spoken field of each: written out, they would be eighteen texts,
// and each dialect spells "has text" its own way (DialectSql::has_text).
#include "adapters/persistence/audio_columns.hpp"
#include "adapters/persistence/content/sql_content_tx.hpp"
#include "core/domain/content_languages.hpp"

namespace ll::sql {
namespace {

// Column names in the SQL text below come from spoken_field() of kAudioTables and
// kContentLanguages only (core/domain/content_languages.hpp), never from a request.

// A variant's two columns (path, bytes); nullopt where the path is NULL.
std::optional<AudioVariant> variant_of(Cells& c) {
    auto path = c.opt_text();
    const auto bytes = c.opt_integer();
    if (!path) return std::nullopt;
    return AudioVariant{std::move(*path), bytes.value_or(0)};
}

// Binds the size and the variants' columns (NULL where an audio has none), and the file they
// were made from.
void bind_variants(Query& q, const Audio& audio) {
    const bool any = audio.bytes || audio.opus || audio.aac;
    q.bind("variants_of", param(any ? std::optional<std::string>(audio.file_path) : std::nullopt));
    const auto path = [](const std::optional<AudioVariant>& v) {
        return v ? std::optional<std::string>(v->file_path) : std::nullopt;
    };
    const auto bytes = [](const std::optional<AudioVariant>& v) {
        return v ? std::optional<std::int64_t>(v->bytes) : std::nullopt;
    };
    q.bind("bytes", param(audio.bytes))
        .bind("opus_path", param(path(audio.opus)))
        .bind("opus_bytes", param(bytes(audio.opus)))
        .bind("aac_path", param(path(audio.aac)))
        .bind("aac_bytes", param(bytes(audio.aac)));
}

Audio audio_of(const soci::row& r) {
    Cells c(r);
    Audio a;
    a.id = c.integer();
    a.source.table = c.text();
    a.source.id = c.integer();
    a.source.field = c.text();
    a.source.language = c.text();
    a.file_path = c.text();
    a.mime = c.text();
    a.voice = c.opt_text();
    a.duration_ms = c.integer();
    a.created_at = c.timestamp();
    a.updated_at = c.timestamp();
    a.bytes = c.opt_integer();
    a.opus = variant_of(c);
    a.aac = variant_of(c);
    drop_stale_copies(a, c.opt_text());
    a.spoken_text = c.opt_text();
    return a;
}

// `FROM <table> x WHERE <field has text> AND [NOT] EXISTS (its audio)`.
void texts_of(Query& q, const DialectSql& d, const std::string& table,
              const std::string& language) {
    const std::string field = spoken_field(table, language);
    q << " FROM " << table << " x WHERE " << d.has_text("x." + field);
}

// `EXISTS (an audio of x's field in the language)`; `current`: one that speaks the field's text
// as x holds it now (core/domain/audio_text.hpp).
void audio_exists(Query& q, const std::string& table, const std::string& language, bool current) {
    const std::string field = spoken_field(table, language);
    q << "EXISTS (SELECT 1 FROM audios a WHERE a.source_table = " << param(table)
      << " AND a.source_id = x.id AND a.source_field = " << param(field)
      << " AND a.language = " << param(language);
    if (current) q << " AND a.spoken_text = x." << field;
    q << ")";
}

}  // namespace

void SqlContentTx::delete_audios_of(const char* table, Id id) {
    Query q = named("content_audio.delete_of_item");
    q.bind("source_table", param(table)).bind("source_id", param(id)).run(s_);
}

std::optional<Audio> SqlContentTx::audio(const AudioSource& source) {
    Query q = named("content_audio.find");
    q.bind("source_table", param(source.table))
        .bind("source_id", param(source.id))
        .bind("source_field", param(source.field))
        .bind("language", param(source.language));
    return row_as<Audio>(s_, q, audio_of);
}

std::vector<Audio> SqlContentTx::audios_of_item(const std::string& table, Id id) {
    Query q = named("content_audio.of_item");
    q.bind("source_table", param(table)).bind("source_id", param(id));
    return rows_as<Audio>(s_, q, audio_of);
}

std::pair<Audio, bool> SqlContentTx::upsert_audio(const Audio& audio) {
    const Id id = new_id(IdSequence::audios);
    Query q = named("content_audio.upsert");
    q.bind("id", param(id))
        .bind("source_table", param(audio.source.table))
        .bind("source_id", param(audio.source.id))
        .bind("source_field", param(audio.source.field))
        .bind("language", param(audio.source.language))
        .bind("file_path", param(audio.file_path))
        .bind("mime", param(audio.mime))
        .bind("voice", param(audio.voice))
        .bind("duration_ms", param(audio.duration_ms))
        .bind("created_at", ts(audio.created_at))
        .bind("updated_at", ts(audio.updated_at))
        .bind("spoken_text", param(audio.spoken_text));
    bind_variants(q, audio);
    const bool inserted = q.first_int(s_) == id;
    return {this->audio(audio.source).value(), inserted};
}

std::vector<Audio> SqlContentTx::audios(const Page& page) {
    Query q = named("content_audio.page");
    q.bind("after", param(page.after.value_or(0))).bind("page_size", param(page.limit));
    return rows_as<Audio>(s_, q, audio_of);
}

bool SqlContentTx::set_audio_variants(const Audio& audio) {
    Query q = named("content_audio.set_variants");
    bind_variants(q, audio);
    q.bind("id", param(audio.id)).bind("file_path", param(audio.file_path));
    return q.run(s_) == 1;
}

// One query per (table, language) in the documented order, each for what is left of `limit`.
std::vector<AudioCandidate> SqlContentTx::audio_candidates(
    const std::optional<std::string>& table, const std::optional<std::string>& language,
    int limit) {
    std::vector<AudioCandidate> out;
    for (const std::string_view tbl_name : kAudioTables) {
        const std::string tbl(tbl_name);
        if (table && *table != tbl) continue;
        for (const std::string_view lang_code : kContentLanguages) {
            const std::string lang(lang_code);
            if (language && *language != lang) continue;
            const int left = limit - static_cast<int>(out.size());
            if (left <= 0) return out;
            Query q = query();
            q << "SELECT x.id, x." << spoken_field(tbl, lang);
            texts_of(q, d_, tbl, lang);
            q << " AND NOT ";
            audio_exists(q, tbl, lang, true);
            q << " ORDER BY x.id LIMIT " << param(left);
            q.each(s_, [&](const soci::row& r) {
                Cells c(r);
                AudioCandidate candidate;
                candidate.source = AudioSource{tbl, c.integer(), spoken_field(tbl, lang), lang};
                candidate.text = c.text();
                out.push_back(std::move(candidate));
            });
        }
    }
    return out;
}

std::vector<AudioCoverageRow> SqlContentTx::audio_coverage() {
    std::vector<AudioCoverageRow> out;
    for (const std::string_view table_name : kAudioTables) {
        const std::string table(table_name);
        for (const std::string_view language_code : kContentLanguages) {
            const std::string language(language_code);
            Query q = query();
            q << "SELECT COUNT(*), COALESCE(SUM(CASE WHEN ";
            audio_exists(q, table, language, true);
            q << " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN ";
            audio_exists(q, table, language, false);
            q << " THEN 1 ELSE 0 END), 0)";
            texts_of(q, d_, table, language);
            AudioCoverageRow row{table, language, 0, 0, 0};
            q.each(s_, [&](const soci::row& r) {
                Cells c(r);
                row.items = c.integer();
                row.with_audio = c.integer();
                row.stale = c.integer() - row.with_audio;  // any audio, less the current ones
            });
            out.push_back(row);
        }
    }
    return out;
}

}  // namespace ll::sql
