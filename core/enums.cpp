// The contract's enum tables (core layer): words from ../shared/SCENARIO.md, facts with sources.
#include "core/enums.h"

namespace xuanka::core {

namespace {
// NF4 with double quantisation (QLoRA, arXiv:2305.14314 §3): 4 bits + 8/64 + 32/(64*256) bits
// of constants = 4.127 bits per parameter.
constexpr double kNf4DqBytes = (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;
// INT4 (GPTQ/AWQ, group 128): 4 bits + a 16-bit scale and a 4-bit zero per 128 weights.
constexpr double kInt4Bytes = (4.0 + 20.0 / 128.0) / 8.0;
// AWQ (AutoAWQ GEMM, arXiv:2306.00978) and GPTQ (AutoGPTQ/Marlin, arXiv:2210.17323) as shipped
// on Hugging Face: 4-bit weights in groups of 128, an fp16 scale and a 4-bit zero point (packed
// 8 to an int32 in qzeros) per group: 4 + 16/128 + 4/128 bits. Embeddings and the output head
// stay fp16. GPTQ's g_idx (one int32 per input row, with act-order) is left out: < 0.01 bit.
constexpr double kAwqBytes = (4.0 + 16.0 / 128.0 + 4.0 / 128.0) / 8.0;
// GGUF (llama.cpp, ggml-common.h): block_q8_0 = fp16 scale + 32 int8 = 34 bytes per 32 weights;
// block_q4_K = 2 fp16 (d, dmin) + 12 bytes of 6-bit scales/mins + 128 bytes of 4-bit quants
// = 144 bytes per 256; block_q5_K adds 32 bytes of high bits = 176 per 256; block_q6_K = 128 +
// 64 + 16 + 2 = 210 per 256.
constexpr double kQ8_0Bits = 34.0 * 8 / 32;   // 8.5
constexpr double kQ4KBits = 144.0 * 8 / 256;  // 4.5
constexpr double kQ5KBits = 176.0 * 8 / 256;  // 5.5
constexpr double kQ6KBits = 210.0 * 8 / 256;  // 6.5625
// The _M mixes (llama.cpp llama_tensor_get_type): attn_v and ffn_down take Q6_K in the layers
// use_more_bits() picks (the first and last eighth and every third between: half of them);
// token_embd stays Q4_K/Q5_K and output takes Q6_K. On a Llama-3-8B shape, attn_v + ffn_down
// of half the layers are 14.4% of the linear weights: (4096x1024 + 14336x4096) x 16 /
// (32 x 218.1M). Check: Llama-3-8B then weighs 4.57 GiB in Q4_K_M and 5.33 GiB in Q5_K_M;
// llama.cpp's quantize table lists 4.58G and 5.33G.
constexpr double kMoreBitsShare = 0.144;
constexpr double kQ4KMBytes = (kQ4KBits + kMoreBitsShare * (kQ6KBits - kQ4KBits)) / 8.0;
constexpr double kQ5KMBytes = (kQ5KBits + kMoreBitsShare * (kQ6KBits - kQ5KBits)) / 8.0;
}  // namespace

const std::vector<EnumRow<Task>>& EnumTable<Task>::rows() {
  static const std::vector<EnumRow<Task>> r = {
      {Task::pretrain, "pretrain", "task_pretrain"}, {Task::full_ft, "full_ft", "task_full_ft"},
      {Task::lora, "lora", "task_lora"},             {Task::qlora, "qlora", "task_qlora"},
      {Task::inference, "inference", "task_inference"}};
  return r;
}

// Mixed precision keeps fp32 master weights and fp32 Adam states: 2 + 2 + (4 + 4 + 4) = 16 bytes
// per parameter (ZeRO, arXiv:1910.02054 §3.1). Pure bf16 keeps everything in 2 bytes. fp32 peaks
// use TF32 where the card has it (PyTorch matmuls may).
const std::vector<PrecisionRow>& EnumTable<Precision>::rows() {
  static const std::vector<PrecisionRow> r = {
      {Precision::fp32, "fp32", "prec_fp32", {"tf32", "fp32"}, 4, 4, false, 4},
      {Precision::fp16_mixed, "fp16_mixed", "prec_fp16_mixed", {"fp16", nullptr}, 2, 2, true, 4},
      {Precision::bf16_mixed, "bf16_mixed", "prec_bf16_mixed", {"bf16", nullptr}, 2, 2, true, 4},
      {Precision::bf16, "bf16", "prec_bf16", {"bf16", nullptr}, 2, 2, false, 2},
      {Precision::fp8_mixed, "fp8_mixed", "prec_fp8_mixed", {"fp8", nullptr}, 2, 2, true, 4}};
  return r;
}

// AdamW keeps m and v (arXiv:1711.05101); 8-bit AdamW keeps both in 1 byte with block-wise
// scales (bitsandbytes, arXiv:2110.02861): 2 bytes whatever the precision; Lion keeps momentum
// only (arXiv:2302.06675); Adafactor factors the second moment (rows + columns, ~0 per parameter,
// arXiv:1804.04235) and keeps no first moment by default.
const std::vector<OptimizerRow>& EnumTable<Optimizer>::rows() {
  static const std::vector<OptimizerRow> r = {
      {Optimizer::adamw, "adamw", "opt_adamw", 2, 0},       {Optimizer::adamw_8bit, "adamw_8bit", "opt_adamw_8bit", 0, 2},
      {Optimizer::sgd, "sgd", "opt_sgd", 0, 0},             {Optimizer::sgd_momentum, "sgd_momentum", "opt_sgd_momentum", 1, 0},
      {Optimizer::adafactor, "adafactor", "opt_adafactor", 0, 0}, {Optimizer::lion, "lion", "opt_lion", 1, 0}};
  return r;
}

const std::vector<WeightFormatRow>& EnumTable<WeightFormat>::rows() {
  static const std::vector<WeightFormatRow> r = {
      {WeightFormat::fp32, "fp32", "wf_fp32", 4, 4, false, 4},
      {WeightFormat::bf16, "bf16", "wf_bf16", 2, 2, false, 2},
      {WeightFormat::fp16, "fp16", "wf_fp16", 2, 2, false, 2},
      {WeightFormat::fp8, "fp8", "wf_fp8", 1, 1, true, 2},
      {WeightFormat::int8, "int8", "wf_int8", 1, 1, true, 2},
      {WeightFormat::nf4, "nf4", "wf_nf4", 0.5, kNf4DqBytes, true, 2},
      {WeightFormat::int4, "int4", "wf_int4", 0.5, kInt4Bytes, true, 2},
      {WeightFormat::awq, "awq", "wf_awq", 0.5, kAwqBytes, true, 2},
      {WeightFormat::gptq, "gptq", "wf_gptq", 0.5, kAwqBytes, true, 2},
      // GGUF quantises the embeddings too (Q4_K/Q5_K/Q8_0) and the output head (Q6_K; Q8_0 in Q8_0).
      {WeightFormat::gguf_q4_k_m, "gguf_q4_k_m", "wf_gguf_q4_k_m", 0.5, kQ4KMBytes, true, (kQ4KBits + kQ6KBits) / 16.0},
      {WeightFormat::gguf_q5_k_m, "gguf_q5_k_m", "wf_gguf_q5_k_m", 0.625, kQ5KMBytes, true, (kQ5KBits + kQ6KBits) / 16.0},
      {WeightFormat::gguf_q8_0, "gguf_q8_0", "wf_gguf_q8_0", 1, kQ8_0Bits / 8.0, true, kQ8_0Bits / 8.0}};
  return r;
}

const std::vector<EnumRow<Recompute>>& EnumTable<Recompute>::rows() {
  static const std::vector<EnumRow<Recompute>> r = {
      {Recompute::none, "none", "recompute_none"}, {Recompute::selective, "selective", "recompute_sel"},
      {Recompute::full, "full", "recompute_full"}};
  return r;
}

const std::vector<EnumRow<Offload>>& EnumTable<Offload>::rows() {
  static const std::vector<EnumRow<Offload>> r = {
      {Offload::none, "none", "offload_none"}, {Offload::optimizer, "optimizer", "offload_opt"},
      {Offload::optimizer_params, "optimizer_params", "offload_all"}};
  return r;
}

const std::vector<EnumRow<LoraTargets>>& EnumTable<LoraTargets>::rows() {
  static const std::vector<EnumRow<LoraTargets>> r = {
      {LoraTargets::attn_qv, "attn_qv", "lt_attn_qv"}, {LoraTargets::attn, "attn", "lt_attn"},
      {LoraTargets::all_linear, "all_linear", "lt_all_linear"}};
  return r;
}

const std::vector<EnumRow<Goal>>& EnumTable<Goal>::rows() {
  static const std::vector<EnumRow<Goal>> r = {
      {Goal::cheapest, "cheapest", "goal_cheapest"}, {Goal::fastest, "fastest", "goal_fastest"},
      {Goal::lowest_purchase, "purchase", "goal_purchase"}, {Goal::best_within, "within", "goal_within"}};
  return r;
}

const std::vector<EnumRow<BudgetKind>>& EnumTable<BudgetKind>::rows() {
  static const std::vector<EnumRow<BudgetKind>> r = {{BudgetKind::rent, "rent", "budget_rent"},
                                                     {BudgetKind::buy, "buy", "budget_buy"}};
  return r;
}

// lease: monthly or yearly bare-metal or whole-server rent; on_demand: a cloud's hourly list price;
// market: community marketplaces and spot; serverless: per-second billing; purchase: per card.
const std::vector<EnumRow<OfferKind>>& EnumTable<OfferKind>::rows() {
  static const std::vector<EnumRow<OfferKind>> r = {
      {OfferKind::lease, "lease", "offer_lease"}, {OfferKind::on_demand, "on_demand", "offer_on_demand"},
      {OfferKind::market, "market", "offer_market"}, {OfferKind::serverless, "serverless", "offer_serverless"},
      {OfferKind::purchase, "purchase", "offer_purchase"}};
  return r;
}

// TensorRT fuses a convolution with its batch norm, activation and residual add (TensorRT
// Developer Guide, "Layer Fusion"); ONNX Runtime's CUDA/TensorRT providers and OpenVINO fuse the
// same patterns; CANN's ATC compiles an offline model with fused operators (Ascend ATC guide).
const std::vector<EnumRow<Loss>>& EnumTable<Loss>::rows() {
  static const std::vector<EnumRow<Loss>> r = {{Loss::full, "full", "loss_full"}, {Loss::fused, "fused", "loss_fused"}};
  return r;
}

const std::vector<RuntimeRow>& EnumTable<Runtime>::rows() {
  static const std::vector<RuntimeRow> r = {
      {Runtime::pytorch, "pytorch", "rt_pytorch", false}, {Runtime::tensorrt, "tensorrt", "rt_tensorrt", true},
      {Runtime::onnxruntime, "onnxruntime", "rt_onnxruntime", true}, {Runtime::openvino, "openvino", "rt_openvino", true},
      {Runtime::cann, "cann", "rt_cann", true}};
  return r;
}

const std::vector<EnumRow<VaeDecode>>& EnumTable<VaeDecode>::rows() {
  static const std::vector<EnumRow<VaeDecode>> r = {
      {VaeDecode::full, "full", "vae_full"}, {VaeDecode::sliced, "sliced", "vae_sliced"}, {VaeDecode::tiled, "tiled", "vae_tiled"}};
  return r;
}

const std::vector<EnumRow<ImageOffload>>& EnumTable<ImageOffload>::rows() {
  static const std::vector<EnumRow<ImageOffload>> r = {
      {ImageOffload::none, "none", "io_none"}, {ImageOffload::model, "model", "io_model"}, {ImageOffload::sequential, "sequential", "io_sequential"}};
  return r;
}

// Sequence parallelism over cards (xDiT's USP; Wan's --ulysses_size / --ring_size): DeepSpeed-
// Ulysses' all-to-all of heads, or ring attention's passing of K and V.
const std::vector<EnumRow<VideoSp>>& EnumTable<VideoSp>::rows() {
  static const std::vector<EnumRow<VideoSp>> r = {{VideoSp::ulysses, "ulysses", "vsp_ulysses"}, {VideoSp::ring, "ring", "vsp_ring"}};
  return r;
}

const std::vector<EnumRow<VideoAttention>>& EnumTable<VideoAttention>::rows() {
  static const std::vector<EnumRow<VideoAttention>> r = {
      {VideoAttention::flash, "flash", "va_flash"}, {VideoAttention::flash3, "flash3", "va_flash3"},
      {VideoAttention::sdpa, "sdpa", "va_sdpa"},    {VideoAttention::sage, "sage", "va_sage"}};
  return r;
}

// INT8 runs on the INT8 tensor-core peak (W8A8 post-training quantisation); TF32 on the TF32
// peak; FP32 on the CUDA-core peak.
const std::vector<VisionPrecisionRow>& EnumTable<VisionPrecision>::rows() {
  static const std::vector<VisionPrecisionRow> r = {
      {VisionPrecision::fp32, "fp32", "vp_fp32", {"fp32", nullptr}, 4}, {VisionPrecision::tf32, "tf32", "vp_tf32", {"tf32", "fp32"}, 4},
      {VisionPrecision::fp16, "fp16", "vp_fp16", {"fp16", nullptr}, 2}, {VisionPrecision::bf16, "bf16", "vp_bf16", {"bf16", nullptr}, 2},
      {VisionPrecision::int8, "int8", "vp_int8", {"int8", nullptr}, 1},  {VisionPrecision::fp8, "fp8", "vp_fp8", {"fp8", nullptr}, 1}};
  return r;
}

// Serving engines (SCENARIO.md "LLM serving at scale"): the word a case names. What an engine
// changes is modelled where a source says so (core/estimator.cpp serving(): SGLang runs FP8
// checkpoints as W8A8 with its MoE routing kernels; SGLang, vLLM and TensorRT-LLM run FA3 and
// FlashMLA on Hopper; transformers dispatches every kernel from Python, eagerly; vLLM(-Ascend) and
// SGLang re-launch each attention layer from the host in Ascend's decode graph); the rest run as
// the common path (CUDA graphs, paged KV).
const std::vector<EnumRow<Engine>>& EnumTable<Engine>::rows() {
  static const std::vector<EnumRow<Engine>> r = {
      {Engine::vllm, "vllm", "eng_vllm"},           {Engine::sglang, "sglang", "eng_sglang"},
      {Engine::tensorrt_llm, "tensorrt-llm", "eng_tensorrt_llm"}, {Engine::lmdeploy, "lmdeploy", "eng_lmdeploy"},
      {Engine::mindie, "mindie", "eng_mindie"},     {Engine::llama_cpp, "llama.cpp", "eng_llama_cpp"},
      {Engine::transformers, "transformers", "eng_transformers"}, {Engine::ktransformers, "ktransformers", "eng_ktransformers"},
      {Engine::exllama, "exllama", "eng_exllama"},  {Engine::mlc, "mlc", "eng_mlc"}};
  return r;
}

// Speculative decoding: with each drafted token accepted with probability alpha, independently,
// a step of k drafted tokens emits (1 - alpha^(k+1)) / (1 - alpha) tokens on average, the bonus
// token included (Leviathan, Kalman and Matias 2023, "Fast Inference from Transformers via
// Speculative Decoding", arXiv:2211.17192, eq. 1). The acceptance per method:
// - mtp: DeepSeek-V3's one MTP module, "the acceptance rate of the second token prediction ranges
//   between 85% and 90%" (arXiv:2412.19437 §5.4.3): 0.85, the lower end; one drafted token.
// - eagle: EAGLE's acceptance rate of 0.75-0.8 for a one-layer draft head on MT-bench
//   (Li et al. 2024, arXiv:2401.15077, Table 7 "0-alpha"/"1-alpha"): 0.75; three drafted tokens
//   (SGLang's --speculative-num-steps 3 in its EAGLE examples).
// - draft: a small model of the same family, alpha 0.6 (Leviathan et al. Table 3: 0.5-0.9 over
//   their pairs, T5-small for T5-XXL 0.62-0.75); four drafted tokens.
const std::vector<SpecMethodRow>& EnumTable<SpecMethod>::rows() {
  static const std::vector<SpecMethodRow> r = {
      {SpecMethod::mtp, "mtp", "spec_mtp", 0.85, 1}, {SpecMethod::eagle, "eagle", "spec_eagle", 0.75, 3},
      {SpecMethod::draft, "draft", "spec_draft", 0.6, 4}};
  return r;
}

const std::vector<EnumRow<ServingOffload>>& EnumTable<ServingOffload>::rows() {
  static const std::vector<EnumRow<ServingOffload>> r = {{ServingOffload::none, "none", "soff_none"},
                                                         {ServingOffload::experts_cpu, "experts_cpu", "soff_experts_cpu"}};
  return r;
}

const std::vector<EnumRow<PoolRole>>& EnumTable<PoolRole>::rows() {
  static const std::vector<EnumRow<PoolRole>> r = {
      {PoolRole::both, "both", "role_both"}, {PoolRole::prefill, "prefill", "role_prefill"}, {PoolRole::decode, "decode", "role_decode"}};
  return r;
}

// Camera streams by frame size: 720p 1280 x 720, 1080p 1920 x 1080, 1440p 2560 x 1440, 4K UHD
// 3840 x 2160 (ITU-R BT.2020's 3840 x 2160 for UHDTV1).
const std::vector<CameraRow>& EnumTable<CameraResolution>::rows() {
  static const std::vector<CameraRow> r = {{CameraResolution::p720, "720p", "cam_720p", 1280.0 * 720},
                                           {CameraResolution::p1080, "1080p", "cam_1080p", 1920.0 * 1080},
                                           {CameraResolution::p1440, "1440p", "cam_1440p", 2560.0 * 1440},
                                           {CameraResolution::p2160, "4k", "cam_4k", 3840.0 * 2160}};
  return r;
}

const std::vector<EnumRow<VisionScope>>& EnumTable<VisionScope>::rows() {
  static const std::vector<EnumRow<VisionScope>> r = {{VisionScope::model, "model", "scope_model"}, {VisionScope::e2e, "e2e", "scope_e2e"}};
  return r;
}

const std::vector<EnumRow<ModelKind>>& EnumTable<ModelKind>::rows() {
  static const std::vector<EnumRow<ModelKind>> r = {
      {ModelKind::llm, "llm", "mk_llm"}, {ModelKind::diffusion, "diffusion", "mk_diffusion"}, {ModelKind::vision, "vision", "mk_vision"},
      {ModelKind::video, "video", "mk_video"}};
  return r;
}

// The label keys name the link as the card detail says it (ui/notices.cpp link_short).
const std::vector<EnumRow<InterconnectKind>>& EnumTable<InterconnectKind>::rows() {
  static const std::vector<EnumRow<InterconnectKind>> r = {
      {InterconnectKind::nvlink, "nvlink", "ik_nvlink"},
      {InterconnectKind::nvlink_capped, "nvlink_capped", "ik_nvlink_capped"},
      {InterconnectKind::pcie, "pcie", "ik_pcie"},
      {InterconnectKind::hccs, "hccs", "ik_hccs"},
      {InterconnectKind::infinity_fabric, "infinity_fabric", "ik_infinity_fabric"},
      {InterconnectKind::roce_on_chip, "roce_on_chip", "ik_roce_on_chip"},
      {InterconnectKind::mlulink, "mlulink", "ik_mlulink"},
      {InterconnectKind::mtlink, "mtlink", "ik_mtlink"},
      {InterconnectKind::xpulink, "xpulink", "ik_xpulink"},
      {InterconnectKind::other, "other", "ik_other"}};
  return r;
}

StateBytes state_bytes(Precision p, Optimizer o) {
  const PrecisionRow& pr = info(p);
  const OptimizerRow& orow = info(o);
  const double states = orow.state_bytes_fixed > 0 ? orow.state_bytes_fixed : orow.states_per_param * pr.state_elem_bytes;
  return {pr.weight_bytes, pr.weight_bytes, pr.fp32_master ? 4.0 : 0.0, states};
}

}  // namespace xuanka::core
