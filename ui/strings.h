// String table lookup (ui layer): tr(lang, Str::key) gives the text in zh-CN or English.
#pragma once
#include <optional>
#include <string_view>

#include "core/lang.h"

namespace xuanka::ui {

enum class Str {
#define X(key, zh, en) key,
#include "ui/strings.inc"
#undef X
  count_
};

const char* tr(core::Lang lang, Str key);

// A string by its key's name ("task_lora", "n_no_fp8"): how core's label keys (core/enums.h)
// and notice codes ("n_" + code) reach the table. Empty when there is no such key.
std::optional<Str> str_by_key(std::string_view key);
// tr() by key name; the key itself when the table has no such key (a test forbids that).
const char* tr_key(core::Lang lang, const char* key);

// Every string of both languages, for the font's glyph check.
int string_count();
const char* string_at(int i, core::Lang lang);
const char* string_key(int i);

}  // namespace xuanka::ui
