// Translation of core's notices (ui layer).
#include "ui/notices.h"

#include <utility>

namespace xuanka::ui {

namespace {
constexpr std::pair<const char*, Str> kCodes[] = {
    {"no_shape", Str::n_no_shape},         {"no_peak", Str::n_no_peak},
    {"tp_over_pcie", Str::n_tp_over_pcie}, {"tp_over_network", Str::n_tp_over_network},
    {"nvlink_capped", Str::n_nvlink_capped}, {"no_fp8", Str::n_no_fp8},
    {"qlora_no_bnb", Str::n_qlora_no_bnb}, {"no_region", Str::n_no_region},
    {"tdp_unknown", Str::n_tdp_unknown},   {"liquid", Str::n_liquid},
    {"rack_over", Str::n_rack_over},       {"no_bf16_fallback", Str::n_no_bf16_fallback},
    {"no_fp8_fallback", Str::n_no_fp8_fallback}, {"fp8_weights_converted", Str::n_fp8_converted},
    {"fits_with", Str::n_fits_with},       {"about_days", Str::n_about_days},
    {"no_nvlink_tp", Str::n_no_nvlink_tp}, {"pcie_only", Str::n_pcie_only},
    {"geforce_server", Str::n_geforce_server}, {"domestic_stack", Str::n_domestic_stack},
    {"misses_deadline", Str::n_misses_deadline}, {"over_budget", Str::n_over_budget},
    {"link_bw_unknown", Str::n_link_bw_unknown},
    {"a_rent_middle", Str::a_rent_middle}, {"a_price_middle", Str::a_price_middle},
    {"a_server_board8", Str::a_server_board8}, {"a_server_pcie8", Str::a_server_pcie8},
    {"a_lora", Str::a_lora}, {"a_offload", Str::a_offload}, {"a_context", Str::a_context},
    {"a_sibling", Str::a_sibling}, {"a_default_gemm", Str::a_default_gemm},
};
}  // namespace

std::string notice_text(core::Lang L, const core::Notice& n) {
  for (const auto& [code, key] : kCodes) {
    if (n.code != code) continue;
    std::string s = tr(L, key);
    for (std::size_t i = 0; i < n.args.size(); ++i) {
      const std::string slot = "{" + std::to_string(i) + "}";
      const std::size_t p = s.find(slot);
      if (p != std::string::npos) s.replace(p, slot.size(), n.args[i]);
    }
    return s;
  }
  return n.en;
}

std::string strategy_text(core::Lang L, const core::Option& o) {
  std::string s;
  auto add = [&](const std::string& x) { s += (s.empty() ? "" : " · ") + x; };
  if (o.parallel.tp > 1) add("TP " + std::to_string(o.parallel.tp));
  if (o.parallel.pp > 1) add("PP " + std::to_string(o.parallel.pp));
  if (o.parallel.zero > 0) add("ZeRO-" + std::to_string(o.parallel.zero));
  if (o.parallel.offload != core::Offload::none) add(std::string(tr(L, Str::offload)) + " " + tr(L, Str::offload_opt));
  if (o.recompute == core::Recompute::selective) add(std::string(tr(L, Str::recompute)) + " " + tr(L, Str::recompute_sel));
  if (o.recompute == core::Recompute::full) add(std::string(tr(L, Str::recompute)) + " " + tr(L, Str::recompute_full));
  return s.empty() ? tr(L, Str::no_sharding) : s;
}

}  // namespace xuanka::ui
