// String tables (ui layer): built from ui/strings.inc.
#include "ui/strings.h"

namespace xuanka::ui {

namespace {
struct Row {
  const char* zh;
  const char* en;
};
constexpr Row kRows[] = {
#define X(key, zh, en) {zh, en},
#include "ui/strings.inc"
#undef X
};
static_assert(sizeof(kRows) / sizeof(kRows[0]) == static_cast<int>(Str::count_), "string table size");
}  // namespace

const char* tr(core::Lang lang, Str key) {
  const Row& r = kRows[static_cast<int>(key)];
  return lang == core::Lang::zh ? r.zh : r.en;
}

int string_count() { return static_cast<int>(Str::count_); }
const char* string_at(int i, core::Lang lang) {
  return lang == core::Lang::zh ? kRows[i].zh : kRows[i].en;
}

}  // namespace xuanka::ui
