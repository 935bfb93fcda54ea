// Line breaking for mixed Chinese and Latin text (ui layer).
#include "ui/text_layout.h"

namespace xuanka::ui {

namespace {
struct Cp {
  unsigned c;
  std::size_t at, len;
};

std::vector<Cp> decode(const std::string& s) {
  std::vector<Cp> out;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 1;
    unsigned c = n == 1 ? b : n == 2 ? b & 0x1F : n == 3 ? b & 0x0F : b & 0x07;
    std::size_t k = 1;
    for (; k < n && i + k < s.size(); ++k) c = c << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back({c, i, k});
    i += k;
  }
  return out;
}

bool ideograph(unsigned c) {
  return (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3040 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF);
}
// Never at the start of a line (closing punctuation, and units that follow a number).
bool no_break_before(unsigned c) {
  switch (c) {
    case ',': case '.': case ';': case ':': case '!': case '?': case ')': case ']': case '}': case '%':
    case 0xFF0C: case 0x3002: case 0x3001: case 0xFF1B: case 0xFF1A: case 0xFF1F: case 0xFF01: case 0xFF09:
    case 0x300B: case 0x300D: case 0x300F: case 0x3011: case 0xFF05: case 0x00B7: case 0x2026: case 0x2014:
      return true;
    default:
      return false;
  }
}
// Never at the end of a line (opening punctuation).
bool no_break_after(unsigned c) {
  switch (c) {
    case '(': case '[': case '{': case 0xFF08: case 0x300A: case 0x300C: case 0x300E: case 0x3010: case 0xFFE5: case '$':
      return true;
    default:
      return false;
  }
}
bool digit(unsigned c) { return c >= '0' && c <= '9'; }
// Units written right after a number: 12万元, 8卡, 3个月, 24小时.
bool unit_char(unsigned c) {
  switch (c) {
    case 0x4E07: case 0x4EBF: case 0x5143: case 0x5361: case 0x4E2A: case 0x5929: case 0x6708: case 0x5E74: case 0x5EA6:
    case 0x5C0F: case 0x500D: case 0x5F20: case 0x4F4D: case 0x4EE3: case 0x79D2:
      return true;  // 万 亿 元 卡 个 天 月 年 度 小 倍 张 位 代 秒
    default:
      return false;
  }
}

// May a line break between cps[i-1] and cps[i]?
bool break_between(const std::vector<Cp>& cps, std::size_t i) {
  const unsigned a = cps[i - 1].c, b = cps[i].c;
  if (b == ' ') return false;                    // spaces stay at the end of the line
  if (no_break_before(b) || no_break_after(a)) return false;
  if (a == ' ') {
    // "12.3 万元", "80 GiB", "8 × H100": a number keeps its unit or operator.
    if (i >= 2 && digit(cps[i - 2].c) && !digit(b)) return false;
    return true;
  }
  if (digit(a) && unit_char(b)) return false;    // 12万元
  return ideograph(a) || ideograph(b);           // between Chinese, or Chinese and Latin
}
}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> break_lines(const std::string& text, float width,
                                                             const std::function<float(unsigned)>& advance) {
  std::vector<std::pair<std::size_t, std::size_t>> lines;
  const std::vector<Cp> cps = decode(text);
  std::size_t start = 0;  // index into cps
  while (start < cps.size()) {
    float w = 0;
    std::size_t i = start, last_break = 0;  // last_break: a cps index where the line may end (0: none)
    bool hard = false;
    for (; i < cps.size(); ++i) {
      if (cps[i].c == '\n') {
        hard = true;
        break;
      }
      if (i > start && break_between(cps, i)) last_break = i;
      w += advance(cps[i].c);
      if (w > width && i > start) {
        if (cps[i].c == ' ') continue;  // a space may hang past the edge
        break;
      }
    }
    std::size_t end = i;
    if (!hard && i < cps.size() && last_break > start) end = last_break;
    std::size_t trim = end;
    while (trim > start && cps[trim - 1].c == ' ') --trim;
    const std::size_t b = cps[start].at, e = trim > start ? cps[trim - 1].at + cps[trim - 1].len : cps[start].at;
    lines.emplace_back(b, e);
    start = end;
    if (hard) ++start;  // past the newline
    while (!hard && start < cps.size() && cps[start].c == ' ') ++start;
  }
  if (lines.empty()) lines.emplace_back(0, 0);
  return lines;
}

}  // namespace xuanka::ui
