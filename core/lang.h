// The two interface languages (core layer): zh-CN first, English second.
#pragma once
#include <optional>
#include <string_view>

namespace xuanka::core {

enum class Lang { zh, en };

// "zh", "zh-CN", "zh-cn", "cn" -> zh; "en", "en-US", ... -> en; anything else -> nullopt.
inline std::optional<Lang> parse_lang(std::string_view s) {
  auto starts = [&](std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; };
  if (s == "zh" || s == "cn" || starts("zh-") || starts("zh_")) return Lang::zh;
  if (s == "en" || starts("en-") || starts("en_")) return Lang::en;
  return std::nullopt;
}
inline const char* lang_code(Lang l) { return l == Lang::zh ? "zh" : "en"; }

}  // namespace xuanka::core
