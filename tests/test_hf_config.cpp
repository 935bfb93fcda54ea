// A model from a pasted Hugging Face config.json: the keys of the published configs map to the
// contract's architecture, the parameter count matches the model card, and what is missing is
// named.
#include <catch2/catch.hpp>

#include "core/contract.h"
#include "core/estimator.h"
#include "core/hf_config.h"
#include "vectors_io.h"

using namespace xuanka::core;
using nlohmann::json;
using Catch::Matchers::WithinRel;

namespace {
// The inline model through the contract, as the page does: its total parameters.
double params_of(const json& model) {
  Scenario s;
  const auto d = from_json({{"model", model}, {"task", "inference"}}, xuanka::test::catalog(), s);
  INFO((d.empty() ? std::string() : d.front().text()));
  REQUIRE(d.empty());
  return estimate(s).params;
}
}  // namespace

TEST_CASE("config.json: Qwen2.5-7B's published config gives its 7.62B parameters") {
  // huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json (the keys that matter); the model card
  // says "Number of Parameters: 7.61B".
  const char* cfg = R"({"architectures": ["Qwen2ForCausalLM"], "hidden_act": "silu", "hidden_size": 3584,
    "intermediate_size": 18944, "max_position_embeddings": 131072, "model_type": "qwen2", "num_attention_heads": 28,
    "num_hidden_layers": 28, "num_key_value_heads": 4, "tie_word_embeddings": false, "vocab_size": 152064})";
  json m;
  REQUIRE(model_from_hf_config(cfg, m).empty());
  CHECK(m["kv_heads"] == 4);
  CHECK(m["ffn_type"] == "gated");
  CHECK(m["qkv_bias"] == true);
  CHECK(m["max_context"] == 131072);
  CHECK_THAT(params_of(m), WithinRel(7.61e9, 0.01));
}

TEST_CASE("config.json: DeepSeek-V3's MoE and MLA keys give 671B parameters") {
  // huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json; the paper: 671B total (plus
  // the 14B multi-token-prediction module, which the config's 61 layers leave out).
  const char* cfg = R"({"model_type": "deepseek_v3", "hidden_size": 7168, "intermediate_size": 18432,
    "moe_intermediate_size": 2048, "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
    "first_k_dense_replace": 3, "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
    "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128,
    "vocab_size": 129280, "tie_word_embeddings": false, "max_position_embeddings": 163840, "hidden_act": "silu"})";
  json m;
  REQUIRE(model_from_hf_config(cfg, m).empty());
  CHECK(m["moe"]["experts"] == 256);
  CHECK(m["moe"]["shared_experts"] == 1);
  CHECK(m["moe"]["dense_layers"] == 3);
  CHECK(m["mla"]["kv_lora_rank"] == 512);
  // Issue 40: these three were dropped, and head_dim stood in for them.
  CHECK(m["mla"]["q_lora_rank"] == 1536);
  CHECK(m["mla"]["qk_nope_head_dim"] == 128);
  CHECK(m["mla"]["v_head_dim"] == 128);
  CHECK_THAT(params_of(m), WithinRel(671e9, 0.03));
}

TEST_CASE("config.json: Mixtral-8x7B's experts are intermediate_size wide") {
  // huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json; Mistral AI: 46.7B total.
  const char* cfg = R"({"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "num_local_experts": 8, "num_experts_per_tok": 2,
    "vocab_size": 32000, "tie_word_embeddings": false, "hidden_act": "silu"})";
  json m;
  REQUIRE(model_from_hf_config(cfg, m).empty());
  CHECK(m["moe"]["expert_ffn_hidden"] == 14336);
  CHECK_THAT(params_of(m), WithinRel(46.7e9, 0.01));
}

TEST_CASE("config.json: what is missing or wrong is named by its key") {
  json m = "unchanged";
  auto d = model_from_hf_config(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 32000,
                                     "intermediate_size": 11008})", m);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "config.num_hidden_layers");
  CHECK(m == "unchanged");
  d = model_from_hf_config(R"({"model_type": "llama", "num_hidden_layers": "32", "hidden_size": 4096,
                               "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008})", m);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "config.num_hidden_layers");
  CHECK(d[0].message.find("whole number") != std::string::npos);
  CHECK(model_from_hf_config("{\"hidden_size\": ", m).front().path == "config");
  // Booleans of the wrong type are ignored, never thrown on (json::value would throw).
  CHECK(model_from_hf_config(R"({"model_type": "chatglm", "multi_query_attention": 1, "multi_query_group_num": 2,
                                  "num_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "padded_vocab_size": 100,
                                  "ffn_hidden_size": 128, "tie_word_embeddings": "no"})", m).empty());
  CHECK(m["kv_heads"] == 4);  // multi_query_attention is not a boolean: multi-head attention
  CHECK(model_from_hf_config("[1,2]", m).front().message.find("JSON object") != std::string::npos);
  // An unknown model type with an unknown activation: the MLP type is not guessed.
  d = model_from_hf_config(R"({"model_type": "mystery", "hidden_act": "quux", "num_hidden_layers": 2, "hidden_size": 64,
                               "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128})", m);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "config.model_type");
}
