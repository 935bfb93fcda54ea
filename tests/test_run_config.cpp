// Runnable configurations: each generated file parses and names only options the framework's
// documentation lists at the stated version. The lists below are copied from the docs, not
// from core/run_config.cpp:
// - DeepSpeed 0.15 config-json (deepspeed.ai/docs/config-json): top-level batch keys,
//   "bf16", "fp16", "gradient_clipping", "zero_optimization" and its documented fields.
// - Megatron-LM core_r0.9.0 megatron/training/arguments.py (add_argument names).
// - vLLM 0.6 "Engine Arguments" (docs.vllm.ai/en/v0.6.0/models/engine_args.html).
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "core/contract.h"
#include "core/run_config.h"
#include "vectors_io.h"

using namespace xuanka::core;
using nlohmann::json;

namespace {
Scenario scenario(const json& j) {
  Scenario s;
  const auto d = from_json(j, xuanka::test::catalog(), s);
  INFO((d.empty() ? std::string() : d.front().text()));
  REQUIRE(d.empty());
  return s;
}
std::set<std::string> flags(const std::string& cmd) {
  std::set<std::string> out;
  const std::regex re("--([a-z0-9-]+)");
  for (auto it = std::sregex_iterator(cmd.begin(), cmd.end(), re); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
  return out;
}
// The value after `--flag` on the command line.
std::string value(const std::string& cmd, const std::string& flag) {
  const std::size_t at = cmd.find("--" + flag + " ");
  if (at == std::string::npos) return "";
  std::istringstream in(cmd.substr(at + flag.size() + 3));
  std::string v;
  in >> v;
  return v;
}
}  // namespace

TEST_CASE("config: QLoRA 7B on one 4090 gives a DeepSpeed JSON with documented keys") {
  const Scenario s = scenario({{"model", "llama-2-7b"}, {"task", "qlora"}, {"gpu", "nvidia-rtx-4090"}, {"micro_batch", 4},
                               {"global_batch", 16}, {"recompute", "full"}});
  RunConfig rc;
  REQUIRE(run_config(s, "deepspeed", rc).empty());
  const json j = json::parse(rc.text);
  const std::set<std::string> top = {"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps",
                                     "gradient_clipping", "bf16", "fp16", "zero_optimization"};
  const std::set<std::string> zero = {"stage", "offload_optimizer", "offload_param", "overlap_comm", "contiguous_gradients",
                                      "reduce_bucket_size", "allgather_bucket_size"};
  for (auto it = j.begin(); it != j.end(); ++it) CHECK(top.count(it.key()) == 1);
  for (auto it = j["zero_optimization"].begin(); it != j["zero_optimization"].end(); ++it) CHECK(zero.count(it.key()) == 1);
  // DeepSpeed requires train_batch_size = micro x accumulation x data parallel: 16 = 4 x 4 x 1.
  CHECK(j["train_batch_size"] == 16);
  CHECK(j["train_micro_batch_size_per_gpu"].get<int>() * j["gradient_accumulation_steps"].get<int>() == 16);
  CHECK(j["bf16"]["enabled"] == true);
}

TEST_CASE("config: 70B full fine-tune on 32 H800 with TP 8 gives Megatron arguments it has") {
  const Scenario s = scenario({{"model", "llama-2-70b"}, {"task", "full_ft"}, {"gpu", "nvidia-h800-sxm5-80gb"}, {"seq_len", 4096},
                               {"micro_batch", 1}, {"global_batch", 128}, {"recompute", "selective"},
                               {"parallel", {{"gpus", 32}, {"tp", 8}, {"pp", 2}, {"zero", 1}, {"sequence_parallel", true}}}});
  const auto can = run_config_frameworks(s);
  REQUIRE_FALSE(std::count(can.begin(), can.end(), "deepspeed"));  // TP needs Megatron
  RunConfig rc;
  REQUIRE(run_config(s, "megatron", rc).empty());
  const std::set<std::string> documented = {
      "tensor-model-parallel-size", "pipeline-model-parallel-size", "context-parallel-size", "expert-model-parallel-size",
      "sequence-parallel", "num-layers", "hidden-size", "ffn-hidden-size", "num-attention-heads", "group-query-attention",
      "num-query-groups", "seq-length", "max-position-embeddings", "micro-batch-size", "global-batch-size", "train-samples",
      "bf16", "fp16", "swiglu", "recompute-granularity", "recompute-method", "recompute-num-layers",
      "use-distributed-optimizer", "use-flash-attn", "num-experts", "moe-router-topk",
      "nproc-per-node", "nnodes"};  // the last two are torchrun's (torch 2.x: --nproc-per-node)
  for (const auto& f : flags(rc.text)) {
    INFO(f);
    CHECK(documented.count(f) == 1);
  }
  CHECK(value(rc.text, "tensor-model-parallel-size") == "8");
  CHECK(value(rc.text, "pipeline-model-parallel-size") == "2");
  CHECK(value(rc.text, "num-query-groups") == "8");   // Llama-2-70B: 8 KV heads
  CHECK(value(rc.text, "num-layers") == "80");
  CHECK(value(rc.text, "recompute-granularity") == "selective");
  CHECK(value(rc.text, "nnodes") == "4");            // 32 cards, 8 per server
  CHECK(flags(rc.text).count("sequence-parallel") == 1);
}

TEST_CASE("config: 72B serving with AWQ weights gives a vLLM line it accepts; a training framework is refused by name") {
  const Scenario s = scenario({{"model", "qwen2.5-72b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"}, {"weights", "awq"},
                               {"serving", {{"batch", 32}, {"prompt_tokens", 2048}, {"output_tokens", 1024}}},
                               {"parallel", {{"gpus", 4}, {"tp", 4}}}});
  RunConfig rc;
  REQUIRE(run_config(s, "vllm", rc).empty());
  const std::set<std::string> documented = {"tensor-parallel-size", "pipeline-parallel-size", "max-model-len", "max-num-seqs",
                                            "dtype", "kv-cache-dtype", "quantization", "gpu-memory-utilization",
                                            "enable-chunked-prefill", "tokenizer"};
  for (const auto& f : flags(rc.text)) {
    INFO(f);
    CHECK(documented.count(f) == 1);
  }
  CHECK(value(rc.text, "tensor-parallel-size") == "4");
  CHECK(value(rc.text, "max-model-len") == "3072");
  CHECK(value(rc.text, "max-num-seqs") == "32");
  CHECK(value(rc.text, "quantization") == "awq");   // vLLM's --quantization choices include awq, gptq, fp8, gguf, bitsandbytes
  CHECK(rc.text.rfind("vllm serve Qwen/Qwen2.5-72B", 0) == 0);
  const auto d = run_config(s, "deepspeed", rc);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "framework");
}
