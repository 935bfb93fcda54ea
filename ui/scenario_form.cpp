// Estimate inputs <-> the scenario contract JSON (ui layer, no ImGui).
#include "ui/scenario_form.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/enums.h"
#include "core/fields.h"

namespace xuanka::ui {

using nlohmann::json;

std::optional<double> parse_number_text(const std::string& in) {
  // Normalise: full-width digits and signs (U+FF10..U+FF19, U+FF0E '．', U+FF0D '－') to ASCII;
  // drop thousands separators ',' and '，' (U+FF0C) and spaces; read a 万 / 亿 suffix.
  std::string s;
  double scale = 1;
  for (std::size_t i = 0; i < in.size();) {
    const unsigned char c = static_cast<unsigned char>(in[i]);
    if (c == 0xEF && i + 2 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0xBC) {
      const unsigned char d = static_cast<unsigned char>(in[i + 2]);
      if (d >= 0x90 && d <= 0x99) s.push_back(static_cast<char>('0' + (d - 0x90)));      // ０..９
      else if (d == 0x8E) s.push_back('.');                                               // ．
      else if (d == 0x8D) s.push_back('-');                                               // －
      else if (d == 0x8C) {}                                                              // ，
      else return std::nullopt;
      i += 3;
    } else if (c == 0xE4 && in.compare(i, 3, "\xE4\xB8\x87") == 0 && i + 3 == in.size()) {  // 万
      scale = 1e4;
      i += 3;
    } else if (c == 0xE4 && in.compare(i, 3, "\xE4\xBA\xBF") == 0 && i + 3 == in.size()) {  // 亿
      scale = 1e8;
      i += 3;
    } else if (c == 0xE3 && in.compare(i, 3, "\xE3\x80\x80") == 0) {  // ideographic space
      i += 3;
    } else if (c == ',' || c == ' ' || c == '\t') {
      ++i;
    } else if (c < 0x80) {
      s.push_back(static_cast<char>(c));
      ++i;
    } else {
      return std::nullopt;
    }
  }
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (!end || *end != '\0' || !std::isfinite(v) || !std::isfinite(v * scale)) return std::nullopt;  // "1e308亿" overflows
  return v * scale;
}

std::string form_row_for(const std::string& path) {
  static const std::pair<const char*, const char*> kRows[] = {
      {"model.layers", "est.arch_layers"}, {"model.hidden", "est.arch_hidden"}, {"model.heads", "est.arch_heads"},
      {"model.kv_heads", "est.arch_kv_heads"}, {"model.ffn_hidden", "est.arch_ffn"}, {"model.ffn_type", "est.arch_ffn_type"},
      {"model.vocab", "est.arch_vocab"}, {"model.head_dim", "est.arch_head_dim"}, {"model.params", "est.arch_params"},
      {"model", "est.model"}, {"task", "est.task"}, {"gpu", "est.gpu"}, {"precision", "est.precision"},
      {"optimizer", "est.optimizer"}, {"weights", "est.weights"}, {"seq_len", "est.seq_len"},
      {"micro_batch", "est.micro_batch"}, {"global_batch", "est.global_batch"}, {"recompute", "est.recompute"},
      {"tokens", "est.tokens"}, {"flash_attention", "est.flash"}, {"lora.rank", "est.lora_rank"},
      {"lora.targets", "est.lora_targets"}, {"lora.dropout", "est.lora_dropout"}, {"lora.dtype", "est.lora_dtype"}, {"loss", "est.loss"}, {"serving.batch", "est.serving_batch"}, {"serving.prompt_tokens", "est.prompt"},
      {"serving.output_tokens", "est.output"}, {"serving.kv_dtype", "est.kv"}, {"serving.engine", "est.engine"},
      {"serving.speculative.method", "est.spec"}, {"serving.speculative.draft_tokens", "est.spec_k"}, {"serving.speculative.accept_length", "est.spec_accept"},
      {"serving.speculative", "est.spec"}, {"serving.disaggregated.role", "est.pool_role"}, {"serving.disaggregated.prefill_gpus", "est.prefill_gpus"},
      {"serving.disaggregated.prefill_tp", "est.prefill_tp"}, {"serving.disaggregated.prefill_ep", "est.prefill_ep"}, {"serving.disaggregated", "est.prefill_gpus"},
      {"serving.offload", "est.serving_offload"}, {"serving.cpu.memory_gb_s", "est.cpu_gb_s"},
      {"serving.cpu.tflops", "est.cpu_tflops"}, {"serving.cpu", "est.cpu_gb_s"}, {"parallel.gpus", "est.gpus"},
      {"parallel.tp", "est.tp"}, {"parallel.pp", "est.pp"}, {"parallel.vp", "est.vp"}, {"parallel.cp", "est.cp"}, {"parallel.ep", "est.ep"}, {"parallel.ep_overlap", "est.ep_overlap"},
      {"parallel.ep_dedup", "est.ep_dedup"},
      {"parallel.zero", "est.zero"}, {"parallel.offload", "est.offload"}, {"parallel.sequence_parallel", "est.sp"},
      {"image.resolution", "est.img_res"}, {"image.batch", "est.img_batch"}, {"image.cfg", "est.img_cfg"}, {"image.runtime", "est.img_runtime"},
      {"image.vae_decode", "est.img_vae"}, {"image.offload", "est.img_offload"}, {"vision.input", "est.vis_input"},
      {"vision.batch", "est.vis_batch"}, {"vision.precision", "est.vis_precision"}, {"vision.runtime", "est.vis_runtime"},
      {"vision.camera_resolution", "est.vis_camera_res"}, {"vision.scope", "est.vis_scope"},
      {"video.resolution", "est.vid_res"},
      {"video.cfg", "est.vid_cfg"}, {"video.offload", "est.vid_offload"}, {"video.encoders_cpu", "est.vid_enc_cpu"}, {"video.vae_decode", "est.vid_vae"},
      {"video.sequence_parallel", "est.vid_sp"}, {"video.attention", "est.vid_attn"},
      {"video", "est.vid_res"}};
  const std::string prefix = "scenario.";
  if (path.compare(0, prefix.size(), prefix) != 0) return "";
  const std::string rest = path.substr(prefix.size());
  if (const core::FieldRow* f = core::find_field(rest)) return f->row;  // the table's simple fields
  // The longest table key that is the path or a prefix of it at a dot ("parallel.tp[0]" is none).
  for (const auto& [key, row] : kRows) {
    const std::size_t n = std::strlen(key);
    if (rest.compare(0, n, key) == 0 && (rest.size() == n || rest[n] == '.' || rest[n] == '[')) return row;
  }
  return "";
}

std::string number_text(double v) {
  char buf[40];
  // A whole number as digits (10, not %g's "1e+01"); anything else the shortest %g that reads back.
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

namespace {
// "4096" -> 4096; "1万" -> 10000; "abc" -> "abc" (so the contract parser names the field).
json number_or_text(const std::string& s) {
  if (s.empty()) return s;
  const auto v = parse_number_text(s);
  if (!v) return s;
  if (std::floor(*v) == *v && std::fabs(*v) < 9e15) return static_cast<long long>(*v);
  return *v;
}
// A token length as people write a context's: "4k", "32K" = 4 x 1,024, 32 x 1,024 tokens (the
// "K" of a context length is 1,024: Llama 3.1's "128K" context is its max_position_embeddings,
// 131,072, in catalog/models.json), else as number_or_text.
json token_length_or_text(const std::string& s) {
  std::size_t end = s.find_last_not_of(" \t");
  if (end != std::string::npos && (s[end] == 'k' || s[end] == 'K')) {
    if (const auto v = parse_number_text(s.substr(0, end)); v && std::fabs(*v) < 1e12) {
      const double n = *v * 1024;
      if (std::floor(n) == n) return static_cast<long long>(n);
      return n;
    }
  }
  return number_or_text(s);
}
// Training tokens as typed in the row that counts billions: "300" or "300B" = 300 x 10^9 tokens,
// "1.5T" = 1.5 x 10^12, "500M" = 5 x 10^8; a count in 万 or 亿 is of tokens ("5亿" = 5 x 10^8),
// not of billions. Text that is none of these stays text, for the contract to name.
json tokens_or_text(const std::string& s) {
  const std::size_t end = s.find_last_not_of(" \t");
  if (end == std::string::npos) return s;
  auto ends_with = [&](const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    return end + 1 >= n && s.compare(end + 1 - n, n, suffix) == 0;
  };
  double scale = 1e9;
  std::string number = s.substr(0, end + 1);
  if (ends_with("\xE4\xB8\x87") || ends_with("\xE4\xBA\xBF")) {  // 万, 亿: parse_number_text scales them
    scale = 1;
  } else if (s[end] == 'B' || s[end] == 'b' || s[end] == 'T' || s[end] == 't' || s[end] == 'M' || s[end] == 'm') {
    scale = s[end] == 'T' || s[end] == 't' ? 1e12 : s[end] == 'M' || s[end] == 'm' ? 1e6 : 1e9;
    number = s.substr(0, end);
  }
  const auto v = parse_number_text(number);
  if (!v || !std::isfinite(*v * scale)) return s;
  return *v * scale;
}
std::string text_of(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return number_text(v.get<double>());
  return "";
}
// Sets `out` from j[key], or to `fallback` when the key is absent or not text/number.
void take(const json& j, const char* key, std::string& out, const std::string& fallback) {
  auto it = j.find(key);
  out = it != j.end() && (it->is_string() || it->is_number()) ? text_of(*it) : fallback;
}
void take_bool(const json& j, const char* key, bool& out, bool fallback) {
  auto it = j.find(key);
  out = it != j.end() && it->is_boolean() ? it->get<bool>() : fallback;
}
const json& object_at(const json& j, const char* key) {
  static const json kEmpty = json::object();
  auto it = j.find(key);
  return it != j.end() && it->is_object() ? *it : kEmpty;
}
// The inline-architecture keys the form edits itself; every other key travels in arch_extra.
constexpr const char* kArchKeys[] = {"name", "layers", "hidden", "heads", "kv_heads", "ffn_hidden", "ffn_type",
                                     "vocab", "head_dim", "params", "tied_embeddings"};
}  // namespace

namespace {
// "1024" -> 1024; "512x768" (or ×, *) -> [512, 768]; anything else as typed, for core to name.
json size_json(const std::string& s) {
  for (const char* sep : {"x", "X", "\xC3\x97", "*"}) {
    const std::size_t p = s.find(sep);
    if (p != std::string::npos) {
      const json w = number_or_text(s.substr(0, p)), h = number_or_text(s.substr(p + std::string(sep).size()));
      return w.is_number() && h.is_number() ? json::array({w, h}) : json(s);
    }
  }
  return number_or_text(s);
}
std::string size_text(const json& v) {
  if (v.is_array() && v.size() == 2) {
    const std::string w = text_of(v[0]), h = text_of(v[1]);
    return w == h ? w : w + "x" + h;
  }
  return text_of(v);
}

json image_contract(const ScenarioForm& f) {
  json j = {{"runtime", f.img_runtime}, {"vae_decode", f.img_vae_decode}, {"offload", f.img_offload},
            {"train_text_encoder", f.img_train_te}, {"cache_latents", f.img_cache_latents},
            {"cache_text_embeddings", f.img_cache_text}, {"prior_preservation", f.img_prior}, {"ema", f.img_ema}};
  if (!f.img_resolution.empty()) j["resolution"] = size_json(f.img_resolution);
  if (!f.img_batch.empty()) j["batch"] = f.img_batch == "auto" ? json("auto") : number_or_text(f.img_batch);
  if (f.img_cfg == "on" || f.img_cfg == "off") j["cfg"] = f.img_cfg == "on";
  return j;
}

json video_contract(const ScenarioForm& f, bool train) {
  json j = {{"offload", f.vid_offload}, {"encoders_cpu", f.vid_encoders_cpu}, {"vae_decode", f.vid_vae_decode},
            {"sequence_parallel", f.vid_sp}, {"attention", f.vid_attention}};
  if (!f.vid_resolution.empty()) j["resolution"] = size_json(f.vid_resolution);
  if (f.vid_cfg == "on" || f.vid_cfg == "off") j["cfg"] = f.vid_cfg == "on";
  if (train) {
    j["cache_latents"] = f.vid_cache_latents;
    j["cache_text_embeddings"] = f.vid_cache_text;
  }
  return j;
}

json vision_contract(const ScenarioForm& f) {
  json j = {{"precision", f.vis_precision}, {"runtime", f.vis_runtime}, {"scope", f.vis_scope},
            {"camera_resolution", f.vis_camera_res}};
  if (!f.vis_input.empty()) j["input"] = size_json(f.vis_input);
  if (!f.vis_batch.empty()) j["batch"] = f.vis_batch == "auto" ? json("auto") : number_or_text(f.vis_batch);
  return j;
}
}  // namespace

namespace {
bool has_link_model(const ScenarioForm& f) { return f.model == kLinkModel && f.link_model.is_object(); }
}  // namespace

core::ModelKind form_model_kind(const ScenarioForm& f, std::optional<core::ModelKind> preset_kind) {
  if (preset_kind) return *preset_kind;
  if (has_link_model(f)) {
    const json& k = f.link_model.value("kind", json("llm"));
    if (k.is_string()) return core::from_word<core::ModelKind>(k.get<std::string>()).value_or(core::ModelKind::llm);
  }
  return core::ModelKind::llm;
}

std::string form_model_name(const ScenarioForm& f, const std::string& preset_name) {
  if (!preset_name.empty()) return preset_name;
  if (has_link_model(f)) {
    const json& n = f.link_model.value("name", json());
    return n.is_string() ? n.get<std::string>() : f.model;
  }
  if (f.model == "custom") return f.arch_name.empty() ? "custom" : f.arch_name;
  return f.model;
}

// The table's simple fields (core/fields.h) that apply to the form's task and `kind`, each at its
// path; left out when empty (the contract's default).
static void put_fields(const ScenarioForm& f, core::ModelKind k, json& j) {
  const auto task = core::from_word<core::Task>(f.task);
  if (!task) return;
  for (const core::FieldRow& r : core::field_rows()) {
    const auto it = f.fields.find(r.path());
    if (!r.applies(*task, k) || it == f.fields.end() || it->second.empty()) continue;
    (*r.section ? j[r.section] : j)[r.key] = number_or_text(it->second);
  }
}

json to_contract(const ScenarioForm& f, core::ModelKind kind) {
  using K = core::ModelKind;
  json j = {{"model", has_link_model(f) ? f.link_model : json(f.model)}, {"task", f.task}};
  if (kind == K::vision) {
    j["task"] = "inference";
    j["parallel"] = {{"gpus", number_or_text(f.gpus)}};
    j["vision"] = vision_contract(f);
    put_fields(f, kind, j);
    if (!f.gpu.empty()) j["gpu"] = f.gpu;
    return j;
  }
  if (kind == K::diffusion || kind == K::video) {
    const bool train = f.task != "inference";
    if (train) {
      j["precision"] = f.precision;
      j["optimizer"] = f.optimizer;
      j["micro_batch"] = number_or_text(f.micro_batch);
      if (!f.global_batch.empty()) j["global_batch"] = number_or_text(f.global_batch);
      j["recompute"] = f.recompute == "selective" ? "full" : f.recompute;
      if (f.task == "lora" || f.task == "qlora") j["lora"] = {{"rank", number_or_text(f.lora_rank)}, {"targets", f.lora_targets}};
      j["parallel"] = {{"gpus", number_or_text(f.gpus)}, {"zero", number_or_text(f.zero)}, {"offload", f.offload}};
    } else {
      j["precision"] = f.precision;  // the served weights' default 16-bit type (as for language models)
      j["parallel"] = {{"gpus", number_or_text(f.gpus)}};
      if (kind == K::video) j["parallel"]["zero"] = number_or_text(f.zero);
    }
    if (!f.weights.empty() && (!train || f.task == "lora" || f.task == "qlora")) j["weights"] = f.weights;
    if (kind == K::video) {
      j["video"] = video_contract(f, train);
    } else {
      j["flash_attention"] = f.flash_attention;
      j["image"] = image_contract(f);
    }
    put_fields(f, kind, j);
    if (!f.gpu.empty()) j["gpu"] = f.gpu;
    return j;
  }
  if (f.model == "custom") {
    json m = f.arch_extra.is_object() ? f.arch_extra : json::object();
    m["name"] = f.arch_name.empty() ? "custom" : f.arch_name;
    m["layers"] = number_or_text(f.arch_layers);
    m["hidden"] = number_or_text(f.arch_hidden);
    m["heads"] = number_or_text(f.arch_heads);
    m["kv_heads"] = number_or_text(f.arch_kv_heads);
    m["ffn_hidden"] = number_or_text(f.arch_ffn);
    m["ffn_type"] = f.arch_ffn_type;
    m["vocab"] = number_or_text(f.arch_vocab);
    m["tied_embeddings"] = f.arch_tied;
    if (!f.arch_head_dim.empty()) m["head_dim"] = number_or_text(f.arch_head_dim);
    if (!f.arch_params.empty()) m["params"] = number_or_text(f.arch_params);
    j["model"] = m;
  }
  const bool infer = f.task == "inference";
  if (!infer) {
    j["precision"] = f.precision;
    j["optimizer"] = f.optimizer;
    j["seq_len"] = token_length_or_text(f.seq_len);
    j["micro_batch"] = number_or_text(f.micro_batch);
    if (!f.global_batch.empty()) j["global_batch"] = number_or_text(f.global_batch);
    j["recompute"] = f.recompute;
    if (f.task == "lora" || f.task == "qlora") {
      j["lora"] = {{"rank", number_or_text(f.lora_rank)}, {"targets", f.lora_targets}};
      if (!f.lora_dropout.empty()) j["lora"]["dropout"] = number_or_text(f.lora_dropout);
      if (!f.lora_dtype.empty()) j["lora"]["dtype"] = f.lora_dtype;
    }
    if (!f.loss.empty()) j["loss"] = f.loss;
    if (!f.tokens_billion.empty()) j["tokens"] = tokens_or_text(f.tokens_billion);
  } else {
    // (The precision sets the served weights' and KV cache's default 16-bit type: the contract's
    // rule, so a link's precision must reach it.)
    j["precision"] = f.precision;
    json s = {{"batch", number_or_text(f.serving_batch)}, {"prompt_tokens", token_length_or_text(f.prompt_tokens)},
              {"output_tokens", token_length_or_text(f.output_tokens)}};
    if (!f.kv_dtype.empty()) s["kv_dtype"] = f.kv_dtype;
    if (!f.engine.empty()) s["engine"] = f.engine;
    if (!f.spec_method.empty()) {
      json q = {{"method", f.spec_method}};
      if (!f.spec_draft_tokens.empty()) q["draft_tokens"] = number_or_text(f.spec_draft_tokens);
      if (!f.spec_accept_length.empty()) q["accept_length"] = number_or_text(f.spec_accept_length);
      s["speculative"] = q;
    }
    if (!f.pool_role.empty() || !f.prefill_gpus.empty()) {
      json g = json::object();
      if (!f.pool_role.empty()) g["role"] = f.pool_role;
      if (!f.prefill_gpus.empty()) g["prefill_gpus"] = number_or_text(f.prefill_gpus);
      if (!f.prefill_tp.empty()) g["prefill_tp"] = number_or_text(f.prefill_tp);
      if (!f.prefill_ep.empty()) g["prefill_ep"] = number_or_text(f.prefill_ep);
      s["disaggregated"] = g;
    }
    if (f.serving_offload != "none") {
      s["offload"] = f.serving_offload;
      if (!f.cpu_memory_gb_s.empty() || !f.cpu_tflops.empty()) {
        json c = json::object();
        if (!f.cpu_memory_gb_s.empty()) c["memory_gb_s"] = number_or_text(f.cpu_memory_gb_s);
        if (!f.cpu_tflops.empty()) c["tflops"] = number_or_text(f.cpu_tflops);
        s["cpu"] = c;
      }
    }
    j["serving"] = s;
  }
  if (!f.weights.empty() && (infer || f.task == "lora" || f.task == "qlora")) j["weights"] = f.weights;
  j["flash_attention"] = f.flash_attention;
  j["parallel"] = {{"gpus", number_or_text(f.gpus)}, {"tp", number_or_text(f.tp)}, {"pp", number_or_text(f.pp)},
                   {"cp", number_or_text(f.cp)}, {"ep", number_or_text(f.ep)}};
  if (!infer) {
    j["parallel"]["zero"] = number_or_text(f.zero);
    j["parallel"]["offload"] = f.offload;
    j["parallel"]["sequence_parallel"] = f.sequence_parallel;
    if (f.vp != "1") j["parallel"]["vp"] = number_or_text(f.vp);
    if (f.ep_overlap) j["parallel"]["ep_overlap"] = true;
  }
  // DeepEP's deduplicated dispatch: training's all-to-alls, and in serving a prompt's (its normal kernels).
  if (f.ep_dedup) j["parallel"]["ep_dedup"] = true;
  if (!f.gpu.empty()) j["gpu"] = f.gpu;
  put_fields(f, K::llm, j);
  return j;
}

void from_contract(const json& j, ScenarioForm& f) {
  if (!j.is_object()) return;
  const ScenarioForm d;  // the defaults
  take(j, "model", f.model, d.model);
  f.link_model = json();
  const json* inline_model = nullptr;
  if (auto it = j.find("model"); it != j.end() && it->is_object()) inline_model = &*it;
  // An inline vision or image model is kept whole (SCENARIO.md's inline forms for them share
  // nothing with a language model's shape); a language model's fills the architecture rows.
  if (inline_model && inline_model->contains("kind") && (*inline_model)["kind"] != "llm") {
    f.model = kLinkModel;
    f.link_model = *inline_model;
  } else if (inline_model) {
    const json& m = *inline_model;
    f.model = "custom";
    take(m, "name", f.arch_name, d.arch_name);
    take(m, "layers", f.arch_layers, d.arch_layers);
    take(m, "hidden", f.arch_hidden, d.arch_hidden);
    take(m, "heads", f.arch_heads, d.arch_heads);
    take(m, "kv_heads", f.arch_kv_heads, f.arch_heads);
    take(m, "ffn_hidden", f.arch_ffn, d.arch_ffn);
    take(m, "vocab", f.arch_vocab, d.arch_vocab);
    take(m, "ffn_type", f.arch_ffn_type, d.arch_ffn_type);
    take(m, "head_dim", f.arch_head_dim, "");
    take(m, "params", f.arch_params, "");
    take_bool(m, "tied_embeddings", f.arch_tied, false);
    f.arch_extra = json::object();
    for (auto e = m.begin(); e != m.end(); ++e) {
      bool edited = false;
      for (const char* k : kArchKeys) edited |= e.key() == k;
      if (!edited) f.arch_extra[e.key()] = e.value();
    }
  }
  take(j, "task", f.task, d.task);
  take(j, "precision", f.precision, d.precision);
  take(j, "optimizer", f.optimizer, d.optimizer);
  take(j, "weights", f.weights, "");
  take(j, "seq_len", f.seq_len, "2048");  // the contract default for training
  take(j, "micro_batch", f.micro_batch, "1");
  take(j, "global_batch", f.global_batch, "");
  take(j, "recompute", f.recompute, "none");
  take(j, "gpu", f.gpu, "");
  take_bool(j, "flash_attention", f.flash_attention, true);
  if (auto it = j.find("tokens"); it != j.end() && it->is_number()) f.tokens_billion = number_text(it->get<double>() / 1e9);
  else f.tokens_billion = "";
  const json& l = object_at(j, "lora");
  take(l, "rank", f.lora_rank, "8");           // the contract's defaults (PEFT's)
  take(l, "targets", f.lora_targets, "attn_qv");
  take(l, "dropout", f.lora_dropout, "");
  take(l, "dtype", f.lora_dtype, "");
  take(j, "loss", f.loss, "");
  const json& p = object_at(j, "parallel");
  take(p, "gpus", f.gpus, "1");
  take(p, "tp", f.tp, "1");
  take(p, "pp", f.pp, "1");
  take(p, "vp", f.vp, "1");
  take(p, "cp", f.cp, "1");
  take(p, "ep", f.ep, "1");
  take(p, "zero", f.zero, "0");
  take(p, "offload", f.offload, "none");
  take_bool(p, "sequence_parallel", f.sequence_parallel, false);
  take_bool(p, "ep_overlap", f.ep_overlap, false);
  take_bool(p, "ep_dedup", f.ep_dedup, false);
  f.fields.clear();
  for (const core::FieldRow& r : core::field_rows()) take(*r.section ? object_at(j, r.section) : j, r.key, f.fields[r.path()], "");
  const json& s = object_at(j, "serving");
  take(s, "batch", f.serving_batch, "1");
  take(s, "prompt_tokens", f.prompt_tokens, "512");
  take(s, "output_tokens", f.output_tokens, "512");
  take(s, "kv_dtype", f.kv_dtype, "");
  take(s, "engine", f.engine, "");
  const json& q = object_at(s, "speculative");
  take(q, "method", f.spec_method, "");
  take(q, "draft_tokens", f.spec_draft_tokens, "");
  take(q, "accept_length", f.spec_accept_length, "");
  const json& g = object_at(s, "disaggregated");
  take(g, "role", f.pool_role, "");
  take(g, "prefill_gpus", f.prefill_gpus, "");
  take(g, "prefill_tp", f.prefill_tp, "");
  take(g, "prefill_ep", f.prefill_ep, "");
  take(s, "offload", f.serving_offload, "none");
  const json& cpu = object_at(s, "cpu");
  take(cpu, "memory_gb_s", f.cpu_memory_gb_s, "");
  take(cpu, "tflops", f.cpu_tflops, "");
  const json& im = object_at(j, "image");
  if (auto it = im.find("resolution"); it != im.end()) f.img_resolution = size_text(*it);
  else f.img_resolution = "";
  take(im, "batch", f.img_batch, "");
  if (auto it = im.find("cfg"); it != im.end() && it->is_boolean()) f.img_cfg = it->get<bool>() ? "on" : "off";
  else f.img_cfg = "";
  take(im, "runtime", f.img_runtime, "pytorch");
  take(im, "vae_decode", f.img_vae_decode, "full");
  take(im, "offload", f.img_offload, "none");
  take_bool(im, "train_text_encoder", f.img_train_te, false);
  take_bool(im, "cache_latents", f.img_cache_latents, false);
  take_bool(im, "cache_text_embeddings", f.img_cache_text, false);
  take_bool(im, "prior_preservation", f.img_prior, false);
  take_bool(im, "ema", f.img_ema, false);
  const json& vd = object_at(j, "video");
  if (auto it = vd.find("resolution"); it != vd.end()) f.vid_resolution = size_text(*it);
  else f.vid_resolution = "";
  if (auto it = vd.find("cfg"); it != vd.end() && it->is_boolean()) f.vid_cfg = it->get<bool>() ? "on" : "off";
  else f.vid_cfg = "";
  take(vd, "offload", f.vid_offload, "none");
  take(vd, "vae_decode", f.vid_vae_decode, "full");
  take(vd, "sequence_parallel", f.vid_sp, "ulysses");
  take(vd, "attention", f.vid_attention, "flash");
  take_bool(vd, "encoders_cpu", f.vid_encoders_cpu, false);
  take_bool(vd, "cache_latents", f.vid_cache_latents, false);
  take_bool(vd, "cache_text_embeddings", f.vid_cache_text, false);
  const json& vi = object_at(j, "vision");
  if (auto it = vi.find("input"); it != vi.end()) f.vis_input = size_text(*it);
  else f.vis_input = "";
  take(vi, "batch", f.vis_batch, "1");
  take(vi, "precision", f.vis_precision, "fp16");
  take(vi, "runtime", f.vis_runtime, "pytorch");
  take(vi, "scope", f.vis_scope, "model");
  take(vi, "camera_resolution", f.vis_camera_res, "1080p");
}

}  // namespace xuanka::ui
