// String table lookup (ui layer): tr(lang, Str::key) gives the text in zh-CN or English.
#pragma once
#include "core/lang.h"

namespace xuanka::ui {

enum class Str {
#define X(key, zh, en) key,
#include "ui/strings.inc"
#undef X
  count_
};

const char* tr(core::Lang lang, Str key);

// Every string of both languages, for the font's glyph check.
int string_count();
const char* string_at(int i, core::Lang lang);

}  // namespace xuanka::ui
