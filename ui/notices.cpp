// Translation of core's notices (ui layer).
#include "ui/notices.h"

#include <utility>

#include "core/enums.h"

namespace xuanka::ui {

std::string notice_text(core::Lang L, const core::Notice& n) {
  const auto key = str_by_key("n_" + n.code);  // notice code X <-> string key n_X
  if (!key) return n.en;
  std::string s = tr(L, *key);
  for (std::size_t i = 0; i < n.args.size(); ++i) {
    const std::string slot = "{" + std::to_string(i) + "}";
    const std::size_t p = s.find(slot);
    if (p != std::string::npos) s.replace(p, slot.size(), n.args[i]);
  }
  return s;
}

std::string strategy_text(core::Lang L, const core::Option& o) {
  std::string s;
  auto add = [&](const std::string& x) { s += (s.empty() ? "" : " · ") + x; };
  const core::Parallel& p = o.scenario.parallel;
  if (p.tp > 1) add("TP " + std::to_string(p.tp));
  if (p.pp > 1) add("PP " + std::to_string(p.pp));
  if (p.cp > 1) add("CP " + std::to_string(p.cp));
  if (p.zero > 0) add("ZeRO-" + std::to_string(p.zero));
  if (p.sequence_parallel) add(tr(L, Str::sequence_parallel));
  if (p.offload != core::Offload::none) add(std::string(tr(L, Str::offload)) + " " + tr_key(L, core::info(p.offload).label));
  if (o.scenario.recompute != core::Recompute::none) add(std::string(tr(L, Str::recompute)) + " " + tr_key(L, core::info(o.scenario.recompute).label));
  return s.empty() ? tr(L, Str::no_sharding) : s;
}

}  // namespace xuanka::ui
