// Tokens made with Node.js crypto (createHmac), an implementation independent of ours:
// secret "node-made-secret-0123456789abcdefghijkl", claims userId 42, ada@example.com,
// end-user, native_lang sv, iat 1700000000, exp 4102444800 (2100-01-01) unless named otherwise.
#pragma once
// Each token stays on one line, as Node printed it.
// clang-format off
namespace node_tokens {
inline constexpr const char* kSecret = "node-made-secret-0123456789abcdefghijkl";
inline constexpr const char* valid =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.rcHR5eCulh3ulMgwJai3n7OpG-GtCFh-dHwYKjvfK5U";
inline constexpr const char* valid_no_typ =
    "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.Mws2FYiKU405LtbHA3PVxoeV9cE4EDG5PpKscJDBj6Y";
inline constexpr const char* expired =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6MTcwMDAwMDYwMH0.1H5rW1RlAvL84eMWjPkJ83Ggefe8BmH871xF_MjE3V8";
inline constexpr const char* no_exp =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciJ9.ch7ZJthRO7kbTuNrwJh7vN15XhwIZEnIsUn1cAQsKmc";
inline constexpr const char* alg_none =
    "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.";
inline constexpr const char* alg_hs512 =
    "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.tqM8gfD72W-6x3WyjofaQRfW-AZiMvB_KLBYB7aWmAtQEjZqinrZ2FcRkvzblSYdS3OqcDIxa4hm1btW6hF9HA";
inline constexpr const char* wrong_secret =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.i5BiWP0rQNN9ykwgYFstltcKy4V5LzrLvzjp_coSoHk";
inline constexpr const char* user_id_string =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiI0MiIsImVtYWlsIjoiYWRhQGV4YW1wbGUuY29tIiwicm9sZSI6ImVuZC11c2VyIiwibmF0aXZlX2xhbmciOiJzdiIsImlhdCI6MTcwMDAwMDAwMCwiZXhwIjo0MTAyNDQ0ODAwfQ.XTXaUYUkTlV9ColKFXTa6O1Z6xWEpHswnK6CkrAaOXQ";
inline constexpr const char* header_array =
    "WzEsMl0.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.0Dm3GyCgZInP8dhG2OEyRASTHxcYnY1gw1N50tEhNBc";
inline constexpr const char* typ_other =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpPU0UrSlNPTiJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.RCtVRmPIipM88nTlvHEiHCeXDqzZCksOCjYOVSSyP2c";
// Signed correctly, but exp is a string, the payload an array or not JSON at all.
inline constexpr const char* exp_string =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6IjQxMDI0NDQ4MDAifQ.GEuLTxembC5OB8GB8v4fZlJyDaZjhcSuqizdKuBZ9tQ";
inline constexpr const char* payload_array =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.WzQyXQ.KuHC-9mGDVYqvGTjZlaGv5zq3BzHzK3a8gEKUq1QALA";
inline constexpr const char* payload_not_json =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.dXNlcklkPTQy.2KUC9-NLWIAGVQhwsiCVfsesOiIzUl0QP5A7Nr99PLk";
// Header with kid "../../etc/passwd" and jku "http://127.0.0.1/x", signed with kSecret: the
// configured secret is used regardless (nothing is followed), so it verifies.
inline constexpr const char* kid_jku_ignored =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6Ii4uLy4uL2V0Yy9wYXNzd2QiLCJqa3UiOiJodHRwOi8vMTI3LjAuMC4xL3gifQ.eyJ1c2VySWQiOjQyLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInJvbGUiOiJlbmQtdXNlciIsIm5hdGl2ZV9sYW5nIjoic3YiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.c_sogLfsEis5XFDez4xCn0WYf3Jxi7pVo6vfBda6X_0";
}  // namespace node_tokens
// clang-format on
