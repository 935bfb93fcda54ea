// A model from a Hugging Face config.json (core layer).
#include "core/hf_config.h"

#include <cmath>
#include <initializer_list>
#include <string>

namespace xuanka::core {

using nlohmann::json;

namespace {
// The config's text is small (a few kB); a pasted file larger than this is something else.
constexpr std::size_t kMaxConfigBytes = 256u << 10;

// Model types whose MLP is gated (SwiGLU/GeGLU: gate, up and down matrices) per their
// transformers modeling files, and those with a plain two-matrix MLP.
constexpr const char* kGated[] = {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "deepseek_v2",
                                  "deepseek_v3", "gemma", "gemma2", "gemma3_text", "chatglm", "glm", "glm4", "internlm2",
                                  "baichuan", "yi", "olmo", "olmo2", "phi3", "cohere", "granite", "minicpm", "hunyuan"};
constexpr const char* kPlain[] = {"gpt2", "gpt_neox", "gptj", "opt", "bloom", "falcon", "bert", "roberta", "phi", "starcoder2",
                                  "gpt_bigcode", "mpt"};

bool in(const std::string& s, std::initializer_list<const char*> list) {
  for (const char* x : list) {
    if (s == x) return true;
  }
  return false;
}
template <std::size_t N>
bool in(const std::string& s, const char* const (&list)[N]) {
  for (const char* x : list) {
    if (s == x) return true;
  }
  return false;
}

// A boolean key, or `fallback` when it is absent or not a boolean (json::value would throw).
bool flag(const json& j, const char* key, bool fallback) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

struct Reader {
  const json& j;
  Diagnostics& d;
  // The first of `keys` that is a positive whole number; nullptr-equivalent when none is present.
  std::optional<double> count(std::initializer_list<const char*> keys, bool required, const char* what) {
    for (const char* k : keys) {
      auto it = j.find(k);
      if (it == j.end() || it->is_null()) continue;
      if (!it->is_number() || it->get<double>() < 1 || it->get<double>() > 1e9 || std::floor(it->get<double>()) != it->get<double>()) {
        d.push_back({std::string("config.") + k, "expected a whole number >= 1 (" + std::string(what) + "), found " + describe(*it)});
        return std::nullopt;
      }
      return it->get<double>();
    }
    if (required) {
      std::string names;
      for (const char* k : keys) names += (names.empty() ? "" : " or ") + std::string(k);
      d.push_back({std::string("config.") + *keys.begin(), std::string("missing: ") + what + " (" + names + ")"});
    }
    return std::nullopt;
  }
  std::string text(const char* key) const {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
  }
};
}  // namespace

Diagnostics model_from_hf_config(std::string_view text, json& out) {
  Diagnostics d;
  json root = parse_json_text(text, "config", d, kMaxConfigBytes);
  if (!d.empty()) return d;
  if (!root.is_object()) return {{"config", "expected a JSON object (a model's config.json), found " + describe(root)}};
  // Multimodal configs (Qwen2-VL, Llama 4, Gemma 3) keep the language model in text_config.
  const json& cfg = root.contains("text_config") && root["text_config"].is_object() && !root.contains("num_hidden_layers")
                        ? root["text_config"] : root;
  Reader r{cfg, d};
  std::string type = r.text("model_type");
  if (type.empty()) type = Reader{root, d}.text("model_type");
  if (in(type, {"stable-diffusion", "unet", "clip_vision_model", "vit", "resnet", "yolos", "detr"})) {
    return {{"config.model_type", "\"" + type + "\" is not a language model; pick an image or vision preset instead"}};
  }
  json m = json::object();
  const std::string name = Reader{root, d}.text("_name_or_path");
  m["name"] = shorten(!name.empty() ? name : !type.empty() ? type : std::string("config.json"), 60);
  const auto layers = r.count({"num_hidden_layers", "n_layer", "num_layers"}, true, "layers");
  const auto hidden = r.count({"hidden_size", "n_embd", "d_model"}, true, "hidden size");
  const auto heads = r.count({"num_attention_heads", "n_head"}, true, "attention heads");
  auto kv = r.count({"num_key_value_heads", "num_kv_heads"}, false, "key/value heads");
  // ChatGLM: multi_query_group_num KV groups when multi_query_attention is on.
  if (!kv && flag(cfg, "multi_query_attention", false)) kv = r.count({"multi_query_group_num"}, true, "key/value groups");
  const auto vocab = r.count({"vocab_size", "padded_vocab_size"}, true, "vocabulary size");
  auto ffn = r.count({"intermediate_size", "n_inner", "ffn_hidden_size"}, false, "MLP width");
  const auto head_dim = r.count({"head_dim"}, false, "head dimension");
  const auto max_ctx = r.count({"max_position_embeddings", "n_positions", "seq_length", "max_sequence_length"}, false, "context");
  if (!ffn && hidden && in(type, {"gpt2", "gptj", "gpt_bigcode", "bloom", "falcon"})) ffn = 4 * *hidden;  // their default: 4 x hidden
  if (!ffn && hidden) d.push_back({"config.intermediate_size", "missing: MLP width (intermediate_size)"});
  // MLP type: the model type's, else the activation's (silu/swiglu gate; gelu/relu do not).
  std::string ffn_type;
  const std::string act = r.text("hidden_act").empty() ? r.text("activation_function") : r.text("hidden_act");
  if (in(type, kGated)) ffn_type = "gated";
  else if (in(type, kPlain)) ffn_type = "plain";
  else if (act == "silu" || act == "swiglu" || act == "swish") ffn_type = "gated";
  else if (act == "gelu" || act == "gelu_new" || act == "relu" || act == "gelu_pytorch_tanh") ffn_type = "plain";
  else d.push_back({"config.model_type", "cannot tell whether the MLP is gated from model_type \"" + shorten(type, 40) +
                                             "\" and hidden_act \"" + shorten(act, 40) + "\"; choose a custom architecture and set it"});
  // MoE: routed experts, experts per token, expert width, shared experts, leading dense layers.
  const auto experts = r.count({"num_local_experts", "num_experts", "n_routed_experts"}, false, "experts");
  if (experts && *experts > 1) {
    json moe = json::object();
    moe["experts"] = *experts;
    if (auto k = r.count({"num_experts_per_tok", "moe_topk", "top_k"}, true, "experts per token")) moe["top_k"] = *k;
    if (auto w = r.count({"moe_intermediate_size"}, false, "expert width")) moe["expert_ffn_hidden"] = *w;
    else if (ffn) moe["expert_ffn_hidden"] = *ffn;  // Mixtral: every expert is intermediate_size wide
    double shared = 0;
    if (auto s = r.count({"n_shared_experts", "num_shared_experts"}, false, "shared experts")) shared = *s;
    // Qwen-MoE: one shared expert shared_expert_intermediate_size wide, counted in expert widths.
    if (auto sw = r.count({"shared_expert_intermediate_size"}, false, "shared expert width"); sw && moe.contains("expert_ffn_hidden")) {
      shared = std::round(*sw / moe["expert_ffn_hidden"].get<double>());
    }
    moe["shared_experts"] = shared;
    if (auto k = r.count({"first_k_dense_replace"}, false, "dense layers")) moe["dense_layers"] = *k;
    m["moe"] = moe;
  }
  if (auto rank = r.count({"kv_lora_rank"}, false, "latent KV width")) {
    json mla = {{"kv_lora_rank", *rank}};
    if (auto rope = r.count({"qk_rope_head_dim"}, true, "rotary head dimension")) mla["qk_rope_head_dim"] = *rope;
    // The query's low-rank width and the per-head widths without rotary part and of the values
    // (DeepSeek-V2/V3 config.json; V2-Lite writes q_lora_rank null: queries not compressed). They
    // size the attention's weights (core/catalog.cpp); left out, head_dim stood in for both.
    if (auto q = r.count({"q_lora_rank"}, false, "query latent width")) mla["q_lora_rank"] = *q;
    if (auto nope = r.count({"qk_nope_head_dim"}, false, "non-rotary query/key head dimension")) mla["qk_nope_head_dim"] = *nope;
    if (auto v = r.count({"v_head_dim"}, false, "value head dimension")) mla["v_head_dim"] = *v;
    m["mla"] = mla;
  }
  if (!d.empty()) return d;
  m["layers"] = *layers;
  m["hidden"] = *hidden;
  m["heads"] = *heads;
  m["kv_heads"] = kv.value_or(*heads);  // no key/value heads given: multi-head attention
  m["ffn_hidden"] = *ffn;
  m["ffn_type"] = ffn_type;
  m["vocab"] = *vocab;
  if (head_dim) m["head_dim"] = *head_dim;
  // transformers' PretrainedConfig defaults tie_word_embeddings to true; Llama, Qwen2 and most
  // decoder configs set it explicitly.
  m["tied_embeddings"] = cfg.contains("tie_word_embeddings") && cfg["tie_word_embeddings"].is_boolean()
                             ? cfg["tie_word_embeddings"].get<bool>()
                             : flag(root, "tie_word_embeddings", true);
  if (cfg.contains("attention_bias") && cfg["attention_bias"].is_boolean()) m["qkv_bias"] = cfg["attention_bias"].get<bool>();
  else if (in(type, {"qwen2", "qwen2_moe"})) m["qkv_bias"] = true;  // Qwen2's q/k/v projections have biases
  if (max_ctx) m["max_context"] = *max_ctx;
  out = m;
  return d;
}

}  // namespace xuanka::core
