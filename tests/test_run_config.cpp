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

TEST_CASE("config: interleaved pipeline stages become Megatron's chunk size, or a note where layers do not split") {
  // Megatron-LM core_r0.9.0 arguments.py: --num-layers-per-virtual-pipeline-stage = layers / (pp x vp).
  const Scenario s = scenario({{"model", "llama-3.1-70b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"seq_len", 8192},
                               {"global_batch", 128}, {"parallel", {{"gpus", 64}, {"tp", 4}, {"pp", 8}, {"vp", 5}, {"zero", 1}}}});
  RunConfig rc;
  REQUIRE(run_config(s, "megatron", rc).empty());
  CHECK(value(rc.text, "num-layers-per-virtual-pipeline-stage") == "2");  // 80 layers / (8 x 5)
  // 126 layers (Llama 3.1 405B) on PP 8 x VP 8 = 64 chunks: no equal split, so the note says so.
  const Scenario big = scenario({{"model", "llama-3.1-405b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"seq_len", 8192},
                                 {"global_batch", 512}, {"parallel", {{"gpus", 1024}, {"tp", 8}, {"pp", 8}, {"cp", 2}, {"vp", 8}, {"zero", 1}}}});
  RunConfig rb;
  REQUIRE(run_config(big, "megatron", rb).empty());
  CHECK(flags(rb.text).count("num-layers-per-virtual-pipeline-stage") == 0);
  CHECK(std::count_if(rb.notes.begin(), rb.notes.end(), [](const Notice& n) { return n.code == "rc_vp_uneven"; }) == 1);
}

TEST_CASE("config: the expert all-to-all's overlap and DeepEP's dispatch become Megatron-Core's flags") {
  // Megatron-LM megatron/core/transformer/moe/README.md: "--moe-token-dispatcher-type flex
  // --moe-flex-dispatcher-backend deepep" for the deduplicated dispatch; arguments.py
  // --overlap-moe-expert-parallel-comm for the overlap. Neither is written when not asked for.
  json p = {{"gpus", 16}, {"ep", 16}, {"zero", 1}};
  const Scenario plain = scenario({{"model", "qwen3-30b-a3b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"parallel", p}});
  RunConfig a;
  REQUIRE(run_config(plain, "megatron", a).empty());
  CHECK(flags(a.text).count("moe-token-dispatcher-type") == 0);
  CHECK(flags(a.text).count("overlap-moe-expert-parallel-comm") == 0);
  p["ep_dedup"] = true;
  p["ep_overlap"] = true;
  const Scenario deepep = scenario({{"model", "qwen3-30b-a3b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"parallel", p}});
  RunConfig b;
  REQUIRE(run_config(deepep, "megatron", b).empty());
  CHECK(value(b.text, "moe-token-dispatcher-type") == "flex");
  CHECK(value(b.text, "moe-flex-dispatcher-backend") == "deepep");
  CHECK(flags(b.text).count("overlap-moe-expert-parallel-comm") == 1);
}

TEST_CASE("config: a pipeline that does not divide the layers is named, not written as if Megatron took it") {
  // Issue 40: pp 3 for Llama 3.1 8B's 32 layers; Megatron-Core asserts layers % pp == 0 for an even split.
  const Scenario s = scenario({{"model", "llama-3.1-8b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"seq_len", 4096},
                               {"global_batch", 96}, {"parallel", {{"gpus", 24}, {"pp", 3}, {"zero", 1}}}});
  RunConfig rc;
  REQUIRE(run_config(s, "megatron", rc).empty());
  const auto it = std::find_if(rc.notes.begin(), rc.notes.end(), [](const Notice& n) { return n.code == "rc_pp_uneven"; });
  REQUIRE(it != rc.notes.end());
  CHECK(it->args == std::vector<std::string>{"32", "3"});
  // pp 4 divides 32: no note.
  const Scenario even32 = scenario({{"model", "llama-3.1-8b"}, {"task", "pretrain"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"seq_len", 4096},
                                    {"global_batch", 96}, {"parallel", {{"gpus", 32}, {"pp", 4}, {"zero", 1}}}});
  RunConfig re;
  REQUIRE(run_config(even32, "megatron", re).empty());
  CHECK(std::none_of(re.notes.begin(), re.notes.end(), [](const Notice& n) { return n.code == "rc_pp_uneven"; }));
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

// vLLM 0.12's data- and expert-parallel serving (docs/serving/data_parallel_deployment.md and
// expert_parallel_deployment.md at v0.12.0): "--max-num-seqs applies per DP rank"; EP size = TP x DP;
// across servers the first runs the API server at --data-parallel-address, the others --headless
// from --data-parallel-start-rank; "deepep_high_throughput: multi-node prefill", "deepep_low_latency:
// multi-node decode".
TEST_CASE("config: DeepSeek-V3 over 4 servers gives vLLM's data- and expert-parallel launch, one per server kind, sized per rank") {
  const json base = {{"model", "deepseek-v3"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"weights", "fp8"},
                     {"serving", {{"batch", 128}, {"prompt_tokens", 4096}, {"output_tokens", 256}}},
                     {"parallel", {{"gpus", 32}, {"tp", 1}, {"ep", 32}, {"ep_dedup", true}}}};
  RunConfig rc;
  REQUIRE(run_config(scenario(base), "vllm", rc).empty());
  CHECK(rc.version == "vLLM 0.12");
  const std::set<std::string> documented = {"tensor-parallel-size", "data-parallel-size", "data-parallel-size-local", "data-parallel-address",
                                            "data-parallel-rpc-port", "data-parallel-start-rank", "headless", "enable-expert-parallel",
                                            "all2all-backend", "max-model-len", "max-num-seqs", "dtype", "quantization", "gpu-memory-utilization"};
  for (const auto& f : flags(rc.text)) {
    INFO(f);
    CHECK(documented.count(f) == 1);
  }
  // Two commands: server 0's, then the other servers' (headless, from their first rank).
  const auto second = rc.text.find("\n\nvllm serve ");
  REQUIRE(second != std::string::npos);
  const std::string head = rc.text.substr(0, second), other = rc.text.substr(second + 2);
  CHECK(flags(head).count("headless") == 0);
  CHECK(flags(other).count("headless") == 1);
  for (const std::string& cmd : {head, other}) {
    CHECK(value(cmd, "tensor-parallel-size") == "1");
    CHECK(value(cmd, "data-parallel-size") == "32");       // 32 cards / (tp 1 x pp 1)
    CHECK(value(cmd, "data-parallel-size-local") == "8");  // 8 cards a server
    CHECK(value(cmd, "max-num-seqs") == "4");              // 128 requests over 32 ranks
    CHECK(value(cmd, "all2all-backend") == "deepep_low_latency");  // one pool: decode-dominated
    CHECK(flags(cmd).count("enable-expert-parallel") == 1);
  }
  CHECK(value(other, "data-parallel-start-rank") == "$((NODE_RANK");
  CHECK(other.find("$((NODE_RANK * 8))") != std::string::npos);
  auto note = [&](const char* code) {
    const auto it = std::find_if(rc.notes.begin(), rc.notes.end(), [&](const Notice& n) { return n.code == code; });
    return it == rc.notes.end() ? std::vector<std::string>{"(none)"} : it->args;
  };
  CHECK(note("rc_vllm_nodes") == std::vector<std::string>{"4", "3"});
  CHECK(note("rc_vllm_replicas") == std::vector<std::string>{"(none)"});
  // A prefill pool takes DeepEP's prefill kernels; without ep_dedup vLLM keeps its default.
  json pf = base;
  pf["serving"]["disaggregated"] = {{"role", "prefill"}};
  REQUIRE(run_config(scenario(pf), "vllm", rc).empty());
  CHECK(value(rc.text, "all2all-backend") == "deepep_high_throughput");
  CHECK(rc.text.find("\"kv_role\":\"kv_producer\"") != std::string::npos);  // NixlConnector, the pool's role
  CHECK(rc.text.rfind("VLLM_NIXL_SIDE_CHANNEL_HOST=$PREFILL_IP", 0) == 0);
  // Both pools on the scenario's cards (vLLM's NixlConnector guide, "Multi-Instance Setup"): a prefill
  // deployment on 16 cards at EP 16, a decode one on the other 32, and the guide's proxy.
  json pools = base;
  pools["parallel"]["gpus"] = 48;
  pools["serving"]["disaggregated"] = {{"prefill_gpus", 16}, {"prefill_ep", 16}};
  REQUIRE(run_config(scenario(pools), "vllm", rc).empty());
  const auto pd = rc.text.find("VLLM_NIXL_SIDE_CHANNEL_HOST=$PREFILL_IP"), dd = rc.text.find("VLLM_NIXL_SIDE_CHANNEL_HOST=$DECODE_IP");
  REQUIRE(pd != std::string::npos);
  REQUIRE(dd != std::string::npos);
  CHECK(value(rc.text.substr(pd, dd - pd), "data-parallel-size") == "16");
  CHECK(value(rc.text.substr(pd, dd - pd), "all2all-backend") == "deepep_high_throughput");
  CHECK(value(rc.text.substr(dd), "data-parallel-size") == "32");
  CHECK(value(rc.text.substr(dd), "all2all-backend") == "deepep_low_latency");
  CHECK(rc.text.find("\"kv_role\":\"kv_consumer\"") != std::string::npos);
  CHECK(rc.text.find("toy_proxy_server.py") != std::string::npos);
  CHECK(value(rc.text, "prefiller-hosts") == "$PREFILL_IP");
  json plain = base;
  plain["parallel"].erase("ep_dedup");
  REQUIRE(run_config(scenario(plain), "vllm", rc).empty());
  CHECK(flags(rc.text).count("all2all-backend") == 0);
  // 64 cards of EP 32: two deployments of 32, behind a load balancer; each rank 128 / 64 = 2 requests.
  json two = base;
  two["parallel"]["gpus"] = 64;
  REQUIRE(run_config(scenario(two), "vllm", rc).empty());
  CHECK(value(rc.text, "data-parallel-size") == "32");
  CHECK(value(rc.text, "max-num-seqs") == "2");
  CHECK(note("rc_vllm_replicas") == std::vector<std::string>{"2", "32"});
  // EP 4 under TP 8: vLLM's EP is TP x DP = 8 cards, so ep 4 is said not to be expressible.
  json ep4 = {{"model", "qwen3-30b-a3b"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"},
              {"serving", {{"batch", 16}, {"prompt_tokens", 1024}, {"output_tokens", 256}}}, {"parallel", {{"gpus", 8}, {"tp", 8}, {"ep", 4}}}};
  REQUIRE(run_config(scenario(ep4), "vllm", rc).empty());
  CHECK(note("rc_vllm_ep") == std::vector<std::string>{"8", "4"});
  CHECK(rc.text.find("\n\nvllm serve") == std::string::npos);  // one server
  // A dense model on 8 cards at TP 2: four ranks on one server, one command.
  json dense = {{"model", "qwen2.5-7b"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                {"serving", {{"batch", 64}, {"prompt_tokens", 1024}, {"output_tokens", 256}}}, {"parallel", {{"gpus", 8}, {"tp", 2}}}};
  REQUIRE(run_config(scenario(dense), "vllm", rc).empty());
  CHECK(value(rc.text, "data-parallel-size") == "4");
  CHECK(value(rc.text, "max-num-seqs") == "16");
  CHECK(flags(rc.text).count("data-parallel-address") == 0);
  CHECK(flags(rc.text).count("enable-expert-parallel") == 0);
}

// SGLang's launch_server arguments (docs.sglang.io "Server Arguments"; server_args.py of main,
// 2026-06). LMSYS's own launch of DeepSeek-V3 on 4 x 8 H100s (2025-05-05 blog, prefill and decode
// servers) has the same shape: --tp-size 32 --dp-size 32 --enable-dp-attention, --nnodes 4
// --node-rank, --dist-init-addr, DeepEP for the experts.
TEST_CASE("config: SGLang launch for DeepSeek-V3 over 4 servers (DP attention, EP 32, DeepEP, MTP), a dense model's replicas, Ascend's device") {
  const json base = {{"model", "deepseek-v3"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"weights", "fp8"},
                     {"serving", {{"batch", 128}, {"prompt_tokens", 4096}, {"output_tokens", 256}, {"engine", "sglang"},
                                  {"speculative", {{"method", "mtp"}, {"draft_tokens", 3}}}}},
                     {"parallel", {{"gpus", 32}, {"tp", 1}, {"ep", 32}, {"ep_dedup", true}}}};
  const Scenario s = scenario(base);
  REQUIRE(!run_config_frameworks(s).empty());
  CHECK(run_config_frameworks(s).front() == "sglang");  // the scenario's engine first
  RunConfig rc;
  REQUIRE(run_config(s, "sglang", rc).empty());
  const std::set<std::string> documented = {"model-path", "tp-size", "pp-size", "dp-size", "enable-dp-attention", "ep-size", "moe-a2a-backend",
                                            "deepep-mode", "nnodes", "node-rank", "dist-init-addr", "device", "attention-backend", "disaggregation-mode",
                                            "max-running-requests", "context-length", "kv-cache-dtype", "quantization", "speculative-algorithm",
                                            "speculative-draft-model-path", "speculative-num-steps", "speculative-eagle-topk",
                                            "speculative-num-draft-tokens"};
  for (const auto& f : flags(rc.text)) {
    INFO(f);
    CHECK(documented.count(f) == 1);
  }
  CHECK(rc.text.rfind("python -m sglang.launch_server", 0) == 0);
  CHECK(value(rc.text, "model-path") == "deepseek-ai/DeepSeek-V3");
  CHECK(value(rc.text, "tp-size") == "32");   // every card of the stage
  CHECK(value(rc.text, "dp-size") == "32");   // 32 attention ranks of tp 1
  CHECK(flags(rc.text).count("enable-dp-attention") == 1);
  CHECK(value(rc.text, "ep-size") == "32");
  CHECK(value(rc.text, "moe-a2a-backend") == "deepep");
  CHECK(value(rc.text, "deepep-mode") == "auto");  // normal kernels for prefill, low-latency for decode
  CHECK(value(rc.text, "nnodes") == "4");
  CHECK(value(rc.text, "node-rank") == "$NODE_RANK");
  CHECK(value(rc.text, "max-running-requests") == "128");  // the whole server's, as serving.batch
  CHECK(value(rc.text, "context-length") == "4352");
  CHECK(value(rc.text, "speculative-algorithm") == "EAGLE");
  CHECK(value(rc.text, "speculative-num-steps") == "3");
  CHECK(value(rc.text, "speculative-num-draft-tokens") == "4");
  CHECK(flags(rc.text).count("speculative-draft-model-path") == 0);  // MTP's layer is in the checkpoint
  const auto nodes = std::find_if(rc.notes.begin(), rc.notes.end(), [](const Notice& n) { return n.code == "rc_sglang_nodes"; });
  REQUIRE(nodes != rc.notes.end());
  CHECK(nodes->args == std::vector<std::string>{"4", "3"});
  // Prefill and decode pools (SGLang's docs/advanced_features/pd_disaggregation.md): a pool alone is
  // launched in its mode; both pools on the scenario's cards are two servers and the router.
  json pf = base;
  pf["serving"]["disaggregated"] = {{"role", "prefill"}};
  REQUIRE(run_config(scenario(pf), "sglang", rc).empty());
  CHECK(value(rc.text, "disaggregation-mode") == "prefill");
  json pools = base;
  pools["parallel"]["gpus"] = 48;
  pools["serving"]["disaggregated"] = {{"prefill_gpus", 16}, {"prefill_ep", 16}};
  REQUIRE(run_config(scenario(pools), "sglang", rc).empty());
  const auto d1 = rc.text.find("--disaggregation-mode prefill"), d2 = rc.text.find("--disaggregation-mode decode");
  REQUIRE(d1 != std::string::npos);
  REQUIRE(d2 != std::string::npos);
  CHECK(d1 < d2);
  CHECK(value(rc.text.substr(d1, d2 - d1), "tp-size") == "16");  // the prefill pool: 16 cards, EP 16
  CHECK(value(rc.text.substr(d1, d2 - d1), "ep-size") == "16");
  CHECK(value(rc.text.substr(d2), "tp-size") == "32");           // the decode pool: the other 32
  CHECK(rc.text.find("python -m sglang_router.launch_router --pd-disaggregation") != std::string::npos);
  // A dense 7B at TP 2 on 16 cards: 4 ranks a server, two servers behind a load balancer, each
  // server half the batch.
  const Scenario dense = scenario({{"model", "qwen2.5-7b"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                                   {"serving", {{"batch", 64}, {"prompt_tokens", 1024}, {"output_tokens", 256}}},
                                   {"parallel", {{"gpus", 16}, {"tp", 2}}}});
  CHECK(run_config_frameworks(dense).front() == "vllm");  // vLLM first where the engine is vLLM
  REQUIRE(run_config(dense, "sglang", rc).empty());
  CHECK(value(rc.text, "tp-size") == "2");
  CHECK(value(rc.text, "dp-size") == "4");
  CHECK(flags(rc.text).count("enable-dp-attention") == 0);
  CHECK(flags(rc.text).count("nnodes") == 0);
  CHECK(value(rc.text, "max-running-requests") == "32");
  const auto rep = std::find_if(rc.notes.begin(), rc.notes.end(), [](const Notice& n) { return n.code == "rc_vllm_replicas"; });
  REQUIRE(rep != rc.notes.end());
  CHECK(rep->args == std::vector<std::string>{"2", "8"});
  // Ascend: SGLang's NPU device and attention backend.
  const Scenario npu = scenario({{"model", "qwen3-32b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"},
                                 {"serving", {{"batch", 16}, {"prompt_tokens", 4000}, {"output_tokens", 1500}, {"engine", "sglang"}}},
                                 {"parallel", {{"gpus", 8}, {"tp", 8}}}});
  REQUIRE(run_config(npu, "sglang", rc).empty());
  CHECK(value(rc.text, "device") == "npu");
  CHECK(value(rc.text, "attention-backend") == "ascend");
  CHECK(value(rc.text, "tp-size") == "8");
  CHECK(flags(rc.text).count("dp-size") == 0);
  // The 910C's two dies are two NPUs to the engines (catalog dies 2; Huawei's msmodeling A3 grid of
  // 8 x 2 devices a server): SGLang's own Qwen3-235B launch on an 8-card Atlas 800I A3 says --tp 16
  // --dp-size 16 --enable-dp-attention (its Ascend docs, the case sglang-ascend-a3x8-qwen3-235b-w8a8-
  // c480 in serving_public.jsonl); with the scenario's 8 attention ranks of one card each, --tp-size 16,
  // --dp-size 8, --ep-size 16. vLLM-Ascend's TP and MindIE's worldSize count dies alike.
  const json a3 = {{"model", "qwen3-235b-a22b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910c"}, {"weights", "int8"},
                   {"serving", {{"batch", 480}, {"prompt_tokens", 2048}, {"output_tokens", 2048}, {"engine", "sglang"}}},
                   {"parallel", {{"gpus", 8}, {"tp", 1}, {"ep", 8}}}};
  REQUIRE(run_config(scenario(a3), "sglang", rc).empty());
  CHECK(value(rc.text, "tp-size") == "16");
  CHECK(value(rc.text, "dp-size") == "8");
  CHECK(value(rc.text, "ep-size") == "16");
  CHECK(value(rc.text, "max-running-requests") == "480");
  CHECK(value(rc.text, "quantization") == "modelslim");  // W8A8 on Ascend, as SGLang's Ascend examples
  const Scenario a3tp4 = scenario({{"model", "qwen3-32b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910c"},
                                   {"serving", {{"batch", 16}, {"prompt_tokens", 4000}, {"output_tokens", 1500}}},
                                   {"parallel", {{"gpus", 4}, {"tp", 4}}}});
  REQUIRE(run_config(a3tp4, "vllm", rc).empty());
  CHECK(value(rc.text, "tensor-parallel-size") == "8");
  REQUIRE(run_config(a3tp4, "mindie", rc).empty());
  CHECK(json::parse(rc.text)["BackendConfig"]["ModelDeployConfig"]["ModelConfig"][0]["worldSize"] == 8);
  CHECK(json::parse(rc.text)["BackendConfig"]["npuDeviceIds"] == json::parse("[[0,1,2,3,4,5,6,7]]"));
}

// MindIE Server's config.json keys, from gitcode Ascend/MindIE-LLM src/server/conf/config.json
// (2026-04) and its parameter manual (docs/zh/user_guide/user_manual/service_parameter_configuration.md).
TEST_CASE("config: 72B serving on 4 x 910B2 gives MindIE keys its config.json has, sized by the scenario") {
  const Scenario s = scenario({{"model", "qwen2.5-72b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"},
                               {"serving", {{"batch", 32}, {"prompt_tokens", 2048}, {"output_tokens", 1024}}},
                               {"parallel", {{"gpus", 4}, {"tp", 4}}}});
  const auto can = run_config_frameworks(s);
  CHECK(std::find(can.begin(), can.end(), "mindie") != can.end());
  RunConfig rc;
  REQUIRE(run_config(s, "mindie", rc).empty());
  const json j = json::parse(rc.text);
  const std::set<std::string> backend = {"backendName", "modelInstanceNumber", "npuDeviceIds", "tokenizerProcessNumber",
                                         "multiNodesInferEnabled", "multiNodesInferPort", "ModelDeployConfig", "ScheduleConfig"};
  const std::set<std::string> deploy = {"maxSeqLen", "maxInputTokenLen", "truncation", "ModelConfig"};
  const std::set<std::string> model = {"modelInstanceType", "modelName", "modelWeightPath", "worldSize", "cpuMemSize",
                                       "npuMemSize", "backendType", "trustRemoteCode"};
  const std::set<std::string> schedule = {"templateType", "templateName", "cacheBlockSize", "maxPrefillBatchSize",
                                          "maxPrefillTokens", "prefillTimeMsPerReq", "prefillPolicyType", "decodeTimeMsPerReq",
                                          "decodePolicyType", "maxBatchSize", "maxIterTimes", "maxPreemptCount",
                                          "supportSelectBatch", "maxQueueDelayMicroseconds"};
  REQUIRE(j.size() == 1);
  const json& b = j.at("BackendConfig");
  for (auto it = b.begin(); it != b.end(); ++it) CHECK(backend.count(it.key()) == 1);
  for (auto it = b["ModelDeployConfig"].begin(); it != b["ModelDeployConfig"].end(); ++it) CHECK(deploy.count(it.key()) == 1);
  for (auto it = b["ModelDeployConfig"]["ModelConfig"][0].begin(); it != b["ModelDeployConfig"]["ModelConfig"][0].end(); ++it)
    CHECK(model.count(it.key()) == 1);
  for (auto it = b["ScheduleConfig"].begin(); it != b["ScheduleConfig"].end(); ++it) CHECK(schedule.count(it.key()) == 1);
  // maxSeqLen = input + output (the manual: 输入的长度+输出的长度<=maxSeqLen): 2048 + 1024.
  CHECK(b["ModelDeployConfig"]["maxSeqLen"] == 3072);
  CHECK(b["ModelDeployConfig"]["maxInputTokenLen"] == 2048);
  CHECK(b["ModelDeployConfig"]["ModelConfig"][0]["worldSize"] == 4);
  CHECK(b["npuDeviceIds"] == json::parse("[[0,1,2,3]]"));
  CHECK(b["ScheduleConfig"]["maxBatchSize"] == 32);
  CHECK(b["ScheduleConfig"]["maxIterTimes"] == 1024);  // the most tokens one request generates
  // Two instances of TP 4 on one 8-card server: one list of card ids each, half the batch each.
  const Scenario two = scenario({{"model", "qwen2.5-72b"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"},
                                 {"serving", {{"batch", 32}, {"prompt_tokens", 2048}, {"output_tokens", 1024}}},
                                 {"parallel", {{"gpus", 8}, {"tp", 4}}}});
  REQUIRE(run_config(two, "mindie", rc).empty());
  const json t = json::parse(rc.text).at("BackendConfig");
  CHECK(t["modelInstanceNumber"] == 2);
  CHECK(t["npuDeviceIds"] == json::parse("[[0,1,2,3],[4,5,6,7]]"));
  CHECK(t["ModelDeployConfig"]["ModelConfig"][0]["worldSize"] == 4);
  CHECK(t["ScheduleConfig"]["maxBatchSize"] == 16);
  // Expert parallelism, or more than one server, is not written for MindIE: vLLM(-Ascend) is offered.
  const Scenario ep = scenario({{"model", "deepseek-v3"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"}, {"weights", "int8"},
                                {"serving", {{"batch", 256}, {"prompt_tokens", 2048}, {"output_tokens", 1024}}},
                                {"parallel", {{"gpus", 32}, {"tp", 4}, {"ep", 32}}}});
  const auto offered = run_config_frameworks(ep);
  CHECK(std::find(offered.begin(), offered.end(), "mindie") == offered.end());
  CHECK(std::find(offered.begin(), offered.end(), "vllm") != offered.end());
  const auto no = run_config(ep, "mindie", rc);
  REQUIRE(no.size() == 1);
  CHECK(no[0].path == "framework");
  // MindIE runs only on Ascend: the same job on H800 offers vLLM and refuses MindIE by name.
  const Scenario h = scenario({{"model", "qwen2.5-72b"}, {"task", "inference"}, {"gpu", "nvidia-h800-sxm5-80gb"},
                               {"parallel", {{"gpus", 4}, {"tp", 4}}}});
  const auto d = run_config(h, "mindie", rc);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "framework");
}

// PyTorch 2.4 torch.distributed.fsdp: FullyShardedDataParallel's keyword arguments and the
// ShardingStrategy members (pytorch.org/docs/2.4/fsdp.html).
TEST_CASE("config: FSDP wrapping maps ZeRO stages to sharding strategies and names only documented arguments") {
  const std::set<std::string> kwargs = {"process_group", "sharding_strategy", "cpu_offload", "auto_wrap_policy",
                                        "backward_prefetch", "mixed_precision", "ignored_modules", "param_init_fn",
                                        "device_id", "sync_module_states", "forward_prefetch", "limit_all_gathers",
                                        "use_orig_params", "ignored_states", "device_mesh"};
  struct Case { int zero; const char* strategy; };
  for (const Case c : {Case{3, "FULL_SHARD"}, Case{2, "SHARD_GRAD_OP"}, Case{0, "NO_SHARD"}}) {
    const Scenario s = scenario({{"model", "llama-3.1-8b"}, {"task", "full_ft"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                                 {"micro_batch", 2}, {"global_batch", 64}, {"recompute", "full"},
                                 {"parallel", {{"gpus", 8}, {"zero", c.zero}}}});
    RunConfig rc;
    REQUIRE(run_config(s, "fsdp", rc).empty());
    INFO(rc.text);
    CHECK(rc.text.find(std::string("ShardingStrategy.") + c.strategy + ",") != std::string::npos);
    // Every keyword argument inside FSDP( ... ) is one FSDP documents.
    const std::size_t open = rc.text.find("FSDP(\n"), close = rc.text.find("\n)", open);
    REQUIRE(open != std::string::npos);
    const std::string call = rc.text.substr(open, close - open);
    const std::regex kw("\n    ([a-z_]+)=");
    int n = 0;
    for (auto it = std::sregex_iterator(call.begin(), call.end(), kw); it != std::sregex_iterator(); ++it, ++n) {
      INFO((*it)[1]);
      CHECK(kwargs.count((*it)[1]) == 1);
    }
    CHECK(n >= 4);
    CHECK(rc.text.find("apply_activation_checkpointing(model, checkpoint_wrapper_fn=checkpoint_wrapper") != std::string::npos);
    // 64 = 2 per GPU x 8 GPUs x 4 accumulated micro-batches.
    CHECK(rc.text.find("gradient accumulation steps 4 ") != std::string::npos);
  }
  // On Ascend the process group is HCCL and the device torch.npu's.
  const Scenario a = scenario({{"model", "llama-3.1-8b"}, {"task", "lora"}, {"gpu", "huawei-ascend-910b2"},
                               {"parallel", {{"gpus", 8}, {"zero", 3}}}});
  RunConfig rc;
  REQUIRE(run_config(a, "fsdp", rc).empty());
  CHECK(rc.text.find("init_process_group(\"hccl\")") != std::string::npos);
  CHECK(rc.text.find("device_id=torch.npu.current_device()") != std::string::npos);
  CHECK(rc.text.find("import torch_npu") != std::string::npos);
}

TEST_CASE("config: a 910C's two dies are two processes in the training copies, tensor parallelism or the micro-batch split over them") {
  // Catalog: the 910C has dies 2 (16 NPUs per 8-card server); MindSpeed-LLM's A3 scripts launch
  // NPUS_PER_NODE=16 (docs/en/pytorch/models/supported_models.md). The estimate splits each card's
  // layers over its dies, so Megatron's TP is tp x 2.
  auto notes_of = [](const RunConfig& rc, const std::string& code) {
    const auto it = std::find_if(rc.notes.begin(), rc.notes.end(), [&](const Notice& n) { return n.code == code; });
    return it == rc.notes.end() ? std::vector<std::string>{"(none)"} : it->args;
  };
  // Llama 2 70B (8 KV head groups) on 32 cards, TP 4 x PP 2: 8 x 2 = 16 processes a server, 4
  // servers; TP 4 x 2 = 8, which divides the 8 groups.
  const json base = {{"model", "llama-2-70b"}, {"task", "full_ft"}, {"gpu", "huawei-ascend-910c"}, {"seq_len", 4096},
                     {"micro_batch", 1}, {"global_batch", 128}, {"parallel", {{"gpus", 32}, {"tp", 4}, {"pp", 2}, {"zero", 1}}}};
  RunConfig rc;
  REQUIRE(run_config(xuanka::test::scenario_of(base), "megatron", rc).empty());
  CHECK(value(rc.text, "nproc-per-node") == "16");
  CHECK(value(rc.text, "nnodes") == "4");
  CHECK(value(rc.text, "tensor-model-parallel-size") == "8");
  CHECK(value(rc.text, "pipeline-model-parallel-size") == "2");
  CHECK(notes_of(rc, "rc_dies_tp") == std::vector<std::string>{"2", "8", "8"});
  // TP 8 x 2 = 16 does not divide 8 groups: said, with the pipeline alternative.
  json wide = base;
  wide["parallel"]["tp"] = 8;
  wide["parallel"]["pp"] = 1;
  REQUIRE(run_config(xuanka::test::scenario_of(wide), "megatron", rc).empty());
  CHECK(value(rc.text, "tensor-model-parallel-size") == "16");
  CHECK(notes_of(rc, "rc_dies_tp_groups") == std::vector<std::string>{"2", "16", "8"});
  // One die per card: nothing changes (the H800 test above), and no note.
  json h = base;
  h["gpu"] = "nvidia-h800-sxm5-80gb";
  REQUIRE(run_config(xuanka::test::scenario_of(h), "megatron", rc).empty());
  CHECK(value(rc.text, "tensor-model-parallel-size") == "4");
  CHECK(value(rc.text, "nproc-per-node") == "8");
  CHECK(notes_of(rc, "rc_dies_tp") == std::vector<std::string>{"(none)"});
  // Data parallel alone: the estimate holds a whole copy on each die (replicas_per_die), and so
  // does the copy: TP 1 over 16 processes a server, said.
  json flat = base;
  flat["model"] = "qwen2.5-7b";
  flat["parallel"] = {{"gpus", 8}, {"zero", 1}};
  REQUIRE(run_config(xuanka::test::scenario_of(flat), "megatron", rc).empty());
  CHECK(value(rc.text, "tensor-model-parallel-size") == "1");
  CHECK(value(rc.text, "nproc-per-node") == "16");
  CHECK(notes_of(rc, "rc_dies_dp") == std::vector<std::string>{"2", "16"});
  // DeepSpeed, data parallel on 8 cards = 16 ranks; the card's micro-batch 2 is 1 a die, and the
  // global batch 64 keeps its size: 64 / (1 x 16) = 4 accumulation steps.
  const json dp = {{"model", "qwen2.5-7b"}, {"task", "full_ft"}, {"gpu", "huawei-ascend-910c"}, {"seq_len", 4096},
                   {"micro_batch", 2}, {"global_batch", 64}, {"parallel", {{"gpus", 8}, {"zero", 2}}}};
  REQUIRE(run_config(xuanka::test::scenario_of(dp), "deepspeed", rc).empty());
  const json ds = json::parse(rc.text);
  CHECK(ds["train_micro_batch_size_per_gpu"] == 1);
  CHECK(ds["gradient_accumulation_steps"] == 4);
  CHECK(ds["train_batch_size"] == 64);
  CHECK(notes_of(rc, "rc_dies_dp") == std::vector<std::string>{"2", "16"});
  // FSDP alike, per NPU.
  REQUIRE(run_config(xuanka::test::scenario_of(dp), "fsdp", rc).empty());
  CHECK(rc.text.find("# per NPU: micro-batch 1, gradient accumulation steps 4 (global batch 64)") != std::string::npos);
}
