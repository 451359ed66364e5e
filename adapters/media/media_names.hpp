#pragma once
// The names of stored media, whatever holds them (a folder, the database): "<64 lower-case hex
// digits of the SHA-256 of the bytes>.<extension>" (core/ports/media_store.hpp).
#include <string>
#include <string_view>

namespace ll {

// True for "<64 lower-case hex digits>.<1 to 8 of [a-z0-9]>", the only names the stores make
// and the only ones they read: no separators, no dots but one, so nothing outside the store.
bool is_media_name(std::string_view name);

// The name `bytes` are stored under. Throws std::invalid_argument unless the extension is 1 to
// 8 of [a-z0-9].
std::string media_name_for(std::string_view bytes, std::string_view extension);

}  // namespace ll
