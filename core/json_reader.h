// A path-tracking JSON reader (core layer): every problem in one pass, each a Diagnostic
// (core/diagnostic.h) naming the JSON path, what was expected and what was found. Unknown keys are
// errors. read_enum reads a contract word through core/enums.h's tables.
#pragma once
#include <cmath>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "core/enums.h"

namespace xuanka::core {


// A short rendering of a JSON value for messages ("\"abc\"", "3", "null", "an object").
std::string describe(const nlohmann::json& v);
// At most ~80 characters of a text taken from outside, for a message ("abc...", whole UTF-8
// characters only).
std::string shorten(std::string_view s, std::size_t max_bytes = 80);

// [SECTION] text from outside
// Limits on JSON taken from outside (a link, a config block, an overlay, a file): nesting
// deeper than this is refused before anything recurses over it.
constexpr int kMaxJsonDepth = 64;
constexpr std::size_t kMaxJsonBytes = 4u << 20;  // 4 MiB: the embedded catalog is 0.3 MB
// Parses `text` as JSON. Longer than `max_bytes`, nested deeper than kMaxJsonDepth, or not
// valid JSON (invalid UTF-8 included): one diagnostic at `path` saying which and where, and a
// discarded value. Never throws.
nlohmann::json parse_json_text(std::string_view text, const std::string& path, Diagnostics& d,
                               std::size_t max_bytes = kMaxJsonBytes);
// Text typed or pasted into the page, made safe for the interface: invalid UTF-8 and characters
// outside the Basic Multilingual Plane (emoji: ImGui 1.86 keeps 16-bit characters, and a 4-byte
// character there became "\xEF\xBF\xBD" plus a NUL) become U+FFFD; control characters other
// than tab and newline are dropped; at most `max_bytes` are kept, whole characters only.
std::string clean_typed_text(std::string_view s, std::size_t max_bytes);
// JSON text out. A string holding invalid UTF-8 (typed text can) is written with U+FFFD in
// its place instead of throwing.
std::string dump_json(const nlohmann::json& j, int indent = -1);

// Reads one JSON object at `path`, recording problems in `diags`. Keys read are remembered;
// finish() reports the keys that were never read as unknown.
class ObjectReader {
 public:
  ObjectReader(const nlohmann::json& obj, std::string path, Diagnostics& diags);
  bool ok() const { return is_object_; }
  const std::string& path() const { return path_; }
  bool has(const char* key) const;
  const nlohmann::json* get(const char* key);  // marks the key read; nullptr if absent

  std::optional<std::string> str(const char* key, bool required);
  std::optional<std::string> str_or_null(const char* key);
  // Finite number in [lo, hi]; integers only when `integer`.
  std::optional<double> num(const char* key, bool required, double lo, double hi, bool integer = false);
  std::optional<double> num_or_null(const char* key, double lo, double hi, bool integer = false);
  std::optional<bool> boolean(const char* key, bool required);
  // One of `words`; anything else is an error listing the allowed words.
  std::optional<std::string> word(const char* key, bool required, std::initializer_list<const char*> words);
  std::string child(const char* key) const { return path_ + "." + key; }
  Diagnostics& diags() { return diags_; }
  void error(const std::string& key, const std::string& message);
  void finish();

 private:
  const nlohmann::json& obj_;
  std::string path_;
  Diagnostics& diags_;
  bool is_object_;
  std::set<std::string> read_;
};

// Reads an enum word at `key`, one of `allowed` (empty: any value of E); anything else is an
// error naming the allowed words.
template <class E>
std::optional<E> read_enum(ObjectReader& r, const char* key, bool required, std::initializer_list<E> allowed = {}) {
  std::string list = allowed.size() == 0 ? words_text<E>() : "";
  for (E a : allowed) list += (list.empty() ? "" : " | ") + std::string(word(a));
  const nlohmann::json* v = r.get(key);
  if (!v) {
    if (required && r.ok()) r.error(key, "required, one of " + list + ", is missing");
    return std::nullopt;
  }
  if (v->is_string()) {
    if (auto e = from_word<E>(v->get<std::string>())) {
      bool ok = allowed.size() == 0;
      for (E a : allowed) ok |= a == *e;
      if (ok) return e;
    }
  }
  r.error(key, "expected one of " + list + ", found " + describe(*v));
  return std::nullopt;
}

}  // namespace xuanka::core
