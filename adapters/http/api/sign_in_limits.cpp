#include "adapters/http/api/sign_in_limits.hpp"

#include "adapters/http/server/json_response.hpp"

namespace ll::http {

std::string client_of(const SignInLimits& limits, const Request& request) {
    return limited_address(client_address(request.client_address, request.header("x-forwarded-for"),
                                          limits.origin.trusted_proxies));
}

Guard address_limit(std::shared_ptr<SignInLimits> limits, const Clock& clock) {
    return [limits, &clock](Request& request) -> std::optional<Response> {
        const std::string address = client_of(*limits, request);
        if (const auto wait = limits->per_address.take(address_key(address), clock.now()))
            return error_response(errors::too_many_requests(*wait));
        return std::nullopt;
    };
}

}  // namespace ll::http
