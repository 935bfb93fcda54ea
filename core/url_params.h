// Parsing of URL query and hash parameters, "a=1&b=x%20y" (core layer; pure, no browser).
#pragma once
#include <map>
#include <string>
#include <string_view>

namespace xuanka::core {

// Percent-decoding per RFC 3986 §2.1, with '+' read as a space (HTML form encoding).
// Malformed escapes ("%G1", a trailing "%") are kept literally rather than guessed.
std::string percent_decode(std::string_view s);
// Encodes everything but RFC 3986 unreserved characters (ALPHA / DIGIT / "-" / "." / "_" / "~").
std::string percent_encode(std::string_view s);

// "?a=1&b=2" or "#a=1&b=2" (a leading '?' or '#' is skipped) -> {a:1, b:2}. A key without '='
// maps to "". Later duplicates win.
std::map<std::string, std::string> parse_url_params(std::string_view s);

// The inverse: "a=1&b=2" with keys in map order, values percent-encoded.
std::string format_url_params(const std::map<std::string, std::string>& params);

}  // namespace xuanka::core
