// The Estimate view's inputs as the user edits them (ui layer): text for numbers (the phone
// keyboard edits text), words for enums. They become the scenario contract JSON
// (../shared/SCENARIO.md), which core parses and checks — so a bad entry gets core's error,
// naming the field — and which is also the share link's state.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace xuanka::ui {

struct ScenarioForm {
  std::string model = "qwen2.5-7b";        // preset id, or "custom" for the architecture below
  // A custom architecture (model == "custom"), the contract's inline form.
  std::string arch_name = "my-model", arch_layers = "32", arch_hidden = "4096", arch_heads = "32",
              arch_kv_heads = "8", arch_ffn = "14336", arch_vocab = "128256", arch_ffn_type = "gated";
  std::string task = "lora";
  std::string precision = "bf16_mixed";
  std::string optimizer = "adamw";
  std::string lora_rank = "16";
  std::string lora_targets = "all_linear";
  std::string weights;                     // empty: the contract's default
  std::string seq_len = "4096";
  std::string micro_batch = "1";
  std::string global_batch;                // empty: micro_batch x data-parallel size
  std::string recompute = "none";
  bool flash_attention = true;
  std::string gpus = "1", tp = "1", pp = "1", zero = "0";
  std::string offload = "none";
  std::string gpu = "nvidia-a100-sxm4-80gb";
  std::string tokens_billion = "1";        // training tokens, in billions (10^9); empty: no time
  std::string serving_batch = "1", prompt_tokens = "2048", output_tokens = "512";
  std::string kv_dtype;                    // empty: default
};

// The form as the scenario contract. Numbers that do not parse stay strings, so core reports them.
nlohmann::json to_contract(const ScenarioForm& f);
// Fills the form from a contract object (share link, a recommendation pick); unknown or
// malformed fields are left as they were.
void from_contract(const nlohmann::json& j, ScenarioForm& f);

}  // namespace xuanka::ui
