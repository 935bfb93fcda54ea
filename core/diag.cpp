// Path-tracking JSON reader (core layer).
#include "core/diag.h"

#include <cstdio>

#include "core/format.h"

namespace xuanka::core {

using nlohmann::json;

std::string describe(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::string: {
      std::string s = v.get<std::string>();
      if (s.size() > 40) s = s.substr(0, 40) + "...";
      return "\"" + s + "\"";
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return v.dump();
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    default: return "an invalid value";
  }
}

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
    if (!read_.count(k)) diags_.push_back({path_ + "." + k, "unknown key"});
  }
}

}  // namespace xuanka::core
