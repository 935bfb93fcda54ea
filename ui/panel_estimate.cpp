// The Estimate view (ui layer): the scenario's inputs, the per-GPU memory as a stacked bar
// against the card, fit and headroom, time and cost of the job or serving speed, and "why".
// [SECTION] choices  [SECTION] presets  [SECTION] inputs  [SECTION] results  [SECTION] view
#include <cmath>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/fields.h"
#include "core/accuracy.h"
#include "core/format.h"
#include "core/hf_config.h"
#include "core/search.h"
#include "imgui.h"
#include "ui/palette.h"
#include "ui/form_widgets.h"
#include "ui/export.h"
#include "ui/notices.h"
#include "ui/panels.h"

namespace xuanka::ui {

using core::Lang;

// [SECTION] choices
namespace {
// The share link as a QR code, for a customer to scan from the engineer's screen: whole modules of
// whole physical pixels (a scaled module blurs and a camera misreads it), a quiet zone of 4
// modules (ISO/IEC 18004 §9.1), dark on white whatever the page's colours; at most 280 CSS px.
void draw_share_qr(FrameCtx& ctx) {
  const Lang L = ctx.lang;
  if (ctx.env.file_page) return;  // a file:/// link opens nowhere else; the warning says so
  if (ctx.env.share_qr_too_long) {
    text_wrapped(ctx, tr(L, Str::qr_too_long));
    return;
  }
  if (!ctx.env.share_qr_texture || ctx.env.share_qr_modules <= 0) return;  // made by the next frame
  const int modules = ctx.env.share_qr_modules + 8;
  const float max_px = std::min(280.0f * ctx.env.dpr, ImGui::GetContentRegionAvail().x);
  const float module_px = std::max(1.0f, std::floor(max_px / modules));
  const float side = module_px * modules, quiet = module_px * 4;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  track(ctx, "est.qr.code");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + side, p.y + side), IM_COL32_WHITE);
  dl->AddImage(ctx.env.share_qr_texture, ImVec2(p.x + quiet, p.y + quiet), ImVec2(p.x + side - quiet, p.y + side - quiet));
  text_disabled(ctx, tr(L, Str::qr_caption));
}

std::vector<Choice> plain(std::initializer_list<const char*> list) {
  std::vector<Choice> out;
  for (const char* w : list) out.push_back({w, w});
  return out;
}

std::vector<Choice> model_choices(const core::Catalog& cat, const std::string& filter, const std::string& custom_label) {
  std::vector<Choice> out = {{"custom", custom_label}};
  for (const auto& m : cat.models) {
    if (!core::search_matches(filter, {m.name, m.id})) continue;
    out.push_back({m.id, m.name + "  (" + core::format_count(m.params.value_or(0)) + ")"});
  }
  return out;
}

// The cards a job can take, searched and in an order a buyer scans (issue 39 item 3: 71 cards with no
// search and no order): NVIDIA, AMD and Intel, then the domestic makers, each newest first. The
// card chosen stays listed whatever the search.
std::vector<Choice> card_choices(Lang L, const core::Catalog& cat, const std::string& filter, const std::string& current) {
  std::vector<const core::Accelerator*> cards;
  for (const auto& a : cat.accelerators) {
    if (a.hidden || !a.memory_bytes) continue;
    if (a.id != current && !core::search_matches(filter, {a.name, a.name_zh, a.vendor, a.vendor_zh, a.id, a.domestic ? "国产 domestic" : ""})) continue;
    cards.push_back(&a);
  }
  auto maker_rank = [](const core::Accelerator& a) { return a.vendor == "NVIDIA" ? 0 : a.vendor == "AMD" ? 1 : !a.domestic ? 2 : 3; };
  std::stable_sort(cards.begin(), cards.end(), [&](const core::Accelerator* x, const core::Accelerator* y) {
    if (maker_rank(*x) != maker_rank(*y)) return maker_rank(*x) < maker_rank(*y);
    if (x->vendor != y->vendor) return x->vendor < y->vendor;
    return x->release_year.value_or(0) > y->release_year.value_or(0);  // newest first; ties keep the catalog's order
  });
  std::vector<Choice> out;
  for (const core::Accelerator* a : cards) out.push_back({a->id, a->name_in(L) + "  " + core::format_gib(*a->memory_bytes) + " GiB"});
  return out;
}

bool card_row(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  row_label(ctx, tr(L, Str::gpu_card));
  text_field(ctx, *ctx.env.agent, "est.gpu_search", tr(L, Str::search_card), state.estimate.gpu_search, false);
  return combo_row(ctx, "est.gpu", "", state.estimate.form.gpu, card_choices(L, *ctx.env.catalog, state.estimate.gpu_search, state.estimate.form.gpu));
}

std::vector<Choice> region_choices(Lang L, const core::Catalog& cat) {
  std::vector<Choice> out;
  for (const auto& g : cat.regions) out.push_back({g.id, L == Lang::zh ? g.province_zh + " " + g.name_zh : g.name_en});
  return out;
}

// [SECTION] presets — the common language-model jobs of the seed articles.
struct Preset {
  const char* id;
  Str label;
  const char* json;
  const char* streams = nullptr;  // a vision job's camera streams to serve (Recommend sizes the cards for them)
};
constexpr Preset kPresets[] = {
    {"lora7b", Str::preset_lora7b, R"({"model":"qwen2.5-7b","task":"lora","lora":{"rank":16,"targets":"all_linear"},"seq_len":4096,"micro_batch":1,"recompute":"none","parallel":{"gpus":1,"tp":1,"pp":1,"zero":0,"offload":"none"},"gpu":"nvidia-a100-sxm4-80gb","tokens":1e9})"},
    {"qlora24", Str::preset_qlora24, R"({"model":"llama-3.1-8b","task":"qlora","lora":{"rank":16,"targets":"all_linear"},"seq_len":2048,"micro_batch":1,"recompute":"full","parallel":{"gpus":1,"tp":1,"pp":1,"zero":0,"offload":"none"},"gpu":"nvidia-rtx-4090","tokens":1e8})"},
    {"lora13b", Str::preset_13b_lora, R"({"model":"llama-2-13b","task":"lora","lora":{"rank":16,"targets":"attn"},"seq_len":4096,"micro_batch":1,"recompute":"selective","parallel":{"gpus":1,"tp":1,"pp":1,"zero":0,"offload":"none"},"gpu":"nvidia-a100-sxm4-80gb","tokens":1e9})"},
    {"ft70b", Str::preset_70b_ft, R"({"model":"llama-3.1-70b","task":"full_ft","seq_len":4096,"micro_batch":1,"global_batch":256,"recompute":"full","parallel":{"gpus":32,"tp":8,"pp":1,"zero":3,"offload":"none"},"gpu":"nvidia-h800-sxm5-80gb","tokens":2e9})"},
    {"pretrain", Str::preset_pretrain, R"({"model":"llama-3.1-70b","task":"pretrain","seq_len":8192,"micro_batch":1,"global_batch":1024,"recompute":"selective","parallel":{"gpus":1024,"tp":8,"pp":4,"zero":1,"offload":"none","sequence_parallel":true},"gpu":"nvidia-h800-sxm5-80gb","tokens":1.5e12})"},
    {"serve70b", Str::preset_serve70b, R"({"model":"qwen2.5-72b","task":"inference","weights":"bf16","serving":{"batch":16,"prompt_tokens":2048,"output_tokens":512},"parallel":{"gpus":4,"tp":4,"pp":1},"gpu":"nvidia-h20-96gb"})"},
    // The buyers' guides' other two scenarios: product pictures (SDXL LoRA at 1024 px on one
    // 24 GB card, latents and captions cached as kohya/diffusers scripts do) and a factory line
    // (YOLOv8m on 1080p cameras at 25 fps, TensorRT fp16, one frame of each of 16 cameras per batch).
    {"sdxl_lora", Str::preset_sdxl_lora, R"({"model":"sdxl","task":"lora","precision":"bf16_mixed","weights":"bf16","lora":{"rank":16,"targets":"attn"},"micro_batch":1,"recompute":"full","gpu":"nvidia-rtx-4090","image":{"resolution":1024,"cache_latents":true,"cache_text_embeddings":true,"train_steps":3000}})"},
    // Product videos (issue 38): Wan 2.1 14B's 5-second 720p clip on one rented H20, and a
    // product-style LoRA of Wan 2.2 TI2V-5B on one RTX 4090 (bf16, inputs cached as musubi-tuner
    // and DiffSynth-Studio do, gradient checkpointing).
    {"wan_720p", Str::preset_wan_720p, R"({"model":"wan2.1-t2v-14b","task":"inference","weights":"bf16","gpu":"nvidia-h20-96gb","video":{"resolution":[1280,720],"frames":81}})"},
    {"wan_lora", Str::preset_wan_lora, R"({"model":"wan2.2-ti2v-5b","task":"lora","precision":"bf16_mixed","weights":"bf16","lora":{"rank":32,"targets":"all_linear"},"micro_batch":1,"recompute":"full","gpu":"nvidia-rtx-4090","video":{"resolution":[1280,704],"frames":49,"cache_latents":true,"cache_text_embeddings":true,"train_steps":2000}})"},
    {"yolo_line", Str::preset_yolo_line, R"({"model":"yolov8m","task":"inference","gpu":"nvidia-a10","vision":{"input":640,"batch":16,"precision":"fp16","runtime":"tensorrt","camera_fps":25}})", "16"},
};

bool draw_presets(AppState& state, FrameCtx& ctx) {
  bool changed = false;
  text_disabled(ctx, tr(state.lang, Str::presets));
  float x = 0;
  const float avail = ImGui::GetContentRegionAvail().x;
  for (const Preset& p : kPresets) {
    const char* label = tr(state.lang, p.label);
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    if (x > 0 && x + w <= avail) ImGui::SameLine();
    else x = 0;
    x += w + ImGui::GetStyle().ItemSpacing.x;
    if (button(ctx, (std::string("preset.") + p.id).c_str(), label, w)) {
      from_contract(nlohmann::json::parse(p.json), state.estimate.form);
      state.recommend.streams = p.streams ? p.streams : "";
      state.estimate.scroll_to_result = true;
      changed = true;
    }
  }
  return changed;
}

// [SECTION] inputs
// The training rows an image or video denoiser shares: precision, optimizer, LoRA, batches, recompute.
// One row of the field table (core/fields.h) by its path: its label from the table.
bool field_row(FrameCtx& ctx, Lang L, ScenarioForm& f, const char* path) {
  const core::FieldRow* r = core::find_field(path);
  return r ? number_row(ctx, r->row, r->label(L), f.fields[path]) : false;
}

// The table's simple fields in `section` that apply to the form's task and a language model
// (core/fields.h): one number row each, labelled from the table.
bool field_rows_in(FrameCtx& ctx, Lang L, ScenarioForm& f, const char* section) {
  const auto task = core::from_word<core::Task>(f.task);
  bool changed = false;
  for (const core::FieldRow& r : core::field_rows()) {
    if (!task || std::string_view(r.section) != section || !r.applies(*task, core::ModelKind::llm)) continue;
    changed |= number_row(ctx, r.row, r.label(L), f.fields[r.path()]);
  }
  return changed;
}

bool denoiser_training_rows(FrameCtx& ctx, Lang L, ScenarioForm& f, bool lora) {
  bool changed = combo_row(ctx, "est.precision", tr(L, Str::precision), f.precision, enum_choices<core::Precision>(L));
  changed |= combo_row(ctx, "est.optimizer", tr(L, Str::optimizer), f.optimizer, enum_choices<core::Optimizer>(L));
  if (lora) {
    changed |= number_row(ctx, "est.lora_rank", tr(L, Str::lora_rank), f.lora_rank);
    changed |= combo_row(ctx, "est.lora_targets", tr(L, Str::lora_targets), f.lora_targets, enum_choices<core::LoraTargets>(L));
  }
  changed |= number_row(ctx, "est.micro_batch", tr(L, Str::micro_batch), f.micro_batch);
  changed |= number_row(ctx, "est.global_batch", tr(L, Str::global_batch), f.global_batch);
  changed |= combo_row(ctx, "est.recompute", tr(L, Str::recompute), f.recompute,
                       {{"none", tr(L, Str::recompute_none)}, {"full", tr(L, Str::recompute_full)}});
  return changed;
}
std::vector<Choice> default_on_off(Lang L) { return {{"", tr(L, Str::default_word)}, {"on", tr(L, Str::on_word)}, {"off", tr(L, Str::off_word)}}; }
// The stored format of the weights, or the contract's default.
bool weights_row(FrameCtx& ctx, Lang L, ScenarioForm& f) {
  std::vector<Choice> w = {{"", tr(L, Str::default_word)}};
  for (const Choice& c : enum_choices<core::WeightFormat>(L)) w.push_back(c);
  return combo_row(ctx, "est.weights", tr(L, Str::weights_format), f.weights, w);
}

// [SECTION] inputs
bool draw_inputs(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  ScenarioForm& f = state.estimate.form;
  const core::Catalog& cat = *ctx.env.catalog;
  bool changed = false;
  row_label(ctx, tr(L, Str::model));
  text_field(ctx, *ctx.env.agent, "est.model_search", tr(L, Str::search_model), state.estimate.model_search, false);
  std::vector<Choice> models = model_choices(cat, state.estimate.model_search, tr(L, Str::custom_arch));
  if (f.link_model.is_object()) models.insert(models.begin(), {kLinkModel, form_model_name(f, "") + "  " + tr(L, Str::link_model)});
  changed |= combo_row(ctx, "est.model", "", f.model, models);
  if (f.model == kLinkModel && f.link_model.is_object()) {
    // A vision or image model the link defined: shown as given (the page edits only a language
    // model's shape), so the link reopens exactly; the rows below edit the rest of the job.
    text_disabled(ctx, tr(L, Str::link_model_note));
    std::string shape = f.link_model.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (shape.size() > 400) {
      std::size_t cut = 400;  // at a character's start (UTF-8 continuation bytes are 10xxxxxx)
      while (cut > 0 && (static_cast<unsigned char>(shape[cut]) & 0xC0) == 0x80) --cut;
      shape = shape.substr(0, cut) + "…";
    }
    text_wrapped(ctx, shape.c_str());
    track(ctx, "est.link_model");
  }
  if (f.model == "custom") {
    // A model from its config.json, pasted (no network): fills the architecture rows below.
    text_disabled(ctx, tr(L, Str::hf_config_hint));
    text_box(ctx, *ctx.env.agent, "est.hf_config", state.estimate.hf_config, ImGui::GetFontSize() * 4.5f);
    if (button(ctx, "est.hf_read", tr(L, Str::hf_config_read))) {
      nlohmann::json m;
      state.estimate.hf_config_problems.clear();
      const core::Diagnostics d = core::model_from_hf_config(state.estimate.hf_config, m);
      for (const auto& x : d) state.estimate.hf_config_problems.push_back(x.text());
      if (d.empty()) {
        nlohmann::json j = to_contract(f);
        j["model"] = m;
        from_contract(j, f);
        changed = true;
      }
    }
    if (!state.estimate.hf_config_problems.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
      text_wrapped(ctx, tr(L, Str::hf_config_bad));
      ImGui::PopStyleColor();
      for (const auto& p : state.estimate.hf_config_problems) text_disabled(ctx, p.c_str());
      track(ctx, "est.hf_problems");
    }
    changed |= number_row(ctx, "est.arch_layers", tr(L, Str::arch_layers), f.arch_layers);
    changed |= number_row(ctx, "est.arch_hidden", tr(L, Str::arch_hidden), f.arch_hidden);
    changed |= number_row(ctx, "est.arch_heads", tr(L, Str::arch_heads), f.arch_heads);
    changed |= number_row(ctx, "est.arch_kv_heads", tr(L, Str::arch_kv_heads), f.arch_kv_heads);
    changed |= number_row(ctx, "est.arch_ffn", tr(L, Str::arch_ffn), f.arch_ffn);
    changed |= combo_row(ctx, "est.arch_ffn_type", tr(L, Str::arch_ffn_type), f.arch_ffn_type,
                         {{"gated", "gated (SwiGLU)"}, {"plain", "plain (GeLU)"}});
    changed |= number_row(ctx, "est.arch_vocab", tr(L, Str::arch_vocab), f.arch_vocab);
    changed |= number_row(ctx, "est.arch_head_dim", tr(L, Str::arch_head_dim), f.arch_head_dim);
    changed |= number_row(ctx, "est.arch_params", tr(L, Str::arch_params), f.arch_params);
    changed |= check_row(ctx, "est.arch_tied", tr(L, Str::arch_tied), f.arch_tied);
    if (!f.arch_extra.empty()) text_disabled(ctx, tr(L, Str::arch_extra_note));
  }
  const core::ModelArch* preset = cat.find_model(f.model);
  const core::ModelKind kind = form_model_kind(f, preset ? std::optional(preset->kind) : std::nullopt);
  if (kind == core::ModelKind::vision) {
    changed |= card_row(state, ctx);
    changed |= number_row(ctx, "est.vis_input", tr(L, Str::vis_input), f.vis_input);
    changed |= number_row(ctx, "est.vis_batch", tr(L, Str::vis_batch), f.vis_batch);
    changed |= combo_row(ctx, "est.vis_precision", tr(L, Str::vis_precision), f.vis_precision, enum_choices<core::VisionPrecision>(L));
    changed |= combo_row(ctx, "est.vis_runtime", tr(L, Str::img_runtime), f.vis_runtime, enum_choices<core::Runtime>(L));
    changed |= field_row(ctx, L, f, "vision.camera_fps");
    changed |= combo_row(ctx, "est.vis_camera_res", tr(L, Str::vis_camera_res), f.vis_camera_res, enum_choices<core::CameraResolution>(L));
    changed |= number_row(ctx, "est.gpus", tr(L, Str::gpus), f.gpus);
    changed |= field_row(ctx, L, f, "vision.chips");
    changed |= combo_row(ctx, "est.vis_scope", tr(L, Str::vis_scope), f.vis_scope, enum_choices<core::VisionScope>(L));
    changed |= combo_row(ctx, "est.region", tr(L, Str::region), state.estimate.region, region_choices(L, cat));
    return changed;
  }
  std::vector<Choice> tasks = enum_choices<core::Task>(L);
  if (kind == core::ModelKind::video) {  // a video generator serves, or trains LoRA or all weights (the contract refuses the rest)
    tasks.erase(std::remove_if(tasks.begin(), tasks.end(), [](const Choice& c) { return c.word == "pretrain" || c.word == "qlora"; }), tasks.end());
  }
  changed |= combo_row(ctx, "est.task", tr(L, Str::task), f.task, tasks);
  changed |= card_row(state, ctx);
  if (kind == core::ModelKind::video) {
    // A video generator (SCENARIO.md "video"): the clip, the sampler, and how cards and memory
    // are used; empty rows take the model's own script's defaults.
    const bool train = f.task != "inference";
    const bool lora = f.task == "lora";
    changed |= number_row(ctx, "est.vid_res", tr(L, Str::img_resolution), f.vid_resolution);
    changed |= field_row(ctx, L, f, "video.frames");
    if (train) {
      changed |= denoiser_training_rows(ctx, L, f, lora);
      changed |= field_row(ctx, L, f, "video.train_steps");
      changed |= check_row(ctx, "est.vid_cache_latents", tr(L, Str::img_cache_latents), f.vid_cache_latents);
      changed |= check_row(ctx, "est.vid_cache_text", tr(L, Str::img_cache_text), f.vid_cache_text);
    } else {
      changed |= field_row(ctx, L, f, "video.fps");
      changed |= field_row(ctx, L, f, "video.steps");
      changed |= combo_row(ctx, "est.vid_cfg", tr(L, Str::img_cfg), f.vid_cfg, default_on_off(L));
      changed |= combo_row(ctx, "est.vid_offload", tr(L, Str::img_offload), f.vid_offload, enum_choices<core::ImageOffload>(L));
      changed |= check_row(ctx, "est.vid_enc_cpu", tr(L, Str::vid_encoders_cpu), f.vid_encoders_cpu);
      changed |= combo_row(ctx, "est.vid_vae", tr(L, Str::img_vae), f.vid_vae_decode,
                           {{"full", tr(L, Str::vae_full)}, {"tiled", tr(L, Str::vae_tiled)}});
    }
    if (!train || lora) changed |= weights_row(ctx, L, f);
    changed |= combo_row(ctx, "est.vid_attn", tr(L, Str::vid_attention), f.vid_attention, enum_choices<core::VideoAttention>(L));
    changed |= field_row(ctx, L, f, "video.blocks_to_swap");
    changed |= number_row(ctx, "est.gpus", tr(L, Str::gpus), f.gpus);
    changed |= combo_row(ctx, "est.zero", tr(L, Str::zero), f.zero, plain({"0", "1", "2", "3"}));
    if (train) changed |= combo_row(ctx, "est.offload", tr(L, Str::offload), f.offload, enum_choices<core::Offload>(L));
    else changed |= combo_row(ctx, "est.vid_sp", tr(L, Str::vid_sp), f.vid_sp, enum_choices<core::VideoSp>(L));
    changed |= combo_row(ctx, "est.region", tr(L, Str::region), state.estimate.region, region_choices(L, cat));
    return changed;
  }
  if (kind == core::ModelKind::diffusion) {
    const bool train = f.task != "inference";
    const bool lora = f.task == "lora" || f.task == "qlora";
    changed |= number_row(ctx, "est.img_res", tr(L, Str::img_resolution), f.img_resolution);
    if (train) {
      changed |= denoiser_training_rows(ctx, L, f, lora);
      changed |= field_row(ctx, L, f, "image.train_steps");
      changed |= check_row(ctx, "est.img_cache_latents", tr(L, Str::img_cache_latents), f.img_cache_latents);
      changed |= check_row(ctx, "est.img_cache_text", tr(L, Str::img_cache_text), f.img_cache_text);
      changed |= check_row(ctx, "est.img_train_te", tr(L, Str::img_train_te), f.img_train_te);
      changed |= check_row(ctx, "est.img_prior", tr(L, Str::img_prior), f.img_prior);
      changed |= check_row(ctx, "est.img_ema", tr(L, Str::img_ema), f.img_ema);
    } else {
      changed |= number_row(ctx, "est.img_batch", tr(L, Str::img_batch), f.img_batch);
      changed |= field_row(ctx, L, f, "image.steps");
      changed |= combo_row(ctx, "est.img_cfg", tr(L, Str::img_cfg), f.img_cfg, default_on_off(L));
      changed |= combo_row(ctx, "est.img_runtime", tr(L, Str::img_runtime), f.img_runtime, enum_choices<core::Runtime>(L));
      changed |= combo_row(ctx, "est.img_vae", tr(L, Str::img_vae), f.img_vae_decode, enum_choices<core::VaeDecode>(L));
      changed |= combo_row(ctx, "est.img_offload", tr(L, Str::img_offload), f.img_offload, enum_choices<core::ImageOffload>(L));
    }
    if (!train || lora) changed |= weights_row(ctx, L, f);
    changed |= check_row(ctx, "est.flash", tr(L, Str::flash_attention), f.flash_attention);
    changed |= number_row(ctx, "est.gpus", tr(L, Str::gpus), f.gpus);
    if (train) {
      changed |= combo_row(ctx, "est.zero", tr(L, Str::zero), f.zero, plain({"0", "1", "2", "3"}));
      changed |= combo_row(ctx, "est.offload", tr(L, Str::offload), f.offload, enum_choices<core::Offload>(L));
    }
    changed |= combo_row(ctx, "est.region", tr(L, Str::region), state.estimate.region, region_choices(L, cat));
    return changed;
  }
  const bool infer = f.task == "inference";
  const bool lora = f.task == "lora" || f.task == "qlora";
  if (!infer) {
    changed |= combo_row(ctx, "est.precision", tr(L, Str::precision), f.precision, enum_choices<core::Precision>(L));
    changed |= combo_row(ctx, "est.optimizer", tr(L, Str::optimizer), f.optimizer, enum_choices<core::Optimizer>(L));
  }
  if (lora) {
    changed |= number_row(ctx, "est.lora_rank", tr(L, Str::lora_rank), f.lora_rank);
    changed |= combo_row(ctx, "est.lora_targets", tr(L, Str::lora_targets), f.lora_targets, enum_choices<core::LoraTargets>(L));
    changed |= number_row(ctx, "est.lora_dropout", tr(L, Str::lora_dropout), f.lora_dropout);
    std::vector<Choice> ad = {{"", tr(L, Str::default_word)}};
    for (const char* x : {"fp32", "bf16", "fp16"}) ad.push_back({x, tr_key(L, core::info(*core::from_word<core::WeightFormat>(x)).label)});
    changed |= combo_row(ctx, "est.lora_dtype", tr(L, Str::lora_dtype), f.lora_dtype, ad);
  }
  if (infer || lora) changed |= weights_row(ctx, L, f);
  if (!infer) {
    changed |= number_row(ctx, "est.seq_len", tr(L, Str::seq_len), f.seq_len);
    changed |= number_row(ctx, "est.micro_batch", tr(L, Str::micro_batch), f.micro_batch);
    changed |= number_row(ctx, "est.global_batch", tr(L, Str::global_batch), f.global_batch);
    changed |= combo_row(ctx, "est.recompute", tr(L, Str::recompute), f.recompute, enum_choices<core::Recompute>(L));
    std::vector<Choice> loss = {{"", tr(L, Str::default_word)}};
    for (const Choice& c : enum_choices<core::Loss>(L)) loss.push_back(c);
    changed |= combo_row(ctx, "est.loss", tr(L, Str::loss_word), f.loss, loss);
    changed |= number_row(ctx, "est.tokens", tr(L, Str::tokens_b), f.tokens_billion);
  } else {
    changed |= number_row(ctx, "est.serving_batch", tr(L, Str::serving_batch), f.serving_batch);
    changed |= number_row(ctx, "est.prompt", tr(L, Str::prompt_tokens), f.prompt_tokens);
    changed |= number_row(ctx, "est.output", tr(L, Str::output_tokens), f.output_tokens);
    std::vector<Choice> kv = {{"", tr(L, Str::default_word)}};
    for (const char* x : {"bf16", "fp16", "fp8", "int8"}) kv.push_back({x, tr_key(L, core::info(*core::from_word<core::WeightFormat>(x)).label)});
    changed |= combo_row(ctx, "est.kv", tr(L, Str::kv_dtype), f.kv_dtype, kv);
    // Serving at scale (SCENARIO.md "LLM serving at scale"): the engine, speculative decoding,
    // separate prefill and decode pools, the prefix cache, a MoE's experts on the host.
    std::vector<Choice> engines = {{"", tr(L, Str::default_word)}};
    for (const Choice& c : enum_choices<core::Engine>(L)) engines.push_back(c);
    changed |= combo_row(ctx, "est.engine", tr(L, Str::engine_word), f.engine, engines);
    std::vector<Choice> spec = {{"", tr(L, Str::off_word)}};
    for (const Choice& c : enum_choices<core::SpecMethod>(L)) spec.push_back(c);
    changed |= combo_row(ctx, "est.spec", tr(L, Str::spec_word), f.spec_method, spec);
    if (!f.spec_method.empty()) {
      changed |= number_row(ctx, "est.spec_k", tr(L, Str::spec_k_word), f.spec_draft_tokens);
      changed |= number_row(ctx, "est.spec_accept", tr(L, Str::spec_accept_word), f.spec_accept_length);
    }
    std::vector<Choice> roles = {{"", tr(L, Str::role_both)}};
    for (const Choice& c : enum_choices<core::PoolRole>(L)) if (c.word != "both") roles.push_back(c);
    changed |= combo_row(ctx, "est.pool_role", tr(L, Str::pool_role_word), f.pool_role, roles);
    if (f.pool_role.empty()) {
      changed |= number_row(ctx, "est.prefill_gpus", tr(L, Str::prefill_gpus_word), f.prefill_gpus);
      if (!f.prefill_gpus.empty()) {
        changed |= number_row(ctx, "est.prefill_tp", tr(L, Str::prefill_tp_word), f.prefill_tp);
        changed |= number_row(ctx, "est.prefill_ep", tr(L, Str::prefill_ep_word), f.prefill_ep);
      }
    }
    changed |= field_rows_in(ctx, L, f, "serving");
    const bool moe = (preset && preset->moe) || f.serving_offload != "none";
    if (moe) {
      changed |= combo_row(ctx, "est.serving_offload", tr(L, Str::serving_offload_word), f.serving_offload, enum_choices<core::ServingOffload>(L));
      if (f.serving_offload != "none") {
        changed |= number_row(ctx, "est.cpu_gb_s", tr(L, Str::cpu_gb_s_word), f.cpu_memory_gb_s);
        changed |= number_row(ctx, "est.cpu_tflops", tr(L, Str::cpu_tflops_word), f.cpu_tflops);
      }
    }
    changed |= number_row(ctx, "est.users", tr(L, Str::plan_users), state.estimate.users);
    changed |= number_row(ctx, "est.rps", tr(L, Str::plan_rps), state.estimate.requests_per_s);
    changed |= number_row(ctx, "est.user_tps", tr(L, Str::plan_user_tps), state.estimate.user_tokens_per_s);
    changed |= number_row(ctx, "est.ttft_target", tr(L, Str::plan_ttft), state.estimate.ttft_target_s);
  }
  changed |= check_row(ctx, "est.flash", tr(L, Str::flash_attention), f.flash_attention);
  changed |= number_row(ctx, "est.gpus", tr(L, Str::gpus), f.gpus);
  changed |= number_row(ctx, "est.tp", tr(L, Str::tp), f.tp);
  changed |= number_row(ctx, "est.pp", tr(L, Str::pp), f.pp);
  if (!infer && (f.pp != "1" || f.vp != "1")) changed |= number_row(ctx, "est.vp", tr(L, Str::vp), f.vp);
  changed |= number_row(ctx, "est.cp", tr(L, Str::cp), f.cp);
  changed |= number_row(ctx, "est.ep", tr(L, Str::ep), f.ep);
  if (!infer && (f.ep != "1" || f.ep_overlap)) changed |= check_row(ctx, "est.ep_overlap", tr(L, Str::ep_overlap), f.ep_overlap);
  if (f.ep != "1" || f.ep_dedup) changed |= check_row(ctx, "est.ep_dedup", tr(L, Str::ep_dedup), f.ep_dedup);
  changed |= field_rows_in(ctx, L, f, "parallel");
  if (!infer) {
    changed |= combo_row(ctx, "est.zero", tr(L, Str::zero), f.zero, plain({"0", "1", "2", "3"}));
    changed |= combo_row(ctx, "est.offload", tr(L, Str::offload), f.offload, enum_choices<core::Offload>(L));
    changed |= check_row(ctx, "est.sp", tr(L, Str::sequence_parallel), f.sequence_parallel);
    changed |= field_rows_in(ctx, L, f, "");
  }
  changed |= combo_row(ctx, "est.region", tr(L, Str::region), state.estimate.region, region_choices(L, cat));
  return changed;
}
}  // namespace

// [SECTION] results
std::string gib_text(double bytes) { return core::format_bytes_binary(bytes); }

void draw_memory_bar(AppState& state, FrameCtx& ctx, const core::Estimate& e, const core::Scenario& sc) {
  const Lang L = state.lang;
  const core::Accelerator* gpu = sc.gpu;
  const core::MemoryBreakdown& m = e.memory;
  struct Seg {
    Str label;
    double bytes;
    ImU32 colour;
  };
  const Seg segs[] = {
      {Str::mem_weights, m.weights_bytes, palette::kMemWeights},
      {Str::mem_grads, m.gradients_bytes, palette::kMemGradients},
      {Str::mem_optimizer, m.optimizer_bytes, palette::kMemOptimizer},
      {Str::mem_activations, m.activations_bytes + m.logits_bytes + m.temporary_bytes, palette::kMemActivations},
      {Str::mem_kv, m.kv_cache_bytes, palette::kMemKv},
      {Str::mem_overhead, m.context_bytes + m.fragmentation_bytes, palette::kMemOverhead},
  };
  // The marker at what the job may use: the card, the serving engine's share of it, or one die of
  // a multi-die card that holds a whole copy (core::replicas_per_die).
  const double card = gpu && gpu->memory_bytes ? *gpu->memory_bytes : 0;
  const double cap = e.capacity_bytes.value_or(card);
  const double scale_bytes = std::max(e.total_bytes, cap) * 1.02;
  const float d = ctx.env.dpr;
  const float w = ImGui::GetContentRegionAvail().x, h = 28 * d;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), palette::kBarTrack, 4 * d);
  float x = p.x;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const Seg* hovered = nullptr;
  for (const Seg& s : segs) {
    if (s.bytes <= 0) continue;
    const float sw = static_cast<float>(s.bytes / scale_bytes) * w;
    dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + sw, p.y + h), s.colour);
    if (mouse.x >= x && mouse.x < x + sw && mouse.y >= p.y && mouse.y < p.y + h) hovered = &s;
    x += sw;
  }
  if (cap > 0) {
    const float cx = p.x + static_cast<float>(cap / scale_bytes) * w;
    dl->AddLine(ImVec2(cx, p.y - 6 * d), ImVec2(cx, p.y + h + 6 * d), palette::kMarker, 2.5f * d);
  }
  ImGui::Dummy(ImVec2(w, h + 8 * d));
  track(ctx, "est.bar");
  if (hovered) {
    const std::string tip = std::string(tr(L, hovered->label)) + ": " + gib_text(hovered->bytes);
    check_glyphs(ctx, tip.c_str());
    ImGui::SetTooltip("%s", tip.c_str());
  }
  // Legend with the numbers.
  int n = 0;
  for (const Seg& s : segs) {
    if (s.bytes <= 0) continue;
    if (n++ % (ctx.env.narrow() ? 2 : 3) != 0) ImGui::SameLine(0, 24 * d);
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const float sz = ImGui::GetFontSize() * 0.7f;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(q.x, q.y + sz * 0.3f), ImVec2(q.x + sz, q.y + sz * 1.3f), s.colour, 2 * d);
    ImGui::Dummy(ImVec2(sz + 4 * d, sz));
    ImGui::SameLine();
    text(ctx, (std::string(tr(L, s.label)) + " " + gib_text(s.bytes)).c_str());
  }
  if (cap > 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    text(ctx, (std::string("| ") + tr(L, Str::card_capacity) + " " + gib_text(card) +
               (cap < card ? std::string(" · ") + tr(L, core::replicas_per_die(sc) ? Str::one_npu : Str::engine_share) + " " + gib_text(cap)
                           : std::string())).c_str());
    ImGui::PopStyleColor();
  }
}

namespace {
// The job's cost, rented and owned, when the cost model has it.
void job_cost_row(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  const auto& cost = state.derived.cost;
  if (!cost || (!cost->job_rent_cny && !cost->job_own_cny)) return;
  std::string c;
  if (cost->job_rent_cny) c += core::format_cny(*cost->job_rent_cny, L) + " " + tr(L, Str::rented);
  if (cost->job_own_cny) c += (c.empty() ? "" : " · ") + core::format_cny(*cost->job_own_cny, L) + " " + tr(L, Str::owned);
  label_value(ctx, tr(L, Str::job_cost), c);
  track(ctx, "est.cost");
}

// Under a time or speed figure: the range 4 in 5 published figures of its kind fall in
// (core::range_of; the CLI and --json list every figure's, core::figure_ranges); an open top "...".
void range_row(FrameCtx& ctx, core::FigureGroup g, double value, const std::string& unit) {
  const auto r = ctx.env.accuracy ? core::range_of(*ctx.env.accuracy, g, value) : std::nullopt;
  if (!r) return;
  const std::string hi = std::isfinite(r->hi) ? core::format_sig(r->hi, 3) : "...";
  text_disabled(ctx, (std::string(tr(ctx.lang, Str::range_short)) + " " + core::format_sig(r->lo, 3) + " – " + hi + unit).c_str());
  track(ctx, "est.time_range");
}

// GPU-hours as a reader says them: "3,127 万卡时", "31.3M GPU-hours" (core::format_quantity).
std::string gpu_hours_text(Lang L, double hours) {
  const std::string q = core::format_quantity(hours, L);
  auto ends_with = [&](const char* w) { const size_t n = std::strlen(w); return q.size() >= n && q.compare(q.size() - n, n, w) == 0; };
  const bool unit_word = ends_with("万") || ends_with("亿");  // the count word joins the unit: 万卡时
  return q + (unit_word ? "" : " ") + tr(L, Str::gpu_hours);
}

// A job's time range in the unit its figure reads in (2.6 小时 beside 2.2 – 3.6 小时, not 0.0877 – 0.142 天).
void days_range_row(FrameCtx& ctx, double days) {
  const auto r = ctx.env.accuracy ? core::range_of(*ctx.env.accuracy, core::FigureGroup::training_speed, days) : std::nullopt;
  if (!r) return;
  const std::string hi = std::isfinite(r->hi) ? duration_text(ctx.lang, r->hi) : "...";
  text_disabled(ctx, (std::string(tr(ctx.lang, Str::range_short)) + " " + duration_text(ctx.lang, r->lo) + " – " + hi).c_str());
  track(ctx, "est.time_range");
}

// Serving sized by load: cards = replicas x cards per replica, and what caps each replica.
void draw_serving_plan(AppState& state, FrameCtx& ctx, const core::ServingPlan& p) {
  const Lang L = state.lang;
  heading(ctx, tr(L, Str::plan_heading));
  if (p.users > 0) {
    label_value(ctx, tr(L, Str::plan_concurrent), core::format_grouped(p.users));
  }
  if (p.met) {
    char line[256];
    std::snprintf(line, sizeof line, tr(L, Str::plan_cards), static_cast<long long>(p.cards), static_cast<long long>(p.replicas),
                  p.cards_per_replica, static_cast<long long>(p.batch_per_replica));
    text_wrapped(ctx, line);
    label_value(ctx, tr(L, Str::plan_user_speed), core::format_sig(p.tokens_per_s_per_user, 3));
    // Per card at the plan's batch, and what a million tokens costs at the card's rent.
    const double per_card = p.batch_per_replica * p.tokens_per_s_per_user / std::max(1, p.cards_per_replica);
    std::string v = core::format_grouped(per_card);
    const auto& cost = state.derived.cost;
    if (cost && cost->rent_cny_per_hour && state.derived.scenario.parallel.gpus > 0) {
      core::CostResult one_card = *cost;
      one_card.rent_cny_per_hour = *cost->rent_cny_per_hour / state.derived.scenario.parallel.gpus;
      if (auto m = core::cny_per_million_tokens(one_card, per_card)) v += " · " + core::format_cny(*m, L) + " " + tr(L, Str::per_mtok);
    }
    label_value(ctx, tr(L, Str::plan_per_card), v);
  }
  if (p.experts_per_card) {
    char moe[256];
    std::snprintf(moe, sizeof moe, tr(L, Str::plan_experts), *p.experts_per_card, p.cards_per_replica);
    text_wrapped(ctx, moe);
  }
  if (p.spans_servers) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    char span[256];
    std::snprintf(span, sizeof span, tr(L, Str::plan_spans), (p.cards_per_replica + 7) / 8);
    text_wrapped(ctx, span);
    ImGui::PopStyleColor();
  }
  const Str why = p.limit == "memory" ? Str::plan_limit_memory
                : p.limit == "speed"  ? (p.met ? Str::plan_limit_speed : Str::plan_limit_speed_alone)
                : p.limit == "users"  ? Str::plan_limit_users
                : p.limit == "ttft_load" ? Str::plan_limit_ttft_load
                : p.limit == "ttft"   ? Str::plan_limit_ttft
                : p.limit == "fit"    ? Str::plan_limit_fit
                                      : Str::plan_limit_none;
  if (!p.met) ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
  text_wrapped(ctx, tr(L, why));
  if (!p.met) ImGui::PopStyleColor();
  track(ctx, "est.plan");
}

// The servers around the cards: CPU memory, disk, network (core/host.h's rules).
void draw_host(AppState& state, FrameCtx& ctx, const core::HostSizing& h) {
  const Lang L = state.lang;
  heading(ctx, tr(L, Str::host_heading));
  char line[320];
  std::snprintf(line, sizeof line, tr(L, Str::host_servers), h.nodes, h.cards_per_node);
  label_value(ctx, tr(L, Str::host_servers_label), line);
  std::snprintf(line, sizeof line, tr(L, Str::host_cpu), gib_text(h.cpu_need_bytes_per_node).c_str(),
                gib_text(h.cpu_offload_bytes_per_node).c_str(), gib_text(h.cpu_loading_bytes_per_node).c_str());
  label_value(ctx, tr(L, Str::host_cpu_label), line);
  if (h.cpu_reference_bytes_per_node > 0) {
    std::snprintf(line, sizeof line, tr(L, Str::host_cpu_ref), gib_text(h.cpu_reference_bytes_per_node).c_str());
    text_disabled(ctx, line);
  }
  std::string disk = gib_text(h.disk_bytes);
  if (h.kept_checkpoints > 0) {
    std::snprintf(line, sizeof line, tr(L, Str::host_disk_ckpt), gib_text(h.weights_file_bytes).c_str(), h.kept_checkpoints,
                  gib_text(h.checkpoint_bytes).c_str());
    disk += line;
  }
  label_value(ctx, tr(L, Str::host_disk_label), disk);
  if (h.sync_gbit_per_s_per_card) {
    std::snprintf(line, sizeof line, tr(L, Str::host_net), core::format_sig(*h.sync_gbit_per_s_per_card, 3).c_str());
    std::string net = line;
    if (h.nic_gbit_per_s_per_card && h.nic_given) {
      std::snprintf(line, sizeof line, tr(L, Str::host_net_given), core::format_sig(*h.nic_gbit_per_s_per_card, 3).c_str());
      net += std::string(" · ") + line;
    } else if (h.nic_gbit_per_s_per_card) {
      std::snprintf(line, sizeof line, tr(L, Str::host_net_ref), h.nic_reference.c_str(), core::format_sig(*h.nic_gbit_per_s_per_card, 3).c_str());
      net += std::string(" · ") + line;
    }
    label_value(ctx, tr(L, Str::host_net_label), net);
  }
  track(ctx, "est.host");
}

// Per-user speed against per-card throughput as one replica batches more (log-log): the trade-off
// a serving buyer weighs. A tap picks a point; its figures stay below the chart.
void draw_serving_curve(AppState& state, FrameCtx& ctx, const std::vector<core::ServingPoint>& pts, const core::ServingPlan* plan) {
  if (pts.size() < 2) return;
  const Lang L = state.lang;
  heading(ctx, tr(L, Str::curve_title));
  double x0 = 1e300, x1 = 0, y0 = 1e300, y1 = 0;
  for (const auto& q : pts) {
    if (!(q.tokens_per_s_per_user > 0) || !(q.tokens_per_s_per_card > 0)) return;
    x0 = std::min(x0, q.tokens_per_s_per_user), x1 = std::max(x1, q.tokens_per_s_per_user);
    y0 = std::min(y0, q.tokens_per_s_per_card), y1 = std::max(y1, q.tokens_per_s_per_card);
  }
  const double lx0 = std::log10(x0) - 0.1, lx1 = std::log10(x1) + 0.1, ly0 = std::log10(y0) - 0.1, ly1 = std::log10(y1) + 0.1;
  const float d = ctx.env.dpr;
  const float w = ImGui::GetContentRegionAvail().x, h = (ctx.env.narrow() ? 200.0f : 220.0f) * d;
  const float pad_b = ImGui::GetFontSize() * 1.6f, pad_t = ImGui::GetFontSize() * 1.6f;  // axis labels outside the box
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(p.x, p.y + pad_t), b(p.x + w, p.y + h - pad_b);
  dl->AddRectFilled(a, b, palette::kPlotBg);
  dl->AddRect(a, b, palette::kPlotBorder);
  auto at = [&](const core::ServingPoint& q) {
    const float fx = static_cast<float>((std::log10(q.tokens_per_s_per_user) - lx0) / (lx1 - lx0));
    const float fy = static_cast<float>((std::log10(q.tokens_per_s_per_card) - ly0) / (ly1 - ly0));
    return ImVec2(a.x + fx * (b.x - a.x), b.y - fy * (b.y - a.y));
  };
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int near = -1;
  float near_d2 = 1e30f;  // a tap anywhere on the chart picks the nearest point (a finger is wide)
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const ImVec2 q = at(pts[i]);
    if (i > 0) dl->AddLine(at(pts[i - 1]), q, palette::kSeriesAFaint, 1.5f * d);
    const bool picked = static_cast<int>(i) == state.estimate.curve_pick;
    dl->AddCircleFilled(q, (picked ? 6.0f : 3.5f) * d, palette::kSeriesA);
    const float dx = mouse.x - q.x, dy = mouse.y - q.y;
    if (dx * dx + dy * dy < near_d2) {
      near_d2 = dx * dx + dy * dy;
      near = static_cast<int>(i);
    }
  }
  // The plan's batch, on the curve between its neighbours, as a ring.
  if (plan && plan->met && plan->batch_per_replica > 0 && plan->cards_per_replica > 0) {
    core::ServingPoint q;
    q.tokens_per_s_per_user = plan->tokens_per_s_per_user;
    q.tokens_per_s_per_card = plan->batch_per_replica * plan->tokens_per_s_per_user / plan->cards_per_replica;
    if (q.tokens_per_s_per_user > 0 && q.tokens_per_s_per_card > 0) dl->AddCircle(at(q), 8.0f * d, ImGui::GetColorU32(palette::kWarning), 0, 2.0f * d);
  }
  const std::string xl = std::string(tr(L, Str::curve_x)) + " " + core::format_sig(x0, 2) + " – " + core::format_sig(x1, 2);
  const std::string yl = std::string(tr(L, Str::curve_y)) + " " + core::format_grouped(y0) + " – " + core::format_grouped(y1) + " " + tr(L, Str::axis_log);
  check_glyphs(ctx, xl.c_str());
  check_glyphs(ctx, yl.c_str());
  dl->AddText(ImVec2(a.x + 4 * d, b.y + 4 * d), palette::kAxisText, xl.c_str());
  dl->AddText(ImVec2(a.x, p.y + 2 * d), palette::kAxisText, yl.c_str());
  ImGui::InvisibleButton("##curve", ImVec2(w, h));
  track(ctx, "est.curve");
  if (tapped_item() && near >= 0) state.estimate.curve_pick = near;
  const int k = state.estimate.curve_pick >= 0 && state.estimate.curve_pick < static_cast<int>(pts.size()) ? state.estimate.curve_pick
                                                                                                        : static_cast<int>(pts.size()) - 1;
  char line[256];
  std::snprintf(line, sizeof line, tr(L, Str::curve_point), static_cast<long long>(pts[k].batch),
                core::format_sig(pts[k].tokens_per_s_per_user, 3).c_str(), core::format_grouped(pts[k].tokens_per_s_per_card).c_str());
  std::string s = line;
  const auto& cost = state.derived.cost;
  if (cost && cost->rent_cny_per_hour && state.derived.scenario.parallel.gpus > 0) {
    // One card's rent per hour over the tokens one card serves per hour, per million.
    core::CostResult per_card = *cost;
    per_card.rent_cny_per_hour = *cost->rent_cny_per_hour / state.derived.scenario.parallel.gpus;
    if (auto m = core::cny_per_million_tokens(per_card, pts[k].tokens_per_s_per_card)) s += " · " + core::format_cny(*m, L) + " " + tr(L, Str::per_mtok);
  }
  text_wrapped(ctx, s.c_str());
  track(ctx, "est.curve.point");
}

// Share and export of the result: link, Markdown, JSON, QR code, picture, offline copy, and the
// runnable configurations.
bool draw_share(AppState& state, FrameCtx& ctx) {
  bool changed = false;
  const Lang L = state.lang;
  const Derived& dv = state.derived;
  // Share and export; a copy says so beside its button until an input changes.
  // `done` says what happened beside the button; `hint` is its tooltip.
  auto copy_button = [&](const char* id, Str label, const char* what, Str done = Str::copied,
                         std::optional<Str> hint = std::nullopt) {
    const bool clicked = button(ctx, id, tr(L, label));
    if (clicked) state.copied = what;
    if (hint && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(L, *hint));
    if (state.copied == what) {
      ImGui::SameLine();
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kOk);
      text(ctx, tr(L, done));
      ImGui::PopStyleColor();
      track(ctx, (std::string(id) + ".done").c_str());
    }
    return clicked;
  };
  if (copy_button("est.copy_link", Str::copy_link, "link")) ctx.report.copy_link = true;
  same_line_if_fits(tr(L, Str::copy_markdown));
  if (copy_button("est.copy_md", Str::copy_markdown, "md")) ctx.report.copy_text = export_markdown(state, *ctx.env.catalog);
  same_line_if_fits(tr(L, Str::copy_json));
  if (copy_button("est.copy_json", Str::copy_json, "json")) ctx.report.copy_text = export_json(state);
  const char* qr_label = tr(L, state.estimate.show_qr ? Str::qr_hide : Str::qr_show);
  same_line_if_fits(qr_label);
  if (button(ctx, "est.qr", qr_label)) {
    state.estimate.show_qr = !state.estimate.show_qr;
    changed = true;  // the page makes the code when the link is next written
  }
  same_line_if_fits(tr(L, Str::save_picture));
  if (copy_button("est.save_picture", Str::save_picture, "picture", Str::saved_offline, Str::save_picture_hint)) {
    ctx.report.save_picture = true;
  }
  if (ctx.env.can_save_offline) {
    same_line_if_fits(tr(L, Str::save_offline));
    if (copy_button("est.save_offline", Str::save_offline, "offline", Str::saved_offline, Str::save_offline_hint)) {
      ctx.report.save_offline = true;
    }
  }
  if (state.estimate.show_qr) draw_share_qr(ctx);
  // A runnable configuration for the setup: DeepSpeed JSON, Megatron-LM arguments, vLLM line.
  for (const core::RunConfig& rc : dv.run_configs) {
    const std::string& fw = rc.framework;
    const std::string id = "est.config." + fw, what = "config." + fw;
    char label[96];
    std::snprintf(label, sizeof label, tr(L, Str::copy_config), framework_name(fw));
    check_glyphs(ctx, label);
    const bool clicked = button(ctx, id.c_str(), label);
    if (clicked) {
      state.copied = what;
      // Notes as comments where the format has them (JSON has none: the notes show on the page).
      const bool json_text = fw == "deepspeed" || fw == "mindie";
      std::string text;
      for (const auto& n : rc.notes) text += "# " + notice_text(L, n) + "\n";
      ctx.report.copy_text = json_text ? rc.text : "# " + rc.version + "\n" + text + rc.text;
    }
    if (state.copied == what) {
      ImGui::SameLine();
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kOk);
      text(ctx, tr(L, Str::copied));
      ImGui::PopStyleColor();
      text_disabled(ctx, rc.version.c_str());
      for (const auto& n : rc.notes) text_wrapped(ctx, ("· " + notice_text(L, n)).c_str());
    }
  }
  if ((state.copied == "link" || state.estimate.show_qr) && ctx.env.file_page) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    text_wrapped(ctx, tr(L, Str::file_link_warning));
    ImGui::PopStyleColor();
    track(ctx, "est.file_link_warning");
  }
  return changed;
}

bool draw_results(AppState& state, FrameCtx& ctx) {
  bool changed = false;
  const Lang L = state.lang;
  const Derived& dv = state.derived;
  if (!dv.problems.empty() || dv.stale) {
    // Problems without a row of their own are listed here; the others are under their rows.
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    heading(ctx, tr(L, !dv.estimate ? Str::input_error : dv.held ? Str::held_results : Str::stale_results));
    for (const auto& p : dv.problems) {
      if (form_row_for(p.path).empty()) text_wrapped(ctx, p.text().c_str());
    }
    ImGui::PopStyleColor();
    track(ctx, "est.problems");
  }
  if (!dv.estimate) return changed;
  const core::Estimate& e = *dv.estimate;
  const core::Scenario& s = dv.scenario;
  // The answer first on a phone (issue 39 item 3): share and export below the figures there.
  if (!ctx.env.narrow()) changed |= draw_share(state, ctx);
  // Headline: memory per GPU against the card, fit and headroom.
  std::string head = std::string(tr(L, Str::per_gpu_memory)) + " " + gib_text(e.total_bytes);
  if (s.gpu && s.gpu->memory_bytes) head += " / " + gib_text(e.capacity_bytes.value_or(*s.gpu->memory_bytes));
  if (state.estimate.scroll_to_result) {
    // On a phone the results follow the presets: bring the headline to the top (a desktop shows both).
    if (ctx.env.narrow()) ImGui::SetScrollHereY(0.0f);
    state.estimate.scroll_to_result = false;
  }
  heading(ctx, head.c_str());
  track(ctx, "est.headline");
  // The range 4 in 5 published memory figures fall in (core/accuracy.h), and the verdict from it.
  const auto range = ctx.env.accuracy ? core::range_of(*ctx.env.accuracy, core::memory_group(s), e.total_bytes) : std::nullopt;
  if (range) text_disabled(ctx, (std::string(tr(L, Str::range_word)) + " " + gib_text(range->lo) + " – " + gib_text(range->hi)).c_str());
  if (e.fits && s.gpu && s.gpu->memory_bytes) {
    const core::FitVerdict v = ctx.env.accuracy ? core::fit_verdict(*ctx.env.accuracy, e.total_bytes, e.capacity_bytes.value_or(*s.gpu->memory_bytes), core::memory_group(s))
                                                : (*e.fits ? core::FitVerdict::fits : core::FitVerdict::does_not_fit);
    ImGui::PushStyleColor(ImGuiCol_Text, v == core::FitVerdict::fits ? palette::kOk : v == core::FitVerdict::tight ? palette::kWarning : palette::kDanger);
    const std::string verdict = v == core::FitVerdict::fits ? std::string(tr(L, Str::fits)) + " · " + tr(L, Str::headroom) + " " + gib_text(*e.headroom_bytes)
                              : v == core::FitVerdict::tight ? std::string(tr(L, Str::fit_tight)) + " · " + (*e.fits ? tr(L, Str::headroom) + std::string(" ") + gib_text(*e.headroom_bytes)
                                                                                                                     : tr(L, Str::over_by) + std::string(" ") + gib_text(-*e.headroom_bytes))
                              : std::string(tr(L, Str::does_not_fit)) + " · " + tr(L, Str::over_by) + " " + gib_text(-*e.headroom_bytes);
    text(ctx, verdict.c_str());
    ImGui::PopStyleColor();
    track(ctx, "est.verdict");
  }
  // Does not fit: the single changes that make it fit, each a tap away.
  if (!dv.fixes.empty()) {
    text_wrapped(ctx, tr(L, Str::fixes_title));
    for (std::size_t i = 0; i < dv.fixes.size(); ++i) {
      if (button(ctx, ("est.fix." + std::to_string(i)).c_str(), notice_text(L, dv.fixes[i].what).c_str())) {
        from_contract(core::to_json(dv.fixes[i].scenario), state.estimate.form);
        changed = true;
        break;  // the fixes belong to the old scenario
      }
    }
  }
  text_disabled(ctx, (core::format_count(e.params) + " " + tr(L, Str::params_word) +
                      (e.trainable_params > 0 && e.trainable_params < e.params ? " · " + core::format_count(e.trainable_params) + " " + tr(L, Str::trainable) : "")).c_str());
  draw_memory_bar(state, ctx, e, s);
  if (e.cpu_offload_bytes > 0) label_value(ctx, tr(L, Str::cpu_memory), gib_text(e.cpu_offload_bytes));
  ImGui::Spacing();
  using core::FigureGroup;
  if (s.model.kind == core::ModelKind::vision) {
    heading(ctx, tr(L, Str::vis_speed));
    if (e.fps) {
      label_value(ctx, tr(L, Str::vis_latency), core::format_sig(*e.latency_ms, 3) + " ms");
      label_value(ctx, tr(L, Str::vis_fps), core::format_grouped(*e.fps));
      range_row(ctx, FigureGroup::inference_speed, *e.fps, "");
      label_value(ctx, tr(L, Str::vis_streams), core::format_grouped(e.streams.value_or(0)));
      // The line's requirement (Recommend's streams to serve, the factory preset's 16): the cards it takes.
      if (const std::string line = streams_cards_line(state); !line.empty()) text(ctx, line.c_str());
      track(ctx, "est.vision");
      if (dv.cost && dv.cost->rent_cny_per_hour && e.streams && *e.streams > 0) {
        // A card's rent for a month (730 h) over the streams it carries.
        const double per_card_month = *dv.cost->rent_cny_per_hour / s.parallel.gpus * 730.0;
        label_value(ctx, tr(L, Str::vis_cost_stream), core::format_cny(per_card_month / *e.streams, L));
      }
      // What caps the streams, in words; the same job on the cards buyers weigh, one line each.
      auto limit_word = [&](const core::Estimate& x) {
        const std::string limit = core::streams_limit(x);
        return tr(L, limit == "decoder" ? Str::vis_limit_decoder : limit == "model" ? Str::vis_limit_model : Str::vis_limit_unknown);
      };
      if (e.streams) label_value(ctx, tr(L, Str::vis_limit_row), limit_word(e));
      if (!dv.vision_lineup.empty()) {
        ImGui::Spacing();
        heading(ctx, tr(L, Str::vis_lineup));
        for (const core::CardRun& run : dv.vision_lineup) {
          const core::Estimate& x = run.estimate;
          std::string name = run.card->name_in(L);
          if (run.card == s.gpu) name = fill_slots(tr(L, Str::vis_lineup_this), {name});
          if (!x.fps || !x.latency_ms) {
            text_disabled(ctx, fill_slots(tr(L, Str::vis_lineup_none), {name}).c_str());
            continue;
          }
          text_wrapped(ctx, fill_slots(tr(L, Str::vis_lineup_row), {name, core::format_sig(*x.latency_ms, 3), core::format_grouped(*x.fps),
                                                                     core::format_grouped(x.streams.value_or(0)), limit_word(x)}).c_str());
        }
        track(ctx, "est.vision_lineup");
      }
    } else {
      text_disabled(ctx, tr(L, Str::no_time_hint));
    }
  } else if (s.model.kind == core::ModelKind::video) {
    heading(ctx, tr(L, s.task == core::Task::inference ? Str::vid_speed : Str::img_train_speed));
    if (e.s_per_clip) {
      // One clip on the scenario's cards; clips per hour per card; what a clip costs at the rent.
      label_value(ctx, tr(L, Str::vid_clip), duration_text(L, *e.s_per_clip / 86400.0));
      range_row(ctx, FigureGroup::video_speed, *e.s_per_clip, std::string(" ") + tr(L, Str::seconds));
      label_value(ctx, tr(L, Str::vid_step), core::format_sig(1.0 / *e.it_per_s, 3) + " " + tr(L, Str::seconds));
      label_value(ctx, tr(L, Str::vid_per_hour), core::format_sig(*e.clips_per_hour, 3));
      if (dv.cost && (dv.cost->job_rent_cny || dv.cost->job_own_cny)) {
        std::string c;
        if (dv.cost->job_rent_cny) c += core::format_cny(*dv.cost->job_rent_cny, L) + " " + tr(L, Str::rented);
        if (dv.cost->job_own_cny) c += (c.empty() ? "" : " · ") + core::format_cny(*dv.cost->job_own_cny, L) + " " + tr(L, Str::owned);
        label_value(ctx, tr(L, Str::vid_cost_clip), c);
      }
      track(ctx, "est.video");
      // The same clip on the cards a studio weighs (an H20 box or a 910B box?), each in its
      // fastest layout on the fewest cards that hold it: time per clip, clips a day per card, rent.
      if (!dv.video_lineup.empty()) {
        heading(ctx, tr(L, Str::vis_lineup));
        for (const core::CardRun& run : dv.video_lineup) {
          std::string name = run.card->name_in(L);
          if (run.card == s.gpu) name = fill_slots(tr(L, Str::vis_lineup_this), {name});
          const core::Estimate& x = run.estimate;
          if (!x.s_per_clip) {
            text_disabled(ctx, fill_slots(tr(L, Str::vid_lineup_none), {name}).c_str());
            continue;
          }
          const std::string rent = run.rent_cny_per_hour ? core::format_cny(*run.rent_cny_per_hour * *x.s_per_clip / 3600.0, L) : "—";
          // How it fits: offloading, the encoders on the CPU, FSDP with the clip split over cards.
          const core::Scenario& lay = run.scenario;
          std::string how;
          if (lay.video && lay.video->offload != core::ImageOffload::none) how = tr_key(L, core::info(lay.video->offload).label);
          if (lay.video && lay.video->encoders_cpu) how += (how.empty() ? "" : " · ") + std::string(tr(L, Str::vid_encoders_cpu));
          if (lay.parallel.gpus > 1 && lay.video) how = std::string("FSDP + ") + tr_key(L, core::info(lay.video->sequence_parallel).label);
          if (!how.empty()) name += " (" + how + ")";
          text_wrapped(ctx, fill_slots(tr(L, Str::vid_lineup_row), {name, std::to_string(run.cards), duration_text(L, *x.s_per_clip / 86400.0),
                                                                     core::format_sig(86400.0 / *x.s_per_clip / run.cards, 3), rent}).c_str());
        }
        track(ctx, "est.video_lineup");
      }
    } else if (e.it_per_s) {
      label_value(ctx, tr(L, Str::vid_train_step), core::format_sig(1.0 / *e.it_per_s, 3) + " " + tr(L, Str::seconds));
      if (e.train_s) {
        label_value(ctx, tr(L, Str::training_time), duration_text(L, *e.train_s / 86400.0));
        days_range_row(ctx, *e.train_s / 86400.0);
      }
      job_cost_row(state, ctx);
      track(ctx, "est.video");
    } else {
      text_disabled(ctx, tr(L, Str::no_time_hint));
    }
  } else if (s.model.kind == core::ModelKind::diffusion) {
    heading(ctx, tr(L, s.task == core::Task::inference ? Str::img_speed : Str::img_train_speed));
    if (e.it_per_s) {
      label_value(ctx, tr(L, Str::img_it_s), core::format_sig(*e.it_per_s, 3));
      if (!e.train_s) range_row(ctx, s.task == core::Task::inference ? FigureGroup::inference_speed : FigureGroup::training_speed, *e.it_per_s, "");
      if (e.latency_ms) label_value(ctx, tr(L, Str::img_call), core::format_sig(*e.latency_ms / 1e3, 3) + " " + tr(L, Str::seconds));
      if (s.task == core::Task::inference) {
        label_value(ctx, tr(L, Str::img_per_hour), core::format_grouped(*e.images_per_s * 3600));
        if (dv.cost) {
          if (const auto per_1000 = core::output_cost(*dv.cost, s, e).cny_per_1000_images) label_value(ctx, tr(L, Str::img_cost_1000), core::format_cny(*per_1000, L));
        }
      } else {
        label_value(ctx, tr(L, Str::throughput), core::format_sig(*e.images_per_s, 3) + " / s · " + core::format_sig(*e.s_per_image, 3) + " " +
                                                    tr(L, Str::seconds) + " " + tr(L, Str::img_per_image));
        if (e.train_s) {
          label_value(ctx, tr(L, Str::training_time), duration_text(L, *e.train_s / 86400.0));  // 31 分钟, not 0.513 h
          days_range_row(ctx, *e.train_s / 86400.0);
        }
        job_cost_row(state, ctx);
      }
      track(ctx, "est.image");
    } else {
      text_disabled(ctx, tr(L, Str::no_time_hint));
    }
  } else if (s.task != core::Task::inference) {
    if (e.days) {
      heading(ctx, tr(L, Str::training_time));
      label_value(ctx, tr(L, Str::training_time), duration_text(L, *e.days) + " · " +
                                                      gpu_hours_text(L, *e.gpu_hours));
      days_range_row(ctx, *e.days);
      if (e.days_expected) {
        label_value(ctx, tr(L, Str::expected_run), duration_text(L, *e.days_expected) + " · " +
                                                       gpu_hours_text(L, *e.gpu_hours_expected));
        // Its range: the speed band, and to the slow end a run whose failures each also lose half a
        // 3-hour checkpoint interval (core::expected_run_range).
        const auto r = ctx.env.accuracy && e.days_expected_slow ? core::expected_run_range(*ctx.env.accuracy, *e.days_expected, *e.days_expected_slow) : std::nullopt;
        if (r && std::isfinite(r->hi)) {
          const double per_day = *e.gpu_hours_expected / *e.days_expected;
          text_disabled(ctx, (std::string(tr(L, Str::range_short)) + " " + duration_text(L, r->lo) + " – " + duration_text(L, r->hi) + " · " +
                              core::format_quantity(r->lo * per_day, L) + " – " + gpu_hours_text(L, r->hi * per_day)).c_str());
          track(ctx, "est.expected_range");
        }
      }
      // The same run recovered by hand, as OPT-175B's was (core::effective_training_time_manual).
      if (e.days_manual) {
        label_value(ctx, tr(L, Str::manual_run), duration_text(L, *e.days_manual) + " · " + gpu_hours_text(L, *e.gpu_hours_manual));
        track(ctx, "est.manual_run");
      }
      track(ctx, "est.time");
    }
    if (e.tokens_per_s_per_gpu) {
      label_value(ctx, tr(L, Str::throughput), core::format_grouped(*e.tokens_per_s_per_gpu) + " " + tr(L, Str::tokens_per_s_gpu) + " · " +
                                                  core::format_sig(*e.tflops_per_gpu, 3) + " TFLOP/s · " + tr(L, Str::mfu) + " " +
                                                  core::format_sig(*e.mfu * 100, 3) + "%");
      if (!e.days) range_row(ctx, FigureGroup::training_speed, *e.tokens_per_s_per_gpu, std::string(" ") + tr(L, Str::tokens_per_s_gpu));
    }
    if (!e.days) text_disabled(ctx, tr(L, Str::no_time_hint));
    job_cost_row(state, ctx);
  } else {
    heading(ctx, tr(L, Str::serving_speed));
    if (e.prefill_s) {
      label_value(ctx, tr(L, Str::ttft), core::format_sig(*e.ttft_s, 3) + " " + tr(L, Str::seconds));
      if (dv.scenario.serving.batch > 1) {
        label_value(ctx, tr(L, Str::prefill_batch), core::format_sig(*e.prefill_s, 3) + " " + tr(L, Str::seconds));
      }
      // With a plan below at its own batch, these figures name theirs (issue 39 item 5: two speeds and
      // two costs per million tokens under one label).
      std::string at_batch;
      if (dv.serving_plan) {
        char b[64];
        std::snprintf(b, sizeof b, tr(L, Str::at_batch), dv.scenario.serving.batch);
        at_batch = b;
      }
      // A prefill pool (serving.disaggregated.role "prefill") decodes nothing: no decode rows.
      if (e.decode_tokens_per_s_per_request && e.decode_tokens_per_s_total) {
        label_value(ctx, (tr(L, Str::decode_speed) + at_batch).c_str(), core::format_sig(*e.decode_tokens_per_s_per_request, 3));
        range_row(ctx, FigureGroup::serving, *e.decode_tokens_per_s_per_request, "");
        // On one pool a user's decode also waits while the others' prompts are prefilled (Estimate::request_s).
        const double out = dv.scenario.serving.output_tokens;
        if (e.request_s && out > 0 && *e.request_s > *e.ttft_s) {
          const double seen = out / (*e.request_s - *e.ttft_s);
          if (seen < 0.99 * *e.decode_tokens_per_s_per_request) label_value(ctx, tr(L, Str::seen_speed), core::format_sig(seen, 3));
        }
        label_value(ctx, tr(L, Str::total_speed), core::format_grouped(*e.decode_tokens_per_s_total));
      }
      track(ctx, "est.serving");
      if (dv.cny_per_mtok) label_value(ctx, (tr(L, Str::cost_per_mtok) + at_batch).c_str(), core::format_cny(*dv.cny_per_mtok, L));
    }
    if (dv.serving_plan) draw_serving_plan(state, ctx, *dv.serving_plan);
    draw_serving_curve(state, ctx, dv.serving_curve, dv.serving_plan ? &*dv.serving_plan : nullptr);
    if (e.max_context_tokens) {
      label_value(ctx, tr(L, Str::max_context), core::format_grouped(*e.max_context_tokens) +
                                                     tr(L, e.max_context_model_bound ? Str::bound_model : Str::bound_memory));
      if (e.max_batch) label_value(ctx, tr(L, Str::max_batch), core::format_grouped(*e.max_batch));
    }
  }
  if (dv.host && s.model.kind == core::ModelKind::llm) draw_host(state, ctx, *dv.host);
  std::vector<core::Notice> warns = e.warnings;
  if (dv.cost) warns.insert(warns.end(), dv.cost->warnings.begin(), dv.cost->warnings.end());
  if (!warns.empty()) {
    heading(ctx, tr(L, Str::warnings));
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    for (const auto& w : warns) {
      ImGui::Bullet();
      text_wrapped(ctx, notice_text(L, w).c_str());
    }
    ImGui::PopStyleColor();
  }
  if (ctx.env.narrow()) changed |= draw_share(state, ctx);
  if (collapsing(ctx, "est.why", tr(L, Str::why))) {
    if (s.model.kind == core::ModelKind::llm) {
      for (Str k : {Str::why_states, Str::why_act, Str::why_kv, Str::why_time, Str::why_serve}) {
        ImGui::Bullet();
        text_wrapped(ctx, tr(L, k));
      }
    } else {
      ImGui::Bullet();
      text_wrapped(ctx, tr(L, s.model.kind == core::ModelKind::vision ? Str::why_vision : s.model.kind == core::ModelKind::video ? Str::why_video : Str::why_image));
    }
    text(ctx, tr(L, Str::assumptions));
    for (const auto& a : e.assumptions) {
      ImGui::Bullet();
      text_wrapped(ctx, notice_text(L, a).c_str());
    }
    if (dv.cost) {
      for (const auto& a : dv.cost->assumptions) {
        ImGui::Bullet();
        text_wrapped(ctx, notice_text(L, a).c_str());
      }
    }
  }
  return changed;
}
}  // namespace

// [SECTION] view
bool draw_estimate(AppState& state, FrameCtx& ctx) {
  bool changed = draw_presets(state, ctx);
  ImGui::Separator();
  if (ctx.env.narrow()) {
    changed |= draw_results(state, ctx);
    ImGui::Separator();
    changed |= draw_inputs(state, ctx);
    return changed;
  }
  const float w = ImGui::GetContentRegionAvail().x;
  // Both columns end above the room the page keeps below its last row (app.cpp), so the page
  // itself never scrolls and a column's last rows are never clipped by it.
  const float h = std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y - tap_height(ctx) - ImGui::GetStyle().ItemSpacing.y);
  ImGui::BeginChild("##est_inputs", ImVec2(w * 0.42f, h), false);
  changed |= draw_inputs(state, ctx);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##est_results", ImVec2(0, h), false);
  changed |= draw_results(state, ctx);
  ImGui::EndChild();
  return changed;
}

}  // namespace xuanka::ui
