#include "test_certificate.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>
#include <stdexcept>

namespace ll::test {
namespace {

template <typename T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, decltype([](T* p) { Free(p); })>;

void check(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("test certificate: ") + what);
}

std::string pem_of(BIO* bio) {
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return std::string(data, static_cast<std::size_t>(size));
}

}  // namespace

TestCertificate make_test_certificate(const std::string& subject_alt_names) {
    Owned<EVP_PKEY, EVP_PKEY_free> key(EVP_EC_gen("P-256"));
    check(key != nullptr, "key");
    Owned<X509, X509_free> cert(X509_new());
    check(cert != nullptr, "x509");
    check(X509_set_version(cert.get(), 2) == 1, "version");
    check(ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1) == 1, "serial");
    check(X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600) != nullptr, "not before");
    check(X509_gmtime_adj(X509_getm_notAfter(cert.get()), 86400) != nullptr, "not after");
    check(X509_set_pubkey(cert.get(), key.get()) == 1, "public key");
    X509_NAME* name = X509_get_subject_name(cert.get());
    check(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                     reinterpret_cast<const unsigned char*>("localhost"), -1, -1,
                                     0) == 1,
          "name");
    check(X509_set_issuer_name(cert.get(), name) == 1, "issuer");
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
    for (const auto& [nid, value] : {std::pair{NID_subject_alt_name, subject_alt_names.c_str()},
                                     std::pair{NID_basic_constraints, "critical,CA:TRUE"}}) {
        Owned<X509_EXTENSION, X509_EXTENSION_free> ext(
            X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
        check(ext != nullptr && X509_add_ext(cert.get(), ext.get(), -1) == 1, "extension");
    }
    check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "sign");

    Owned<BIO, BIO_free_all> cert_bio(BIO_new(BIO_s_mem()));
    Owned<BIO, BIO_free_all> key_bio(BIO_new(BIO_s_mem()));
    check(PEM_write_bio_X509(cert_bio.get(), cert.get()) == 1, "write certificate");
    check(PEM_write_bio_PrivateKey(key_bio.get(), key.get(), nullptr, nullptr, 0, nullptr,
                                   nullptr) == 1,
          "write key");
    return {pem_of(cert_bio.get()), pem_of(key_bio.get())};
}

}  // namespace ll::test
