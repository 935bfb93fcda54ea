// Runnable configurations (core layer). Option names from the frameworks' documentation:
// - DeepSpeed 0.15 "Configuration JSON" (deepspeed.ai/docs/config-json): train_batch_size,
//   train_micro_batch_size_per_gpu, gradient_accumulation_steps, gradient_clipping, bf16.enabled,
//   fp16.enabled, zero_optimization.{stage, offload_optimizer.device, offload_param.device,
//   overlap_comm, contiguous_gradients}.
// - Megatron-LM core_r0.9.0 megatron/training/arguments.py: --tensor-model-parallel-size,
//   --pipeline-model-parallel-size, --context-parallel-size, --expert-model-parallel-size,
//   --sequence-parallel, --num-layers, --hidden-size, --ffn-hidden-size, --num-attention-heads,
//   --group-query-attention, --num-query-groups, --seq-length, --max-position-embeddings,
//   --micro-batch-size, --global-batch-size, --train-samples, --bf16, --fp16, --swiglu,
//   --recompute-granularity, --recompute-method, --recompute-num-layers,
//   --use-distributed-optimizer, --use-flash-attn, --num-experts, --moe-router-topk.
// - vLLM 0.6 engine arguments (docs.vllm.ai "Engine Arguments"): --tensor-parallel-size,
//   --pipeline-parallel-size, --max-model-len, --max-num-seqs, --dtype, --kv-cache-dtype,
//   --quantization, --gpu-memory-utilization, --enable-chunked-prefill.
#include "core/run_config.h"

#include <cmath>

#include "core/enums.h"
#include "core/format.h"
#include "nlohmann/json.hpp"

namespace xuanka::core {

namespace {
std::string num(double v) { return std::to_string(static_cast<long long>(std::llround(v))); }

// The model's Hugging Face repository, from its catalog source (huggingface.co/ORG/NAME/...).
std::string hf_repo(const Scenario& s) {
  const std::string& src = s.model.source;
  const std::string host = "huggingface.co/";
  const std::size_t at = src.find(host);
  if (at != std::string::npos) {
    const std::size_t org = at + host.size();
    const std::size_t slash1 = src.find('/', org);
    const std::size_t slash2 = slash1 == std::string::npos ? std::string::npos : src.find('/', slash1 + 1);
    if (slash1 != std::string::npos) return src.substr(org, (slash2 == std::string::npos ? src.size() : slash2) - org);
  }
  return "/path/to/" + (s.model_id.empty() ? std::string("model") : s.model_id);
}

bool is_llm(const Scenario& s) { return s.model.kind == "llm" && s.model.has_shape(); }
bool training(const Scenario& s) { return s.task != Task::inference; }
}  // namespace

std::vector<std::string> run_config_frameworks(const Scenario& s) {
  std::vector<std::string> out;
  const Parallel& p = s.parallel;
  if (training(s) && p.tp == 1 && p.pp == 1 && p.cp == 1) out.push_back("deepspeed");
  if (is_llm(s) && (s.task == Task::pretrain || s.task == Task::full_ft)) out.push_back("megatron");
  if (is_llm(s) && s.task == Task::inference) out.push_back("vllm");
  return out;
}

Diagnostics run_config(const Scenario& s, const std::string& framework, RunConfig& out) {
  bool ok = false;
  for (const auto& f : run_config_frameworks(s)) ok = ok || f == framework;
  if (!ok) {
    std::string can;
    for (const auto& f : run_config_frameworks(s)) can += (can.empty() ? "" : ", ") + f;
    return {{"framework", "\"" + shorten(framework, 40) + "\" does not fit this scenario; expected one of: " +
                              (can.empty() ? std::string("none (no runnable configuration for it yet)") : can)}};
  }
  const Parallel& p = s.parallel;
  out = RunConfig{};
  out.framework = framework;
  if (framework == "deepspeed") {
    out.version = "DeepSpeed 0.15";
    const int dp = std::max(1, p.dp());
    nlohmann::ordered_json j;
    j["train_batch_size"] = s.global_batch;
    j["train_micro_batch_size_per_gpu"] = s.micro_batch;
    j["gradient_accumulation_steps"] = std::max(1, s.global_batch / (s.micro_batch * dp));
    j["gradient_clipping"] = 1.0;
    const bool bf16 = s.precision == Precision::bf16_mixed || s.precision == Precision::bf16 || s.precision == Precision::fp8_mixed;
    j["bf16"] = {{"enabled", bf16}};
    j["fp16"] = {{"enabled", s.precision == Precision::fp16_mixed}};
    nlohmann::ordered_json z;
    z["stage"] = p.zero;
    if (p.offload != Offload::none && p.zero >= 1) z["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (p.offload == Offload::optimizer_params && p.zero >= 3) z["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
    z["overlap_comm"] = true;
    z["contiguous_gradients"] = true;
    j["zero_optimization"] = z;
    out.text = j.dump(2) + "\n";
    if (s.recompute != Recompute::none) out.notes.push_back(notice("rc_recompute", "recompute: turn on gradient checkpointing in the model (Hugging Face: model.gradient_checkpointing_enable())"));
    if (s.task == Task::lora || s.task == Task::qlora) out.notes.push_back(notice("rc_lora", "LoRA: the adapters come from PEFT (r=" + std::to_string(s.lora_rank) + "); DeepSpeed sees only the trainable parameters", {std::to_string(s.lora_rank)}));
    out.notes.push_back(notice("rc_trainer", "the optimizer and learning rate come from your trainer (Hugging Face Trainer: --deepspeed ds_config.json)"));
    return {};
  }
  if (framework == "megatron") {
    out.version = "Megatron-LM core_r0.9.0";
    const ModelArch& m = s.model;
    std::string a = "torchrun --nproc-per-node " + num(std::min(p.gpus, 8)) + (p.gpus > 8 ? " --nnodes " + num(std::ceil(p.gpus / 8.0)) : "") +
                    " pretrain_gpt.py \\\n";
    auto arg = [&](const std::string& k, const std::string& v = "") { a += "  --" + k + (v.empty() ? "" : " " + v) + " \\\n"; };
    arg("tensor-model-parallel-size", num(p.tp));
    arg("pipeline-model-parallel-size", num(p.pp));
    if (p.cp > 1) arg("context-parallel-size", num(p.cp));
    if (p.ep > 1) arg("expert-model-parallel-size", num(p.ep));
    if (p.sequence_parallel && p.tp > 1) arg("sequence-parallel");
    arg("num-layers", num(m.layers));
    arg("hidden-size", num(m.hidden));
    arg("ffn-hidden-size", num(m.ffn_hidden));
    arg("num-attention-heads", num(m.heads));
    if (m.kv_heads > 0 && m.kv_heads != m.heads) {
      arg("group-query-attention");
      arg("num-query-groups", num(m.kv_heads));
    }
    if (m.ffn_type == "gated") arg("swiglu");
    if (m.moe) {
      arg("num-experts", num(m.moe->experts));
      arg("moe-router-topk", num(m.moe->top_k));
    }
    arg("seq-length", num(s.seq_len));
    arg("max-position-embeddings", num(std::max(s.seq_len, m.max_context.value_or(s.seq_len))));
    arg("micro-batch-size", num(s.micro_batch));
    arg("global-batch-size", num(s.global_batch));
    if (s.tokens) arg("train-samples", num(std::ceil(*s.tokens / s.seq_len)));
    if (s.precision == Precision::fp16_mixed) arg("fp16");
    else if (s.precision != Precision::fp32) arg("bf16");
    if (s.recompute != Recompute::none) {
      arg("recompute-granularity", s.recompute == Recompute::full ? "full" : "selective");
      if (s.recompute == Recompute::full) {
        arg("recompute-method", "uniform");
        arg("recompute-num-layers", "1");
      }
    }
    if (p.zero >= 1) arg("use-distributed-optimizer");  // ZeRO-1: optimizer states sharded over data parallel
    if (s.flash_attention) arg("use-flash-attn");
    a.erase(a.size() - 3);  // the last " \\\n"
    out.text = a + "\n";
    if (p.zero >= 2) out.notes.push_back(notice("rc_zero_megatron", "ZeRO-" + std::to_string(p.zero) + ": Megatron's distributed optimizer shards optimizer states only (ZeRO-1); gradients and weights need Megatron-DeepSpeed or FSDP", {std::to_string(p.zero)}));
    if (p.offload != Offload::none) out.notes.push_back(notice("rc_offload_megatron", "offload: not a Megatron-LM option; use DeepSpeed"));
    out.notes.push_back(notice("rc_megatron_data", "data, tokenizer and learning-rate arguments (--data-path, --tokenizer-type, --lr ...) are yours to add; on Ascend, MindSpeed takes the same arguments"));
    return {};
  }
  // vllm
  out.version = "vLLM 0.6";
  std::string a = "vllm serve " + hf_repo(s) + " \\\n";
  auto arg = [&](const std::string& k, const std::string& v = "") { a += "  --" + k + (v.empty() ? "" : " " + v) + " \\\n"; };
  arg("tensor-parallel-size", num(p.tp));
  if (p.pp > 1) arg("pipeline-parallel-size", num(p.pp));
  arg("max-model-len", num(s.serving.prompt_tokens + s.serving.output_tokens));
  arg("max-num-seqs", num(s.serving.batch));
  const WeightFormat w = s.weights;
  arg("dtype", w == WeightFormat::fp16 ? "float16" : w == WeightFormat::fp32 ? "float32" : "bfloat16");
  if (s.serving.kv_dtype == WeightFormat::fp8) arg("kv-cache-dtype", "fp8");
  const char* q = w == WeightFormat::awq ? "awq" : w == WeightFormat::gptq || w == WeightFormat::int4 ? "gptq"
                : w == WeightFormat::fp8 ? "fp8" : w == WeightFormat::nf4 ? "bitsandbytes"
                : w == WeightFormat::gguf_q4_k_m || w == WeightFormat::gguf_q5_k_m || w == WeightFormat::gguf_q8_0 ? "gguf" : nullptr;
  if (q) arg("quantization", q);
  if (w == WeightFormat::int8) out.notes.push_back(notice("rc_int8", "INT8 weights: serve an INT8 (W8A16 / SmoothQuant W8A8) checkpoint; vLLM reads its format from the checkpoint's config"));
  arg("gpu-memory-utilization", "0.90");
  a.erase(a.size() - 3);
  out.text = a + "\n";
  if (q && std::string(q) == "gguf") out.notes.push_back(notice("rc_gguf", "GGUF: give vllm serve the .gguf file path and --tokenizer of the original model"));
  out.notes.push_back(notice("rc_ascend_vllm", "on Ascend: vLLM-Ascend takes the same arguments (pip install vllm-ascend)"));
  return {};
}

}  // namespace xuanka::core
