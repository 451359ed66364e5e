// The catalogue of translated messages. Each entry is a template of the default message: "{}"
// stands for a part that is carried over as it is (a field's name, a number, a list of options).
#include "core/domain/messages.hpp"

#include <array>
#include <vector>

namespace ll {
namespace {

struct Entry {
    std::string_view message;  // the default text, as errors.hpp makes it
    Texts texts;
};

// The messages of the learner API (core/domain/errors.hpp); the English default where the
// default is English, the seed's German where the seed fixes German.
constexpr std::array kCatalogue = {
    // Accounts and sign-in.
    Entry{"email and password are required",
          {"E-Mail und Passwort sind erforderlich", "email and password are required",
           "E-post och lösenord krävs"}},
    Entry{
        "Invalid email format",
        {"Ungültiges E-Mail-Format", "Invalid email format", "Ogiltigt format på e-postadressen"}},
    Entry{"Password must be at least 8 characters",
          {"Das Passwort muss mindestens 8 Zeichen lang sein",
           "Password must be at least 8 characters", "Lösenordet måste ha minst 8 tecken"}},
    Entry{"Password must be at most 1024 characters",
          {"Das Passwort darf höchstens 1024 Zeichen lang sein",
           "Password must be at most 1024 characters", "Lösenordet får ha högst 1024 tecken"}},
    Entry{"Invalid username format",
          {"Ungültiges Format des Benutzernamens", "Invalid username format",
           "Ogiltigt format på användarnamnet"}},
    Entry{"username, nativeLang and targetLang are required",
          {"username, nativeLang und targetLang sind erforderlich",
           "username, nativeLang and targetLang are required",
           "username, nativeLang och targetLang krävs"}},
    Entry{
        "nativeLang and targetLang must differ",
        {"nativeLang und targetLang müssen sich unterscheiden",
         "nativeLang and targetLang must differ", "nativeLang och targetLang måste skilja sig åt"}},
    Entry{"Invalid language id(s)",
          {"Ungültige Sprach-ID(s)", "Invalid language id(s)", "Ogiltigt språk-id"}},
    Entry{"Idempotency-Key must be 1 to 100 printable characters",
          {"Idempotency-Key muss 1 bis 100 druckbare Zeichen lang sein",
           "Idempotency-Key must be 1 to 100 printable characters",
           "Idempotency-Key måste vara 1 till 100 skrivbara tecken"}},
    Entry{"Invalid or expired reset link",
          {"Ungültiger oder abgelaufener Link zum Zurücksetzen", "Invalid or expired reset link",
           "Ogiltig eller utgången återställningslänk"}},
    Entry{"Invalid JSON body",
          {"Ungültiger JSON-Inhalt", "Invalid JSON body", "Ogiltig JSON i begäran"}},
    Entry{"Invalid or expired refresh token",
          {"Ungültiges oder abgelaufenes Refresh-Token", "Invalid or expired refresh token",
           "Ogiltig eller utgången förnyelsetoken"}},
    Entry{"Unauthorized", {"Nicht angemeldet", "Unauthorized", "Inte inloggad"}},
    Entry{"Invalid or expired token",
          {"Ungültiges oder abgelaufenes Token", "Invalid or expired token",
           "Ogiltig eller utgången token"}},
    Entry{"Invalid credentials",
          {"Ungültige Anmeldedaten", "Invalid credentials", "Ogiltiga inloggningsuppgifter"}},
    Entry{"Registration not allowed",
          {"Registrierung nicht erlaubt", "Registration not allowed",
           "Registrering är inte tillåten"}},
    Entry{"Account deactivated",
          {"Konto deaktiviert", "Account deactivated", "Kontot är inaktiverat"}},
    Entry{"Insufficient permissions",
          {"Unzureichende Berechtigungen", "Insufficient permissions", "Otillräcklig behörighet"}},
    Entry{"User not found",
          {"Benutzer nicht gefunden", "User not found", "Användaren hittades inte"}},
    Entry{"Email already registered",
          {"E-Mail-Adresse bereits registriert", "Email already registered",
           "E-postadressen är redan registrerad"}},
    Entry{"Profile already exists",
          {"Profil existiert bereits", "Profile already exists", "Profilen finns redan"}},
    Entry{
        "Username already taken",
        {"Benutzername bereits vergeben", "Username already taken", "Användarnamnet är upptaget"}},
    Entry{"Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.",
          {"Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.",
           "No profile yet. Please create a profile first.",
           "Ingen profil ännu. Skapa först en profil."}},
    Entry{"Kein Profil vorhanden.",
          {"Kein Profil vorhanden.", "No profile yet.", "Ingen profil ännu."}},
    Entry{"If an account with this e-mail exists, a link to reset its password is on its way",
          {"Wenn es ein Konto mit dieser E-Mail-Adresse gibt, ist ein Link zum Zurücksetzen des "
           "Passworts unterwegs",
           "If an account with this e-mail exists, a link to reset its password is on its way",
           "Om det finns ett konto med den här e-postadressen är en länk för att återställa "
           "lösenordet på väg"}},
    // Learning: bookings, the practice queue, sync.
    Entry{"Pair not found", {"Karte nicht gefunden", "Pair not found", "Kortet hittades inte"}},
    Entry{"rating must be an integer from 1 (again) to 4 (easy)",
          {"rating muss eine ganze Zahl von 1 (nochmal) bis 4 (leicht) sein",
           "rating must be an integer from 1 (again) to 4 (easy)",
           "rating måste vara ett heltal från 1 (igen) till 4 (lätt)"}},
    Entry{"rating must be 1 (again) when correct is false and 2 to 4 when it is true",
          {"rating muss 1 (nochmal) sein, wenn correct false ist, und 2 bis 4, wenn es true ist",
           "rating must be 1 (again) when correct is false and 2 to 4 when it is true",
           "rating måste vara 1 (igen) när correct är false och 2 till 4 när det är true"}},
    Entry{"changed_after is not a position GET /auth/cards answered",
          {"changed_after ist keine Position, die GET /auth/cards geliefert hat",
           "changed_after is not a position GET /auth/cards answered",
           "changed_after är ingen position som GET /auth/cards har svarat med"}},
    Entry{"timezone must be an IANA time zone name such as Europe/Berlin, or null",
          {"timezone muss der Name einer IANA-Zeitzone wie Europe/Berlin oder null sein",
           "timezone must be an IANA time zone name such as Europe/Berlin, or null",
           "timezone måste vara namnet på en IANA-tidszon som Europe/Berlin, eller null"}},
    Entry{"items must be an array of at most 200 objects",
          {"items muss ein Array von höchstens 200 Objekten sein",
           "items must be an array of at most 200 objects",
           "items måste vara en array med högst 200 objekt"}},
    Entry{"client_id must be 1 to 100 printable characters",
          {"client_id muss 1 bis 100 druckbare Zeichen lang sein",
           "client_id must be 1 to 100 printable characters",
           "client_id måste vara 1 till 100 skrivbara tecken"}},
    Entry{"answered_at must be an ISO 8601 instant such as 2026-11-23T18:05:00.000Z",
          {"answered_at muss ein Zeitpunkt nach ISO 8601 wie 2026-11-23T18:05:00.000Z sein",
           "answered_at must be an ISO 8601 instant such as 2026-11-23T18:05:00.000Z",
           "answered_at måste vara en tidpunkt enligt ISO 8601 som 2026-11-23T18:05:00.000Z"}},
    Entry{"answered_at is more than 7 days ago",
          {"answered_at liegt mehr als 7 Tage zurück", "answered_at is more than 7 days ago",
           "answered_at ligger mer än 7 dagar tillbaka"}},
    Entry{"answered_at is before the account was created",
          {"answered_at liegt vor der Anlage des Kontos",
           "answered_at is before the account was created",
           "answered_at är tidigare än när kontot skapades"}},
    Entry{"answered_at is more than 5 minutes ahead",
          {"answered_at liegt mehr als 5 Minuten in der Zukunft",
           "answered_at is more than 5 minutes ahead",
           "answered_at ligger mer än 5 minuter in i framtiden"}},
    Entry{"client_id reused with a different answer",
          {"client_id wurde für eine andere Antwort wiederverwendet",
           "client_id reused with a different answer", "client_id återanvänt för ett annat svar"}},
    Entry{"Idempotency-Key reused with a different request",
          {"Idempotency-Key wurde für eine andere Anfrage wiederverwendet",
           "Idempotency-Key reused with a different request",
           "Idempotency-Key återanvänd för en annan begäran"}},
    // The HTTP layer's own answers.
    Entry{"Not found", {"Nicht gefunden", "Not found", "Hittades inte"}},
    Entry{"Method not allowed",
          {"Methode nicht erlaubt", "Method not allowed", "Metoden är inte tillåten"}},
    Entry{"Payload too large", {"Anfrage zu groß", "Payload too large", "Begäran är för stor"}},
    Entry{"Content-Type must be application/json",
          {"Content-Type muss application/json sein", "Content-Type must be application/json",
           "Content-Type måste vara application/json"}},
    Entry{"Too many requests",
          {"Zu viele Anfragen", "Too many requests", "För många förfrågningar"}},
    Entry{"Internal server error",
          {"Interner Serverfehler", "Internal server error", "Internt serverfel"}},
    Entry{"Service unavailable",
          {"Dienst nicht verfügbar", "Service unavailable", "Tjänsten är inte tillgänglig"}},
    Entry{"Bad request", {"Ungültige Anfrage", "Bad request", "Felaktig begäran"}},
    Entry{"Request header fields too large",
          {"Kopfzeilen der Anfrage zu groß", "Request header fields too large",
           "Begärans huvudfält är för stora"}},
    Entry{"Not implemented", {"Nicht implementiert", "Not implemented", "Inte implementerat"}},
    // "<field> <problem>" (errors::field and errors::problem): the field's name stays.
    Entry{"{} is required", {"{} ist erforderlich", "{} is required", "{} krävs"}},
    Entry{"{} must be a string",
          {"{} muss eine Zeichenkette sein", "{} must be a string", "{} måste vara en sträng"}},
    Entry{
        "{} must be UTF-8 text without NUL characters",
        {"{} muss UTF-8-Text ohne NUL-Zeichen sein", "{} must be UTF-8 text without NUL characters",
         "{} måste vara UTF-8-text utan NUL-tecken"}},
    Entry{"{} must be at most {} characters",
          {"{} darf höchstens {} Zeichen lang sein", "{} must be at most {} characters",
           "{} får ha högst {} tecken"}},
    Entry{"{} must be an integer from {} to {}",
          {"{} muss eine ganze Zahl von {} bis {} sein", "{} must be an integer from {} to {}",
           "{} måste vara ett heltal från {} till {}"}},
    Entry{"{} must be a number from {} to {}",
          {"{} muss eine Zahl von {} bis {} sein", "{} must be a number from {} to {}",
           "{} måste vara ett tal från {} till {}"}},
    Entry{"{} is not a setting (the settings are desired_retention and new_per_day)",
          {"{} ist keine Einstellung (die Einstellungen sind desired_retention und new_per_day)",
           "{} is not a setting (the settings are desired_retention and new_per_day)",
           "{} är ingen inställning (inställningarna är desired_retention och new_per_day)"}},
    Entry{"{} is not a setting (the settings are {})",
          {"{} ist keine Einstellung (die Einstellungen sind {})",
           "{} is not a setting (the settings are {})",
           "{} är ingen inställning (inställningarna är {})"}},
    Entry{"{} must be a positive integer",
          {"{} muss eine positive ganze Zahl sein", "{} must be a positive integer",
           "{} måste vara ett positivt heltal"}},
    Entry{"{} must be an integer",
          {"{} muss eine ganze Zahl sein", "{} must be an integer", "{} måste vara ett heltal"}},
    Entry{
        "{} must be a pair id (an integer >= 0)",
        {"{} muss die ID einer Karte sein (eine ganze Zahl >= 0)",
         "{} must be a pair id (an integer >= 0)", "{} måste vara ett korts id (ett heltal >= 0)"}},
    Entry{"{} must be true or false",
          {"{} muss true oder false sein", "{} must be true or false",
           "{} måste vara true eller false"}},
    Entry{"{} must be one of {}",
          {"{} muss einer der Werte {} sein", "{} must be one of {}", "{} måste vara något av {}"}},
    Entry{"{} must be an array",
          {"{} muss ein Array sein", "{} must be an array", "{} måste vara en array"}},
    Entry{"{} must be an object",
          {"{} muss ein Objekt sein", "{} must be an object", "{} måste vara ett objekt"}},
};

// The parts of `text` that the template's "{}" stand for, or nullopt when it does not fit. A
// "{}" at the start is a field's name: one word.
std::optional<std::vector<std::string_view>> fit(std::string_view pattern, std::string_view text) {
    // Most entries are whole messages: compared as they are, without splitting.
    if (pattern.find("{}") == std::string_view::npos)
        return pattern == text ? std::optional(std::vector<std::string_view>{}) : std::nullopt;
    std::vector<std::string_view> literals;
    for (std::size_t hole; (hole = pattern.find("{}")) != std::string_view::npos;) {
        literals.push_back(pattern.substr(0, hole));
        pattern.remove_prefix(hole + 2);
    }
    literals.push_back(pattern);
    if (!text.starts_with(literals.front())) return std::nullopt;
    std::vector<std::string_view> parts;
    std::size_t at = literals.front().size();
    for (std::size_t i = 1; i < literals.size(); ++i) {
        const std::string_view literal = literals[i];
        const bool last = i + 1 == literals.size();
        // Every part has at least one character; the last literal ends the text.
        std::size_t end = std::string_view::npos;
        if (!last) {
            end = text.find(literal, at + 1);
        } else if (text.size() >= at + 1 + literal.size() && text.ends_with(literal)) {
            end = text.size() - literal.size();
        }
        if (end == std::string_view::npos) return std::nullopt;
        parts.push_back(text.substr(at, end - at));
        at = end + literal.size();
    }
    if (literals.front().empty() && parts.front().find(' ') != std::string_view::npos)
        return std::nullopt;
    return parts;
}

// A decimal number ("0.70") as German and Swedish write it ("0,70").
bool is_decimal(std::string_view part) {
    const auto point = part.find('.');
    if (point == std::string_view::npos || point == 0 || point + 1 == part.size()) return false;
    for (std::size_t i = 0; i < part.size(); ++i)
        if (i != point && (part[i] < '0' || part[i] > '9')) return false;
    return true;
}

std::string fill(std::string_view pattern, const std::vector<std::string_view>& parts, Lang lang) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t hole; (hole = pattern.find("{}")) != std::string_view::npos;) {
        out.append(pattern.substr(0, hole));
        if (next < parts.size()) {
            const std::string_view part = parts[next++];
            if (lang != Lang::en && is_decimal(part)) {
                std::string comma(part);
                comma[comma.find('.')] = ',';
                out.append(comma);
            } else {
                out.append(part);
            }
        }
        pattern.remove_prefix(hole + 2);
    }
    out.append(pattern);
    return out;
}

}  // namespace

std::optional<std::string> message_in(std::string_view message, Lang lang) {
    for (const Entry& entry : kCatalogue) {
        if (const auto parts = fit(entry.message, message))
            return fill(entry.texts.in(lang), *parts, lang);
    }
    return std::nullopt;
}

bool translate(Error& error, Lang lang) {
    auto said = message_in(error.message, lang);
    if (!said) return false;
    error.message = std::move(*said);
    return true;
}

}  // namespace ll
