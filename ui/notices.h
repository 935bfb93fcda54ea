// Core's notices (warnings, reasons) in the interface language (ui layer).
#pragma once
#include <string>

#include "core/notice.h"
#include "core/recommend.h"
#include "ui/strings.h"

namespace xuanka::ui {

// The translated sentence for `n`, with its arguments filled in; core's English when the code
// is not in the table.
std::string notice_text(core::Lang L, const core::Notice& n);
// An option's strategy in words: "TP 8 · PP 4 · ZeRO-1 · 选择性重计算".
std::string strategy_text(core::Lang L, const core::Option& o);

}  // namespace xuanka::ui
