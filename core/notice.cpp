// Core's notices said in words (core layer): the table of core/notices.inc.
#include "core/notice.h"

#include "core/enums.h"

namespace xuanka::core {

namespace {
struct Row {
  const char* code;
  const char* zh;
  const char* en;
};
constexpr Row kRows[] = {
#define X(code, zh, en) {#code, zh, en},
#include "core/notices.inc"
#undef X
};

// "#offer_lease" -> "lease": the JSON word of the enum value whose label key it is, underscores
// read as spaces (the CLI's English).
std::string label_word(const std::string& key) {
  for (const auto& row : EnumTable<OfferKind>::rows()) {
    if (key == row.label) {
      std::string w = row.word;
      for (char& c : w) c = c == '_' ? ' ' : c;
      return w;
    }
  }
  return key;
}
}  // namespace

std::optional<std::string_view> notice_template(std::string_view code, Lang lang) {
  for (const Row& r : kRows) {
    if (code == r.code) return std::string_view(lang == Lang::zh ? r.zh : r.en);
  }
  return std::nullopt;
}

std::string notice_text(const Notice& n, Lang lang, const std::function<std::string(const std::string&)>& arg) {
  const auto t = notice_template(n.code, lang);
  if (!t) return n.code;
  std::vector<std::string> args = n.args;
  for (std::string& a : args) a = arg ? arg(a) : a.size() > 1 && a[0] == '#' ? label_word(a.substr(1)) : a;
  return fill_slots(std::string(*t), args);
}

std::string fill_slots(std::string text, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string slot = "{" + std::to_string(i) + "}";
    // Every occurrence (a sentence may name a figure twice); the next search starts past the
    // argument just written, so an argument that itself reads "{n}" is left alone.
    for (std::size_t p = text.find(slot); p != std::string::npos; p = text.find(slot, p + args[i].size())) text.replace(p, slot.size(), args[i]);
  }
  return text;
}

int notice_count() { return static_cast<int>(sizeof(kRows) / sizeof(kRows[0])); }
const char* notice_code_at(int i) { return kRows[i].code; }

}  // namespace xuanka::core
