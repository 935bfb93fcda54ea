// Diagnostics and a path-tracking JSON reader (core layer): every problem in one pass, each
// naming the JSON path, what was expected and what was found. Unknown keys are errors.
#pragma once
#include <cmath>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace xuanka::core {

struct Diagnostic {
  std::string path;      // JSON path, e.g. "accelerators[3].memory_gib"
  std::string message;   // what was expected and what was found
  std::string text() const { return path + ": " + message; }
};
using Diagnostics = std::vector<Diagnostic>;

// A short rendering of a JSON value for messages ("\"abc\"", "3", "null", "an object").
std::string describe(const nlohmann::json& v);

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

}  // namespace xuanka::core
