// Export of the current result (ui layer).
#include "ui/export.h"

#include "core/format.h"
#include "ui/notices.h"
#include "ui/strings.h"

namespace xuanka::ui {

using nlohmann::json;

std::string summary_line(const AppState& state) {
  const core::Lang L = state.lang;
  const Derived& d = state.derived;
  if (!d.problems.empty()) return std::string(tr(L, Str::input_error)) + ": " + d.problems.front().text();
  if (!d.estimate) return "";
  const core::Estimate& e = *d.estimate;
  std::string s = std::string(tr(L, Str::per_gpu_memory)) + " " + core::format_bytes_binary(e.total_bytes);
  if (e.fits) s += std::string(", ") + tr(L, *e.fits ? Str::fits : Str::does_not_fit);
  if (e.days) s += ", " + core::format_sig(*e.days, 3) + " " + tr(L, Str::days);
  if (e.decode_tokens_per_s_total) s += ", " + core::format_grouped(*e.decode_tokens_per_s_total) + " " + tr(L, Str::total_speed);
  return s;
}

std::string export_markdown(const AppState& state, const core::Catalog& catalog) {
  const core::Lang L = state.lang;
  const Derived& d = state.derived;
  std::string md = std::string("## ") + tr(L, Str::app_name) + " — " + tr(L, Str::view_estimate) + "\n\n";
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  md += "- " + std::string(tr(L, Str::model)) + ": " + (m ? m->name : state.estimate.form.model) + "\n";
  md += "- " + std::string(tr(L, Str::task)) + ": " + state.estimate.form.task + "\n";
  if (d.scenario.gpu) md += "- " + std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(d.scenario.parallel.gpus) + " × " + d.scenario.gpu->name + "\n";
  if (!d.problems.empty()) {
    for (const auto& p : d.problems) md += "- " + std::string(tr(L, Str::input_error)) + ": " + p.text() + "\n";
    return md;
  }
  if (!d.estimate) return md;
  const core::Estimate& e = *d.estimate;
  const core::MemoryBreakdown& b = e.memory;
  md += "\n| " + std::string(tr(L, Str::per_gpu_memory)) + " | GiB |\n|---|---:|\n";
  const std::pair<Str, double> rows[] = {
      {Str::mem_weights, b.weights_bytes}, {Str::mem_grads, b.gradients_bytes}, {Str::mem_optimizer, b.optimizer_bytes},
      {Str::mem_activations, b.activations_bytes + b.logits_bytes + b.temporary_bytes}, {Str::mem_kv, b.kv_cache_bytes},
      {Str::mem_overhead, b.context_bytes + b.fragmentation_bytes}};
  for (const auto& [k, v] : rows) md += "| " + std::string(tr(L, k)) + " | " + core::format_gib(v) + " |\n";
  md += "| **" + std::string(tr(L, Str::per_gpu_memory)) + "** | **" + core::format_gib(e.total_bytes) + "** |\n\n";
  if (e.fits) md += "- " + std::string(tr(L, *e.fits ? Str::fits : Str::does_not_fit)) + " (" + tr(L, Str::headroom) + " " + core::format_bytes_binary(*e.headroom_bytes) + ")\n";
  if (e.days) md += "- " + std::string(tr(L, Str::training_time)) + ": " + core::format_sig(*e.days, 3) + " " + tr(L, Str::days) + ", " + core::format_grouped(*e.gpu_hours) + " " + tr(L, Str::gpu_hours) + "\n";
  if (e.mfu) md += "- MFU " + core::format_sig(*e.mfu * 100, 3) + "%, " + core::format_grouped(*e.tokens_per_s_per_gpu) + " " + tr(L, Str::tokens_per_s_gpu) + "\n";
  if (d.cost && d.cost->job_rent_cny) md += "- " + std::string(tr(L, Str::job_cost)) + ": " + core::format_cny(*d.cost->job_rent_cny, L) + " " + tr(L, Str::rented) + "\n";
  if (e.decode_tokens_per_s_total) md += "- " + std::string(tr(L, Str::total_speed)) + ": " + core::format_grouped(*e.decode_tokens_per_s_total) + "\n";
  for (const auto& w : e.warnings) md += "- ⚠ " + notice_text(L, w) + "\n";
  return md;
}

std::string export_json(const AppState& state) {
  const Derived& d = state.derived;
  json out = {{"scenario", json::parse(d.scenario_json, nullptr, false)}};
  if (!d.problems.empty()) {
    for (const auto& p : d.problems) out["errors"].push_back(p.text());
    return out.dump(2);
  }
  if (d.estimate) {
    const core::Estimate& e = *d.estimate;
    out["result"] = {{"memory", {{"model_states", e.model_states_bytes}, {"peak_allocated", e.peak_allocated_bytes},
                                 {"total", e.total_bytes}, {"kv_cache_per_token", e.kv_cache_per_token_bytes}}}};
    if (e.fits) out["result"]["fits"] = *e.fits;
    if (e.mfu) out["result"]["compute"] = {{"tokens_per_s_per_gpu", *e.tokens_per_s_per_gpu}, {"tflops_per_gpu", *e.tflops_per_gpu}, {"mfu", *e.mfu}};
    if (e.gpu_hours) {
      out["result"]["compute"]["gpu_hours"] = *e.gpu_hours;
      out["result"]["compute"]["days"] = *e.days;
    }
  }
  return out.dump(2);
}

}  // namespace xuanka::ui
