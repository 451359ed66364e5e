#pragma once
// A self-signed certificate made at run time (valid from an hour ago for a day, so the test
// does not depend on when it runs), by default for "localhost" and 127.0.0.1.
#include <string>

namespace ll::test {

struct TestCertificate {
    std::string certificate_pem;
    std::string private_key_pem;
};

// `subject_alt_names` in OpenSSL's config syntax.
TestCertificate make_test_certificate(
    const std::string& subject_alt_names = "DNS:localhost,IP:127.0.0.1");

}  // namespace ll::test
