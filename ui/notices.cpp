// Translation of core's notices (ui layer).
#include "ui/notices.h"

#include "core/format.h"

#include <cctype>
#include <map>

#include <utility>

#include "core/enums.h"

namespace xuanka::ui {

namespace {
// The catalog's English card names -> their Chinese ones (set_card_names).
std::map<std::string, std::string>& card_names_zh() {
  static std::map<std::string, std::string> m;
  return m;
}
}  // namespace

void set_card_names(const core::Catalog& cat) {
  auto& m = card_names_zh();
  m.clear();
  for (const core::Accelerator& a : cat.accelerators) {
    if (!a.name_zh.empty()) m[a.name] = a.name_zh;
  }
}

std::string notice_text(core::Lang L, const core::Notice& n) {
  return core::notice_text(n, L, [&](const std::string& a) {
    // "#key": an enum value's label key (core/enums.h), said in the page's language.
    if (a.size() > 1 && a[0] == '#') {
      const auto k = str_by_key(a.substr(1));
      return k ? std::string(tr(L, *k)) : a;
    }
    // Core names a card by its English name; the Chinese page shows its Chinese one.
    if (L != core::Lang::zh) return a;
    const auto it = card_names_zh().find(a);
    return it != card_names_zh().end() ? it->second : a;
  });
}

std::string strategy_text(core::Lang L, const core::Option& o) {
  std::string s;
  auto add = [&](const std::string& x) { s += (s.empty() ? "" : " · ") + x; };
  const core::Parallel& p = o.scenario.parallel;
  if (p.tp > 1) add("TP " + std::to_string(p.tp));
  if (p.pp > 1) add("PP " + std::to_string(p.pp) + (p.vp > 1 ? " × VP " + std::to_string(p.vp) : ""));
  if (p.cp > 1) add("CP " + std::to_string(p.cp));
  if (p.ep > 1) add("EP " + std::to_string(p.ep));
  if (p.zero > 0) add("ZeRO-" + std::to_string(p.zero));
  if (p.sequence_parallel) add(tr(L, Str::sequence_parallel));
  if (p.offload != core::Offload::none) add(std::string(tr(L, Str::offload)) + " " + tr_key(L, core::info(p.offload).label));
  if (o.scenario.recompute != core::Recompute::none) add(std::string(tr(L, Str::recompute)) + " " + tr_key(L, core::info(o.scenario.recompute).label));
  return s.empty() ? tr(L, Str::no_sharding) : s;
}

std::string duration_text(core::Lang L, double days) {
  const double s = days * 86400.0;
  if (!(s > 0) || days >= 1) return core::format_sig(days, 3) + " " + tr(L, Str::days);
  if (s >= 3600) return core::format_sig(s / 3600, 3) + " " + tr(L, Str::hours);
  if (s >= 60) return core::format_sig(s / 60, 3) + " " + tr(L, Str::minutes);
  return core::format_sig(s, 3) + " " + tr(L, Str::seconds);
}

const char* framework_name(const std::string& fw) {
  return fw == "deepspeed" ? "DeepSpeed" : fw == "fsdp" ? "FSDP" : fw == "megatron" ? "Megatron-LM" : fw == "mindie" ? "MindIE" : fw == "sglang" ? "SGLang" : "vLLM";
}

std::string source_label(core::Lang L, const std::string& source) {
  const bool zh = L == core::Lang::zh;
  // The detail in parentheses after a file name, kept.
  auto detail = [&](std::size_t after) {
    const std::size_t open = source.find('(', after);
    return open == std::string::npos ? std::string() : " " + source.substr(open);
  };
  const std::string seeds = "../shared/seeds/";
  if (source.compare(0, seeds.size(), seeds) == 0) {
    const std::string number = source.substr(seeds.size(), 3);
    return std::string(zh ? "选卡文章 #" : "buyers' guide article #") + number + detail(seeds.size());
  }
  const std::string prices = "scripts/data/sources/prices_";
  if (source.compare(0, prices.size(), prices) == 0) {
    const std::string month = source.substr(prices.size(), 7);
    return std::string(zh ? "公开报价汇总（" : "public offers collected (") + month + (zh ? "）" : ")") + detail(prices.size());
  }
  const std::string measured = "measured: scripts/calibrate/";
  if (source.compare(0, measured.size(), measured) == 0) {
    const std::size_t on = source.find(" on ");
    return std::string(zh ? "本项目实测" : "measured by this project") + (on == std::string::npos ? "" : ":" + source.substr(on));
  }
  return source;
}

std::string generation_text(core::Lang L, const std::string& g) {
  if (L != core::Lang::zh) return g;
  std::string out;
  for (std::size_t i = 0; i < g.size();) {
    // "4th", "2nd-gen": an ordinal becomes 第 N 代.
    std::size_t j = i;
    while (j < g.size() && std::isdigit(static_cast<unsigned char>(g[j]))) ++j;
    if (j > i && j + 2 <= g.size() && (i == 0 || !std::isalnum(static_cast<unsigned char>(g[i - 1])))) {
      const std::string suffix = g.substr(j, 2);
      if (suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th") {
        out += "第 " + g.substr(i, j - i) + " 代";
        i = j + 2;
        if (g.compare(i, 4, "-gen") == 0) i += 4;
        if (i < g.size() && g[i] == ' ' && i + 1 < g.size() && g[i + 1] != '(') out += " ";
        if (i < g.size() && g[i] == ' ') ++i;
        continue;
      }
    }
    if (g.compare(i, 2, ", ") == 0) { out += "，"; i += 2; continue; }
    if (g[i] == '(') { out += "（"; ++i; continue; }
    if (g[i] == ')') { out += "）"; ++i; continue; }
    if (g.compare(i, 7, "formats") == 0) { out += "格式"; i += 7; continue; }
    out += g[i++];
  }
  return out;
}

std::string link_short(core::Lang L, const core::Accelerator& a) {
  const bool zh = L == core::Lang::zh;
  using IK = core::InterconnectKind;
  const IK k = a.interconnect_kind;
  // "NVLink 4.0 ...": the version, when the name starts with the link's name and a number.
  auto version = [&](const char* prefix) {
    const std::string p = prefix;
    if (a.interconnect_name.compare(0, p.size(), p) != 0) return std::string();
    std::size_t i = p.size(), j = i;
    while (j < a.interconnect_name.size() && (std::isdigit(static_cast<unsigned char>(a.interconnect_name[j])) || a.interconnect_name[j] == '.')) ++j;
    return j > i ? " " + a.interconnect_name.substr(i, j - i) : std::string();
  };
  if (k == IK::pcie) return tr_key(L, core::info(k).label);
  std::string s = tr_key(L, core::info(k).label);  // the link's name (ui/strings.inc ik_*)
  if (k == IK::nvlink) s += version("NVLink ");
  else if (k == IK::nvlink_capped) s = "NVLink" + version("NVLink ") + (zh ? "（限速）" : " (capped)");
  else if (k == IK::mtlink) s += version("MTLink ");
  if (a.domain_cards && *a.domain_cards > 1) {
    const std::string n = std::to_string(*a.domain_cards);
    const bool mesh = a.interconnect_topology == core::Topology::full_mesh;
    s += zh ? " · " + n + " 卡" + (mesh ? "全互联" : "") : " · " + n + " cards" + (mesh ? ", full mesh" : "");
  }
  return s;
}

std::string offer_price_cell(core::Lang L, const core::Accelerator& a, core::OfferKind offer) {
  if (a.vendor_rent_cny_per_card_hour && offer != core::OfferKind::purchase) return core::format_sig(*a.vendor_rent_cny_per_card_hour, 3) + " · " + tr(L, Str::vendor_offer);
  const core::Accelerator::Price* p = a.market ? a.market->price(offer) : nullptr;
  if (!p) return "—";
  return (offer == core::OfferKind::purchase ? core::format_cny(p->typical, L) : core::format_sig(p->typical, 3)) + " · " + p->date;
}

std::string offer_prices_text(core::Lang L, const core::Accelerator& a) {
  std::string s;
  if (!a.market) return s;
  for (const auto& row : core::EnumTable<core::OfferKind>::rows()) {
    const core::Accelerator::Price* p = a.market->price(row.value);
    if (!p) continue;
    const bool card = row.value == core::OfferKind::purchase;
    s += (s.empty() ? "" : " · ") + std::string(tr_key(L, row.label)) + " " +
         (card ? core::format_cny(p->typical, L) + tr(L, Str::per_card_slash) : core::format_sig(p->typical, 3) + " " + tr(L, Str::per_card_hour)) +
         (L == core::Lang::zh ? "（" : " (") + p->date + (L == core::Lang::zh ? "）" : ")");
  }
  return s;
}

}  // namespace xuanka::ui
