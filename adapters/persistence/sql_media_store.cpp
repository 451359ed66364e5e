#include "adapters/persistence/sql_media_store.hpp"

#include <algorithm>
#include <climits>
#include <set>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>
#include <stdexcept>

#include "adapters/media/media_names.hpp"
#include "adapters/persistence/database.hpp"
#include "adapters/persistence/queries.hpp"

namespace ll {
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;  // SQLite's hex() writes upper case
    throw std::runtime_error("media store: the database sent a byte that is not hexadecimal");
}

std::string from_hex(std::string_view hex) {
    if (hex.size() % 2 != 0)
        throw std::runtime_error("media store: the database sent an odd number of hex digits");
    std::string out(hex.size() / 2, '\0');
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<char>(hex_digit(hex[2 * i]) << 4 | hex_digit(hex[2 * i + 1]));
    return out;
}

// PostgreSQL: statements sent through the session's libpq connection, with the bytes in binary
// both ways (SOCI binds and reads bytea only as text: hex, twice the bytes, and copies of them).
// Parameters are text but for the formats given (1: binary). A failure is a soci_error, so that
// Database's retry treats a lost connection as for every other statement.
using PgResult = std::unique_ptr<PGresult, decltype(&PQclear)>;

PgResult postgresql_exec(soci::session& s, const char* name, int count, const char* const* values,
                         const int* lengths, const int* formats, ExecStatusType expected) {
    auto* backend = static_cast<soci::postgresql_session_backend*>(s.get_backend());
    PgResult result(PQexecParams(backend->conn_, sql::query(sql::Dialect::postgresql, name).c_str(),
                                 count, nullptr, values, lengths, formats, /*binary result*/ 1),
                    &PQclear);
    if (PQresultStatus(result.get()) != expected) {
        const char* message = result ? PQresultErrorMessage(result.get()) : "";
        throw soci::soci_error(std::string("media store: ") +
                               (*message ? message : PQerrorMessage(backend->conn_)));
    }
    return result;
}

std::optional<std::string> postgresql_part(soci::session& s, int from, int length,
                                           const std::string& name) {
    const std::string first = std::to_string(from), count = std::to_string(length);
    const char* values[] = {first.c_str(), count.c_str(), name.c_str()};
    const PgResult result =
        postgresql_exec(s, "media_files.part", 3, values, nullptr, nullptr, PGRES_TUPLES_OK);
    if (PQntuples(result.get()) == 0) return std::nullopt;
    if (PQgetisnull(result.get(), 0, 0)) return std::string();
    return std::string(PQgetvalue(result.get(), 0, 0),
                       static_cast<std::size_t>(PQgetlength(result.get(), 0, 0)));
}

void postgresql_insert(soci::session& s, const std::string& name, std::string_view bytes) {
    const std::string size = std::to_string(bytes.size());
    const char* values[] = {name.c_str(), size.c_str(), bytes.data()};
    const int lengths[] = {0, 0, static_cast<int>(bytes.size())};
    const int formats[] = {0, 0, 1};
    postgresql_exec(s, "media_files.insert", 3, values, lengths, formats, PGRES_COMMAND_OK);
}

}  // namespace

SqlMediaStore::SqlMediaStore(const std::string& database_url, int pool_size)
    : db_(std::make_unique<sql::Database>(sql::parse_database_url(database_url),
                                          std::max(1, pool_size))) {}

SqlMediaStore::~SqlMediaStore() = default;

std::string SqlMediaStore::put(std::string_view bytes, std::string_view extension) {
    std::string name = media_name_for(bytes, extension);
    // Content-addressed: bytes stored already are not sent again. Asked of the database, not
    // of the size cache: a row restored away must be written again.
    if (stored_size(name)) return name;
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
        throw std::invalid_argument("media store: a file of 2 GiB or more cannot be stored");
    if (db_->dialect() == sql::Dialect::postgresql) {
        db_->autocommit([&](soci::session& s) { postgresql_insert(s, name, bytes); });
        return name;
    }
    // SQLite takes the bytes as text of their full length (its statement makes them a BLOB).
    const long long size = static_cast<long long>(bytes.size());
    const std::string data(bytes);
    db_->autocommit([&](soci::session& s) {
        s << sql::query(db_->dialect(), "media_files.insert"), soci::use(name, "name"),
            soci::use(size, "bytes"), soci::use(data, "data");
    });
    return name;
}

std::optional<std::uint64_t> SqlMediaStore::stored_size(const std::string& name) const {
    return db_->read([&](soci::session& s) -> std::optional<std::uint64_t> {
        long long bytes = 0;
        s << sql::query(db_->dialect(), "media_files.size"), soci::use(name, "name"),
            soci::into(bytes);
        if (!s.got_data()) return std::nullopt;
        return static_cast<std::uint64_t>(bytes);
    });
}

std::optional<std::uint64_t> SqlMediaStore::size_of(std::string_view name) const {
    if (!is_media_name(name)) return std::nullopt;
    const std::string key(name);
    {
        std::lock_guard lock(sizes_mutex_);
        if (const auto it = sizes_.find(key); it != sizes_.end()) return it->second;
    }
    const auto size = stored_size(key);
    if (size) {
        constexpr std::size_t kMaxSizes = 100'000;  // some 20 MB at most
        std::lock_guard lock(sizes_mutex_);
        if (sizes_.size() >= kMaxSizes) sizes_.clear();
        sizes_.emplace(key, *size);
    }
    return size;
}

std::optional<std::string> SqlMediaStore::read(std::string_view name) const {
    return read_part(name, 0, UINT64_MAX);
}

std::optional<std::string> SqlMediaStore::read_part(std::string_view name, std::uint64_t first,
                                                    std::uint64_t count) const {
    if (!is_media_name(name)) return std::nullopt;
    // Both databases count from 1, in int32: no stored file comes near 2 GiB (uploads are
    // bounded far below it), so a start past that reads nothing, as past the end of a file.
    const std::string key(name);
    const auto start = std::min<std::uint64_t>(first, INT_MAX - 1);
    const int from = static_cast<int>(start) + 1;
    // from + length stays within int32 (PostgreSQL reads an overflow as "to the end").
    const int length = static_cast<int>(std::min<std::uint64_t>(count, INT_MAX - from));
    if (db_->dialect() == sql::Dialect::postgresql) {
        return db_->read([&](soci::session& s) { return postgresql_part(s, from, length, key); });
    }
    return db_->read([&](soci::session& s) -> std::optional<std::string> {
        std::string hex;
        soci::indicator null = soci::i_ok;
        s << sql::query(db_->dialect(), "media_files.part"), soci::use(from, "first"),
            soci::use(length, "count"), soci::use(key, "name"), soci::into(hex, null);
        if (!s.got_data()) return std::nullopt;
        return null == soci::i_null ? std::string() : from_hex(hex);
    });
}

bool SqlMediaStore::exists(std::string_view name) const {
    return size_of(name).has_value();
}

std::vector<std::string> SqlMediaStore::names() const {
    return db_->read([&](soci::session& s) {
        std::vector<std::string> out;
        soci::rowset<std::string> rows =
            (s.prepare << sql::query(db_->dialect(), "media_files.names"));
        for (const auto& name : rows) out.push_back(name);
        return out;
    });
}

std::vector<std::string> referenced_media(const std::string& database_url) {
    sql::Database db(sql::parse_database_url(database_url), 1);
    return db.read([&](soci::session& s) {
        std::set<std::string> out;
        soci::rowset<std::string> rows =
            (s.prepare << sql::query(db.dialect(), "media_files.referenced"));
        for (const auto& stored : rows) out.emplace(stored_media_name(stored));
        return std::vector<std::string>(out.begin(), out.end());
    });
}

}  // namespace ll
