// Core's notices (warnings, reasons) in the interface language (ui layer).
#pragma once
#include <string>
#include <vector>

#include "core/catalog.h"

#include "core/notice.h"
#include "core/recommend.h"
#include "ui/strings.h"

namespace xuanka::ui {

// The notice in the page's language (core/notices.inc), its arguments filled in: label keys and
// card names said in that language too.
std::string notice_text(core::Lang L, const core::Notice& n);
// A notice's argument that is a card's English name reads as its Chinese name (Accelerator::
// name_zh) on the Chinese page; the page sets the names once from its catalog (issue 39 item 7).
void set_card_names(const core::Catalog& cat);
// `text` with each {i} replaced by args[i].
using core::fill_slots;
// An option's strategy in words: "TP 8 · PP 4 · ZeRO-1 · 选择性重计算".
std::string strategy_text(core::Lang L, const core::Option& o);
// A run's length in the unit it reads in: days from one day up, else hours, minutes or seconds
// (a 1-token job read "0 days", issue 40).
std::string duration_text(core::Lang L, double days);

// A catalog source as a reader should see it: the project's own files ("../shared/seeds/001_….txt
// (卡型对比表)", "scripts/data/sources/prices_2026-11.csv (…)") by what they are, in the page's
// words, with their detail; addresses and citations as they are.
std::string source_label(core::Lang L, const std::string& source);
// A runnable configuration's framework as its project spells it ("deepspeed" -> "DeepSpeed").
const char* framework_name(const std::string& fw);
// A tensor-core generation ("4th (Transformer Engine)") in the page's words: 第 4 代（Transformer Engine）.
std::string generation_text(core::Lang L, const std::string& generation);

// A card's interconnect in a few words of the page's language, from its kind, version and
// domain ("NVLink 4.0 · 8 卡", "HCCS · 8 卡全互联", "仅 PCIe"); the catalog's full description
// stays in the card's detail.
std::string link_short(core::Lang L, const core::Accelerator& a);

// A card's rent of one kind as a table cell: "13.0 · 2026-10" (the typical price and the newest
// month seen), the vendor's own offer where it has one, or "—".
std::string offer_price_cell(core::Lang L, const core::Accelerator& a, core::OfferKind offer);
// Every kind of offer a card has, side by side: "包月/包年租赁 13.0 元/卡时（2026-10）· 云按量 30.5 …",
// empty when it has none.
std::string offer_prices_text(core::Lang L, const core::Accelerator& a);

}  // namespace xuanka::ui
