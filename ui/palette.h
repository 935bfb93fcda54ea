// The page's colours, named once (ui layer). Text colours as ImVec4, drawing colours as ImU32.
#pragma once
#include "imgui.h"
#include "ui/mem_colors.h"

namespace xuanka::ui::palette {

// Text and status.
inline const ImVec4 kAccent(0.09f, 0.40f, 0.80f, 1.0f);      // a calm blue: links, active tab, title
inline const ImVec4 kOk(0.10f, 0.55f, 0.25f, 1.0f);          // fits, supported
inline const ImVec4 kCaution(0.75f, 0.50f, 0.05f, 1.0f);     // partly supported
inline const ImVec4 kWarning(0.70f, 0.40f, 0.00f, 1.0f);     // warnings
inline const ImVec4 kDanger(0.78f, 0.12f, 0.12f, 1.0f);      // does not fit, errors, not supported
inline const ImVec4 kNeutral(0.45f, 0.45f, 0.50f, 1.0f);     // unknown
inline const ImVec4 kWhite(1.0f, 1.0f, 1.0f, 1.0f);
inline const ImVec4 kText(0.10f, 0.12f, 0.16f, 1.0f);
inline const ImVec4 kTextMuted(0.42f, 0.45f, 0.50f, 1.0f);
inline const ImVec4 kWindowBg(0.97f, 0.97f, 0.98f, 1.0f);
inline const ImVec4& kContentBg = kWhite;  // the content's background (ImGuiCol_ChildBg), cleared to by the page
inline const ImVec4 kFrameBg(0.96f, 0.97f, 0.99f, 1.0f);
inline const ImVec4 kBorder(0.70f, 0.74f, 0.80f, 0.60f);
inline const ImVec4 kControl(0.88f, 0.92f, 0.98f, 1.0f);       // buttons, headers, tabs
inline const ImVec4 kControlHover(0.78f, 0.86f, 0.97f, 1.0f);
inline const ImVec4 kControlActive(0.66f, 0.78f, 0.95f, 1.0f);

// Charts and bars.
constexpr ImU32 kPlotBg = IM_COL32(248, 249, 252, 255);
constexpr ImU32 kPlotBorder = IM_COL32(200, 205, 215, 255);
constexpr ImU32 kAxisText = IM_COL32(90, 95, 105, 255);
constexpr ImU32 kGuide = IM_COL32(90, 95, 105, 160);
constexpr ImU32 kBarTrack = IM_COL32(235, 238, 243, 255);
constexpr ImU32 kMarker = IM_COL32(199, 31, 31, 255);      // the card's capacity, the break-even, a picked point
constexpr ImU32 kMarkerFaint = IM_COL32(199, 31, 31, 120);
constexpr ImU32 kSeriesA = IM_COL32(23, 102, 204, 255);    // owned / Pareto front
constexpr ImU32 kSeriesAFaint = IM_COL32(23, 102, 204, 160);
constexpr ImU32 kSeriesB = IM_COL32(240, 140, 30, 255);    // rented
constexpr ImU32 kPointOther = IM_COL32(150, 155, 165, 200);
// The memory bar's segments (ui/mem_colors.h, shared with the saved picture).
constexpr ImU32 opaque(std::uint32_t rgb) { return IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 255); }
constexpr ImU32 kMemWeights = opaque(mem_colors::kWeights);
constexpr ImU32 kMemGradients = opaque(mem_colors::kGradients);
constexpr ImU32 kMemOptimizer = opaque(mem_colors::kOptimizer);
constexpr ImU32 kMemActivations = opaque(mem_colors::kActivations);
constexpr ImU32 kMemKv = opaque(mem_colors::kKv);
constexpr ImU32 kMemOverhead = opaque(mem_colors::kOverhead);

}  // namespace xuanka::ui::palette
