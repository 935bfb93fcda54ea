// The memory bar's segment colours as 0xRRGGBB (ui layer, no ImGui): one table for the page's
// bar (ui/palette.h) and the saved picture (ui/export.cpp result_picture).
#pragma once
#include <cstdint>

namespace xuanka::ui::mem_colors {
constexpr std::uint32_t kWeights = 0x1766CC;
constexpr std::uint32_t kGradients = 0x5EA0E6;
constexpr std::uint32_t kOptimizer = 0xF0A028;
constexpr std::uint32_t kActivations = 0x3CAA6E;
constexpr std::uint32_t kKv = 0xA05AC8;
constexpr std::uint32_t kOverhead = 0x9696A0;
}  // namespace xuanka::ui::mem_colors
