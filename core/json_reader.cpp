// Path-tracking JSON reader (core layer).
#include "core/json_reader.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "core/format.h"

namespace xuanka::core {

using nlohmann::json;

std::string describe(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::string: {
      return "\"" + shorten(v.get<std::string>(), 43) + "\"";
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return v.dump();
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    default: return "an invalid value";
  }
}

std::string shorten(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  std::size_t cut = max_bytes - 3;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return std::string(s.substr(0, cut)) + "...";
}

// [SECTION] text from outside
namespace {
// nlohmann's DOM builder with a depth limit and the parse error's position kept. The parser
// itself keeps its own stack (no recursion); the limit protects everything that walks the
// value afterwards (readers, dump) and the page's small WebAssembly stack.
class LimitedDom : public nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;

 public:
  explicit LimitedDom(json& root) : Base(root, /*allow_exceptions=*/false) {}
  bool null() { return value() && Base::null(); }
  bool boolean(bool v) { return value() && Base::boolean(v); }
  bool number_integer(json::number_integer_t v) { return value() && Base::number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return value() && Base::number_unsigned(v); }
  bool number_float(json::number_float_t v, const std::string& s) { return value() && Base::number_float(v, s); }
  bool string(std::string& v) { return value() && Base::string(v); }
  bool binary(json::binary_t& v) { return value() && Base::binary(v); }
  bool start_object(std::size_t n) {
    if (!value() || !deeper()) return false;
    open_.push_back({true, 0, {}, {}});
    return Base::start_object(n);
  }
  bool start_array(std::size_t n) {
    if (!value() || !deeper()) return false;
    open_.push_back({false, 0, {}, {}});
    return Base::start_array(n);
  }
  bool end_object() { return close() && Base::end_object(); }
  bool end_array() { return close() && Base::end_array(); }
  // RFC 8259 §4: names within an object SHOULD be unique; nlohmann keeps the last silently.
  // A scenario or overlay with a key twice is ambiguous, so it is refused, naming the key.
  bool key(std::string& k) {
    Open& o = open_.back();
    if (!o.keys.insert(k).second) {
      duplicate_ = where() + (is_identifier(k) ? "." + shorten(k, 40) : "[\"" + shorten(k, 40) + "\"]");
      return false;
    }
    o.key = k;
    return Base::key(k);
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    position_ = position;
    message_ = ex.what();
    return false;
  }
  bool too_deep() const { return too_deep_; }
  const std::string& duplicate() const { return duplicate_; }
  std::size_t position() const { return position_; }
  const std::string& message() const { return message_; }

 private:
  struct Open {
    bool object;
    std::size_t index;  // arrays: the element being read
    std::string key;    // objects: the member being read
    std::set<std::string> keys;
  };
  static bool is_identifier(const std::string& k) {
    return !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
  }
  // A value starts: inside an array it is the next element.
  bool value() {
    if (!open_.empty() && !open_.back().object) ++open_.back().index;
    return true;
  }
  bool deeper() {
    if (++depth_ <= kMaxJsonDepth) return true;
    too_deep_ = true;
    return false;
  }
  bool close() {
    --depth_;
    open_.pop_back();
    return true;
  }
  // The path of the container being read, below the caller's path, in SCENARIO.md's form.
  std::string where() const {
    std::string p;
    for (std::size_t i = 0; i + 1 < open_.size(); ++i) {
      const Open& o = open_[i];
      p += o.object ? (is_identifier(o.key) ? "." + shorten(o.key, 40) : "[\"" + shorten(o.key, 40) + "\"]")
                    : "[" + std::to_string(o.index - 1) + "]";
    }
    return p;
  }
  std::vector<Open> open_;
  int depth_ = 0;
  bool too_deep_ = false;
  std::string duplicate_;
  std::size_t position_ = 0;
  std::string message_;
};
}  // namespace

json parse_json_text(std::string_view text, const std::string& path, Diagnostics& d, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    d.push_back({path, "longer than " + std::to_string(max_bytes / 1024) + " kB (" + std::to_string(text.size() / 1024) +
                           " kB), not read", DiagCode::too_long});
    return json(json::value_t::discarded);
  }
  json out;
  LimitedDom dom(out);
  const bool ok = json::sax_parse(text.begin(), text.end(), &dom, nlohmann::detail::input_format_t::json, /*strict=*/true);
  if (dom.too_deep()) {
    d.push_back({path, "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels, not read", DiagCode::too_deep});
    return json(json::value_t::discarded);
  }
  if (!dom.duplicate().empty()) {
    // A file's name is not a JSON path: the key's path then starts at the file's root ($).
    const bool file = path.find('/') != std::string::npos || (path.size() > 5 && path.compare(path.size() - 5, 5, ".json") == 0);
    const std::string where = file ? "$" + dom.duplicate() : path + dom.duplicate();
    d.push_back({where, "appears twice in one object (a key may appear once)" + (file ? " in " + path : std::string()) + ", not read", DiagCode::duplicate_key});
    return json(json::value_t::discarded);
  }
  if (!ok) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." ->
    // "line 1, column 5: syntax error ..."
    std::string why = dom.message();
    if (auto at = why.find(" at "); at != std::string::npos) why = why.substr(at + 4);
    d.push_back({path, "not valid JSON" + (why.empty() ? std::string() : " (" + shorten(why, 120) + ")"), DiagCode::not_json});
    return json(json::value_t::discarded);
  }
  return out;
}

std::string clean_typed_text(std::string_view s, std::size_t max_bytes) {
  static constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(std::min(s.size(), max_bytes));
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    // Length and smallest code point of the sequence this lead byte starts (RFC 3629 §3-4).
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    bool valid = n > 0 && i + n <= s.size();
    for (std::size_t k = 1; valid && k < n; ++k) {
      const auto x = static_cast<unsigned char>(s[i + k]);
      valid = (x & 0xC0) == 0x80;
      c = (c << 6) | (x & 0x3F);
    }
    if (valid) {
      const char32_t least = n == 2 ? 0x80 : n == 3 ? 0x800 : n == 4 ? 0x10000 : 0;
      valid = c >= least && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF);  // no overlong form, no surrogate
    }
    std::string_view piece;
    if (!valid) {
      piece = kReplacement;
      n = 1;  // skip only the broken lead byte: the next byte may start a good sequence
    } else if (c > 0xFFFF) {
      piece = kReplacement;
    } else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
      piece = {};
    } else {
      piece = s.substr(i, n);
    }
    if (out.size() + piece.size() > max_bytes) break;
    out.append(piece);
    i += n;
  }
  return out;
}

std::string dump_json(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

ObjectReader::ObjectReader(const json& obj, std::string path, Diagnostics& diags)
    : obj_(obj), path_(std::move(path)), diags_(diags), is_object_(obj.is_object()) {
  if (!is_object_) diags_.push_back({path_, "expected an object, found " + describe(obj)});
}

bool ObjectReader::has(const char* key) const { return is_object_ && obj_.contains(key); }

const json* ObjectReader::get(const char* key) {
  if (!is_object_) return nullptr;
  read_.insert(key);
  auto it = obj_.find(key);
  return it == obj_.end() ? nullptr : &*it;
}

void ObjectReader::error(const std::string& key, const std::string& message) {
  diags_.push_back({key.empty() ? path_ : path_ + "." + key, message});
}

std::optional<std::string> ObjectReader::str(const char* key, bool required) {
  const json* v = get(key);
  if (!v) {
    if (required && is_object_) error(key, "required string is missing");
    return std::nullopt;
  }
  if (!v->is_string()) {
    error(key, "expected a string, found " + describe(*v));
    return std::nullopt;
  }
  return v->get<std::string>();
}

std::optional<std::string> ObjectReader::str_or_null(const char* key) {
  const json* v = get(key);
  if (!v) {
    if (is_object_) error(key, "required (a string or null) is missing");
    return std::nullopt;
  }
  if (v->is_null()) return std::nullopt;
  if (!v->is_string()) error(key, "expected a string or null, found " + describe(*v));
  return v->is_string() ? std::optional<std::string>(v->get<std::string>()) : std::nullopt;
}

namespace {
std::string bound(double x) {
  if (std::fabs(x) < 1e7) return format_sig(x, 6);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}
std::optional<double> check_num(ObjectReader& r, const char* key, const json& v, double lo, double hi, bool integer) {
  if (!v.is_number()) {
    r.error(key, std::string("expected a ") + (integer ? "whole number" : "number") + ", found " + describe(v));
    return std::nullopt;
  }
  const double x = v.get<double>();
  if (!std::isfinite(x)) {
    r.error(key, "expected a finite number, found " + describe(v));
    return std::nullopt;
  }
  if (integer && std::floor(x) != x) {
    r.error(key, "expected a whole number, found " + describe(v));
    return std::nullopt;
  }
  if (x < lo || x > hi) {
    r.error(key, "expected a number from " + bound(lo) + " to " + bound(hi) + ", found " + describe(v));
    return std::nullopt;
  }
  return x;
}
}  // namespace

std::optional<double> ObjectReader::num(const char* key, bool required, double lo, double hi, bool integer) {
  const json* v = get(key);
  if (!v) {
    if (required && is_object_) error(key, "required number is missing");
    return std::nullopt;
  }
  return check_num(*this, key, *v, lo, hi, integer);
}

std::optional<double> ObjectReader::num_or_null(const char* key, double lo, double hi, bool integer) {
  const json* v = get(key);
  if (!v) {
    if (is_object_) error(key, "required (a number or null) is missing");
    return std::nullopt;
  }
  if (v->is_null()) return std::nullopt;
  return check_num(*this, key, *v, lo, hi, integer);
}

std::optional<bool> ObjectReader::boolean(const char* key, bool required) {
  const json* v = get(key);
  if (!v) {
    if (required && is_object_) error(key, "required true/false is missing");
    return std::nullopt;
  }
  if (!v->is_boolean()) {
    error(key, "expected true or false, found " + describe(*v));
    return std::nullopt;
  }
  return v->get<bool>();
}

std::optional<std::string> ObjectReader::word(const char* key, bool required, std::initializer_list<const char*> words) {
  const json* v = get(key);
  std::string allowed;
  for (const char* w : words) allowed += (allowed.empty() ? "" : " | ") + std::string(w);
  if (!v) {
    if (required && is_object_) error(key, "required, one of " + allowed + ", is missing");
    return std::nullopt;
  }
  if (v->is_string()) {
    const std::string s = v->get<std::string>();
    for (const char* w : words) {
      if (s == w) return s;
    }
  }
  error(key, "expected one of " + allowed + ", found " + describe(*v));
  return std::nullopt;
}

void ObjectReader::finish() {
  if (!is_object_) return;
  for (const auto& [k, v] : obj_.items()) {
    if (!read_.count(k)) diags_.push_back({path_ + "." + k, "unknown key", DiagCode::unknown_key});
  }
}

}  // namespace xuanka::core
