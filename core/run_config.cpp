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
//   --use-distributed-optimizer, --use-flash-attn, --num-experts, --moe-router-topk,
//   --num-layers-per-virtual-pipeline-stage; --decoder-first/last-pipeline-num-layers and
//   --account-for-embedding/loss-in-pipeline-split (newer releases).
// - vLLM 0.6 engine arguments (docs.vllm.ai "Engine Arguments"): --tensor-parallel-size,
//   --pipeline-parallel-size, --max-model-len, --max-num-seqs, --dtype, --kv-cache-dtype,
//   --quantization, --gpu-memory-utilization, --enable-chunked-prefill.
// - PyTorch 2.4 torch.distributed.fsdp (pytorch.org/docs/2.4/fsdp.html): FullyShardedDataParallel(
//   module, sharding_strategy=ShardingStrategy.{FULL_SHARD, SHARD_GRAD_OP, NO_SHARD},
//   cpu_offload=CPUOffload(offload_params=), auto_wrap_policy=, mixed_precision=MixedPrecision(
//   param_dtype=, reduce_dtype=, buffer_dtype=), device_id=, use_orig_params=);
//   torch.distributed.fsdp.wrap.transformer_auto_wrap_policy(transformer_layer_cls=);
//   torch.distributed.algorithms._checkpoint.checkpoint_wrapper.apply_activation_checkpointing(
//   model, checkpoint_wrapper_fn=, check_fn=).
// - MindIE Server config.json (gitcode Ascend/MindIE-LLM @ 8b4871a, src/server/conf/config.json,
//   and docs/zh/user_guide/user_manual/service_parameter_configuration.md): BackendConfig.
//   {npuDeviceIds, ModelDeployConfig.{maxSeqLen, maxInputTokenLen, ModelConfig[].{modelInstanceType,
//   modelName, modelWeightPath, worldSize, npuMemSize, backendType, trustRemoteCode}},
//   ScheduleConfig.{cacheBlockSize, maxPrefillTokens, maxBatchSize, maxIterTimes}}.
#include "core/run_config.h"

#include <cmath>

#include "core/enums.h"
#include "core/estimator.h"
#include "core/format.h"
#include "core/hardware.h"
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

bool is_llm(const Scenario& s) { return s.model.kind == ModelKind::llm && s.model.has_shape(); }
bool training(const Scenario& s) { return s.task != Task::inference; }
bool ascend(const Scenario& s) { return s.gpu && s.gpu->id.rfind("huawei-", 0) == 0; }
// Devices the serving engines see on one card: the 910C's two dies are two NPUs to CANN, and SGLang's,
// vLLM-Ascend's and MindIE's parallel sizes count them (catalog `dies`); the scenario counts cards.
int devices_per_card(const Scenario& s) { return s.gpu ? std::max(1, s.gpu->dies) : 1; }
// A data-parallel copy's micro-batch per process: one process a die, the card's micro-batch split over
// its dies where it divides (the global batch kept); the note says so on a multi-die card.
int micro_per_device(const Scenario& s, RunConfig& out) {
  const int dies = devices_per_card(s);
  if (dies > 1) out.notes.push_back(notice("rc_dies_dp", {std::to_string(dies), std::to_string(s.parallel.gpus * dies)}));
  return s.micro_batch % dies == 0 ? s.micro_batch / dies : s.micro_batch;
}
// One "--key value" line of a shell command continued on the next line.
std::string flag(const std::string& k, const std::string& v = "") { return "  --" + k + (v.empty() ? "" : " " + v) + " \\\n"; }
// The serving deployments of a scenario, each launched by `launch(scenario, role)`: with both pools
// on its cards (serving.disaggregated.prefill_gpus) the prefill pool on prefill_gpus (its own tp and
// ep where given) and the decode pool on the rest, and true; else the scenario in its role, false.
template <class Launch>
bool launch_pools(const Scenario& s, Launch launch) {
  const Disaggregated* d = s.serving.disaggregated ? &*s.serving.disaggregated : nullptr;
  if (!d || d->role != PoolRole::both || d->prefill_gpus <= 0) {
    launch(s, d ? d->role : PoolRole::both);
    return false;
  }
  Scenario prefill = s, decode = s;
  prefill.parallel.gpus = d->prefill_gpus;
  prefill.parallel.tp = d->prefill_tp.value_or(s.parallel.tp);
  prefill.parallel.ep = d->prefill_ep.value_or(s.parallel.ep);
  decode.parallel.gpus = s.parallel.gpus - d->prefill_gpus;
  launch(prefill, PoolRole::prefill);
  launch(decode, PoolRole::decode);
  return true;
}

// One SGLang server (a pool of a prefill/decode pair where `pool` names it).
// SGLang's launch_server (docs.sglang.io "Server Arguments"; python/sglang/srt/server_args.py of
// main, 2026-06, read in AniZpZ/sglang@2a51479): --tp-size counts every card of a pipeline stage
// (across servers too), --dp-size with --enable-dp-attention splits a MoE's attention into that
// many ranks while its experts spread over --ep-size cards; --max-running-requests is the whole
// server's (each attention rank takes its share: model_runner_kv_cache_mixin.py, max_num_reqs //
// dp_size), as serving.batch is; across servers every server runs the same command with its
// --node-rank, --nnodes and --dist-init-addr of server 0. --moe-a2a-backend deepep with
// --deepep-mode auto: "low_latency for decode batch and normal for prefill batch", what
// parallel.ep_dedup models. A dense model's replicas are --dp-size ranks on one server, behind
// a load balancer across servers. On Ascend, --device npu and --attention-backend ascend
// (SGLang's Ascend NPU examples).
void sglang_launch(const Scenario& s, PoolRole pool, RunConfig& out) {
  const Parallel& p = s.parallel;
  const int rank_cards = p.tp * p.pp;
  const int unit = p.ep > 1 ? p.replica_cards() : std::min(p.gpus, std::max(rank_cards, hw::kCardsPerNode - hw::kCardsPerNode % rank_cards));
  const int stage_cards = p.ep > 1 ? unit / p.pp : p.tp;
  const int dp = std::max(1, unit / std::max(1, rank_cards));
  const int servers = (unit + hw::kCardsPerNode - 1) / hw::kCardsPerNode;
  std::string a = "python -m sglang.launch_server \\\n" + flag("model-path", hf_repo(s));
  if (pool != PoolRole::both) a += flag("disaggregation-mode", pool == PoolRole::prefill ? "prefill" : "decode");
  const int per_card = devices_per_card(s);
  a += flag("tp-size", num(stage_cards * per_card));
  if (p.pp > 1) a += flag("pp-size", num(p.pp));
  if (dp > 1) a += flag("dp-size", num(dp));
  if (dp > 1 && p.ep > 1) a += flag("enable-dp-attention");
  if (p.ep > 1) a += flag("ep-size", num(p.ep * per_card));
  const int domain = s.gpu ? std::max(1, s.gpu->domain_cards.value_or(1)) : 1;
  if (p.ep > 1 && p.ep_dedup && p.ep > domain) a += flag("moe-a2a-backend", "deepep") + flag("deepep-mode", "auto");
  // Ports as the engines' docs write them: --dist-init-addr sgl-dev-0:50000 (Server Arguments), each
  // server on SGLang's default --port 30000 (the router's --prefill/--decode URLs below); vLLM's
  // --data-parallel-rpc-port 13345 and the NixlConnector proxy's 8192 / 8000 likewise.
  if (servers > 1) a += flag("nnodes", num(servers)) + flag("node-rank", "$NODE_RANK") + flag("dist-init-addr", "$HEAD_IP:50000");
  if (ascend(s)) a += flag("device", "npu") + flag("attention-backend", "ascend");
  const int deployments = std::max(1, p.gpus / unit);
  a += flag("max-running-requests", num((s.serving.batch + deployments - 1) / deployments));
  a += flag("context-length", num(s.serving.prompt_tokens + s.serving.output_tokens));
  // Quantised checkpoints declare their method in their config, which SGLang reads (its docs: "load
  // a fp8 checkpoint directly without specifying any arguments"); INT8 W8A8 is named: "w8a8_int8",
  // and on Ascend "modelslim" (msModelSlim's W8A8, SGLang's Ascend DeepSeek example).
  if (s.weights == WeightFormat::int8) a += flag("quantization", ascend(s) ? "modelslim" : "w8a8_int8");
  if (s.serving.kv_dtype == WeightFormat::fp8) a += flag("kv-cache-dtype", "fp8_e4m3");
  if (s.serving.speculative) {
    const Speculative& q = *s.serving.speculative;
    // MTP through SGLang's EAGLE worker (its DeepSeek guide); EAGLE-3 and a draft model from their own weights.
    a += flag("speculative-algorithm", q.method == SpecMethod::mtp ? "EAGLE" : q.method == SpecMethod::eagle ? "EAGLE3" : "STANDALONE");
    if (q.method != SpecMethod::mtp) a += flag("speculative-draft-model-path", "$DRAFT_MODEL");
    a += flag("speculative-num-steps", num(q.draft_tokens)) + flag("speculative-eagle-topk", "1") +
         flag("speculative-num-draft-tokens", num(q.draft_tokens + 1));
  }
  a.erase(a.size() - 3);  // the last " \\\n"
  out.text += (out.text.empty() ? "" : "\n") + a + "\n";
  if (servers > 1) out.notes.push_back(notice("rc_sglang_nodes", {num(servers), num(servers - 1)}));
  if (p.gpus > unit) out.notes.push_back(notice("rc_vllm_replicas", {num(p.gpus / unit), num(unit)}));
}

// One vLLM deployment (a pool of a prefill/decode pair where `pool` names it).
// Data-parallel ranks (vLLM 0.12, docs/serving/data_parallel_deployment.md and
// expert_parallel_deployment.md at v0.12.0): `--data-parallel-size` engines of tp x pp cards, each
// with its own requests and KV cache ("--max-num-seqs applies per DP rank"); a MoE's experts spread
// over all tp x dp cards with `--enable-expert-parallel` ("EP_SIZE = TP_SIZE x DP_SIZE"), so one
// deployment is one replica of the scenario (Parallel::replica_cards). Across servers every server
// runs `vllm serve`, the first with the API server and `--data-parallel-address` its own address,
// the others `--headless` with `--data-parallel-start-rank` their first rank. Expert traffic that
// leaves the server takes DeepEP's kernels where the scenario asks for them (parallel.ep_dedup):
// `--all2all-backend deepep_high_throughput` ("multi-node prefill") for a prefill pool,
// `deepep_low_latency` ("multi-node decode") otherwise.
void vllm_launch(const Scenario& s, PoolRole pool, RunConfig& out) {
  const Parallel& p = s.parallel;
  const int rank_cards = p.tp * p.pp;
  const int unit = p.ep > 1 ? p.replica_cards() : p.gpus;  // cards of one vLLM deployment
  const int dp = std::max(1, unit / std::max(1, rank_cards));
  const int all_ranks = std::max(1, p.gpus / std::max(1, rank_cards));
  const bool multi_node = unit > hw::kCardsPerNode && dp > 1 && hw::kCardsPerNode % rank_cards == 0;
  const int local = multi_node ? hw::kCardsPerNode / rank_cards : dp;
  out.version = dp > 1 || p.ep > 1 || pool != PoolRole::both || out.version == "vLLM 0.12" ? "vLLM 0.12" : "vLLM 0.6";
  // The launch: which ranks run where (differs between the first server and the others).
  auto launch = [&](bool head) {
    // A pool's KV cache crosses to the other pool through NIXL, whose side channel is this server's
    // address (the NixlConnector guide's multi-machine setup: VLLM_NIXL_SIDE_CHANNEL_HOST).
    std::string l = pool == PoolRole::prefill ? "VLLM_NIXL_SIDE_CHANNEL_HOST=$PREFILL_IP \\\n"
                  : pool == PoolRole::decode  ? "VLLM_NIXL_SIDE_CHANNEL_HOST=$DECODE_IP \\\n" : "";
    l += "vllm serve " + hf_repo(s) + " \\\n";
    if (!head) l += flag("headless");
    l += flag("tensor-parallel-size", num(p.tp * devices_per_card(s)));
    if (p.pp > 1) l += flag("pipeline-parallel-size", num(p.pp));
    if (dp > 1) l += flag("data-parallel-size", num(dp));
    if (multi_node) {
      l += flag("data-parallel-size-local", num(local));
      if (!head) l += flag("data-parallel-start-rank", "$((NODE_RANK * " + num(local) + "))");
      l += flag("data-parallel-address", "$HEAD_IP") + flag("data-parallel-rpc-port", "13345");
    }
    return l;
  };
  // The engine: the same on every server.
  std::string engine;
  if (p.ep > 1) engine += flag("enable-expert-parallel");
  const int domain = s.gpu ? std::max(1, s.gpu->domain_cards.value_or(1)) : 1;
  if (p.ep > 1 && p.ep_dedup && p.ep > domain && !ascend(s)) {
    engine += flag("all2all-backend", pool == PoolRole::prefill ? "deepep_high_throughput" : "deepep_low_latency");
  }
  // A pool of a prefill/decode pair: NixlConnector, the pool's role named (the guide's kv_producer and
  // kv_consumer).
  if (pool != PoolRole::both) {
    engine += flag("kv-transfer-config", std::string("'{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"") +
                                             (pool == PoolRole::prefill ? "kv_producer" : "kv_consumer") + "\"}'");
  }
  // The batch counts requests across all cards (SCENARIO.md "LLM serving at scale"); vLLM's is per rank.
  engine += flag("max-model-len", num(s.serving.prompt_tokens + s.serving.output_tokens));
  engine += flag("max-num-seqs", num((s.serving.batch + all_ranks - 1) / all_ranks));
  const WeightFormat w = s.weights;
  engine += flag("dtype", w == WeightFormat::fp16 ? "float16" : w == WeightFormat::fp32 ? "float32" : "bfloat16");
  if (s.serving.kv_dtype == WeightFormat::fp8) engine += flag("kv-cache-dtype", "fp8");
  const char* q = w == WeightFormat::awq ? "awq" : w == WeightFormat::gptq || w == WeightFormat::int4 ? "gptq"
                : w == WeightFormat::fp8 ? "fp8" : w == WeightFormat::nf4 ? "bitsandbytes"
                : w == WeightFormat::gguf_q4_k_m || w == WeightFormat::gguf_q5_k_m || w == WeightFormat::gguf_q8_0 ? "gguf" : nullptr;
  if (q) engine += flag("quantization", q);
  engine += flag("gpu-memory-utilization", "0.90");
  engine.erase(engine.size() - 3);  // the last " \\\n"
  out.text += (out.text.empty() ? "" : "\n") + launch(true) + engine + "\n";
  if (multi_node) {
    out.text += "\n" + launch(false) + engine + "\n";
    const int servers = unit / hw::kCardsPerNode;
    out.notes.push_back(notice("rc_vllm_nodes", {num(servers), num(servers - 1)}));
  }
  if (p.gpus > unit) out.notes.push_back(notice("rc_vllm_replicas", {num(p.gpus / unit), num(unit)}));
  if (p.ep > 1 && unit / p.pp != p.ep) out.notes.push_back(notice("rc_vllm_ep", {num(unit / p.pp), num(p.ep)}));
}

}  // namespace

std::vector<std::string> run_config_frameworks(const Scenario& s) {
  std::vector<std::string> out;
  const Parallel& p = s.parallel;
  const bool data_parallel_only = p.tp == 1 && p.pp == 1 && p.cp == 1;
  if (training(s) && data_parallel_only) out.push_back("deepspeed");
  if (training(s) && data_parallel_only && is_llm(s) && p.gpus > 1) out.push_back("fsdp");  // FSDP shards over 2+ GPUs
  if (is_llm(s) && (s.task == Task::pretrain || s.task == Task::full_ft)) out.push_back("megatron");
  // SGLang first where the scenario serves with it (serving.engine), vLLM first otherwise.
  if (is_llm(s) && s.task == Task::inference && s.serving.engine == Engine::sglang) out.push_back("sglang");
  if (is_llm(s) && s.task == Task::inference) out.push_back("vllm");
  if (is_llm(s) && s.task == Task::inference && s.serving.engine != Engine::sglang) out.push_back("sglang");
  // MindIE's config.json is written for one server without expert parallelism: its multi-server
  // deployments take a rank table and multiNodesInferEnabled, and a MoE's expert parallelism its
  // model-side ep_level and parallel options (MindIE-LLM docs), which are not written here; vLLM-Ascend
  // takes vLLM's data- and expert-parallel arguments.
  if (is_llm(s) && s.task == Task::inference && ascend(s) && p.ep <= 1 && p.gpus <= hw::kCardsPerNode) out.push_back("mindie");
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
    // One rank per die on a multi-die card (micro_per_device; the Megatron copy's source).
    const int dp = std::max(1, p.dp()) * devices_per_card(s);
    const int micro = micro_per_device(s, out);
    nlohmann::ordered_json j;
    j["train_batch_size"] = s.global_batch;
    j["train_micro_batch_size_per_gpu"] = micro;
    j["gradient_accumulation_steps"] = std::max(1, s.global_batch / (micro * dp));
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
    if (s.recompute != Recompute::none) out.notes.push_back(notice("rc_recompute"));
    if (s.task == Task::lora || s.task == Task::qlora) out.notes.push_back(notice("rc_lora", {std::to_string(s.lora_rank)}));
    out.notes.push_back(notice("rc_trainer"));
    return {};
  }
  if (framework == "fsdp") {
    out.version = "PyTorch 2.4 FSDP";
    const bool npu = ascend(s);
    const bool bf16 = s.precision == Precision::bf16_mixed || s.precision == Precision::bf16 || s.precision == Precision::fp8_mixed;
    const char* dtype = s.precision == Precision::fp16_mixed ? "torch.float16" : bf16 ? "torch.bfloat16" : "torch.float32";
    // ZeRO-3 shards weights, gradients and optimizer states (FULL_SHARD); ZeRO-2 gradients and
    // optimizer states (SHARD_GRAD_OP); ZeRO-0 replicates (NO_SHARD). FSDP has no ZeRO-1.
    const char* strategy = p.zero >= 3 ? "FULL_SHARD" : p.zero == 2 ? "SHARD_GRAD_OP" : "NO_SHARD";
    std::string t;
    t += "import functools\n\nimport torch\n";
    if (npu) t += "import torch_npu  # registers the 'npu' device\n";
    t += "from torch.distributed.fsdp import CPUOffload, FullyShardedDataParallel as FSDP, MixedPrecision, ShardingStrategy\n"
         "from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy\n";
    if (s.recompute != Recompute::none)
      t += "from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import apply_activation_checkpointing, checkpoint_wrapper\n";
    t += "\n# torch.distributed.init_process_group(\"" + std::string(npu ? "hccl" : "nccl") + "\") before this; `model` is the Hugging Face model\n";
    t += "layer_cls = type(model.model.layers[0])  # the decoder layer: one FSDP unit each\n";
    t += "model = FSDP(\n";
    t += "    model,\n";
    t += std::string("    sharding_strategy=ShardingStrategy.") + strategy + ",\n";
    t += "    auto_wrap_policy=functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={layer_cls}),\n";
    if (s.precision != Precision::fp32)
      t += std::string("    mixed_precision=MixedPrecision(param_dtype=") + dtype + ", reduce_dtype=torch.float32, buffer_dtype=" + dtype + "),\n";
    if (p.offload == Offload::optimizer_params && p.zero >= 3) t += "    cpu_offload=CPUOffload(offload_params=True),\n";
    t += std::string("    device_id=torch.") + (npu ? "npu" : "cuda") + ".current_device(),\n";
    t += "    use_orig_params=True,\n)\n";
    if (s.recompute != Recompute::none)
      t += "apply_activation_checkpointing(model, checkpoint_wrapper_fn=checkpoint_wrapper, check_fn=lambda m: isinstance(m, layer_cls))\n";
    t += "optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)  # after wrapping\n";
    const int micro = micro_per_device(s, out);
    t += std::string("# per ") + (npu ? "NPU" : "GPU") + ": micro-batch " + std::to_string(micro) + ", gradient accumulation steps " +
         std::to_string(std::max(1, s.global_batch / (micro * std::max(1, p.dp()) * devices_per_card(s)))) + " (global batch " +
         std::to_string(s.global_batch) + ")\n";
    out.text = t;
    if (p.zero == 1) out.notes.push_back(notice("rc_fsdp_zero1"));
    if (p.offload == Offload::optimizer) out.notes.push_back(notice("rc_fsdp_offload"));
    if (s.task == Task::lora || s.task == Task::qlora) out.notes.push_back(notice("rc_lora_fsdp", {std::to_string(s.lora_rank)}));
    if (s.task == Task::qlora) out.notes.push_back(notice("rc_qlora_fsdp"));
    return {};
  }
  if (framework == "mindie") {
    out.version = "MindIE Server config.json (MindIE-LLM 2026-04)";
    // One model instance per tp x pp cards; the server's other cards run more instances
    // (modelInstanceNumber, npuDeviceIds: one list of card ids per instance), and maxBatchSize is
    // each instance's share of the batch, which counts requests across all cards.
    const int instances = std::max(1, p.gpus / std::max(1, p.tp * p.pp));
    const int world = p.tp * p.pp * devices_per_card(s);
    nlohmann::ordered_json ids = nlohmann::ordered_json::array();
    for (int k = 0; k < instances; ++k) {
      nlohmann::ordered_json one = nlohmann::ordered_json::array();
      for (int i = 0; i < world; ++i) one.push_back(k * world + i);
      ids.push_back(one);
    }
    nlohmann::ordered_json model;
    model["modelInstanceType"] = "Standard";
    model["modelName"] = s.model_id.empty() ? std::string("model") : s.model_id;
    model["modelWeightPath"] = "/data/weights/" + hf_repo(s).substr(hf_repo(s).rfind('/') + 1);
    model["worldSize"] = world;
    model["npuMemSize"] = -1;  // -1: the KV cache takes what the weights leave
    model["backendType"] = "atb";
    model["trustRemoteCode"] = false;
    nlohmann::ordered_json j;
    auto& b = j["BackendConfig"];
    if (instances > 1) b["modelInstanceNumber"] = instances;
    b["npuDeviceIds"] = ids;
    const long long prompt = std::llround(s.serving.prompt_tokens), output = std::llround(s.serving.output_tokens);
    b["ModelDeployConfig"]["maxSeqLen"] = prompt + output;
    b["ModelDeployConfig"]["maxInputTokenLen"] = prompt;
    b["ModelDeployConfig"]["ModelConfig"] = nlohmann::ordered_json::array({model});
    b["ScheduleConfig"]["cacheBlockSize"] = 128;
    b["ScheduleConfig"]["maxPrefillTokens"] = std::max(8192LL, prompt);
    b["ScheduleConfig"]["maxBatchSize"] = (s.serving.batch + instances - 1) / instances;
    b["ScheduleConfig"]["maxIterTimes"] = output;
    out.text = j.dump(2) + "\n";
    out.notes.push_back(notice("rc_mindie_merge"));
    const WeightFormat w = s.weights;
    if (w != WeightFormat::bf16 && w != WeightFormat::fp16)
      out.notes.push_back(notice("rc_mindie_quant"));
    return {};
  }
  if (framework == "megatron") {
    out.version = "Megatron-LM core_r0.9.0";
    const ModelArch& m = s.model;
    // A multi-die card (the 910C) is one process per die: MindSpeed-LLM's A3 scripts launch 16 per
    // 8-card server ("NPUS_PER_NODE indicates the number of NPUs on each machine ... 32 nodes, each
    // with 16 NPUs", Ascend/MindSpeed-LLM@080fafcd docs/en/pytorch/models/supported_models.md). The
    // estimate splits each card's layers over its dies, so tensor parallelism counts dies too,
    // except where the estimate holds a whole copy on each die (replicas_per_die: data parallel).
    const int dies = devices_per_card(s);
    const int tp_dies = replicas_per_die(s) ? p.tp : p.tp * dies;
    std::string a = "torchrun --nproc-per-node " + num(std::min(p.gpus, 8) * dies) + (p.gpus > 8 ? " --nnodes " + num(std::ceil(p.gpus / 8.0)) : "") +
                    " pretrain_gpt.py \\\n";
    auto arg = [&](const std::string& k, const std::string& v = "") { a += flag(k, v); };
    arg("tensor-model-parallel-size", num(tp_dies));
    if (dies > 1 && tp_dies == p.tp) {
      out.notes.push_back(notice("rc_dies_dp", {std::to_string(dies), std::to_string(p.gpus * dies)}));
    } else if (dies > 1) {
      const int groups = m.kv_heads > 0 ? m.kv_heads : m.heads;
      out.notes.push_back(notice(groups % tp_dies == 0 ? "rc_dies_tp" : "rc_dies_tp_groups",
                                 {std::to_string(dies), std::to_string(tp_dies), std::to_string(groups)}));
    }
    arg("pipeline-model-parallel-size", num(p.pp));
    if (p.vp == 1 && p.pp > 1 && m.layers % p.pp != 0) {
      // Megatron-Core asserts num_layers % pipeline_model_parallel_size == 0 for an even split
      // (transformer_config.py), so "pp 3 for 32 layers" would not start as written (issue 40).
      out.notes.push_back(notice("rc_pp_uneven",
                                 {std::to_string(m.layers), std::to_string(p.pp)}));
    }
    if (p.vp > 1) {
      // Interleaved 1F1B: the chunk size in layers (core_r0.9.0), which must divide the layers.
      if (m.layers % (p.pp * p.vp) == 0) {
        arg("num-layers-per-virtual-pipeline-stage", num(m.layers / (p.pp * p.vp)));
      } else {
        out.notes.push_back(notice("rc_vp_uneven",
                                   {std::to_string(m.layers), std::to_string(p.pp * p.vp)}));
      }
    }
    if (p.cp > 1) arg("context-parallel-size", num(p.cp));
    if (p.ep > 1) arg("expert-model-parallel-size", num(p.ep));
    // Megatron-Core 0.14's EP all-to-all overlap (arguments.py --overlap-moe-expert-parallel-comm;
    // it pairs with --delay-wgrad-compute in NeMo's recipes); newer than core_r0.9.0 above.
    if (p.ep_overlap) arg("overlap-moe-expert-parallel-comm");
    // The deduplicated dispatch is Megatron-Core's flex dispatcher on DeepEP (megatron/core/
    // transformer/moe/README.md: "--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend
    // deepep"; the backend flag since 2025-11, Megatron-LM@3df2009), newer than core_r0.9.0 above.
    if (p.ep_dedup) {
      arg("moe-token-dispatcher-type", "flex");
      arg("moe-flex-dispatcher-backend", "deepep");
    }
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
    if (p.zero >= 2) out.notes.push_back(notice("rc_zero_megatron", {std::to_string(p.zero)}));
    if (p.offload != Offload::none) out.notes.push_back(notice("rc_offload_megatron"));
    out.notes.push_back(notice("rc_megatron_data"));
    return {};
  }
  if (framework == "sglang") {
    out.version = "SGLang (2026-06)";
    // Both pools: SGLang's router in front (docs/advanced_features/pd_disaggregation.md:
    // --disaggregation-mode prefill|decode, launch_router --pd-disaggregation).
    if (launch_pools(s, [&](const Scenario& x, PoolRole r) { sglang_launch(x, r, out); })) {
      out.text += "\npython -m sglang_router.launch_router --pd-disaggregation \\\n  --prefill http://$PREFILL_IP:30000 \\\n  --decode http://$DECODE_IP:30000\n";
    }
    return {};
  }
  // vllm
  // Both pools: the proxy vLLM's NixlConnector guide routes requests with (docs/features/
  // nixl_connector_usage.md, "Proxy for Multiple Instances": the head instances' hosts and ports).
  if (launch_pools(s, [&](const Scenario& x, PoolRole r) { vllm_launch(x, r, out); })) {
    out.text += "\npython tests/v1/kv_connector/nixl_integration/toy_proxy_server.py \\\n" + flag("port", "8192") +
                flag("prefiller-hosts", "$PREFILL_IP") + flag("prefiller-ports", "8000") + flag("decoder-hosts", "$DECODE_IP") +
                "  --decoder-ports 8000\n";
  }
  const WeightFormat w = s.weights;
  if (w == WeightFormat::int8) out.notes.push_back(notice("rc_int8"));
  if (w == WeightFormat::gguf_q4_k_m || w == WeightFormat::gguf_q5_k_m || w == WeightFormat::gguf_q8_0) out.notes.push_back(notice("rc_gguf"));
  out.notes.push_back(notice("rc_ascend_vllm"));
  return {};
}

}  // namespace xuanka::core
