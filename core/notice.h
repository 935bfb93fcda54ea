// A warning or reason with a stable code (core layer). Core emits the code and its arguments only;
// the words, zh-CN and English, are one row each in core/notices.inc: the CLI prints the English,
// the page says it in the language it shows.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang.h"

namespace xuanka::core {

struct Notice {
  std::string code;               // e.g. "nvlink_capped": a row of core/notices.inc
  std::vector<std::string> args;  // values for the row's slots {0}, {1}, ... in order
};

inline Notice notice(std::string code, std::vector<std::string> args = {}) { return Notice{std::move(code), std::move(args)}; }

// The row's template ("{0}% of the step ...") in `lang`; nullopt for a code with no row.
std::optional<std::string_view> notice_template(std::string_view code, Lang lang);
// The notice in `lang`, its arguments filled in. `arg` rewrites each argument first (the page
// translates label keys and card names); without it an argument "#key" becomes its enum value's
// JSON word. A code with no row reads as the code itself (a test forbids that).
std::string notice_text(const Notice& n, Lang lang, const std::function<std::string(const std::string&)>& arg = {});
// Fills slots {0}, {1}, ... with `args`; every occurrence of a slot.
std::string fill_slots(std::string text, const std::vector<std::string>& args);

// Every row, for the glyph and completeness checks.
int notice_count();
const char* notice_code_at(int i);

}  // namespace xuanka::core
