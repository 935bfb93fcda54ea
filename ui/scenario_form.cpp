// Estimate inputs <-> the scenario contract JSON (ui layer).
#include "ui/scenario_form.h"

#include <cmath>
#include <cstdlib>

#include "core/format.h"

namespace xuanka::ui {

using nlohmann::json;

namespace {
// "4096" -> 4096; "1.5e3" -> 1500; "abc" -> "abc" (so the contract parser names the field).
json number_or_text(const std::string& s) {
  if (s.empty()) return s;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end && *end == '\0' && std::isfinite(v)) {
    if (std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<long long>(v);
    return v;
  }
  return s;
}
std::string text_of(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return core::format_sig(v.get<double>(), 6);
  return "";
}
void take(const json& j, const char* key, std::string& out) {
  auto it = j.find(key);
  if (it != j.end() && (it->is_string() || it->is_number())) out = text_of(*it);
}
}  // namespace

json to_contract(const ScenarioForm& f) {
  json j = {{"model", f.model}, {"task", f.task}};
  if (f.model == "custom") {
    j["model"] = {{"name", f.arch_name.empty() ? "custom" : f.arch_name}, {"layers", number_or_text(f.arch_layers)},
                  {"hidden", number_or_text(f.arch_hidden)}, {"heads", number_or_text(f.arch_heads)},
                  {"kv_heads", number_or_text(f.arch_kv_heads)}, {"ffn_hidden", number_or_text(f.arch_ffn)},
                  {"ffn_type", f.arch_ffn_type}, {"vocab", number_or_text(f.arch_vocab)}};
  }
  const bool infer = f.task == "inference";
  if (!infer) {
    j["precision"] = f.precision;
    j["optimizer"] = f.optimizer;
    j["seq_len"] = number_or_text(f.seq_len);
    j["micro_batch"] = number_or_text(f.micro_batch);
    if (!f.global_batch.empty()) j["global_batch"] = number_or_text(f.global_batch);
    j["recompute"] = f.recompute;
    if (f.task == "lora" || f.task == "qlora") j["lora"] = {{"rank", number_or_text(f.lora_rank)}, {"targets", f.lora_targets}};
    if (!f.tokens_billion.empty()) {
      const json t = number_or_text(f.tokens_billion);
      j["tokens"] = t.is_number() ? json(t.get<double>() * 1e9) : t;
    }
  } else {
    json s = {{"batch", number_or_text(f.serving_batch)}, {"prompt_tokens", number_or_text(f.prompt_tokens)},
              {"output_tokens", number_or_text(f.output_tokens)}};
    if (!f.kv_dtype.empty()) s["kv_dtype"] = f.kv_dtype;
    j["serving"] = s;
  }
  if (!f.weights.empty() && (infer || f.task == "lora" || f.task == "qlora")) j["weights"] = f.weights;
  j["flash_attention"] = f.flash_attention;
  j["parallel"] = {{"gpus", number_or_text(f.gpus)}, {"tp", number_or_text(f.tp)}, {"pp", number_or_text(f.pp)}};
  if (!infer) {
    j["parallel"]["zero"] = number_or_text(f.zero);
    j["parallel"]["offload"] = f.offload;
  }
  if (!f.gpu.empty()) j["gpu"] = f.gpu;
  return j;
}

void from_contract(const json& j, ScenarioForm& f) {
  if (!j.is_object()) return;
  take(j, "model", f.model);
  if (auto it = j.find("model"); it != j.end() && it->is_object()) {
    f.model = "custom";
    take(*it, "name", f.arch_name);
    take(*it, "layers", f.arch_layers);
    take(*it, "hidden", f.arch_hidden);
    take(*it, "heads", f.arch_heads);
    take(*it, "kv_heads", f.arch_kv_heads);
    take(*it, "ffn_hidden", f.arch_ffn);
    take(*it, "vocab", f.arch_vocab);
    take(*it, "ffn_type", f.arch_ffn_type);
  }
  take(j, "task", f.task);
  take(j, "precision", f.precision);
  take(j, "optimizer", f.optimizer);
  take(j, "weights", f.weights);
  take(j, "seq_len", f.seq_len);
  take(j, "micro_batch", f.micro_batch);
  take(j, "global_batch", f.global_batch);
  take(j, "recompute", f.recompute);
  take(j, "gpu", f.gpu);
  if (auto it = j.find("flash_attention"); it != j.end() && it->is_boolean()) f.flash_attention = it->get<bool>();
  if (auto it = j.find("tokens"); it != j.end() && it->is_number()) f.tokens_billion = core::format_sig(it->get<double>() / 1e9, 6);
  if (auto it = j.find("lora"); it != j.end() && it->is_object()) {
    take(*it, "rank", f.lora_rank);
    take(*it, "targets", f.lora_targets);
  }
  if (auto it = j.find("parallel"); it != j.end() && it->is_object()) {
    take(*it, "gpus", f.gpus);
    take(*it, "tp", f.tp);
    take(*it, "pp", f.pp);
    take(*it, "zero", f.zero);
    take(*it, "offload", f.offload);
  }
  if (auto it = j.find("serving"); it != j.end() && it->is_object()) {
    take(*it, "batch", f.serving_batch);
    take(*it, "prompt_tokens", f.prompt_tokens);
    take(*it, "output_tokens", f.output_tokens);
    take(*it, "kv_dtype", f.kv_dtype);
  }
}

}  // namespace xuanka::ui
