// URL query/hash parameter parsing (core layer).
#include "core/url_params.h"

namespace xuanka::core {

namespace {
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '+') {
      out.push_back(' ');
    } else if (c == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2])));
      i += 2;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string percent_encode(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

std::map<std::string, std::string> parse_url_params(std::string_view s) {
  std::map<std::string, std::string> out;
  if (!s.empty() && (s.front() == '?' || s.front() == '#')) s.remove_prefix(1);
  while (!s.empty()) {
    const std::size_t amp = s.find('&');
    const std::string_view part = s.substr(0, amp);
    if (!part.empty()) {
      const std::size_t eq = part.find('=');
      if (eq == std::string_view::npos) {
        out[percent_decode(part)] = "";
      } else {
        out[percent_decode(part.substr(0, eq))] = percent_decode(part.substr(eq + 1));
      }
    }
    if (amp == std::string_view::npos) break;
    s.remove_prefix(amp + 1);
  }
  return out;
}

std::string format_url_params(const std::map<std::string, std::string>& params) {
  std::string out;
  for (const auto& [k, v] : params) {
    if (!out.empty()) out.push_back('&');
    out += percent_encode(k);
    out.push_back('=');
    out += percent_encode(v);
  }
  return out;
}

}  // namespace xuanka::core
