#pragma once
// The request methods the services know. Anything else is refused 501 as soon as the request line
// is read and never becomes a metrics label.
#include <string_view>

#include <boost/beast/http/verb.hpp>

namespace ll::http {

// The methods some route of either service answers, and OPTIONS (CORS preflight).
bool known_method(boost::beast::http::verb verb);

// The method as a metrics label: a known method, "other", or "-" before a request line was read.
// Never the client's own text, which would make every distinct method a new series.
std::string_view method_label(std::string_view method);

}  // namespace ll::http
