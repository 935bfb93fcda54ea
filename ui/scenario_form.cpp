// Estimate inputs <-> the scenario contract JSON (ui layer, no ImGui).
#include "ui/scenario_form.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

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
  if (!end || *end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v * scale;
}

std::string number_text(double v) {
  char buf[40];
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

json to_contract(const ScenarioForm& f) {
  json j = {{"model", f.model}, {"task", f.task}};
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
  j["parallel"] = {{"gpus", number_or_text(f.gpus)}, {"tp", number_or_text(f.tp)}, {"pp", number_or_text(f.pp)},
                   {"cp", number_or_text(f.cp)}, {"ep", number_or_text(f.ep)}};
  if (!infer) {
    j["parallel"]["zero"] = number_or_text(f.zero);
    j["parallel"]["offload"] = f.offload;
    j["parallel"]["sequence_parallel"] = f.sequence_parallel;
  }
  if (!f.gpu.empty()) j["gpu"] = f.gpu;
  if (!f.mfu.empty()) j["mfu"] = number_or_text(f.mfu);
  return j;
}

void from_contract(const json& j, ScenarioForm& f) {
  if (!j.is_object()) return;
  const ScenarioForm d;  // the defaults
  take(j, "model", f.model, d.model);
  if (auto it = j.find("model"); it != j.end() && it->is_object()) {
    const json& m = *it;
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
  take(j, "mfu", f.mfu, "");
  take_bool(j, "flash_attention", f.flash_attention, true);
  if (auto it = j.find("tokens"); it != j.end() && it->is_number()) f.tokens_billion = number_text(it->get<double>() / 1e9);
  else f.tokens_billion = "";
  const json& l = object_at(j, "lora");
  take(l, "rank", f.lora_rank, "8");           // the contract's defaults (PEFT's)
  take(l, "targets", f.lora_targets, "attn_qv");
  const json& p = object_at(j, "parallel");
  take(p, "gpus", f.gpus, "1");
  take(p, "tp", f.tp, "1");
  take(p, "pp", f.pp, "1");
  take(p, "cp", f.cp, "1");
  take(p, "ep", f.ep, "1");
  take(p, "zero", f.zero, "0");
  take(p, "offload", f.offload, "none");
  take_bool(p, "sequence_parallel", f.sequence_parallel, false);
  const json& s = object_at(j, "serving");
  take(s, "batch", f.serving_batch, "1");
  take(s, "prompt_tokens", f.prompt_tokens, "512");
  take(s, "output_tokens", f.output_tokens, "512");
  take(s, "kv_dtype", f.kv_dtype, "");
}

}  // namespace xuanka::ui
