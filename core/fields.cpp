// The contract's simple fields (core layer): the table of core/fields.h. Each row's range and
// meaning is the contract's (../shared/SCENARIO.md, README "Scenario fields").
#include "core/fields.h"

#include "core/scenario.h"

namespace xuanka::core {

namespace {
constexpr unsigned bit(Task t) { return 1u << static_cast<int>(t); }
constexpr unsigned bit(ModelKind k) { return 1u << static_cast<int>(k); }
constexpr unsigned kTraining = bit(Task::pretrain) | bit(Task::full_ft) | bit(Task::lora) | bit(Task::qlora);
constexpr unsigned kServing = bit(Task::inference);
constexpr unsigned kLlm = bit(ModelKind::llm);
}  // namespace

const std::vector<FieldRow>& field_rows() {
  static const std::vector<FieldRow> rows = {
      // An override of the utilisation model: a training step is the model's FLOPs at this share
      // of the card's dense peak, with no communication or overhead added (core/estimator.cpp).
      // The contract takes it for any task (SCENARIO.md); the page offers it where it counts.
      {"", "mfu", 0.001, 1.0, false, kTraining | kServing, kLlm, "est.mfu", "MFU（留空用模型）", "MFU (empty: the model)",
       [](const Scenario& s) { return s.mfu; }, [](Scenario& s, double v) { s.mfu = v; }},
      // The share of prompt tokens whose KV cache the engine already holds (vLLM's automatic prefix
      // caching, SGLang's RadixAttention): they are not prefilled again.
      {"serving", "prefix_cache_hit", 0.0, 1.0, false, kServing, kLlm, "est.prefix_hit", "前缀缓存命中率（0-1）", "Prefix-cache hit rate (0-1)",
       [](const Scenario& s) { return s.serving.prefix_cache_hit > 0 ? std::optional<double>(s.serving.prefix_cache_hit) : std::nullopt; },
       [](Scenario& s, double v) { s.serving.prefix_cache_hit = v; }},
      // The share of each card's memory the engine takes (vLLM's --gpu-memory-utilization, 0.9 when
      // unset; SGLang's --mem-fraction-static): the weights, activations, non-PyTorch memory and KV
      // cache all come out of it (vLLM docs, "GPU memory calculation": requested_memory =
      // total_gpu_memory x gpu_memory_utilization). Unset here: the whole card, as before.
      {"serving", "gpu_memory_utilization", 0.05, 1.0, false, kServing, kLlm, "est.gpu_mem_util", "引擎可用显存比例（vLLM gpu_memory_utilization，0-1）",
       "Engine's share of card memory (vLLM gpu_memory_utilization, 0-1)",
       [](const Scenario& s) { return s.serving.gpu_memory_utilization; }, [](Scenario& s, double v) { s.serving.gpu_memory_utilization = v; }},
  };
  return rows;
}

const FieldRow* find_field(std::string_view path) {
  for (const FieldRow& r : field_rows()) {
    if (r.path() == path) return &r;
  }
  return nullptr;
}

}  // namespace xuanka::core
