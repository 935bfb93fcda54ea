// Line breaking for mixed Chinese and Latin text (ui layer, no ImGui). Dear ImGui 1.86 wraps
// only at spaces, so a run of Chinese with no space breaks wherever the line is full: inside a
// Latin word ("NV/Link") or between a number and its unit ("12/万元"). Here a line may break
// between two Chinese characters, after a space, and between Chinese and Latin text; never
// inside a Latin word or number, between a number and its unit, before closing punctuation
// or after opening punctuation (the line-breaking rules of the W3C's "Requirements for Chinese
// Text Layout", §3.1.7, and Unicode UAX #14 for ideographs, simplified).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace xuanka::ui {

// The lines of `text` (byte ranges [begin, end), trailing spaces left out) in `width` units,
// with `advance(codepoint)` the width of one character; '\n' always breaks.
std::vector<std::pair<std::size_t, std::size_t>> break_lines(const std::string& text, float width,
                                                             const std::function<float(unsigned)>& advance);

}  // namespace xuanka::ui
