// Export of the current result (ui layer).
#include "ui/export.h"

#include <cmath>
#include <cstdio>
#include <tuple>

#include "core/fields.h"
#include "core/contract.h"
#include "core/format.h"
#include "core/overlay.h"
#include "core/qr.h"
#include "core/url_params.h"
#include "ui/mem_colors.h"
#include "ui/notices.h"
#include "ui/scenario_form.h"
#include "ui/strings.h"

namespace xuanka::ui {

using nlohmann::json;

namespace {
// "1024×1024" from a job's width and height (px), "" when the job left them to the model.
std::string size_text(const std::optional<double>& w, const std::optional<double>& h) {
  if (!w) return "";
  return core::format_grouped(*w) + "×" + core::format_grouped(h.value_or(*w));
}
std::string row(Str label, const std::string& value, core::Lang L) { return std::string(tr(L, label)) + ": " + value; }
// The same for a field of the table (core/fields.h), labelled as its Estimate row is.
std::string field_label_row(const char* path, const std::string& value, core::Lang L) {
  const core::FieldRow* f = core::find_field(path);
  return std::string(f ? f->label(L) : path) + ": " + value;
}
}  // namespace

// The job's own settings, by the kind of model (issue 39 item 8: Markdown of an SDXL job carried a
// language model's sequence length and dropped its steps and resolution).
std::vector<std::string> job_setting_lines(const AppState& state) {
  const core::Lang L = state.lang;
  const core::Scenario& s = state.derived.scenario;
  std::vector<std::string> out;
  if (s.model.kind == core::ModelKind::vision && s.vision) {
    const core::VisionOptions& v = *s.vision;
    std::string line;
    if (const std::string px = size_text(v.width, v.height); !px.empty()) line = row(Str::x_input, px, L) + " · ";
    line += row(Str::x_frames, v.batch && *v.batch > 0 ? std::to_string(*v.batch) : std::string("auto"), L);
    out.push_back(line);
    out.push_back(row(Str::vis_precision, tr_key(L, core::info(v.precision).label), L) + " · " + row(Str::img_runtime, tr_key(L, core::info(v.runtime).label), L) +
                  " · " + field_label_row("vision.camera_fps", core::format_sig(v.camera_fps, 3), L) +
                  " · " + row(Str::x_camera, core::word(v.camera_resolution), L));
    if (const auto want = parse_number_text(state.recommend.streams); want && *want >= 1) out.push_back(row(Str::x_streams, core::format_grouped(*want), L));
    return out;
  }
  if (s.model.kind == core::ModelKind::diffusion && s.image) {
    const core::ImageOptions& im = *s.image;
    std::string line;
    if (const std::string px = size_text(im.width, im.height); !px.empty()) line = row(Str::x_resolution, px, L);
    if (s.task == core::Task::inference) {
      if (im.steps) line += (line.empty() ? "" : " · ") + field_label_row("image.steps", std::to_string(*im.steps), L);
      if (im.batch) line += (line.empty() ? "" : " · ") + row(Str::img_batch, *im.batch > 0 ? std::to_string(*im.batch) : std::string("auto"), L);
      if (im.cfg) line += (line.empty() ? "" : " · ") + row(Str::img_cfg, tr(L, *im.cfg ? Str::on_word : Str::off_word), L);
      if (!line.empty()) out.push_back(line);
      return out;
    }
    if (im.train_steps) line += (line.empty() ? "" : " · ") + field_label_row("image.train_steps", core::format_grouped(*im.train_steps), L);
    line += (line.empty() ? "" : " · ") + row(Str::micro_batch, std::to_string(s.micro_batch), L);
    out.push_back(line);
    std::string how = row(Str::precision, tr_key(L, core::info(s.precision).label), L) + " · " + row(Str::recompute, tr_key(L, core::info(s.recompute).label), L);
    if (s.task == core::Task::lora || s.task == core::Task::qlora) how += " · LoRA r=" + std::to_string(s.lora_rank);
    if (im.cache_latents) how += std::string(" · ") + tr(L, Str::img_cache_latents);
    out.push_back(how);
    return out;
  }
  if (s.task != core::Task::inference) {
    out.push_back(row(Str::precision, tr_key(L, core::info(s.precision).label), L) + " · " + row(Str::optimizer, tr_key(L, core::info(s.optimizer).label), L));
    out.push_back(row(Str::seq_len, core::format_grouped(s.seq_len), L) + " · " + row(Str::micro_batch, std::to_string(s.micro_batch), L) + " · " +
                  row(Str::global_batch, std::to_string(s.global_batch), L) + " · " + row(Str::recompute, tr_key(L, core::info(s.recompute).label), L));
    if (s.task == core::Task::lora || s.task == core::Task::qlora) {
      out.push_back("LoRA: r=" + std::to_string(s.lora_rank) + " · " + tr_key(L, core::info(s.lora_targets).label) + " · " +
                    tr(L, Str::weights_format) + " " + tr_key(L, core::info(s.weights).label));
    }
    if (s.tokens) out.push_back(row(Str::tokens_b, core::format_sig(*s.tokens / 1e9, 4), L));
    return out;
  }
  out.push_back(row(Str::weights_format, tr_key(L, core::info(s.weights).label), L) + " · " + row(Str::serving_batch, std::to_string(s.serving.batch), L) + " · " +
                row(Str::prompt_tokens, core::format_grouped(s.serving.prompt_tokens), L) + " · " + row(Str::output_tokens, core::format_grouped(s.serving.output_tokens), L));
  // The serving target the plan is sized for (issue 39 item 5: lost from the quote and picture).
  if (state.derived.serving_plan) {
    // As the plan read them (a number as people write it: 1,000).
    auto typed = [](const std::string& text) {
      const auto v = parse_number_text(text);
      return v ? core::format_grouped(*v) : text;
    };
    std::string target = row(Str::x_users, typed(state.estimate.users), L);
    if (!state.estimate.user_tokens_per_s.empty()) target += " · " + row(Str::plan_user_tps, typed(state.estimate.user_tokens_per_s), L);
    if (!state.estimate.ttft_target_s.empty()) target += " · " + row(Str::x_ttft, typed(state.estimate.ttft_target_s), L);
    out.push_back(target);
  }
  return out;
}

std::string streams_cards_line(const AppState& state) {
  const Derived& d = state.derived;
  const auto want = parse_number_text(state.recommend.streams);
  if (!want || *want < 1 || !d.estimate || !d.estimate->streams || *d.estimate->streams < 1 || !d.scenario.gpu) return "";
  char line[256];
  std::snprintf(line, sizeof line, tr(state.lang, Str::vis_streams_cards), core::format_grouped(*want).c_str(),
                core::format_grouped(std::ceil(*want / std::floor(*d.estimate->streams))).c_str(), d.scenario.gpu->name_in(state.lang).c_str());
  return line;
}

// The job's own results beyond memory, by kind: time and cost of training; a serving plan's cards;
// an image generator's seconds per image and images per hour; a camera line's streams and cards.
std::vector<std::string> job_result_lines(const AppState& state) {
  const core::Lang L = state.lang;
  const Derived& d = state.derived;
  std::vector<std::string> out;
  if (!d.estimate) return out;
  const core::Estimate& e = *d.estimate;
  const core::Scenario& s = d.scenario;
  if (s.model.kind == core::ModelKind::vision) {
    if (e.fps) out.push_back(row(Str::vis_fps, core::format_grouped(*e.fps), L) + " · " + row(Str::vis_streams, core::format_grouped(e.streams.value_or(0)), L));
    if (const std::string line = streams_cards_line(state); !line.empty()) out.push_back(line);
    return out;
  }
  if (s.model.kind == core::ModelKind::diffusion) {
    if (s.task == core::Task::inference) {
      if (e.latency_ms) out.push_back(row(Str::img_call, core::format_sig(*e.latency_ms / 1e3, 3) + " " + tr(L, Str::seconds), L));
      if (e.images_per_s) out.push_back(row(Str::img_per_hour, core::format_grouped(*e.images_per_s * 3600), L));
    } else if (e.train_s) {
      out.push_back(row(Str::training_time, duration_text(L, *e.train_s / 86400.0), L));
    }
  } else if (e.days) {
    out.push_back(row(Str::training_time, duration_text(L, *e.days) + ", " + core::format_grouped(*e.gpu_hours) + " " + tr(L, Str::gpu_hours), L));
    if (e.mfu) out.push_back("MFU " + core::format_sig(*e.mfu * 100, 3) + "%, " + core::format_grouped(*e.tokens_per_s_per_gpu) + " " + tr(L, Str::tokens_per_s_gpu));
  }
  if (e.decode_tokens_per_s_total) out.push_back(row(Str::total_speed, core::format_grouped(*e.decode_tokens_per_s_total), L));
  if (d.serving_plan && d.serving_plan->met) {
    const core::ServingPlan& p = *d.serving_plan;
    char line[256];
    std::snprintf(line, sizeof line, tr(L, Str::plan_cards), static_cast<long long>(p.cards), static_cast<long long>(p.replicas), p.cards_per_replica,
                  static_cast<long long>(p.batch_per_replica));
    out.push_back(std::string(tr(L, Str::plan_heading)) + ": " + line);
  }
  if (d.cost && d.cost->job_rent_cny) out.push_back(row(Str::job_cost, core::format_cny(*d.cost->job_rent_cny, L) + " " + tr(L, Str::rented), L));
  return out;
}

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
  if (e.streams) s += ", " + std::string(tr(L, Str::vis_streams)) + " " + core::format_grouped(*e.streams);
  if (e.images_per_s && d.scenario.task == core::Task::inference) s += ", " + std::string(tr(L, Str::img_per_hour)) + " " + core::format_grouped(*e.images_per_s * 3600);
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
  if (s.gpu) md += "- " + std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name_in(L) + "\n";
  const core::Parallel& p = s.parallel;
  std::string layout = "TP " + std::to_string(p.tp) + " · PP " + std::to_string(p.pp) + (p.vp > 1 ? " × VP " + std::to_string(p.vp) : "") + " · DP " + std::to_string(p.dp());
  if (p.cp > 1) layout += " · CP " + std::to_string(p.cp);
  if (p.ep > 1) layout += " · EP " + std::to_string(p.ep);
  if (s.task != core::Task::inference && s.model.kind == core::ModelKind::llm) {
    layout += " · ZeRO-" + std::to_string(p.zero);
    if (p.sequence_parallel) layout += std::string(" · ") + tr(L, Str::sequence_parallel);
    if (p.offload != core::Offload::none) layout += std::string(" · ") + tr(L, Str::offload) + " " + tr_key(L, core::info(p.offload).label);
  }
  for (const std::string& line : job_setting_lines(state)) md += "- " + line + "\n";
  if (s.model.kind == core::ModelKind::llm) md += "- " + std::string(tr(L, Str::parallel_layout)) + ": " + layout + "\n";
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
  for (const std::string& line : job_result_lines(state)) md += "- " + line + "\n";
  for (const auto& w : e.warnings) md += "- ⚠ " + notice_text(L, w) + "\n";
  return md;
}

std::string quote_summary(const AppState& state, const core::Catalog& catalog) {
  const core::Lang L = state.lang;
  const core::Scenario& s = state.derived.scenario;
  const core::ModelArch* m = catalog.find_model(state.estimate.form.model);
  std::string text = std::string(tr(L, Str::model)) + ": " + form_model_name(state.estimate.form, m ? m->name : "") + "\n" +
                     tr(L, Str::task) + ": " + tr_key(L, core::info(s.task).label) + "\n";
  if (s.gpu) text += std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name_in(L) + "\n";
  for (const std::string& line : job_setting_lines(state)) text += line + "\n";
  const Derived& d = state.derived;
  if (!d.problems.empty()) {
    text += summary_line(state) + "\n";  // the input error, named
  } else if (d.estimate) {
    text += std::string(tr(L, Str::per_gpu_memory)) + " " + core::format_bytes_binary(d.estimate->total_bytes);
    if (d.estimate->fits) text += std::string(", ") + tr(L, *d.estimate->fits ? Str::fits : Str::does_not_fit);
    text += "\n";
    for (const std::string& r : job_result_lines(state)) text += r + "\n";
  }
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
  if (s.gpu) subject += ", " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name_in(state.lang);
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
  if (s.gpu) lines.push_back(std::string(tr(L, Str::gpu_card)) + ": " + std::to_string(s.parallel.gpus) + " × " + s.gpu->name_in(L));
  for (const std::string& line : job_result_lines(state)) lines.push_back(line);
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
