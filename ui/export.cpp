// Export of the current result (ui layer).
#include "ui/export.h"

#include <cstdio>
#include <tuple>

#include "core/contract.h"
#include "core/format.h"
#include "core/overlay.h"
#include "core/qr.h"
#include "core/url_params.h"
#include "ui/mem_colors.h"
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
  if (e.days) s += ", " + duration_text(L, *e.days);
  if (e.decode_tokens_per_s_total) s += ", " + core::format_grouped(*e.decode_tokens_per_s_total) + " " + tr(L, Str::total_speed);
  return s;
}

std::string export_markdown(const AppState& state, const core::Catalog& catalog) {
  const core::Lang L = state.lang;
  const Derived& d = state.derived;
  std::string md = std::string("## ") + tr(L, Str::app_name) + " — " + tr(L, Str::view_estimate) + "\n\n";
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  md += "- " + std::string(tr(L, Str::model)) + ": " + form_model_name(state.estimate.form, m ? m->name : "") + "\n";
  if (!d.problems.empty()) {
    for (const auto& p : d.problems) md += "- " + std::string(tr(L, Str::input_error)) + ": " + p.text() + "\n";
    if (!d.estimate) return md;
    md += "- " + std::string(tr(L, d.held ? Str::held_results : Str::stale_results)) + "\n";  // which results follow
  }
  // The settings, from the scenario core parsed (not the form's text).
  const core::Scenario& s = d.scenario;
  md += "- " + std::string(tr(L, Str::task)) + ": " + tr_key(L, core::info(s.task).label) + "\n";
  if (s.gpu) md += "- " + std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name + "\n";
  const core::Parallel& p = s.parallel;
  std::string layout = "TP " + std::to_string(p.tp) + " · PP " + std::to_string(p.pp) + (p.vp > 1 ? " × VP " + std::to_string(p.vp) : "") + " · DP " + std::to_string(p.dp());
  if (p.cp > 1) layout += " · CP " + std::to_string(p.cp);
  if (p.ep > 1) layout += " · EP " + std::to_string(p.ep);
  if (s.task != core::Task::inference) {
    layout += " · ZeRO-" + std::to_string(p.zero);
    if (p.sequence_parallel) layout += std::string(" · ") + tr(L, Str::sequence_parallel);
    if (p.offload != core::Offload::none) layout += std::string(" · ") + tr(L, Str::offload) + " " + tr_key(L, core::info(p.offload).label);
    md += "- " + std::string(tr(L, Str::precision)) + ": " + tr_key(L, core::info(s.precision).label) + " · " + tr(L, Str::optimizer) + ": " +
          tr_key(L, core::info(s.optimizer).label) + "\n";
    md += "- " + std::string(tr(L, Str::seq_len)) + ": " + core::format_grouped(s.seq_len) + " · " + tr(L, Str::micro_batch) + ": " +
          std::to_string(s.micro_batch) + " · " + tr(L, Str::global_batch) + ": " + std::to_string(s.global_batch) + " · " +
          tr(L, Str::recompute) + ": " + tr_key(L, core::info(s.recompute).label) + "\n";
    if (s.task == core::Task::lora || s.task == core::Task::qlora) {
      md += "- LoRA: r=" + std::to_string(s.lora_rank) + " · " + tr_key(L, core::info(s.lora_targets).label) + " · " +
            tr(L, Str::weights_format) + " " + tr_key(L, core::info(s.weights).label) + "\n";
    }
    if (s.tokens) md += "- " + std::string(tr(L, Str::tokens_b)) + ": " + core::format_sig(*s.tokens / 1e9, 4) + "\n";
  } else {
    md += "- " + std::string(tr(L, Str::weights_format)) + ": " + tr_key(L, core::info(s.weights).label) + " · " + tr(L, Str::serving_batch) +
          ": " + std::to_string(s.serving.batch) + " · " + tr(L, Str::prompt_tokens) + ": " + core::format_grouped(s.serving.prompt_tokens) +
          " · " + tr(L, Str::output_tokens) + ": " + core::format_grouped(s.serving.output_tokens) + "\n";
  }
  md += "- " + std::string(tr(L, Str::parallel_layout)) + ": " + layout + "\n";
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
  if (e.days) md += "- " + std::string(tr(L, Str::training_time)) + ": " + duration_text(L, *e.days) + ", " + core::format_grouped(*e.gpu_hours) + " " + tr(L, Str::gpu_hours) + "\n";
  if (e.mfu) md += "- MFU " + core::format_sig(*e.mfu * 100, 3) + "%, " + core::format_grouped(*e.tokens_per_s_per_gpu) + " " + tr(L, Str::tokens_per_s_gpu) + "\n";
  if (d.cost && d.cost->job_rent_cny) md += "- " + std::string(tr(L, Str::job_cost)) + ": " + core::format_cny(*d.cost->job_rent_cny, L) + " " + tr(L, Str::rented) + "\n";
  if (e.decode_tokens_per_s_total) md += "- " + std::string(tr(L, Str::total_speed)) + ": " + core::format_grouped(*e.decode_tokens_per_s_total) + "\n";
  for (const auto& w : e.warnings) md += "- ⚠ " + notice_text(L, w) + "\n";
  return md;
}

std::string quote_summary(const AppState& state, const core::Catalog& catalog) {
  const core::Lang L = state.lang;
  const core::Scenario& s = state.derived.scenario;
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  std::string text = std::string(tr(L, Str::model)) + ": " + form_model_name(state.estimate.form, m ? m->name : "") + "\n" +
                     tr(L, Str::task) + ": " + tr_key(L, core::info(s.task).label) + "\n";
  if (s.gpu) text += std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name + "\n";
  const std::string line = summary_line(state);
  if (!line.empty()) text += line + "\n";
  return text;
}

std::string quote_link(const std::string& target, const AppState& state, const core::Catalog& catalog,
                       const std::string& share_url) {
  const auto kind = core::quote_target_kind(target);
  if (!kind) return "";
  if (*kind == core::QuoteTarget::phone) return target;
  const std::string summary = quote_summary(state, catalog);
  if (*kind == core::QuoteTarget::web) {
    const std::size_t hash = target.find('#');
    const std::string base = target.substr(0, hash), frag = hash == std::string::npos ? "" : target.substr(hash);
    return base + (base.find('?') == std::string::npos ? "?" : "&") + "xuanka_summary=" + core::percent_encode(summary) +
           "&xuanka_link=" + core::percent_encode(share_url) + frag;
  }
  // mailto: (RFC 6068 §2, §5): hfields after '?', joined by '&'; line breaks as %0D%0A.
  std::string body;
  for (char c : summary + "\n" + share_url + "\n") {
    if (c == '\n') body += "\r\n";
    else body += c;
  }
  const core::Scenario& s = state.derived.scenario;
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  std::string subject = std::string(tr(state.lang, Str::quote_subject)) + ": " + form_model_name(state.estimate.form, m ? m->name : "");
  if (s.gpu) subject += ", " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name;
  return target + (target.find('?') == std::string::npos ? "?" : "&") + "subject=" + core::percent_encode(subject) +
         "&body=" + core::percent_encode(body);
}

nlohmann::json result_picture(const AppState& state, const core::Catalog& catalog, const std::string& share_url) {
  const core::Lang L = state.lang;
  const Derived& d = state.derived;
  if (!d.estimate || !d.problems.empty()) return nullptr;
  const core::Estimate& e = *d.estimate;
  const core::Scenario& s = d.scenario;
  json pic = {{"title", std::string(tr(L, Str::app_name)) + " · " + tr(L, Str::app_tagline)}, {"vendor", nullptr}};
  if (catalog.vendor) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%06x", catalog.vendor->color_rgb.value_or(0x1766CC) & 0xFFFFFFu);
    pic["vendor"] = {{"name", catalog.vendor->name}, {"contact", catalog.vendor->contact}, {"color", hex}};
  }
  json lines = json::array();
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  lines.push_back(std::string(tr(L, Str::model)) + ": " + form_model_name(state.estimate.form, m ? m->name : "") + " · " +
                  tr_key(L, core::info(s.task).label));
  if (s.gpu) lines.push_back(std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name);
  if (e.days) {
    lines.push_back(std::string(tr(L, Str::training_time)) + ": " + duration_text(L, *e.days) + " · " +
                    core::format_grouped(*e.gpu_hours) + " " + tr(L, Str::gpu_hours));
  }
  if (e.decode_tokens_per_s_total) lines.push_back(std::string(tr(L, Str::total_speed)) + ": " + core::format_grouped(*e.decode_tokens_per_s_total));
  if (d.cost && d.cost->job_rent_cny) {
    lines.push_back(std::string(tr(L, Str::job_cost)) + ": " + core::format_cny(*d.cost->job_rent_cny, L) + " " + tr(L, Str::rented));
  }
  pic["lines"] = lines;
  const core::MemoryBreakdown& b = e.memory;
  json segments = json::array();
  const std::tuple<Str, double, std::uint32_t> rows[] = {
      {Str::mem_weights, b.weights_bytes, mem_colors::kWeights},
      {Str::mem_grads, b.gradients_bytes, mem_colors::kGradients},
      {Str::mem_optimizer, b.optimizer_bytes, mem_colors::kOptimizer},
      {Str::mem_activations, b.activations_bytes + b.logits_bytes + b.temporary_bytes, mem_colors::kActivations},
      {Str::mem_kv, b.kv_cache_bytes, mem_colors::kKv},
      {Str::mem_overhead, b.context_bytes + b.fragmentation_bytes, mem_colors::kOverhead}};
  for (const auto& [label, bytes, rgb] : rows) {
    if (bytes <= 0) continue;
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%06x", rgb);
    segments.push_back({{"label", std::string(tr(L, label)) + " " + core::format_bytes_binary(bytes)}, {"bytes", bytes}, {"color", hex}});
  }
  std::string head = std::string(tr(L, Str::per_gpu_memory)) + " " + core::format_bytes_binary(e.total_bytes);
  if (s.gpu && s.gpu->memory_bytes) head += " / " + core::format_bytes_binary(*s.gpu->memory_bytes);
  pic["memory"] = {{"heading", head}, {"total_bytes", e.total_bytes}, {"segments", segments},
                   {"capacity_bytes", s.gpu && s.gpu->memory_bytes ? json(*s.gpu->memory_bytes) : json(nullptr)},
                   {"fits", e.fits ? json(*e.fits) : json(nullptr)},
                   {"verdict", e.fits ? tr(L, *e.fits ? Str::fits : Str::does_not_fit) : ""}};
  if (!share_url.empty()) {
    pic["link"] = share_url;
    pic["qr_caption"] = tr(L, Str::qr_caption);
    if (const auto qr = core::make_qr(share_url)) {
      std::string bits(qr->dark.size(), '0');
      for (std::size_t i = 0; i < qr->dark.size(); ++i) bits[i] = qr->dark[i] ? '1' : '0';
      pic["qr"] = {{"size", qr->size}, {"bits", bits}};
    }
  }
  return pic;
}

std::string export_json(const AppState& state) {
  const Derived& d = state.derived;
  if (!d.problems.empty()) {
    nlohmann::json out = {{"scenario", json::parse(d.scenario_json, nullptr, false)}, {"errors", json::array()}};
    for (const auto& p : d.problems) out["errors"].push_back({{"path", p.path}, {"message", p.message}});
    return core::dump_json(out, 2);
  }
  nlohmann::json out = {{"scenario", core::to_json(d.scenario)}};
  if (d.estimate) out["result"] = core::to_json(*d.estimate);
  if (d.cost) out["cost"] = core::to_json(*d.cost);
  return core::dump_json(out, 2);
}

}  // namespace xuanka::ui
