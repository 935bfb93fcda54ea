// String tables (ui layer): built from ui/strings.inc.
#include "ui/strings.h"

namespace xuanka::ui {

namespace {
struct Row {
  const char* key;
  const char* zh;
  const char* en;
};
constexpr Row kRows[] = {
#define X(key, zh, en) {#key, zh, en},
#include "ui/strings.inc"
#undef X
};
static_assert(sizeof(kRows) / sizeof(kRows[0]) == static_cast<int>(Str::count_), "string table size");
}  // namespace

const char* tr(core::Lang lang, Str key) {
  const Row& r = kRows[static_cast<int>(key)];
  return lang == core::Lang::zh ? r.zh : r.en;
}

std::optional<Str> str_by_key(std::string_view key) {
  for (int i = 0; i < static_cast<int>(Str::count_); ++i) {
    if (key == kRows[i].key) return static_cast<Str>(i);
  }
  return std::nullopt;
}

const char* tr_key(core::Lang lang, const char* key) {
  const auto s = str_by_key(key);
  return s ? tr(lang, *s) : key;
}

int string_count() { return static_cast<int>(Str::count_); }
const char* string_at(int i, core::Lang lang) { return lang == core::Lang::zh ? kRows[i].zh : kRows[i].en; }
const char* string_key(int i) { return kRows[i].key; }

}  // namespace xuanka::ui
