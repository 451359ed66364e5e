#include "adapters/words/llm_protocol.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <boost/json.hpp>

namespace ll::words {
namespace {

namespace json = boost::json;

constexpr double kTemperature = 0.2;
constexpr std::size_t kMaxQuoted = 200;  // bytes of model or server text quoted in errors

const char* const kSystemPrompt =
    "You write vocabulary for a picture-based German course for speakers of English and "
    "Swedish. Answer with one JSON object and nothing else. German nouns are capitalised and "
    "given without article. level is the difficulty for a learner from 1 (first words) to 100 "
    "(rare words).";

std::string quoted(const std::string& text) {
    return json::serialize(json::value(text));
}

std::string describe(const WordSeed& seed) {
    std::string out = quoted(seed.title_de);
    if (seed.title_en || seed.title_sv)
        out += fmt::format(" (English {}, Swedish {})", quoted(seed.title_en.value_or("?")),
                           quoted(seed.title_sv.value_or("?")));
    return out;
}

std::string body_for(const std::string& model, const std::string& user_prompt) {
    json::object body;
    body["model"] = model;
    body["messages"] = json::array{
        json::object{{"role", "system"}, {"content", kSystemPrompt}},
        json::object{{"role", "user"}, {"content", user_prompt}},
    };
    body["temperature"] = kTemperature;
    body["response_format"] = json::object{{"type", "json_object"}};
    return json::serialize(body);
}

std::string excerpt(std::string_view text) {
    if (text.size() <= kMaxQuoted) return std::string(text);
    return std::string(text.substr(0, kMaxQuoted)) + "...";
}

json::value parse_or_throw(std::string_view text, std::string_view what) {
    boost::system::error_code ec;
    auto value = json::parse(text, ec);
    if (ec) throw GenerationError(fmt::format("{} is not JSON ({})", what, ec.message()));
    return value;
}

// --- reading fields -------------------------------------------------------------------

std::string text_field(const json::object& item, std::string_view key, const std::string& path,
                       std::string_view fallback_key = {}) {
    const json::value* v = item.if_contains(key);
    if ((!v || v->is_null()) && !fallback_key.empty()) v = item.if_contains(fallback_key);
    if (!v || v->is_null()) return {};
    if (const auto* s = v->if_string()) return std::string(*s);
    throw GenerationError(fmt::format("LLM output: {}.{} is not a string", path, key));
}

int level_field(const json::object& item, const std::string& path) {
    const json::value* v = item.if_contains("level");
    if (!v || v->is_null()) return 0;
    const auto bad = [&] {
        return GenerationError(fmt::format("LLM output: {}.level is not an integer", path));
    };
    if (const auto* i = v->if_int64()) {
        if (*i < -1000000 || *i > 1000000) throw bad();
        return static_cast<int>(*i);
    }
    if (const auto* u = v->if_uint64()) {
        if (*u > 1000000) throw bad();
        return static_cast<int>(*u);
    }
    if (const auto* d = v->if_double()) {
        if (*d != static_cast<double>(static_cast<long long>(*d)) || *d < -1e6 || *d > 1e6)
            throw bad();
        return static_cast<int>(*d);
    }
    if (const auto* s = v->if_string()) {
        if (s->empty() || s->size() > 6 ||
            !std::all_of(s->begin(), s->end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw bad();
        return std::stoi(std::string(*s));
    }
    throw bad();
}

const json::object& object_at(const json::value& v, const std::string& path) {
    if (const auto* o = v.if_object()) return *o;
    throw GenerationError(fmt::format("LLM output: {} is not an object", path));
}

GeneratedWord read_word(const json::value& v, const std::string& path) {
    const auto& item = object_at(v, path);
    return GeneratedWord{text_field(item, "title_de", path), text_field(item, "title_en", path),
                         text_field(item, "title_sv", path), level_field(item, path)};
}

std::vector<GeneratedWord> read_word_list(const json::object& item, std::string_view key,
                                          const std::string& path) {
    std::vector<GeneratedWord> out;
    const json::value* v = item.if_contains(key);
    if (!v || v->is_null()) return out;
    const auto* list = v->if_array();
    if (!list) throw GenerationError(fmt::format("LLM output: {}.{} is not an array", path, key));
    for (std::size_t i = 0; i < list->size(); ++i)
        out.push_back(read_word((*list)[i], fmt::format("{}.{}[{}]", path, key, i)));
    return out;
}

GeneratedQuestion read_question(const json::value& v, const std::string& path) {
    const auto& item = object_at(v, path);
    GeneratedQuestion q;
    q.text_de = text_field(item, "text_de", path);
    q.text_en = text_field(item, "text_en", path);
    q.text_sv = text_field(item, "text_sv", path);
    q.short_answer_de = text_field(item, "short_answer_de", path);
    q.short_answer_en = text_field(item, "short_answer_en", path);
    q.short_answer_se = text_field(item, "short_answer_se", path, "short_answer_sv");
    q.level = level_field(item, path);
    q.answer_words = read_word_list(item, "answer_words", path);
    q.distractor_words = read_word_list(item, "distractor_words", path);
    return q;
}

// The list under `key` of the model's JSON answer (or the answer itself when it is an array).
json::array list_of(const std::string& body, std::string_view key) {
    const auto content = strip_code_fences(message_content(body));
    boost::system::error_code ec;
    auto value = json::parse(content, ec);
    if (ec) {
        // Prose around the object: try the outermost braces.
        const auto open = content.find('{');
        const auto close = content.rfind('}');
        if (open != std::string::npos && close != std::string::npos && close > open)
            value = json::parse(std::string_view(content).substr(open, close - open + 1), ec);
        if (ec)
            throw GenerationError(
                fmt::format("LLM message content is not JSON: {}", excerpt(content)));
    }
    if (auto* list = value.if_array()) return std::move(*list);
    if (const auto* o = value.if_object())
        if (const auto* v = o->if_contains(key))
            if (const auto* list = v->if_array()) return *list;
    throw GenerationError(fmt::format("LLM output has no \"{}\" array", key));
}

}  // namespace

std::string words_request_body(const std::string& model, const WordGenerationRequest& request) {
    std::string seeds;
    for (const auto& seed : request.seeds) seeds += (seeds.empty() ? "" : ", ") + describe(seed);
    std::string known;
    for (const auto& title : request.known_titles)
        known += (known.empty() ? "" : ", ") + quoted(title);
    auto prompt =
        fmt::format("Suggest up to {} German words for learners, related to these words: {}.\n",
                    request.count, seeds.empty() ? "(none)" : seeds);
    if (!request.context.empty())
        prompt += fmt::format("They belong to a picture titled {}.\n", quoted(request.context));
    if (!known.empty())
        prompt += fmt::format("Do not suggest any of these (already known): {}.\n", known);
    prompt +=
        "Prefer concrete, everyday words a learner can see in such a picture.\n"
        "Answer exactly in this form: {\"words\":[{\"title_de\":\"Hund\",\"title_en\":\"dog\","
        "\"title_sv\":\"hund\",\"level\":5}]}";
    return body_for(model, prompt);
}

std::string questions_request_body(const std::string& model,
                                   const QuestionGenerationRequest& request) {
    std::string others;
    for (const auto& w : request.other_words) others += (others.empty() ? "" : ", ") + describe(w);
    auto prompt =
        fmt::format("Write up to {} short quiz questions about the object {} shown in a picture",
                    request.count, describe(request.label));
    if (!request.context.empty()) prompt += fmt::format(" titled {}", quoted(request.context));
    prompt += ".\n";
    prompt +=
        "Each question in German, English and Swedish (text_de, text_en, text_sv) with a short "
        "answer of one to three words in each language (short_answer_de, short_answer_en, "
        "short_answer_se), a level, the answer words (usually the object's word) and up to 3 "
        "plausible wrong answers (distractor_words), all as German words with English and "
        "Swedish translations and a level.\n";
    if (!others.empty())
        prompt +=
            fmt::format("Other words of the same picture (good wrong answers): {}.\n", others);
    prompt +=
        "Answer exactly in this form: {\"questions\":[{\"text_de\":\"Was ist das?\","
        "\"text_en\":\"What is this?\",\"text_sv\":\"Vad är det "
        "här?\",\"short_answer_de\":\"Hund\","
        "\"short_answer_en\":\"dog\",\"short_answer_se\":\"hund\",\"level\":5,\"answer_words\":"
        "[{\"title_de\":\"Hund\",\"title_en\":\"dog\",\"title_sv\":\"hund\",\"level\":5}],"
        "\"distractor_words\":[{\"title_de\":\"Katze\",\"title_en\":\"cat\",\"title_sv\":\"katt\","
        "\"level\":5}]}]}";
    return body_for(model, prompt);
}

std::string message_content(const std::string& body) {
    const auto value = parse_or_throw(body, "LLM response body");
    const auto* root = value.if_object();
    if (!root) throw GenerationError("LLM response body is not a JSON object");
    const auto* choices_value = root->if_contains("choices");
    const auto* choices = choices_value ? choices_value->if_array() : nullptr;
    if (!choices || choices->empty()) {
        if (const auto* error = root->if_contains("error")) {
            const auto* o = error->if_object();
            const auto* message = o ? o->if_contains("message") : nullptr;
            if (message && message->is_string())
                throw GenerationError(fmt::format("LLM endpoint reported an error: {}",
                                                  excerpt(message->get_string())));
        }
        throw GenerationError("LLM response has no choices");
    }
    const auto* choice = (*choices)[0].if_object();
    const auto* message_value = choice ? choice->if_contains("message") : nullptr;
    const auto* message = message_value ? message_value->if_object() : nullptr;
    const auto* content = message ? message->if_contains("content") : nullptr;
    if (!content || !content->is_string())
        throw GenerationError("LLM response has no message content in choices[0]");
    return std::string(content->get_string());
}

std::string strip_code_fences(const std::string& content) {
    std::string_view text = content;
    auto trim = [&text] {
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
            text.remove_prefix(1);
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.remove_suffix(1);
    };
    trim();
    if (text.starts_with("```")) {
        const auto nl = text.find('\n');
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        trim();
        if (text.ends_with("```")) text.remove_suffix(3);
        trim();
    }
    return std::string(text);
}

std::vector<GeneratedWord> parse_words_reply(const std::string& body) {
    const auto list = list_of(body, "words");
    std::vector<GeneratedWord> out;
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(read_word(list[i], fmt::format("words[{}]", i)));
    return out;
}

std::vector<GeneratedQuestion> parse_questions_reply(const std::string& body) {
    const auto list = list_of(body, "questions");
    std::vector<GeneratedQuestion> out;
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(read_question(list[i], fmt::format("questions[{}]", i)));
    return out;
}

}  // namespace ll::words
