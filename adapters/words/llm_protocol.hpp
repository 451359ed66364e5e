#pragma once
// The chat-completions exchange: the request body (OpenAI-compatible, JSON mode) and the
// reading of the model's answer into the port's values.
//
// The model is asked for {"words":[{title_de,title_en,title_sv,level}]} or
// {"questions":[{text_de,...,short_answer_se,level,answer_words,distractor_words}]}.
// Reading is strict about types and lenient about absence, leaving validation to the core:
//   - a missing or null text field becomes "" (the core rejects the item: titles must be
//     non-empty); a field of another type (number, object, ...) is a GenerationError;
//   - level: an integer, an integral float (7.0) or a string of digits ("7"); missing or
//     null becomes 0 (rejected by the core); anything else is a GenerationError;
//   - short_answer_sv is read when short_answer_se is absent (models "correct" the name);
//   - the content may be wrapped in ```json fences or surrounded by prose: the outermost
//     {...} is parsed; a bare array is taken as the list.
#include <string>
#include <vector>

#include "core/ports/word_generator.hpp"

namespace ll::words {

std::string words_request_body(const std::string& model, const WordGenerationRequest& request);
std::string questions_request_body(const std::string& model,
                                   const QuestionGenerationRequest& request);

// `body` is the HTTP response body of the endpoint. Throws GenerationError.
std::vector<GeneratedWord> parse_words_reply(const std::string& body);
std::vector<GeneratedQuestion> parse_questions_reply(const std::string& body);

// The message content of choices[0] (throws GenerationError), and the JSON text inside it.
std::string message_content(const std::string& body);
std::string strip_code_fences(const std::string& content);

}  // namespace ll::words
