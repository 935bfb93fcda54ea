// The estimator (core layer), a pipeline of named stages:
// [SECTION] constants  [SECTION] parameters  [SECTION] activation elements  [SECTION] placement
// [SECTION] model states (training)  [SECTION] activations (training)  [SECTION] inference memory
// [SECTION] totals and fit  [SECTION] FLOPs  [SECTION] training time  [SECTION] serving  [SECTION] estimate
#include "core/estimator.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/estimator_image.h"
#include "core/estimator_video.h"
#include "core/hardware.h"

namespace xuanka::core {

// [SECTION] constants — empirical, named, with how they were set.
namespace {
// Non-GEMM share of a training step (element-wise kernels, norms, optimizer step, launches,
// data loading): the achieved GEMM rate is multiplied by this. One global value, set against
// the public train_time/throughput cases as a whole (not per case).
constexpr double kFrameworkEfficiency = 0.70;
// GEMM efficiency grows with the hidden size h: h / (h + kGemmHalfHidden). Small models run
// smaller matrices at lower utilisation.
constexpr double kGemmHalfHidden = 512.0;
// Effective training time of a run, from Llama 3 405B's pre-training (arXiv:2407.21783 §3.3.4): in a
// 54-day snapshot on 16,384 H100s, 466 job interruptions, 419 unexpected (hardware and software
// failures: as many GPUs, as many chances) and 47 planned (maintenance, configuration: per day of the
// run, whatever its size), with "higher than 90%" effective training time. Each interruption then
// cost the same time L (restart, the work since the last checkpoint): lost / useful = (419 + 47) x L
// / 1296 h = 1 / 0.9 - 1, L = 0.309 h. A run on N cards loses (N x 419 / (1296 h x 16,384) + 47 /
// 1296 h) x L of each useful hour: 11.1% on 16,384 cards (90%), 1.75% on 1,024 (98.3%).
constexpr double kRunHours = 54.0 * 24.0, kRunGpus = 16384, kUnexpectedInterruptions = 419, kPlannedInterruptions = 47;
constexpr double kLlama3EffectiveTime = 0.90;
constexpr double kHoursPerInterruption = (1.0 / kLlama3EffectiveTime - 1.0) * kRunHours / (kUnexpectedInterruptions + kPlannedInterruptions);
// The slow end of the expected run: the same failures per card-hour (hardware fails alike across
// fleets: BLOOM-176B lost about one GPU a week on 384 A100s, 1.55e-5 per GPU-hour, against Llama 3's
// 419 / (1,296 h x 16,384) = 1.97e-5), but each unexpected one also loses the work since the last
// checkpoint, half of a 3-hour interval on average: BLOOM-176B's run ("we lose at most 3 hours of
// training, since we save a checkpoint every 100 iterations": bigscience-workshop/bigscience
// train/tr11-176B-ml/chronicles.md). Llama 3's L already holds its own (unpublished, shorter) interval.
constexpr double kSlowCheckpointIntervalH = 3.0;
// A run whose failures are found and recovered by hand, as OPT-175B's was in 2021 on 992 cloud A100
// 80GB (Zhang, Roller, Goyal, Shleifer, facebookresearch/metaseq projects/OPT/chronicles/
// final_update.md, 2022-01-07): its 4.30e23 FLOPs were "roughly ~33 days of continuous training on
// 1024 80GB A100s", 34.06 days on its 992 (33 x 1024 / 992), and took 56 days of wall-clock (launched
// 2021-11-11, finished 2022-01-06) over "~90 restarts" of the 12.xx lineage; "the vast majority of
// restarts have been due to hardware failures" (27_percent_update.md), "~2 machines go down every day"
// and "replacement through the cloud interface can take hours for a single machine", the rest loss
// spikes rolled back to an earlier checkpoint by the on-call. As Llama 3's model above (failures in
// proportion to the cards), OPT lost (56 - 34.06) / 34.06 = 0.644 of each useful hour on 992 cards:
// a run on N cards loses N x 0.644 / 992 of each useful hour (60.8% effective on 992, 75% on 512,
// 8.6% on 16,384, where no run is recovered by hand). GLM-130B's log (THUDM/GLM-130B logs/
// main-log-en.md: node failures, a Lustre outage of days, loss spikes, each restarted by the team)
// and the other 2022-23 runs in tests/validation.md land within 0.86-1.21 of it; OPT's own is not
// evidence of it.
constexpr double kManualWallDays = 56.0, kManualComputeDays = 33.0 * 1024.0 / 992.0, kManualGpus = 992;
// Small kernels per layer in a decode step besides the GEMMs and the attention: vLLM's Llama layer
// (vllm/model_executor/models/llama.py; the list is in serving()).
constexpr int kDecodeSmallKernelsPerLayer = 5;
// A MoE layer's kernels besides those and its expert GEMMs: the router's small GEMM, the top-k
// selection, the alignment of tokens to experts and the sum over each token's k experts (SGLang's
// fused_experts_impl, python/sglang/srt/layers/moe/fused_moe_triton/fused_moe.py:
// moe_align_block_size, two invoke_fused_moe_kernel, act_and_mul, moe_sum_reduce; the top-k in
// topk.py; vLLM's fused_experts in vllm/model_executor/layers/fused_moe/fused_moe.py, which SGLang's
// derives from, has the same steps); its activation replaces the dense MLP's SiLU-and-mul.
constexpr int kMoeSmallKernelsPerLayer = 4;
// W8A8 FP8 GEMMs quantise their input first, one kernel per GEMM: a layer's QKV, output, gate-up
// and down projections (SGLang's apply_w8a8_block_fp8_linear and invoke_fused_moe_kernel call
// per_token_group_quant_fp8 before the GEMM: python/sglang/srt/layers/quantization/fp8_utils.py).
constexpr int kW8A8QuantKernelsPerLayer = 4;
// Hugging Face transformers' generate() runs the model eagerly, every kernel launched from Python
// (no CUDA graph): a decoder layer is 43 kernels in transformers 4.46's modeling_llama.py with SDPA
// attention — two RMSNorms of 8 each (to float32, pow, mean, add eps, rsqrt, mul, to dtype, weight
// mul), the q/k/v projections (3), rotary on q and k (q*cos, neg and cat of rotate_half, *sin, add:
// 5 each), the cache's two torch.cat, repeat_kv's two copies, SDPA, the transpose's copy and o_proj,
// the MLP's gate, up, SiLU, mul and down (5) and two residual adds. Each token adds about 25 more:
// the embedding, the causal mask, the final norm (8), the head, and generate()'s greedy loop
// (argmax, the finished-sequence bookkeeping, cat of the new token and its mask).
constexpr int kHfEagerKernelsPerLayer = 43;
constexpr int kHfEagerKernelsPerToken = 25;
// A MoE layer's experts in transformers run one by one in a Python loop over the experts the
// tokens hit (Qwen2MoeSparseMoeBlock / MixtralSparseMoeBlock: torch.where for the expert's tokens,
// gate, up, SiLU, mul, down, the routing weight's mul and index_add_: 8 kernels each), after the
// router's GEMM, softmax, top-k and one-hot mask (about 6).
constexpr int kHfEagerKernelsPerExpert = 8;
constexpr int kHfEagerRouterKernels = 6;
// GEMM kernels per layer of a decode step: QKV, output, gate-up and down (vLLM's Llama layer); a MoE
// layer's routed experts run as two grouped GEMMs (fused_moe's two invoke_fused_moe_kernel) in place
// of the MLP's two, and its shared experts, where it has them, as two more. Each pays a kernel's
// fixed time on top of its weights' stream (see serving()).
constexpr int kDecodeGemmsPerLayer = 4;
constexpr int kMoeExtraGemmsPerLayer = 2;
// Serving engines' attention on Hopper (compute capability 9.x): SGLang, vLLM and TensorRT-LLM run
// FlashAttention-3-class kernels there, not FlashAttention-2 (hw::attention_efficiency's 0.35):
// FA3 reaches "up to 740 TFLOPs/s (75% utilization)" in FP16 on H100 (arXiv:2407.08608, abstract);
// MLA's absorbed decode runs FlashMLA, "up to 660 TFlops on H800 SXM5" compute-bound
// (deepseek-ai/FlashMLA README), 660 / 989 of the dense BF16 peak.
constexpr double kHopperServingAttentionEfficiency = 740.0 / 989.0;
constexpr double kFlashMlaEfficiency = 660.0 / 989.0;
// The host that runs a MoE's routed experts when serving.cpu is absent (SCENARIO.md's default, a
// dual-socket DDR5-4800 server): 2 sockets x 8 channels x 4800 MT/s x 8 B = 614.4 GB/s, and 2 x 32
// cores x 2 AVX-512 FMA units x 16 fp32 lanes x 2 FLOP x 2.2 GHz = 9.0 TFLOP/s (Xeon Gold 6454S, the
// KTransformers tutorial's host; Intel's product page: 32 cores, 2.2 GHz base, two AVX-512 FMA units).
constexpr double kDefaultHostMemoryGbS = 614.4;
constexpr double kDefaultHostTflops = 9.0;
// A draft model's forward per token as a share of the target's step: c < 0.05 for Leviathan et
// al.'s T5 pairs (arXiv:2211.17192 §5), taken at 0.05.
constexpr double kDraftModelStepShare = 0.05;
using hw::kDefaultGemmEfficiency;
// Bucketed gradient all-reduce overlaps the backward pass, about 2/3 of a step's compute.
// The share of the expert all-to-all that Megatron-Core's EP overlap hides behind compute: 36.55%
// in NVIDIA's measured run (Qwen3-30B-A3B on 16 H100s, BF16, EP 16, HybridEP, 2026-07-25; rank 0's
// Nsight Systems profile, "Communication time hidden by compute | 0.11% | 36.55%" with the overlap
// off and on: NVIDIA-NeMo/Megatron-Bridge@067f987 skills/nemo-mbridge-perf-moe-comm-overlap/
// SKILL.md, "Measured Evidence"). The step fell 15%, not by the whole all-to-all.
constexpr double kEpOverlapHiddenShare = 0.3655;
constexpr double kDpOverlap = 2.0 / 3.0;
// Tokens whose logits a fused / chunked cross-entropy holds at a time (see training_activations).
constexpr double kFusedLossChunkTokens = 1024;

double stored_bytes(WeightFormat f) { return info(f).stored_bytes; }
bool quantised(WeightFormat f) { return info(f).quantised; }

// [SECTION] parameters
struct Counts {
  double total = 0, active = 0, embed = 0, head = 0, linear = 0, expert = 0;
};
Counts counts(const ModelArch& m) {
  Counts c;
  const double shape_total = params_from_shape(m);
  c.total = m.params.value_or(shape_total);
  const double scale = (m.has_shape() && shape_total > 0) ? c.total / shape_total : 1.0;
  if (m.has_shape()) {
    c.embed = m.vocab * m.hidden * scale;
    c.head = m.tied_embeddings ? 0 : m.vocab * m.hidden * scale;
    c.linear = std::max(0.0, c.total - c.embed - c.head);
    c.active = active_params_from_shape(m) * scale;
    if (m.moe) {
      const int moe_layers = m.layers - m.moe->dense_layers;
      c.expert = moe_layers * m.moe->experts * 3 * m.hidden * m.moe->expert_ffn_hidden * scale;
    }
  } else {
    c.linear = c.total;
    c.active = m.active_params.value_or(c.total);
  }
  return c;
}

// Attention head widths: query-key and value. MLA's query-key heads are qk_nope + qk_rope wide and
// its value heads v_head_dim (DeepSeek-V2, arXiv:2405.04434 §2.1.3; 192 and 128 in DeepSeek-V2/V3's
// config.json); an absent MLA width falls back to head_dim, as the parameter count does
// (catalog.cpp layer_params).
double qk_head_dim(const ModelArch& m) {
  if (!m.mla) return m.head_dim;
  return (m.mla->qk_nope_head_dim > 0 ? m.mla->qk_nope_head_dim : m.head_dim) + m.mla->qk_rope_head_dim;
}
double v_head_dim(const ModelArch& m) { return m.mla && m.mla->v_head_dim > 0 ? m.mla->v_head_dim : m.head_dim; }

// The adapted linears of one layer: the sums of their input and output widths, with the
// feed-forward width f (every expert's for the parameters, a token's top-k and shared experts'
// for its traffic).
struct LoraWidths { double in = 0, out = 0; };
LoraWidths lora_widths(const Scenario& s, bool all_experts) {
  const ModelArch& m = s.model;
  const double h = m.hidden, q_dim = m.heads * m.head_dim, kv_dim = m.kv_heads * m.head_dim;
  LoraWidths w{2 * h, q_dim + kv_dim};                                                    // q, v
  if (s.lora_targets != LoraTargets::attn_qv) w.in += h + q_dim, w.out += kv_dim + h;  // k, o
  if (s.lora_targets == LoraTargets::all_linear) {
    const double f = m.moe ? m.moe->expert_ffn_hidden * ((all_experts ? m.moe->experts : m.moe->top_k) + m.moe->shared_experts) : m.ffn_hidden;
    const double up = m.ffn_type == "gated" || m.moe ? 2.0 : 1.0;                         // gate and up, or up
    w.in += up * h + f, w.out += up * f + h;                                              // ... and down
  }
  return w;
}

// LoRA (arXiv:2106.09685): A (d_in x r) + B (r x d_out) per adapted matrix.
double lora_params(const Scenario& s) {
  const LoraWidths w = lora_widths(s, true);
  return s.model.layers * s.lora_rank * (w.in + w.out);
}

// Memory traffic of the LoRA adapters per token, as PEFT runs them unfused in eager PyTorch
// (peft/tuners/lora/layer.py, Linear.forward: cast x to the adapters' type, lora_B(lora_A(x)),
// x scaling, add to the base result, cast back), counted per element of each adapted linear's
// input (width i) and output (width o), with a the adapters' bytes and b the activations': the
// forward reads x (a cast to fp32 reads b and writes a first), lora_B writes o, the scaling reads
// and writes it, the add reads both and writes the sum (and the cast back reads a, writes b); the
// backward runs the same chain in reverse (casts, the scaling's grad, both adapters' weight and
// input gradients) and adds the adapter's input gradient into x's (reads 2, writes 1). Rank-r
// tensors are negligible. Per element: forward a + c(a + b) of i and 6a + 2cb of o; backward
// 2a + 3b + c(a + b) of i and 4a + c(2a + 2b) of o, with c = 1 when the adapters' type differs.
// Full recompute runs the forward again.
double lora_traffic_bytes_per_token(const Scenario& s) {
  const LoraWidths w = lora_widths(s, false);
  const double in = w.in, out = w.out;
  const double b = info(s.precision).activation_bytes;
  const double a = s.lora_dtype == WeightFormat::fp32 ? 4.0 : b;
  const double c = a != b ? 1.0 : 0.0;
  // LoRA dropout above 0 runs one more kernel on each adapted input, in the adapters' type:
  // forward reads it and writes the dropped tensor and a 1-byte mask, backward reads the gradient
  // and the mask and writes the gradient (native_dropout and its backward).
  const double drop = s.lora_dropout > 0 ? in * (2 * a + 1) : 0.0;
  const double fwd = in * (a + c * (a + b)) + out * (6 * a + 2 * c * b) + drop;
  const double bwd = in * (2 * a + 3 * b + c * (a + b)) + out * (4 * a + c * (2 * a + 2 * b)) + drop;
  return s.model.layers * (fwd * (s.recompute == Recompute::full ? 2.0 : 1.0) + bwd);
}

// [SECTION] activation elements — Korthikanti et al. 2022 (arXiv:2205.05198) §4, per layer and token.
// Bytes an eager attention keeps per score element for backward. Fine-tuning runs Hugging Face
// transformers' eager_attention_forward: softmax in fp32 (dtype=torch.float32), its 16-bit copy
// for the product with V: 4 + 2 = 6 B, plus a 1 B mask and 2 B dropout output when dropout is on
// (our H200: Llama 3.2 1B at 4k, 67.9 GiB measured vs 19.5 GiB with SDPA: +48 GiB = 6 B x 16
// layers x 32 heads x 4096^2). Pretraining runs Megatron-LM's fused scale-mask-softmax, which
// keeps the 16-bit softmax output (2 B) and the dropout mask and output (1 + 2 B): Korthikanti
// et al.'s 5as^2b (arXiv:2205.05198 §4.1).
// Memory traffic of eager attention per score element and training step (forward + backward):
// Hugging Face's path writes the scores, scales them, adds the mask, runs softmax in fp32, casts
// back and reads them in the product with V (2 + 4 + 6 + 6 + 6 + 2 = 26 B), and in backward
// writes dP, reads P, converts, runs softmax's backward in fp32 and feeds both matmul grads
// (4 + 6 + 12 + 6 + 4 + 4 = 36 B): 62 B. Megatron's fused scale-mask-softmax: 8 B forward and
// 22 B backward, +9 B with dropout. Full recompute repeats the forward.
double eager_traffic_bytes(const Scenario& s, bool dropout) {
  const double fwd = s.task == Task::pretrain ? 8.0 + (dropout ? 3.0 : 0.0) : 26.0;
  const double bwd = s.task == Task::pretrain ? 22.0 + (dropout ? 6.0 : 0.0) : 36.0;
  const double wide = s.precision == Precision::fp32 ? 2.0 : 1.0;
  return wide * (fwd * (s.recompute == Recompute::full ? 2.0 : 1.0) + bwd);
}

double eager_score_bytes(const Scenario& s, bool dropout) {
  if (s.precision == Precision::fp32) return 4.0 + (dropout ? 5.0 : 0.0);
  if (s.task == Task::pretrain) return 2.0 + (dropout ? 3.0 : 0.0);
  return 6.0 + (dropout ? 3.0 : 0.0);
}

// Activation bytes per layer and token saved for backward, in units of the precision's
// activation element (so an fp32 copy under 16-bit training counts 2).
double activation_elements_per_token(const Scenario& s, bool lora, double seq_local, bool keep_scores) {
  const ModelArch& m = s.model;
  const double h = m.hidden, a = m.heads;
  const double q_dim = m.heads * qk_head_dim(m);
  const double kv_dim = m.mla ? m.mla->kv_lora_rank + m.mla->qk_rope_head_dim : m.kv_heads * m.head_dim;
  const double o_in = m.heads * v_head_dim(m);
  const bool dropout = m.ffn_type == "plain";  // GPT/BERT-era models train with dropout; Llama-era models do not
  const double ab = info(s.precision).activation_bytes;
  // A frozen nn.Linear does not save its input for backward (autograd needs it only for the
  // weight gradient), so LoRA drops those; bitsandbytes' MatMul4Bit (QLoRA) saves its input
  // whatever requires grad (bitsandbytes/autograd/_functions.py), so QLoRA keeps them.
  const bool saves_inputs = !lora || s.task == Task::qlora;
  // PEFT casts an adapted linear's input to the adapters' fp32 (LoraLayer._cast_input_dtype) and
  // lora_A keeps that copy; with 16-bit adapters lora_A keeps the 16-bit input itself.
  const bool fp32_adapters = lora && s.lora_dtype == WeightFormat::fp32 && ab < 4.0;
  const double copy = fp32_adapters ? 4.0 / ab : 0.0;  // elements per fp32 copy of one input element
  const bool attn_all = s.lora_targets != LoraTargets::attn_qv;
  const bool mlp_adapted = lora && s.lora_targets == LoraTargets::all_linear;
  // The two RMSNorms. Megatron's fused norm kernels (pretraining here, as eager_traffic_bytes
  // assumes) keep their 16-bit input and a per-token rstd: one element each. The unfused PyTorch
  // modules that fine-tuning runs (transformers' LlamaRMSNorm, litgpt's and torchtune's RMSNorm)
  // upcast the input, hidden_states.to(torch.float32), and autograd keeps that fp32 tensor (pow and
  // the product with rsqrt save it): 4 B an element. When the norm's weight trains (full
  // fine-tuning), its product with the weight also keeps the normalised tensor, in the residual
  // stream's type: 16-bit in pure 16-bit training, fp32 under autocast, whose residual stream stays
  // fp32 (fp32 embeddings, fp32 + 16-bit additions).
  double norm_bytes = ab;
  if (s.task != Task::pretrain) {
    const bool norm_trains = s.task == Task::full_ft;
    const double residual_bytes = norm_trains && info(s.precision).fp32_master ? 4.0 : ab;
    norm_bytes = 4.0 + (norm_trains ? residual_bytes : 0.0);
  }
  double e = 2 * h * norm_bytes / ab;        // what the two norms keep
  // QKV projection input: kept by the trainable projections, by QLoRA's matmul, or by lora_A
  // (16-bit adapters share the one tensor; fp32 adapters each keep a copy: q, v or q, k, v).
  if (saves_inputs || !fp32_adapters) e += h;
  if (fp32_adapters) e += (attn_all ? 3 : 2) * h * copy;
  e += q_dim + 2 * kv_dim;                   // Q, K, V (for QK^T and attention over V)
  e += o_in;                                 // attention output (softmax-V product; o-proj input)
  if (fp32_adapters && attn_all) e += o_in * copy;
  if (dropout) e += 0.5 * h;                 // attention dropout mask (1 byte per element)
  // Attention scores unless FlashAttention or selective recompute drops them.
  if (!s.flash_attention && keep_scores) e += eager_score_bytes(s, dropout) / ab * a * seq_local;
  double f = m.ffn_hidden;
  double mult = 1.0;
  if (m.moe) {
    f = m.moe->expert_ffn_hidden;
    mult = m.moe->top_k + m.moe->shared_experts;  // each token runs top_k + shared experts
    e += m.moe->top_k * h;                        // permuted token copies
  }
  const bool mlp_inputs = saves_inputs || (mlp_adapted && !fp32_adapters);
  double mlp = mlp_inputs ? h : 0;                // MLP input
  if (mlp_adapted && fp32_adapters) mlp += 2 * h * copy + mult * f * copy;  // gate, up inputs; down input
  if (m.ffn_type == "gated" || m.moe) {
    mlp += mult * (3 * f + (mlp_inputs ? f : 0));  // gate, up, act(gate); down input
  } else {
    mlp += mult * (f + (mlp_inputs ? f : 0));      // GeLU input; down input
    if (dropout) mlp += 0.5 * h;
  }
  // LoRA dropout (PEFT's lora.Linear: lora_B(lora_A(dropout(x))) in every adapted module): with
  // p > 0 each adapted module's dropout writes a new tensor, which lora_A keeps for its weight's
  // gradient, and a 1-byte mask its backward needs (native_dropout). 16-bit adapters: both are new;
  // fp32 adapters: the dropped fp32 tensor takes the place of the cast copy counted above, so only
  // the mask is new. With p = 0 the dropout is nn.Identity and nothing is added.
  if (lora && s.lora_dropout > 0) {
    double adapted = (attn_all ? 3 * h + o_in : 2 * h);
    if (mlp_adapted) adapted += mult * (2 * h + f);
    e += adapted * (fp32_adapters ? 1.0 : ab + 1.0) / ab;
  }
  return e + mlp;
}

// Network per card to other servers, one direction: the cluster the scenario names
// (parallel.scale_out_gbps: a cloud's or an IDC's servers often give a card less than the vendor's
// reference server, e.g. AWS p4d's 4 x 100 Gb/s EFA for 8 A100s, 50 Gb/s a card), else the
// catalog's scale_out_gbps (the card's reference server), else the DGX A100 layout (hw::kNicBytesPerS).
double scale_out_bytes_per_s(const Accelerator& a, const std::optional<double>& gbps) {
  return gbps ? *gbps * 1e9 / 8.0 : a.scale_out_bytes_per_s.value_or(hw::kNicBytesPerS);
}

// The link a tensor-parallel group of tp cards all-reduces over, at NCCL's bus-bandwidth share.
struct TpLink {
  enum class Route { fast, unknown_fast, pcie, network };
  Route route = Route::fast;
  double bytes_per_s = 0;     // one direction, after kLinkEfficiency
  bool mesh_subset = false;   // a full mesh of which the group uses only tp - 1 links
};
TpLink tp_link(const Accelerator& gpu, int tp, const std::optional<double>& nic_gbps) {
  TpLink l;
  const int domain = gpu.domain_cards.value_or(1);
  if (tp <= domain && gpu.interconnect_bytes_per_s_bidirectional) {
    // A full mesh gives a group of tp cards only their tp - 1 links (catalog README).
    l.bytes_per_s = *gpu.group_bytes_per_s_bidirectional(tp) / 2.0 * hw::kLinkEfficiency;
    l.mesh_subset = gpu.interconnect_topology == Topology::full_mesh && tp < domain;
  } else if (tp <= domain && gpu.interconnect_kind != InterconnectKind::pcie) {
    // A fast link whose bandwidth no source confirms (e.g. Ascend HCCS): PCIe speed is the
    // floor we can stand behind.
    l.route = TpLink::Route::unknown_fast;
    l.bytes_per_s = hw::pcie_bytes_per_s(gpu.pcie_gen) * hw::kLinkEfficiency;
  } else {
    const bool in_node = tp <= hw::kCardsPerNode;
    l.route = in_node ? TpLink::Route::pcie : TpLink::Route::network;
    l.bytes_per_s = (in_node ? hw::pcie_bytes_per_s(gpu.pcie_gen) : scale_out_bytes_per_s(gpu, nic_gbps)) * hw::kLinkEfficiency;
  }
  return l;
}

// Selective recompute with FlashAttention: the scores Korthikanti et al.'s selective recompute
// drops are never stored, so a trainer's "selective" policy drops something else. The FSDP2-era
// one (torchtitan/distributed/activation_checkpoint.py, _apply_op_sac, selective_ac_option "op",
// its default) saves the outputs of every other aten.mm of a layer (odd counts: in a Llama layer
// wq, wv, w1, w2; wk, wo, w3 are recomputed) and the SDPA output, and recomputes every norm,
// activation and product from the layer's input. Full-parameter training only: a LoRA layer's
// adapters add matmuls of their own to the count.
struct OpSac {
  double saved = 0;             // elements per token and layer kept for backward
  double recompute_params = 0;  // matmul parameters per layer whose forward runs again
};
OpSac op_sac(const Scenario& s, int tp) {
  const ModelArch& m = s.model;
  const double h = m.hidden;
  const double q_dim = m.heads * qk_head_dim(m);
  const double kv_dim = m.mla ? m.mla->kv_lora_rank + m.mla->qk_rope_head_dim : m.kv_heads * m.head_dim;
  const double o_in = m.heads * v_head_dim(m);
  double f = m.ffn_hidden, mult = 1.0;
  if (m.moe) f = m.moe->expert_ffn_hidden, mult = m.moe->top_k + m.moe->shared_experts;
  const bool gated = m.ffn_type == "gated" || m.moe;
  // The layer's matmuls in forward order: {input width, output width, copies, output whole under tp}.
  struct Mm { double in, out, copies; bool row_parallel; };
  Mm mms[7] = {{h, q_dim, 1, false}, {h, kv_dim, 1, false}, {h, kv_dim, 1, false}, {o_in, h, 1, true}};
  std::size_t n = 4;
  if (gated) mms[n++] = {h, f, mult, false};
  mms[n++] = {h, f, mult, false};
  mms[n++] = {f, h, mult, true};
  const double whole = s.parallel.sequence_parallel ? 1.0 / tp : 1.0;
  OpSac r;
  r.saved = h * whole + o_in / tp;  // the checkpointed layer's input; the SDPA output
  for (std::size_t i = 0; i < n; ++i) {
    if (i % 2 == 0) r.saved += mms[i].copies * mms[i].out * (mms[i].row_parallel ? whole : 1.0 / tp);
    else r.recompute_params += mms[i].copies * mms[i].in * mms[i].out;
  }
  return r;
}
bool uses_op_sac(const Scenario& s) {
  return s.recompute == Recompute::selective && s.flash_attention && (s.task == Task::pretrain || s.task == Task::full_ft);
}

// [SECTION] placement — what one GPU holds: blocks split over tp and pp; with pp > 1 the first
// stage holds the embedding and the last the head (Megatron-LM, arXiv:2104.04473); the first
// stage's share is the per-GPU figure. A MoE's routed experts: with ep = 1 split over tp like the
// rest; with ep > 1 each card holds whole experts, experts/ep of them per stage (ceil for inference),
// an expert tensor-parallel size of 1 — Megatron-Core's MoE parallel folding
// (--expert-tensor-parallel-size 1, Liu et al. 2025, arXiv:2504.14960), as NeMo's MoE recipes,
// ms-swift's Qwen3-235B example (tp 4, etp 1, ep 8 on 8 cards) and vLLM/SGLang's expert parallelism
// run them (../shared/SCENARIO.md, "Cards, replicas and experts").
struct Placement {
  int tp = 1, pp = 1, cp = 1, dp = 1;
  double local = 0;         // parameters on this GPU
  double local_linear = 0;  // of which block matmul weights
  double local_other = 0;   // embeddings, head, norms
  double local_expert = 0;  // of local_linear: routed experts
  // The cards that hold a copy of each expert (ZeRO shards its states over them): the data- and
  // context-parallel ranks over ep, as the folding's expert-data-parallel group.
  int expert_dp = 1;
};
Placement place(const Scenario& s, const Counts& c) {
  Placement p;
  const Parallel& par = s.parallel;
  p.tp = par.tp, p.pp = par.pp, p.cp = par.cp, p.dp = std::max(1, par.dp());
  const double embed_part = p.pp > 1 ? std::max(c.embed, c.head) : c.embed + c.head;
  p.local_expert = c.expert / p.pp / p.tp;
  p.expert_dp = p.dp * p.cp;
  const int experts = s.model.moe ? s.model.moe->experts : 0;
  if (par.ep > 1 && experts > 0) {
    p.local_expert = c.expert * std::ceil(experts / static_cast<double>(par.ep)) / experts / p.pp;
    p.expert_dp = std::max(1, par.gpus / (p.pp * par.ep));
  }
  p.local_linear = (c.linear - c.expert) / p.pp / p.tp + p.local_expert;
  p.local_other = embed_part / p.tp;
  p.local = p.local_linear + p.local_other;
  return p;
}

// KV cache per token, whole model: 2 (K and V) x layers x kv_heads x head_dim x bytes (GQA-aware);
// MLA caches the latent (kv_lora_rank + rope dims) once (DeepSeek-V2, arXiv:2405.04434).
// The ways tensor parallelism splits a request's KV cache: by KV head, so at most kv_heads ways
// (vLLM replicates KV heads when tp exceeds them: vllm/model_executor/models/llama.py, "Number of KV
// heads is less than TP size, so we replicate the KV heads across multiple tensor parallel GPUs");
// MLA's latent is one shared "head", so every TP rank holds all of it (LMSYS, "SGLang v0.4", 2024-12-04:
// "DeepSeek models use MLA and only have one KV head. If we use tensor parallelism on 8 GPUs, it will
// lead to duplicated KV cache" -- what data-parallel attention avoids).
double kv_tp_shards(const ModelArch& m, int tp) {
  if (m.mla) return 1.0;
  return m.kv_heads > 0 ? std::min(tp, m.kv_heads) : tp;
}

double kv_cache_per_token(const Scenario& s) {
  const ModelArch& m = s.model;
  const double kv_elem = m.mla ? m.layers * (m.mla->kv_lora_rank + m.mla->qk_rope_head_dim) : 2.0 * m.layers * m.kv_heads * m.head_dim;
  return kv_elem * info(s.serving.kv_dtype).element_bytes;
}

// The cards that serve (../shared/SCENARIO.md "Cards, replicas and experts"): serving.batch counts
// requests on all the decode cards; gpus / (tp x pp) ranks of data-parallel attention (replicas of a
// dense model) share them evenly, each holding its own requests' KV cache. With prefill_gpus the
// decode cards are the rest; a pool alone (role) is all of gpus.
struct ServeLayout {
  double ranks = 1;          // data-parallel attention ranks of the decode cards
  double batch_per_rank = 1; // requests per rank (continuous: an average)
  int decode_gpus = 1, prefill_gpus = 0;
};
ServeLayout serve_layout(const Scenario& s) {
  ServeLayout l;
  const Parallel& q = s.parallel;
  const auto& dg = s.serving.disaggregated;
  l.prefill_gpus = dg ? dg->prefill_gpus : 0;
  l.decode_gpus = std::max(1, q.gpus - l.prefill_gpus);
  l.ranks = std::max(1, l.decode_gpus / std::max(1, q.tp * q.pp));
  l.batch_per_rank = s.serving.batch / l.ranks;
  return l;
}
// Expected share of a MoE layer's routed experts that `tokens` tokens touch, each routed to top_k
// distinct experts of E: an expert escapes one token with probability 1 - k/E, all of them with
// (1 - k/E)^tokens (occupancy under uniform routing, which the load-balancing loss or bias of
// Switch/GShard and DeepSeek-V3's aux-loss-free balancing, arXiv:2412.19437 §2.1.2, drive toward).
// A decode step reads only the touched experts' weights: at batch 1, k of E (Qwen3-30B-A3B: 8 of 128).
// A request's time to its first token when other prompts arrive at the same cards at
// `others_per_s`, each prefill taking `alone_s` (deterministic service): the M/D/1 queue's mean
// wait plus its own prefill, DistServe's eq. 1 (Zhong et al., OSDI 2024, §3.1: "Avg_TTFT = D +
// RD^2 / (2(1 - RD))", Pollaczek-Khinchine). Near saturation (RD -> 1) engines batch the waiting
// prompts into one forward, so a prompt waits at most for `batched_s`, the forward of all of them.
double queued_ttft_s(double alone_s, double others_per_s, double batched_s) {
  const double rho = others_per_s * alone_s;
  const double cap_s = std::max(alone_s, batched_s);
  if (!(rho < 1.0)) return cap_s;
  return std::min(alone_s + rho * alone_s / (2.0 * (1.0 - rho)), cap_s);
}

double touched_share(const ModelArch& m, double tokens) {
  if (!m.moe || m.moe->experts <= 0 || tokens <= 0) return 1.0;
  const double k = std::min<double>(m.moe->top_k, m.moe->experts);
  return 1.0 - std::pow(1.0 - k / m.moe->experts, tokens);
}

// [SECTION] model states (training) — ZeRO (arXiv:1910.02054): stage 1 shards optimizer states,
// 2 also gradients, 3 also weights; offload moves optimizer states (and weights) to the CPU.
void training_model_states(const Scenario& s, const Counts& c, const Placement& p, Estimate& e, Detail detail) {
  const ModelArch& m = s.model;
  const Parallel& par = s.parallel;
  MemoryBreakdown& mem = e.memory;
  const StateBytes sb = state_bytes(s.precision, s.optimizer);
  const int tp = p.tp, pp = p.pp;
  // ZeRO/FSDP shard over data x context parallel: context-parallel ranks hold the same weights and
  // reduce the same gradients (Megatron-Core's distributed optimizer uses the data-parallel group
  // with context parallel; torchtitan's FSDP mesh is dp_shard_cp).
  const int dp = p.dp * p.cp;
  // A sharded state: the experts' share over the cards that hold each expert, the rest over dp.
  const double expert_part = p.local > 0 ? p.local_expert / p.local : 0.0;
  auto shard = [&](double bytes, bool on) {
    return on ? bytes * (1.0 - expert_part) / dp + bytes * expert_part / p.expert_dp : bytes;
  };
  double trainable_local;
  if (s.task == Task::lora || s.task == Task::qlora) {
    e.trainable_params = lora_params(s);
    trainable_local = e.trainable_params / (tp * pp);
    // Frozen base in its stored format; QLoRA quantises the block linears only, embeddings,
    // norms and head stay in 16 bits (bitsandbytes Linear4bit replaces nn.Linear in blocks).
    const WeightFormat wf = s.weights;
    double base = quantised(wf) ? p.local_linear * stored_bytes(wf) + p.local_other * info(wf).other_bytes : p.local * stored_bytes(wf);
    if (par.zero >= 3) base /= dp;
    mem.weights_bytes = base + trainable_local * sb.weight / (par.zero >= 3 ? dp : 1);
    if (detail == Detail::full) e.assumptions.push_back(notice("a_lora",
                                   {std::to_string(s.lora_rank), format_count(e.trainable_params)}));
    if (quantised(wf)) {
      // The dequantised bf16 copy of the largest block matrix exists during its matmul.
      const double f = m.moe ? m.moe->expert_ffn_hidden : m.ffn_hidden;
      mem.temporary_bytes += m.hidden * std::max(f, m.heads * m.head_dim) / tp * 2.0;
    }
  } else {
    e.trainable_params = c.total;
    trainable_local = p.local;
    mem.weights_bytes = shard(p.local * sb.weight, par.zero >= 3);
  }
  if (s.task == Task::lora || s.task == Task::qlora) {
    mem.gradients_bytes = trainable_local * sb.gradient / (par.zero >= 2 ? dp : 1);
    mem.optimizer_bytes = trainable_local * sb.optimizer() / (par.zero >= 1 ? dp : 1);
  } else {
    mem.gradients_bytes = shard(trainable_local * sb.gradient, par.zero >= 2);
    mem.optimizer_bytes = shard(trainable_local * sb.optimizer(), par.zero >= 1);
  }
  if (par.offload != Offload::none) {
    e.cpu_offload_bytes += mem.optimizer_bytes;
    mem.optimizer_bytes = 0;  // ZeRO-Offload: optimizer states and step on the CPU
    // The gradients go to the CPU too, where the optimizer steps (ZeRO-Offload, Ren et al. 2021,
    // §4.1: "offloads the gradients, optimizer states and optimizer computation to CPU"; FSDP's
    // CPUOffload moves the sharded gradients to host memory). On the GPU stay one layer's 16-bit
    // gradients being reduced and the next layer's being computed.
    e.cpu_offload_bytes += mem.gradients_bytes;
    mem.gradients_bytes = m.layers > 0 ? 2.0 * trainable_local * 2.0 / std::max(1, m.layers / pp) : 0.0;
    if (detail == Detail::full) e.assumptions.push_back(notice("a_offload"));
  }
  if (par.offload == Offload::optimizer_params) {
    // ZeRO-Infinity style: parameters live on the CPU, gathered a layer at a time.
    const double per_layer = mem.weights_bytes * dp / std::max(1, m.layers);
    e.cpu_offload_bytes += mem.weights_bytes;
    mem.weights_bytes = 2 * per_layer;  // the gathered layer and the prefetched next one
  }
  // FSDP under pipeline parallelism keeps its stage's gathered 16-bit parameters from the first
  // micro-batch's forward to the last one's backward, and accumulates their unsharded gradients
  // until the last backward syncs them (torchtitan: reshard_after_forward = not pp_enabled;
  // torch.distributed.pipelining's stage turns gradient sync off for all but the last
  // micro-batch). DeepSpeed refuses ZeRO-3 with its pipeline engine.
  if (par.zero >= 3 && pp > 1 && dp > 1 && par.offload == Offload::none) {
    const double unsharded = trainable_local * 2.0 * (1.0 - 1.0 / dp);
    mem.weights_bytes += unsharded;
    mem.gradients_bytes += unsharded;
  }
  e.model_states_bytes = mem.weights_bytes + mem.gradients_bytes + mem.optimizer_bytes;
}

// [SECTION] activations (training) — split by tp (all of it with sequence parallelism; the
// norm/dropout/linear-input part of 10sbh stays whole without it, Korthikanti §4.2.2), by cp
// along the sequence; with 1F1B the first stage keeps pp micro-batches of L/pp layers.
void training_activations(const Scenario& s, const Placement& p, Estimate& e, Detail detail) {
  const ModelArch& m = s.model;
  const Parallel& par = s.parallel;
  MemoryBreakdown& mem = e.memory;
  const bool lora = s.task == Task::lora || s.task == Task::qlora;
  const double ab = info(s.precision).activation_bytes;
  const int tp = p.tp, pp = p.pp;
  const double seq_local = s.seq_len / p.cp;
  const double tokens_mb = seq_local * s.micro_batch;
  if (!m.has_shape()) {
    if (detail == Detail::full) e.warnings.push_back(notice("no_shape"));
    return;
  }
  // Stored per layer (selective recompute drops the attention scores) and while a layer is
  // rebuilt under full recompute (everything, scores included).
  auto split = [&](double per_token) {
    const double unsplit = par.sequence_parallel ? 0.0 : std::min(per_token, 5.0 * m.hidden);
    return tp > 1 ? unsplit + (per_token - unsplit) / tp : per_token;
  };
  const double per_layer_token = split(activation_elements_per_token(s, lora, seq_local, s.recompute == Recompute::none));
  const double rebuilt_layer_token = split(activation_elements_per_token(s, lora, seq_local, true));
  const double n_micro = std::max(1.0, static_cast<double>(s.global_batch) / (p.dp * s.micro_batch));
  // Micro-batches whose activations the first stage holds. 1F1B: pp of them, each of its
  // layers/pp layers. Interleaved 1F1B (vp chunks of layers/(pp*vp) layers per rank): rank 0 runs
  // 2(pp-1) + (vp-1)pp chunk forwards before its first backward, plus the one in flight, at most
  // all m*vp; all of them when m = pp (Megatron-Core pipeline_parallel/schedules.py,
  // forward_backward_pipelining_with_interleaving: num_warmup_microbatches). For large m that is
  // layers x (1 + (pp-1)/(pp*vp)), Korthikanti et al. 2022 (arXiv:2205.05198) §4.2.3.
  const double vp = pp > 1 ? par.vp : 1;
  double in_flight = pp > 1 ? std::min<double>(pp, n_micro) : 1.0;
  if (vp > 1) {
    const double chunks = n_micro * vp;
    const double warmup = n_micro == pp ? chunks : std::min(chunks, 2.0 * (pp - 1) + (vp - 1) * pp + 1);
    in_flight = warmup / vp;  // in micro-batches of layers/pp layers
  }
  const double layers_held = static_cast<double>(m.layers) / pp * in_flight;
  if (s.recompute == Recompute::full) {
    // Only each layer's input is kept; one layer is rebuilt at a time in backward.
    mem.activations_bytes = layers_held * tokens_mb * m.hidden * ab / (par.sequence_parallel ? tp : 1) + rebuilt_layer_token * tokens_mb * ab;
  } else if (uses_op_sac(s)) {
    // Op-level selective: the saved outputs of every layer, and one layer's recomputed rest.
    const double saved = op_sac(s, tp).saved;
    mem.activations_bytes = layers_held * saved * tokens_mb * ab + std::max(0.0, per_layer_token - saved) * tokens_mb * ab;
    if (detail == Detail::full) e.assumptions.push_back(notice("a_op_sac"));
  } else {
    mem.activations_bytes = layers_held * per_layer_token * tokens_mb * ab;
  }
  // Loss buffers on the last stage: 16-bit logits, their fp32 copy and its gradient
  // (10 bytes per vocab entry; fp32 training: 4 + 4), split over tp (vocab-parallel).
  const double logit_bytes = s.precision == Precision::fp32 ? 8.0 : 10.0;
  // A fused or chunked loss (Liger's fused linear cross-entropy, Unsloth, torchtune's chunked
  // loss) holds one chunk of tokens' logits at a time: 1024 tokens here, the order the
  // implementations chunk by (torchtune's CEWithChunkedOutputLoss upcasts one of 8 chunks of the
  // sequence: 1024 tokens at its recipes' 2 x 4096; Liger's chunk is the next power of two of
  // tokens x hidden / vocab: 512 for Llama 3.2 1B at 16k tokens). Which chunk a run used is not in
  // the contract. Our H200 measurement chunked 1024 positions of each of 8 sequences, 8,192 tokens
  // a chunk (46.1 GiB vs 57.2 GiB with the full logits, Llama 3.2 1B at 8 x 2048 tokens), and is
  // under-estimated for that (tests/validation.md).
  const double loss_tokens = s.loss == Loss::fused ? std::min(tokens_mb, kFusedLossChunkTokens) : tokens_mb;
  mem.logits_bytes = loss_tokens * m.vocab * logit_bytes / tp;
  // Backward scratch: the largest per-layer activation gradient, twice; with eager attention the
  // gradient of one layer's scores too (fp32 in Hugging Face's softmax backward, 16-bit in
  // Megatron's fused kernel; our H200: +9 GiB over the saved scores at 8k with recompute).
  const double f = m.moe ? m.moe->expert_ffn_hidden : m.ffn_hidden;
  mem.temporary_bytes += 2.0 * tokens_mb * std::max(f, m.hidden) * ab / tp;
  if (!s.flash_attention) {
    const double grad_bytes = s.task == Task::pretrain ? ab : 4.0;
    mem.temporary_bytes += tokens_mb * (m.heads / static_cast<double>(tp)) * seq_local * grad_bytes;
  }
}

// [SECTION] inference memory — weights in their stored format (+ quantisation constants), the
// KV cache of the batch, and the prefill's largest transient.
// The prompt tokens a continuously batching engine prefills in one forward: SGLang's
// server_args.py sets chunked_prefill_size by the card's memory (gpu_mem < 35 * 1024 MiB: 2,048;
// < 160 * 1024 MiB: 8,192; else 16,384), and vLLM V1's scheduler chunks likewise.
double prefill_chunk_tokens(double card_memory_bytes) {
  constexpr double kMiB = 1048576.0;
  if (card_memory_bytes < 35.0 * 1024 * kMiB) return 2048;
  if (card_memory_bytes < 160.0 * 1024 * kMiB) return 8192;
  return 16384;
}

void inference_memory(const Scenario& s, const Placement& p, Estimate& e) {
  const ModelArch& m = s.model;
  MemoryBreakdown& mem = e.memory;
  const WeightFormat wf = s.weights;
  const int tp = p.tp;
  // Experts on the CPU (serving.offload experts_cpu, KTransformers' and llama.cpp's
  // --override-tensor layout): the routed experts live in host memory; the rest stays here.
  const double on_card_expert = s.serving.offload == ServingOffload::experts_cpu ? 0.0 : p.local_expert;
  const double linear = p.local_linear - p.local_expert + on_card_expert;
  mem.weights_bytes = quantised(wf) ? linear * stored_bytes(wf) + p.local_other * info(wf).other_bytes : (linear + p.local_other) * stored_bytes(wf);
  if (wf == WeightFormat::fp32 && !m.has_shape()) mem.weights_bytes = p.local * 4.0;
  e.model_states_bytes = mem.weights_bytes;
  const double ctx = s.serving.prompt_tokens + s.serving.output_tokens;
  // A rank's own requests (the busiest rank's whole number of them).
  const ServeLayout l = serve_layout(s);
  const double batch = std::ceil(l.batch_per_rank - 1e-9);
  // Sliding-window layers keep at most their window of it (kv_tokens_held).
  mem.kv_cache_bytes = batch * kv_tokens_held(m, ctx) * e.kv_cache_per_token_bytes / kv_tp_shards(m, tp) / p.pp;
  if (m.has_shape()) {
    // One layer's MLP intermediates (gated: gate, up and their product) or, without
    // FlashAttention, the attention scores; plus the prompt's logits.
    // vLLM and SGLang prefill in chunks (prefill_chunk_tokens): the prompts' tokens in one forward
    // are at most a chunk. Other engines prefill the batch's prompts whole.
    double tokens = batch * s.serving.prompt_tokens;
    if ((s.serving.engine == Engine::vllm || s.serving.engine == Engine::sglang) && s.gpu && s.gpu->memory_bytes) {
      tokens = std::min(tokens, prefill_chunk_tokens(*s.gpu->memory_bytes));
    }
    const double f = m.moe ? m.moe->expert_ffn_hidden * (m.moe->top_k + m.moe->shared_experts) : m.ffn_hidden;
    const double wb = wf == WeightFormat::fp32 ? 4.0 : 2.0;
    const double mlp = tokens * f * (m.ffn_type == "gated" || m.moe ? 3.0 : 2.0) * wb / tp;
    // Without FlashAttention each query token's scores over the whole prompt.
    const double scores = s.flash_attention ? 0.0 : 2.0 * tokens * (m.heads / tp) * s.serving.prompt_tokens * wb;
    mem.activations_bytes = std::max(mlp, scores) + tokens * m.hidden * wb * 2.0;
    // Generation computes logits for each sequence's last position only (Hugging Face generate's
    // logits_to_keep=1, vLLM's sampler): 16-bit logits and their fp32 copy for sampling.
    mem.logits_bytes = batch * m.vocab * (wb + 4.0) / tp;
    if (quantised(wf)) mem.temporary_bytes = m.hidden * std::max(m.ffn_hidden, m.heads * m.head_dim) * 2.0 / tp;
  }
}

// [SECTION] totals and fit — what nvidia-smi would show: the allocated peak, the CUDA context and
// the allocator's cache; against the card's memory.
void totals_and_fit(const Scenario& s, Estimate& e, Detail detail) {
  memory_totals(s, e);
  if (detail == Detail::full) {
    static const std::string context = format_bytes_binary(hw::kContextBytes), share = format_sig(hw::kFragmentation * 100, 2);
    e.assumptions.push_back(notice("a_context",
                                   {context, share}));
  }
}

// [SECTION] FLOPs — model FLOPs per token: 6 x (active matmul parameters) + the attention term
// 12 x layers x seq x (heads x head_dim) (Korthikanti eq. for MFU; PaLM App. B). Hardware FLOPs
// add the recompute passes. LoRA: frozen weights need no weight gradient, 4N instead of 6N.
void flops_per_token(const Scenario& s, const Counts& c, Estimate& e) {
  const ModelArch& m = s.model;
  if (m.has_shape()) {
    // The output head is a matmul even when tied to the embedding; the embedding lookup is not.
    const double matmul = c.active - c.embed - c.head + m.vocab * m.hidden;
    // QK^T runs at the query-key width and PV at the value width: 6 x layers x seq x heads x
    // (d_qk + d_v), the familiar 12 x heads x head_dim when the two are equal (MLA: qk_head_dim).
    // Sliding-window layers attend to at most their window: seq is then 2 x causal_pairs / seq, the
    // keys a token meets, doubled as the causal halving below expects (seq itself without windows).
    const double keys = 2.0 * causal_pairs(m, s.seq_len) / s.seq_len;
    const double attn = 6.0 * m.layers * keys * m.heads * (qk_head_dim(m) + v_head_dim(m));
    e.model_flops_per_token = 6.0 * matmul + attn;
    double hw = e.model_flops_per_token;
    if (s.recompute == Recompute::full) hw += (2.0 * matmul + attn / 3.0);  // one more forward
    const bool sac = uses_op_sac(s);
    if (sac) hw += 2.0 * m.layers * op_sac(s, 1).recompute_params;           // every other matmul again
    else if (s.recompute == Recompute::selective) hw += attn / 3.0;           // attention forward again
    e.hardware_flops_per_token = hw;
    // FP8 training runs only the transformer layers' linear GEMMs in FP8 (Transformer Engine's
    // Linear / LayerNormLinear / LayerNormMLP); attention's QK^T and PV run in 16 bits in the
    // attention kernel, and the output head stays a 16-bit linear (Megatron-LM's output_layer is
    // not a TE module; TE's guide keeps the first and last layers in higher precision).
    const double head = static_cast<double>(m.vocab) * m.hidden;
    e.attention_flops_per_token = attn * (s.recompute == Recompute::none || sac ? 1.0 : 4.0 / 3.0);
    e.hardware_flops_16bit_per_token = e.attention_flops_per_token +
                                       head * (s.recompute == Recompute::full ? 8.0 : 6.0);
  } else {
    e.model_flops_per_token = 6.0 * c.active;
    e.hardware_flops_per_token = e.model_flops_per_token;
  }
  if (s.task == Task::lora || s.task == Task::qlora) {
    e.model_flops_per_token = e.model_flops_per_token * 4.0 / 6.0;
    e.hardware_flops_per_token = e.hardware_flops_per_token * 4.0 / 6.0;
    e.hardware_flops_16bit_per_token = e.hardware_flops_16bit_per_token * 4.0 / 6.0;
    e.attention_flops_per_token = e.attention_flops_per_token * 4.0 / 6.0;
  }
}

// [SECTION] training time — GEMM rate x size efficiency x framework efficiency, the 1F1B bubble,
// tensor-parallel all-reduces and the exposed part of the data-parallel gradient all-reduce.
void training_time(const Scenario& s, const Placement& p, Estimate& e, Detail detail) {
  const ModelArch& m = s.model;
  const Parallel& par = s.parallel;
  const Accelerator* gpu = s.gpu;
  const int tp = p.tp, pp = p.pp, cp = p.cp, dp = p.dp;
  const auto peak = gpu->peak_flops(s.precision);
  if (!peak) {
    if (detail == Detail::full) e.warnings.push_back(notice("no_peak", {word(s.precision)}));
    return;
  }
  // The measured large-GEMM share of peak: FP16's on a card without BF16 (a power-capped T4), else
  // BF16's (catalog/README.md, measured_*_matmul_tflops).
  const std::optional<double> measured_gemm = gpu->gemm_efficiency(s.precision == Precision::fp16_mixed);
  const double gemm = measured_gemm.value_or(kDefaultGemmEfficiency);
  if (!gpu->measured_from.empty()) {
    if (detail == Detail::full) e.assumptions.push_back(notice("a_sibling", {gpu->measured_from}));
  }
  if (!measured_gemm) {
    static const std::string assumed = format_sig(kDefaultGemmEfficiency, 2);
    if (detail == Detail::full) e.assumptions.push_back(notice("a_default_gemm", {assumed}));
  }
  const double h = m.has_shape() ? m.hidden : 4096;
  const double size = h / (h + kGemmHalfHidden);
  const double rate = *peak * gemm * size * kFrameworkEfficiency;  // FLOP/s achieved on compute
  const double seqs_per_step = s.global_batch;
  const double tokens_step = seqs_per_step * s.seq_len;
  const double n_micro = std::max(1.0, seqs_per_step / (dp * s.micro_batch));
  // FlashAttention runs attention's products in its own kernel at its own rate (hw::
  // attention_efficiency), and under the causal mask skips the blocks above the diagonal: half of
  // the s x s products the FLOP count holds (FlashAttention-2, arXiv:2307.08691 §3.1.1). The
  // framework's share (kFrameworkEfficiency) stretches it like every other kernel. Eager
  // attention's products are ordinary batched GEMMs.
  const auto peak_attn = s.precision == Precision::fp8_mixed ? gpu->peak_flops(Precision::bf16) : peak;
  const bool own_attention = s.flash_attention && m.has_shape() && peak_attn;
  const double attn = own_attention ? e.attention_flops_per_token : 0.0;
  const double attention_s_per_token = own_attention ? attn * 0.5 / (*peak_attn * std::min(hw::attention_efficiency(gpu->compute_capability_number), gemm)) / kFrameworkEfficiency : 0.0;
  double compute_s = tokens_step * ((e.hardware_flops_per_token - attn) / rate + attention_s_per_token) / par.gpus;
  // FP8 (Amdahl): only the linear GEMMs run at the FP8 rate. Attention's products and the head run
  // at the 16-bit rate, and the non-GEMM work (the (1 - kFrameworkEfficiency) share of a 16-bit
  // step: norms, activations, optimizer, plus FP8's casts and scaling) takes the time it takes in
  // 16 bits. At 16 bits this is the line above; FP8 GEMMs at 2x give 1.3-1.5x per step, not 2x
  // (measured FP8 speed-ups over BF16: tests/validation.md M8).
  const auto peak16 = s.precision == Precision::fp8_mixed ? gpu->peak_flops(Precision::bf16) : std::nullopt;
  if (peak16 && *peak16 < *peak) {
    const double gemm8 = *peak * gemm * size, gemm16 = *peak16 * gemm * size;
    const double f16 = std::min(e.hardware_flops_16bit_per_token, e.hardware_flops_per_token);
    const double per_token = (e.hardware_flops_per_token - f16) / gemm8 + (f16 - attn) / gemm16 + attention_s_per_token +
                             (1.0 / kFrameworkEfficiency - 1.0) * (e.hardware_flops_per_token - attn) / gemm16;  // attention's own share is in attention_s_per_token
    compute_s = tokens_step * per_token / par.gpus;
  }
  if (s.mfu) compute_s = tokens_step * e.model_flops_per_token / par.gpus / (*s.mfu * *peak);
  // MoE token shuffling, memory-bound kernels outside the GEMMs that a dense layer does not run
  // (kFrameworkEfficiency, set against dense runs, scales with the FLOPs, which fine-grained MoE has
  // few of): Megatron-Core's AllToAll dispatcher (megatron/core/transformer/moe/moe_utils.py) copies
  // each token's k rows of hidden into expert order (permute: k x h read, k x h written), sorts the
  // received chunks by local expert and back when a rank holds several experts under EP
  // (sort_chunks_by_idxs: 2 x 2 x k x h), runs the gated activation on k x ffn (2 k f read, k f
  // written) and sums the k rows back (unpermute, fused with the routing weights: k x h read, h
  // written). Backward moves the same rows once more, its activation gradient reading the gradient
  // and the saved input and writing the input's gradient (k f + 2 k f + 2 k f). 16-bit elements at
  // the card's memory bandwidth (kMemoryBandwidthEfficiency); full recompute runs the forward again.
  e.moe_shuffle_s_per_step = 0;
  if (m.moe && m.has_shape() && gpu->memory_bandwidth_bytes_per_s && !s.mfu) {
    const double k = m.moe->top_k, hh = m.hidden, f = m.moe->expert_ffn_hidden > 0 ? m.moe->expert_ffn_hidden : m.ffn_hidden;
    const bool sorted = par.ep > 1 && m.moe->experts > par.ep;  // several experts on a rank
    const double rows = (sorted ? 7.0 : 3.0) * k * hh + hh;     // permute 2kh, unpermute kh + h, sorts 4kh
    const double fwd = rows + 3.0 * k * f, bwd = rows + 5.0 * k * f;
    const double elements = (s.recompute == Recompute::full ? 2.0 : 1.0) * fwd + bwd;
    const double moe_layers = std::max(0, m.layers - m.moe->dense_layers);
    e.moe_shuffle_s_per_step = tokens_step * moe_layers * elements * 2.0 / par.gpus / (*gpu->memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency);
    compute_s += e.moe_shuffle_s_per_step;
  }
  // Pipeline bubble of 1F1B: (pp - 1) / (m + pp - 1) of the step; the interleaved schedule with vp
  // chunks per rank cuts the bubble's time by vp: (pp - 1) / vp stage-times against m of work
  // (Narayanan et al. 2021, arXiv:2104.04473 §2.2.1-2.2.2).
  const double idle = pp > 1 ? (pp - 1.0) / par.vp : 0.0;
  const double bubble = pp > 1 ? idle / (n_micro + idle) : 0.0;
  double step_s = compute_s / (1.0 - bubble);
  // Eager attention: the materialised scores' memory traffic, beyond the FLOPs (the FlashAttention
  // paper's point: attention is memory-bound without tiling, arXiv:2205.14135 §2).
  if (!s.flash_attention && m.has_shape() && gpu->memory_bandwidth_bytes_per_s && !s.mfu) {
    const double elements = s.micro_batch * (m.heads / static_cast<double>(tp)) * (s.seq_len / cp) * s.seq_len * m.layers / pp;
    step_s += n_micro * elements * eager_traffic_bytes(s, m.ffn_type == "plain") /
              (*gpu->memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency);
  }
  // Tensor parallel: 4 all-reduces of (tokens x hidden x 2 B) per layer and micro-batch
  // (2 forward, 2 backward; +2 with full recompute), ring cost 2(t-1)/t x bytes / bandwidth.
  if (tp > 1 && m.has_shape()) {
    const TpLink link = tp_link(*gpu, tp, s.parallel.scale_out_gbps);
    const double bw = link.bytes_per_s;
    if (detail == Detail::full) {
      if (link.mesh_subset) e.assumptions.push_back(notice("a_mesh_links", {std::to_string(tp), std::to_string(tp - 1)}));
      if (link.route == TpLink::Route::unknown_fast) e.warnings.push_back(notice("link_bw_unknown",
                                  {gpu->interconnect_name}));
      if (link.route == TpLink::Route::pcie || link.route == TpLink::Route::network) {
        const bool in_node = link.route == TpLink::Route::pcie;
        e.warnings.push_back(notice(in_node ? "tp_over_pcie" : "tp_over_network",
                                  {std::to_string(tp)}));
      }
    }
    const double bytes = s.micro_batch * (s.seq_len / cp) * m.hidden * 2.0;
    const double per_op = 2.0 * (tp - 1.0) / tp * bytes / bw;
    const double ops = (s.recompute == Recompute::full ? 6.0 : 4.0) * m.layers / pp;
    if (!s.mfu) step_s += per_op * ops * n_micro;
  }
  // Context parallel: ring attention as Megatron-Core runs it (Transformer Engine's default "p2p"
  // CP, AttnFuncWithCPAndKVP2P: "Exchange KV between CP ranks with P2P in ring topology. Split
  // attention compute into multiple steps, and overlap current-step compute with next-step
  // communication": transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py).
  // Each layer's forward passes its rank's K and V chunk cp - 1 times around the ring; backward
  // passes K and V and their gradients dK and dV (twice the bytes), and a full-recompute forward
  // passes them once more. Each send runs beside one step's attention (the local queries against one
  // chunk), so only what a send takes beyond that step waits. The ring's ranks are tp apart
  // (Megatron's rank order tp-cp-dp-pp): inside the server over the fast link while tp x cp fits its
  // domain, else over each card's own NIC (hardware.h, rail-optimised servers).
  e.cp_exposed_s_per_step = 0;
  if (cp > 1 && m.has_shape() && !s.mfu) {
    const double chunk_tokens = s.micro_batch * (s.seq_len / static_cast<double>(cp));
    const double kv_heads_local = std::max(1.0, static_cast<double>(m.kv_heads) / tp);  // GQA under TP > kv_heads replicates a head
    const double chunk_bytes = chunk_tokens * kv_heads_local * (qk_head_dim(m) + v_head_dim(m)) * 2.0;  // K and V, 16 bits
    const int ring_cards = tp * cp;
    const bool fast = ring_cards <= std::min(gpu->domain_cards.value_or(1), hw::kCardsPerNode) &&
                      gpu->interconnect_kind != InterconnectKind::pcie && gpu->interconnect_bytes_per_s_bidirectional;
    const double ring_bytes_per_s = fast ? *gpu->group_bytes_per_s_bidirectional(2) / 2.0 * hw::kLinkEfficiency
                                         : (ring_cards <= hw::kCardsPerNode ? hw::pcie_bytes_per_s(gpu->pcie_gen) : scale_out_bytes_per_s(*gpu, s.parallel.scale_out_gbps)) * hw::kLinkEfficiency;
    const double passes = s.recompute == Recompute::full ? 4.0 : 3.0;
    // One step's attention on this card, forward, backward (and recompute) together: the layer's
    // share of attention_s_per_token for the rank's queries, over its tp share of the heads, in cp steps.
    const double step_attention_s = chunk_tokens * attention_s_per_token / tp / m.layers / cp;
    const double layers_here = m.layers / static_cast<double>(pp);
    e.cp_exposed_s_per_step = n_micro * layers_here * (cp - 1.0) * std::max(0.0, passes * chunk_bytes / ring_bytes_per_s - step_attention_s);
    step_s += e.cp_exposed_s_per_step;
  }
  // Data parallel: gradient all-reduce 2(d-1)/d x bytes over the data x context parallel group
  // (context-parallel ranks reduce the same gradients), overlapped with the backward pass.
  if (const int group = dp * cp; group > 1) {
    const double elem_bytes = s.precision == Precision::fp32 ? 4.0 : 2.0;
    const double grad_bytes = e.trainable_params / (tp * pp) * elem_bytes;
    const bool multi_node = par.gpus > hw::kCardsPerNode;
    // Ranks of the group in one server (tensor parallel fills the server first, Megatron's order
    // tp-cp-dp-pp). Across servers each rank's traffic leaves through its own NIC (rail-optimised
    // DGX/HGX fabric, one NIC per GPU): the group's ring gets per_node NICs per server, and with
    // TP 8 each GPU's data-parallel ring has its own NIC alone (nccl-tests' bus bandwidth between
    // servers is the NICs' sum, NCCL docs "Performance reported by NCCL tests").
    const int per_node = std::max(1, std::min(group, hw::kCardsPerNode / std::max(1, tp)));
    e.dp_ring_cards_per_server = per_node;
    const double bw = multi_node ? scale_out_bytes_per_s(*gpu, s.parallel.scale_out_gbps) * per_node * hw::kLinkEfficiency
                                 : gpu->group_bytes_per_s_bidirectional(group).value_or(hw::kPcieGen4BytesPerS * 2) / 2.0 * hw::kLinkEfficiency;
    e.dp_traffic_bytes_per_step = 2.0 * (group - 1.0) / group * grad_bytes;
    double comm = e.dp_traffic_bytes_per_step / bw;
    if (par.zero >= 3) {
      // ZeRO-3 / FSDP full sharding gathers every layer's 16-bit parameters before its forward and
      // again before its backward, and reduce-scatters its gradients after, in each micro-batch:
      // DeepSpeed's stage 3 re-fetches released parameters per forward and reduces gradients every
      // backward; FSDP frees them after use (reshard_after_forward; Zhao et al. 2023, PyTorch FSDP,
      // arXiv:2304.11277 §3.2-3.3). A frozen base (LoRA) is gathered too, in its stored format.
      // Under a pipeline torchtitan keeps the stage's parameters gathered across micro-batches
      // (reshard_after_forward = not pp_enabled): once per step.
      const double gathered_bytes = quantised(s.weights) ? p.local_linear * stored_bytes(s.weights) + p.local_other * info(s.weights).other_bytes
                                                         : p.local * elem_bytes;
      const double passes = pp > 1 ? 1.0 : n_micro;
      e.dp_traffic_bytes_per_step = passes * (group - 1.0) / group * (2.0 * gathered_bytes + grad_bytes);
      comm = e.dp_traffic_bytes_per_step / bw;
      // Each of those three collectives per layer is an NCCL ring (all-gather and reduce-scatter
      // have no tree algorithm) whose latency grows with the ranks (hardware.h, NCCL's own tuning
      // model): g - 1 steps, nodes - 1 of which cross the network; with one rank per server
      // (tp = 8) NCCL's PAT. At 1,000+ ranks either is milliseconds per collective. Other vendors'
      // libraries (HCCL, RCCL) are taken as alike: no figures of theirs are at hand.
      const int nodes = (group + per_node - 1) / per_node;
      const bool nvlink = gpu->interconnect_kind != InterconnectKind::pcie && gpu->domain_cards.value_or(1) >= per_node;
      double intra_us = nvlink ? hw::kNcclNvlinkStepUs : hw::kNcclPcieStepUs;
      if (nodes > 1) intra_us = std::max(intra_us, hw::kNcclMinStepAcrossServersUs);
      double latency_us = hw::kNcclRingBaseUs + (group - nodes) * intra_us + (nodes - 1) * hw::kNcclNetworkStepUs;
      if (per_node == 1 && nodes > 1) {
        const double pat_us = hw::kNcclPatBaseUs + std::floor(std::log2(nodes)) * hw::kNcclPatPerDoublingUs + group * hw::kNcclPatPerRankUs;
        latency_us = std::min(latency_us, pat_us);
      }
      comm += passes * 3.0 * (static_cast<double>(m.layers) / pp) * latency_us * 1e-6;
    }
    const double exposed = std::max(0.0, comm - kDpOverlap * compute_s);
    e.dp_hide_s = kDpOverlap * compute_s;
    if (!s.mfu) step_s += exposed;
    if (!s.mfu && par.zero >= 3 && exposed > 0.1 * step_s && detail == Detail::full) {
      const std::string share = format_sig(100.0 * exposed / step_s, 2);
      e.warnings.push_back(notice("dp_exposed",
                                  {share}));
    }
  }
  // Expert parallelism: each MoE layer dispatches every token's hidden state to its top-k experts'
  // ranks and combines the results back, in forward and again in backward: 4 all-to-alls per layer
  // and micro-batch (+2 with full recompute), each moving tokens x top_k x hidden x 2 B from every
  // GPU, (ep - 1)/ep of it to other ranks (Megatron-Core's AllToAll token dispatcher; Lepikhin et
  // al. 2020, GShard §2.2). The ranks of the group in this server take the fast link, the rest the
  // network; Megatron runs them unoverlapped unless told to overlap. With the expert tensor-
  // parallel size 1 (placement above) the group is ep consecutive ranks, as many together as the
  // card's fast domain holds (the folding's etp-ep-edp-pp rank order): 8 in an HGX server, 72 in a
  // GB200/GB300 NVL72 rack, whose NVLink switches join all 72 GPUs at the full per-GPU rate (NVIDIA
  // GB200 NVL72 datasheet: "72 NVLink-connected Blackwell GPUs", 1.8 TB/s each).
  // What the expert all-to-all adds to the step, and the copies of a token the plain dispatch sends
  // to other servers (0: none cross, or the dispatch is deduplicated).
  double a2a_exposed_s = 0, plain_copies_across = 0;
  if (m.moe && par.ep > 1 && m.has_shape() && !s.mfu) {
    const int ep = par.ep;
    const double tokens = s.micro_batch * (s.seq_len / cp) / (par.sequence_parallel ? tp : 1);
    const double sent_bytes = tokens * m.moe->top_k * m.hidden * 2.0 * (ep - 1.0) / ep;
    const int domain = gpu->domain_cards.value_or(1);
    const double in_server = std::min<double>(ep, std::max(1, domain));  // ranks
    double remote_bytes = sent_bytes * (1.0 - in_server / ep) * ep / (ep - 1.0);
    double local_bytes = sent_bytes - remote_bytes;
    // Deduplicated dispatch (parallel.ep_dedup): DeepEP's normal kernels and HybridEP send a token
    // once to each other server that holds any of its experts ("Removes redundant tokens during
    // cross-node communication", megatron/core/transformer/moe/README.md; DeepEP's layout kernel
    // counts a token once per destination node), and that server forwards it over its fast link
    // to the experts' cards (DeepSeek-V3, arXiv:2412.19437 §3.2.2: "first transmitted via IB to the
    // GPUs with the same in-node index on its target nodes ... instantaneously forwarded via
    // NVLink"); combine returns the same way: dedup_servers_reached copies cross, and its k copies
    // travel inside servers over the fast link.
    if (par.ep_dedup && ep > in_server) {
      remote_bytes = tokens * m.hidden * 2.0 * dedup_servers_reached(*m.moe, ep / in_server);
      local_bytes = tokens * m.moe->top_k * m.hidden * 2.0 * (in_server - 1.0) / in_server;
    }
    const double local_bytes_per_s = (gpu->group_bytes_per_s_bidirectional(static_cast<int>(in_server)).value_or(hw::pcie_bytes_per_s(gpu->pcie_gen) * 2)) / 2.0 * hw::kLinkEfficiency;
    // A group with one rank per server (tp fills the server) sends nothing over the fast link,
    // whose per-card share is then zero on a full mesh: no bytes take no time (not 0/0).
    const double local_s = local_bytes > 0 ? local_bytes / local_bytes_per_s : 0.0;
    const double a2a_s = std::max(remote_bytes / (scale_out_bytes_per_s(*gpu, s.parallel.scale_out_gbps) * hw::kLinkEfficiency), local_s);
    const double moe_layers = std::max(0, m.layers - m.moe->dense_layers) / static_cast<double>(pp);
    const double a2a_total_s = a2a_s * (s.recompute == Recompute::full ? 6.0 : 4.0) * moe_layers * n_micro;
    // Overlapped (parallel.ep_overlap: Megatron-Core's combined 1F1B pairs each micro-batch's
    // forward with another's backward and runs one's all-to-all under the other's compute; DeepSeek-
    // V3's DualPipe likewise): what the compute cannot cover waits, and of the rest only the share
    // Megatron-Core was measured to hide (kEpOverlapHiddenShare).
    a2a_exposed_s = par.ep_overlap ? std::max(a2a_total_s - compute_s, a2a_total_s * (1.0 - kEpOverlapHiddenShare)) : a2a_total_s;
    step_s += a2a_exposed_s;
    e.ep_a2a_exposed_s_per_step = a2a_exposed_s;
    if (!par.ep_dedup && ep > in_server) plain_copies_across = m.moe->top_k * (1.0 - in_server / ep);
  }
  // LoRA's adapters run as their own small kernels, bound by memory traffic
  // (lora_traffic_bytes_per_token); QLoRA's bitsandbytes dequantises each NF4 matrix to 16 bits
  // before every matmul, forward and backward (hw::kDequantBytesPerParam).
  const bool lora = s.task == Task::lora || s.task == Task::qlora;
  if (lora && m.has_shape() && gpu->memory_bandwidth_bytes_per_s && !s.mfu) {
    const double bw = *gpu->memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency;
    double extra_s = tokens_step / par.gpus * lora_traffic_bytes_per_token(s) / bw;
    if (quantised(s.weights)) extra_s += n_micro * (s.recompute == Recompute::full ? 3.0 : 2.0) * p.local_linear * hw::kDequantBytesPerParam / bw;
    step_s += extra_s;
    if (detail == Detail::full) {
      const std::string share = format_sig(100.0 * extra_s / step_s, 2);
      e.assumptions.push_back(notice("a_lora_traffic", {share}));
    }
  }
  // Offload: each step the GPU sends its 16-bit gradient shard to the CPU and takes the updated
  // 16-bit parameters back over PCIe, around the CPU's optimizer step (ZeRO-Offload, Ren et al.
  // 2021, Fig. 2; its one-step delayed update, off by default, is what would hide it). Parameter
  // offload also fetches the parameters for every forward and backward pass (ZeRO-Infinity). The
  // CPU's Adam step itself is not counted.
  if (par.offload != Offload::none && !s.mfu) {
    const double shard = static_cast<double>(dp) * cp;
    const double trainable = e.trainable_params / (tp * pp) / shard;
    double pcie_bytes = 2.0 * trainable * 2.0;
    if (par.offload == Offload::optimizer_params) pcie_bytes += p.local / shard * 2.0 * (s.recompute == Recompute::full ? 3.0 : 2.0) * n_micro;
    step_s += pcie_bytes / (hw::pcie_bytes_per_s(gpu->pcie_gen) * hw::kLinkEfficiency);
  }
  e.step_time_s = step_s;
  // The plain all-to-all across servers, where it costs a tenth of the step or more: say what the
  // deduplicated dispatch would save (the copies that cross, the share of the step it waits).
  if (detail == Detail::full && plain_copies_across > 0 && a2a_exposed_s > 0.1 * step_s) {
    e.warnings.push_back(notice("ep_plain_across", {format_sig(plain_copies_across, 2), format_sig(100.0 * a2a_exposed_s / step_s, 2)}));
  }
  e.tokens_per_s_per_gpu = tokens_step / step_s / par.gpus;
  e.tflops_per_gpu = *e.tokens_per_s_per_gpu * e.model_flops_per_token / 1e12;
  e.hardware_tflops_per_gpu = *e.tokens_per_s_per_gpu * e.hardware_flops_per_token / 1e12;
  e.mfu = *e.tokens_per_s_per_gpu * e.model_flops_per_token / *peak;
  if (s.tokens) {
    e.gpu_hours = *s.tokens / *e.tokens_per_s_per_gpu / 3600.0;
    e.days = *e.gpu_hours / par.gpus / 24.0;
    const double effective = effective_training_time(par.gpus);
    e.gpu_hours_expected = *e.gpu_hours / effective;
    e.days_expected = *e.days / effective;
    const double slow = effective_training_time_slow(par.gpus);
    e.gpu_hours_expected_slow = *e.gpu_hours / slow;
    e.days_expected_slow = *e.days / slow;
    const double manual = effective_training_time_manual(par.gpus);
    e.gpu_hours_manual = *e.gpu_hours / manual;
    e.days_manual = *e.days / manual;
    if (detail == Detail::full) {
      e.assumptions.push_back(notice("a_expected_run", {format_sig(effective * 100, 3), std::to_string(par.gpus)}));
      e.assumptions.push_back(notice("a_expected_run_slow", {format_sig(slow * 100, 3)}));
      e.assumptions.push_back(notice("a_run_manual", {format_sig(manual * 100, 3)}));
    }
  }
  if (gpu->interconnect_kind == InterconnectKind::nvlink_capped && tp > 1) {
    if (detail == Detail::full) e.warnings.push_back(notice("nvlink_capped", {gpu->name}));
  }
  if (s.precision == Precision::fp8_mixed && !gpu->peak_flops(Precision::fp8_mixed)) {
    if (detail == Detail::full) e.warnings.push_back(notice("no_fp8", {gpu->name}));
  }
  // A card of several dies that software sees as separate NPUs (the 910C: 16 devices per 8-card
  // server, each ~64 GB; catalog notes): with data parallel alone and replicated weights (ZeRO
  // below 3) each die holds a whole copy, and the fit was judged against one die (memory_totals).
  if (replicas_per_die(s) && gpu->memory_bytes && detail == Detail::full) {
    e.warnings.push_back(notice("dies_replica", {gpu->name, std::to_string(gpu->dies), format_bytes_binary(*gpu->memory_bytes / gpu->dies)}));
  }
}

// [SECTION] serving — prefill is compute-bound (2N FLOPs per prompt token); decode is
// memory-bound: each step reads the weights and the KV cache once. Per card of a data-parallel
// attention rank (serve_layout), with expert parallelism, speculative decoding, prefix caching,
// separate prefill and decode pools and experts on the host (SCENARIO.md "LLM serving at scale").
void serving(const Scenario& s, const Counts& c, const Placement& p, Estimate& e, Detail detail) {
  const Accelerator* gpu = s.gpu;
  const MemoryBreakdown& mem = e.memory;
  const ModelArch& m = s.model;
  const Serving& v = s.serving;
  const int tp = p.tp;
  const int ep = s.parallel.ep;
  const ServeLayout lay = serve_layout(s);
  const double b = lay.batch_per_rank;
  const bool experts_cpu = v.offload == ServingOffload::experts_cpu && m.moe;
  // Prompts are computed at the 16-bit rate, FP8 and quantised weights too: TensorRT-LLM v0.5's
  // FP8 first-token figures on H100 (2,048 tokens of a 7B in 36 ms: ~760 TFLOP/s) are at the BF16
  // GEMM rate, not FP8's; newer engines and the L40S get more from FP8 (tests/validation.md M11).
  // SGLang runs an FP8 checkpoint as W8A8 on a card with FP8 (its Fp8LinearMethod quantises the
  // activations per token group and calls w8a8_block_fp8_matmul / DeepGEMM:
  // python/sglang/srt/layers/quantization/fp8.py): its GEMMs run at the FP8 rate.
  const auto fp8_support = gpu->support.find("fp8");
  const bool fp8_gemm = v.engine == Engine::sglang && s.weights == WeightFormat::fp8 && fp8_support != gpu->support.end() &&
                        fp8_support->second.level == "yes" && gpu->peak_flops(Precision::fp8_mixed);
  const auto peak16 = gpu->peak_flops(s.weights == WeightFormat::fp16 ? Precision::fp16_mixed : Precision::bf16);
  const auto peak = fp8_gemm ? gpu->peak_flops(Precision::fp8_mixed) : peak16;
  if (peak && peak16 && gpu->memory_bandwidth_bytes_per_s) {
    // A prompt of n tokens: 2N FLOPs per token in the linear layers at the GEMM rate, and the causal
    // attention over the prompt, 2 x layers x heads x (d_qk + d_v) x n^2 / 2 FLOPs (the forward
    // third of the training count above, the causal mask skipping half), at the attention
    // kernels' rate (hw::attention_efficiency; FlashAttention-2, arXiv:2307.08691 §3.1.1).
    // The card's measured large-GEMM share of its peak where the catalog has one, as training and
    // the image estimator take it (catalog/README.md, measured_*_matmul_tflops), else the default.
    const double gemm_efficiency = gpu->gemm_efficiency(s.weights == WeightFormat::fp16).value_or(kDefaultGemmEfficiency);
    const double gemm_flop_per_s = *peak * gemm_efficiency;
    const bool hopper_engine = gpu->compute_capability_number >= 9.0 &&
                               (v.engine == Engine::sglang || v.engine == Engine::vllm || v.engine == Engine::tensorrt_llm);
    const double attention_flop_per_s = *peak16 * std::min(hopper_engine ? kHopperServingAttentionEfficiency : hw::attention_efficiency(gpu->compute_capability_number),
                                                           gemm_efficiency);
    // The decode step's attention: FlashMLA for MLA under those engines on Hopper.
    const double decode_attention_flop_per_s = hopper_engine && m.mla ? *peak16 * kFlashMlaEfficiency : attention_flop_per_s;
    const double bytes_per_s = *gpu->memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency;
    // The tensor-parallel group's link: NVLink-class when the group fits the card's fast domain.
    const bool tp_nvlink = gpu->interconnect_kind != InterconnectKind::pcie && gpu->domain_cards.value_or(1) >= tp;
    const double layers = m.has_shape() ? static_cast<double>(m.layers) : 0.0;  // all stages'
    const double moe_layers = m.moe ? static_cast<double>(m.layers - m.moe->dense_layers) : 0.0;
    // The weights a forward reads on this card: everything but the routed experts once, and of the
    // experts the share the forward's tokens touch (touched_share). The tokens of one expert group
    // are those of the ep / tp ranks whose cards hold it (with ep 1, the rank's own).
    const double expert_bytes = experts_cpu ? 0.0 : p.local_expert * stored_bytes(s.weights);
    const double dense_bytes = mem.weights_bytes - expert_bytes;
    const double ranks_per_group = ep > 1 ? std::max(1.0, static_cast<double>(ep) / tp) : 1.0;
    // The linear layers stream their weights at the card's memory rate, or where a decode-sized
    // GEMM measurably streams them slower, at that (catalog measured_weight_read_gb_s: the H20's 78
    // SMs keep too few loads in flight for its 4.0 TB/s; DeepGEMM reads 1.88 TB/s there).
    const double weight_bytes_per_s = std::min(bytes_per_s, gpu->measured_weight_read_bytes_per_s.value_or(bytes_per_s));
    auto read_s = [&](double tokens) {
      return (dense_bytes + expert_bytes * touched_share(m, tokens * ranks_per_group)) * p.pp / weight_bytes_per_s;
    };
    // Routed parameters a token computes through: top_k of each MoE layer's experts.
    const double routed_active = m.moe && m.moe->experts > 0 ? c.expert * m.moe->top_k / m.moe->experts : 0.0;
    const double gpu_active = experts_cpu ? c.active - routed_active : c.active;
    auto linear_compute_s = [&](double tokens) { return tokens * 2.0 * gpu_active / tp / gemm_flop_per_s; };
    // A token passes every pipeline stage in turn, each reading its own shard of the weights.
    auto small_kernels_s = [&](double tokens) {
      const double traffic_s = m.has_shape() ? tokens * m.hidden * 4.0 / bytes_per_s : 0.0;  // 2 B read + 2 B written
      const double kernels = layers * (kDecodeSmallKernelsPerLayer + (fp8_gemm ? kW8A8QuantKernelsPerLayer : 0)) + moe_layers * kMoeSmallKernelsPerLayer;
      return kernels * std::max(hw::kSmallKernelS, traffic_s);
    };
    // Expert parallelism: each MoE layer sends every token's hidden state to the cards of its top_k
    // experts and back (dispatch and combine all-to-all; GShard §2.2). DeepEP, which SGLang's and
    // vLLM's expert parallelism use, dispatches in FP8 and combines in BF16 (deepseek-ai/DeepEP
    // docs/legacy.md: "FP8 dispatching and BF16 combining"); 16 bits both ways for 16-bit weights.
    // A card sends its share of the rank's tokens (tokens / tp), (ep - 1) / ep of them to other cards:
    // over the fast link while the group fits the card's scale-up domain, else the share beyond it
    // over the card's NIC, which binds. Check: DeepEP's low-latency dispatch of 128 tokens x top 8 x
    // 7168 at EP 64 over 400 Gb/s NICs (~50 GB/s) takes 173 us (same table); this gives 7.3 MB x
    // (1 - 8/64) / 40 GB/s = 161 us.
    // A prompt's forward under parallel.ep_dedup runs DeepEP's normal kernels, which send a token
    // once to each other server that holds any of its experts and forward it over NVLink there
    // (dedup_servers_reached; DeepEP README: normal kernels "with NVLink and RDMA forwarding" for
    // "training and inference prefilling", low-latency kernels "with pure RDMA" for decoding, which
    // send each of a token's k copies on its own: SGLang's --deepep-mode auto picks by batch kind).
    // The ranks that share the card's fast domain (an HGX server's 8, an NVL72 rack's 72), as in training.
    const int ep_in_server = std::min(ep, std::max(1, gpu->domain_cards.value_or(1)));
    // Expert traffic leaves the fast domain over the NICs (cards without a fast link exchange over
    // PCIe, where no server forwards anything: ep_all_to_all_s).
    const bool ep_crosses = ep > ep_in_server && gpu->interconnect_kind != InterconnectKind::pcie;
    const bool dedup_prefill = s.parallel.ep_dedup && ep_crosses;
    auto a2a_s = [&](double tokens, bool prompt) {
      if (ep <= 1 || !m.moe || !m.has_shape() || experts_cpu) return 0.0;
      const double bytes_each = (s.weights == WeightFormat::fp8 ? 1.0 : 2.0) + 2.0;  // dispatch + combine
      if (prompt && dedup_prefill) {
        const double servers = static_cast<double>(ep) / ep_in_server;
        const double remote_bytes = tokens / tp * m.hidden * bytes_each * dedup_servers_reached(*m.moe, servers);
        const double local_bytes = tokens / tp * m.moe->top_k * m.hidden * bytes_each * (ep_in_server - 1.0) / ep_in_server;
        const double local_bytes_per_s = gpu->group_bytes_per_s_bidirectional(ep_in_server).value_or(hw::pcie_bytes_per_s(gpu->pcie_gen) * 2) / 2.0 * hw::kLinkEfficiency;
        const double remote_s = remote_bytes / (scale_out_bytes_per_s(*gpu, s.parallel.scale_out_gbps) * hw::kLinkEfficiency);
        return moe_layers * (std::max(remote_s, local_bytes > 0 ? local_bytes / local_bytes_per_s : 0.0) + 2.0 * hw::kSmallKernelS);
      }
      const double per_token = m.moe->top_k * m.hidden * bytes_each;
      return moe_layers * (ep_all_to_all_s(*gpu, ep, tokens / tp * per_token, s.parallel.scale_out_gbps) + 2.0 * hw::kSmallKernelS);
    };
    // Experts on the host: each step's routed experts run on the CPU, reading the touched experts'
    // weights from host memory and computing top_k of them per token, near the ridge as on the card.
    // The host: serving.cpu, else SCENARIO.md's default (kDefaultHost*).
    const double host_gb_s = v.cpu && v.cpu->memory_gb_s ? *v.cpu->memory_gb_s : kDefaultHostMemoryGbS;
    const double host_tflops = v.cpu && v.cpu->tflops ? *v.cpu->tflops : kDefaultHostTflops;
    const double cpu_bytes_per_s = host_gb_s * 1e9 * hw::kMemoryBandwidthEfficiency;
    const double cpu_flop_per_s = host_tflops * 1e12 * kDefaultGemmEfficiency;
    auto experts_cpu_s = [&](double tokens) {
      if (!experts_cpu) return 0.0;
      const double bytes = c.expert * stored_bytes(s.weights) * touched_share(m, tokens);
      return hw::smooth_roofline_s(tokens * 2.0 * routed_active / cpu_flop_per_s, bytes / cpu_bytes_per_s);
    };
    // An eager engine's forward takes at least its kernels' dispatch from the host (the GPU runs
    // behind the Python loop; generate() syncs every token to test for the end of the sequence).
    auto host_s = [&](double tokens) {
      if (v.engine != Engine::transformers || !m.has_shape()) return 0.0;
      const double experts = m.moe && m.moe->experts > 0 ? m.moe->experts * touched_share(m, tokens) : 0.0;
      const double kernels = layers * kHfEagerKernelsPerLayer + kHfEagerKernelsPerToken +
                             moe_layers * (kHfEagerRouterKernels + experts * kHfEagerKernelsPerExpert);
      return kernels * hw::kEagerInferenceDispatchS;
    };
    // Attention FLOPs per query token and cached token: QK^T and PV over every head. MLA decodes in
    // its absorbed form (DeepSeek-V2, arXiv:2405.04434 §2.1.2-2.1.3: W^UK folded into the query and
    // W^UV into the output), each head attending over the cached latent (kv_lora_rank + rope dims)
    // and its values of kv_lora_rank: FlashMLA's kernel.
    const double attn_dims = m.mla ? (m.mla->kv_lora_rank + m.mla->qk_rope_head_dim) + m.mla->kv_lora_rank : qk_head_dim(m) + v_head_dim(m);
    const double attn_flop_per_query_ctx = m.has_shape() ? 2.0 * m.layers * m.heads * attn_dims / tp : 0.0;
    // A forward over a prompt of n tokens (`cached` of them already in the KV cache: prefix
    // caching): its linear layers read the weights once and compute 2N FLOPs per new token, near
    // the ridge slower than either alone (hw::smooth_roofline_s; a short prompt is bandwidth-bound,
    // a long one compute-bound: Pope et al. 2022, "Efficiently Scaling Transformer Inference", §2);
    // then the causal attention of the new tokens over the whole prompt at the attention kernels'
    // rate; then each layer's small kernels (norms, rotary, the KV-cache write, the activation:
    // vLLM's Llama layer, see below), each its launch or its activations' traffic, whichever is longer.
    auto prompt_s = [&](double n, double prompts, double cached) {
      const double fresh = std::max(0.0, n - cached);
      double t = hw::smooth_roofline_s(linear_compute_s(prompts * fresh), read_s(prompts * fresh));
      if (m.has_shape()) {  // one attention kernel per layer, at least a small kernel's time
        t += std::max(prompts * 2.0 * m.layers * m.heads * (qk_head_dim(m) + v_head_dim(m)) * (causal_pairs(m, n) - causal_pairs(m, cached)) / tp / attention_flop_per_s,
                      layers * hw::kSmallKernelS);
      }
      return t + small_kernels_s(prompts * fresh) + a2a_s(prompts * fresh, true) + experts_cpu_s(prompts * fresh);
    };
    // Under tensor parallelism the prompt's forward all-reduces its activations twice per layer
    // (after attention and after the MLP, Megatron-LM's layout): tokens x hidden x 2 B each, an NCCL
    // ring, 2(t - 1)/t of the bytes over the group's link plus the ring's latency (hardware.h).
    // Every stage's layers count: a prompt passes them all, as its compute above does.
    const double tp_link_bytes_per_s = tp > 1 ? tp_link(*gpu, tp, s.parallel.scale_out_gbps).bytes_per_s : 0.0;
    auto prefill_allreduce_s = [&](double tokens) {
      if (tp <= 1 || !m.has_shape()) return 0.0;
      const double latency_s = (hw::kNcclRingBaseUs + (tp - 1) * (tp_nvlink ? hw::kNcclNvlinkStepUs : hw::kNcclPcieStepUs)) * 1e-6;
      const double bytes = tokens * m.hidden * 2.0;
      return 2.0 * m.layers * (latency_s + 2.0 * (tp - 1.0) / tp * bytes / tp_link_bytes_per_s);
    };
    const double n = v.prompt_tokens;
    const double cached = v.prefix_cache_hit * n;
    auto prompt_total_s = [&](double len, double prompts, double in_cache) {
      return std::max(prompt_s(len, prompts, in_cache) + prefill_allreduce_s(prompts * std::max(0.0, len - in_cache)), host_s(prompts * std::max(0.0, len - in_cache)));
    };
    // The batch's prompts as one forward per rank (engines batch their prefills); no prompt, no forward.
    const PoolRole role = v.disaggregated ? v.disaggregated->role : PoolRole::both;
    if (role != PoolRole::decode) {
      e.prefill_s = n > 0 ? prompt_total_s(n, b, cached) : 0.0;
      // A plain all-to-all across servers where it costs a tenth of the prefill or more: say what
      // DeepEP's normal kernels would save (each prompt token's copies that cross, the share).
      if (detail == Detail::full && !dedup_prefill && ep_crosses && m.moe && *e.prefill_s > 0) {
        const double share = a2a_s(b * std::max(0.0, n - cached), true) / *e.prefill_s;
        if (share >= 0.1) {
          e.warnings.push_back(notice("ep_plain_prefill", {format_sig(m.moe->top_k * (1.0 - static_cast<double>(ep_in_server) / ep), 2),
                                                           format_sig(100.0 * share, 2)}));
        }
      }
      e.ttft_s = prompt_total_s(std::max(1.0, n), 1.0, std::min(cached, std::max(1.0, n) - 1.0));
    }
    // Say so where the prompt sits near the ridge (its FLOP and weight-read times within 3x of each
    // other): there the first token is well above either alone.
    const double prompt_compute_s = linear_compute_s(std::max(1.0, n));
    const double prompt_read_s = read_s(std::max(1.0, n));
    if (detail == Detail::full && role != PoolRole::decode && prompt_compute_s > prompt_read_s / 3 && prompt_compute_s < prompt_read_s * 3) {
      const std::string flops_ms = format_sig(prompt_compute_s * 1e3, 3), read_ms = format_sig(prompt_read_s * 1e3, 3),
                        both_ms = format_sig(hw::smooth_roofline_s(prompt_compute_s, prompt_read_s) * 1e3, 3);
      e.assumptions.push_back(notice("a_near_ridge",
                                     {flops_ms, read_ms, both_ms}));
    }
    // A decode step runs the linear layers and the attention as separate kernels, and the roofline
    // bounds each kernel on its own (Williams, Waterman and Patterson 2009, "Roofline", CACM 52(4);
    // applied per operator to LLM decode in Yuan et al. 2024, "LLM Inference Unveiled", §3): the
    // linear layers read the weights once and compute 2N FLOPs per token of the batch, near the
    // ridge slower than either (hw::smooth_roofline_s; a large batch turns them compute-bound, e.g.
    // 768 requests of a 7B model on one H100: Pope et al. 2022, §2); the attention reads each
    // request's KV cache and computes over it (attn_flop_per_query_ctx), the slower of the two.
    // Their times add.
    // Each layer also runs small kernels whose time is their launch at a decode step's few tokens (a
    // captured graph's kSmallKernelS each): vLLM's Llama layer runs five besides its four GEMMs and the
    // attention (vllm/model_executor/models/llama.py: two fused add + RMSNorm, the rotary
    // embedding, the KV-cache write, SiLU-and-mul); the attention kernel itself takes at least as
    // long when the cache it reads is short.
    // Tensor parallelism adds two all-reduces per layer and step (after attention and after the
    // MLP, Megatron-LM's layout), latency-bound at decode's small messages (NCCL's LL ring).
    double allreduce_s = 0;
    if (tp > 1) {
      const double per_us = hw::kNcclLlRingBaseUs + 2.0 * (tp - 1) * (tp_nvlink ? hw::kNcclLlNvlinkStepUs : hw::kNcclLlPcieStepUs);
      allreduce_s = 2.0 * layers * per_us * 1e-6;
    }
    // A GEMM kernel takes a fixed time besides streaming its weights (launch in the graph, pipeline
    // fill, the tail wave): at one token, t = t0 + bytes / rate. The Marlin paper puts its INT4 kernel's
    // shortfall on an A100 at 7B shapes (2.22x over FP16 at batch 16 against 3.87x on large ones) on
    // "pipeline startup latency" (Frantar et al., PPoPP 2025; IST-DASLab/marlin_artifact), about 5 us
    // a GEMM there; cuBLAS BF16 at M = 1 on an H100 under CUDA graphs gives 5-6 us plus the bytes at
    // ~3 TB/s (vLLM PR #49363's benchmark). Taken as the graph's kernel floor, kSmallKernelS.
    const double shared_moe_layers = m.moe && m.moe->shared_experts > 0 ? moe_layers : 0.0;
    const double gemm_fixed_s = (layers * kDecodeGemmsPerLayer + shared_moe_layers * kMoeExtraGemmsPerLayer) * hw::kSmallKernelS;
    // The attention operator where the catalog has it measured: a fixed time per call (one call a
    // layer) plus the KV cache at its own rate (CANN's fused attention on the 910B/910C die: 22.1 us
    // and 899 GB/s an NPU, vLLM-Ascend PR #15526 and #11266; scripts/data/patch_decode_attention.py).
    const double attention_floor_s = gpu->measured_decode_attention_floor_s.value_or(0.0);
    const double attention_bytes_per_s = std::min(bytes_per_s, gpu->measured_decode_attention_bytes_per_s.value_or(bytes_per_s));
    // One decode step of `requests` requests, each `per_request` tokens (1, or the drafted tokens
    // and one more when verifying), whose attention reads `ctx` cached tokens per request.
    auto decode_device_s = [&](double requests, double per_request, double ctx) {
      const double tokens = requests * per_request;
      const double held = kv_tokens_held(m, ctx);  // sliding-window layers read at most their window
      const double kv_bytes = requests * held * e.kv_cache_per_token_bytes / kv_tp_shards(m, tp);
      const double attention_s = std::max({layers * attention_floor_s + kv_bytes / attention_bytes_per_s, tokens * held * attn_flop_per_query_ctx / decode_attention_flop_per_s,
                                           layers * hw::kSmallKernelS});
      // transformers' DynamicCache grows each layer's keys and values by torch.cat every step
      // (cache_utils.py, DynamicCache.update): the whole cache is read and written once more.
      const double cache_copy_s = v.engine == Engine::transformers ? 2.0 * kv_bytes / bytes_per_s : 0.0;
      return hw::smooth_roofline_s(linear_compute_s(tokens), read_s(tokens)) + gemm_fixed_s + attention_s + cache_copy_s + small_kernels_s(tokens) + allreduce_s +
             a2a_s(tokens, false) + experts_cpu_s(tokens);
    };
    // Where the card's attention operator takes the sequence lengths as a host list (CANN's fused
    // attention under vLLM-Ascend and SGLang's NPU backend), every graph-mode decode step re-launches
    // each layer's attention from the host beside the replay (catalog measured_decode_host_us_per_layer,
    // vllm-ascend issue #13058): the step takes at least that.
    const bool graph_engine = v.engine == Engine::vllm || v.engine == Engine::sglang;
    const double graph_update_s = graph_engine && gpu->measured_decode_host_s_per_layer ? layers * *gpu->measured_decode_host_s_per_layer : 0.0;
    auto decode_step_s = [&](double requests, double per_request, double ctx) {
      return std::max({decode_device_s(requests, per_request, ctx), host_s(requests * per_request), graph_update_s});
    };
    const double mean_ctx = n + v.output_tokens / 2.0;
    const double plain_step = decode_step_s(b, 1.0, mean_ctx);
    if (detail == Detail::full && graph_update_s > 0 && graph_update_s >= decode_device_s(b, 1.0, mean_ctx)) {
      const std::string host_ms = format_sig(graph_update_s * 1e3, 3), card_ms = format_sig(decode_device_s(b, 1.0, mean_ctx) * 1e3, 3);
      e.assumptions.push_back(notice("a_graph_host",
                                     {host_ms, card_ms}));
    }
    if (detail == Detail::full && host_s(b) > 0 && host_s(b) >= decode_device_s(b, 1.0, mean_ctx)) {
      const std::string host_ms = format_sig(host_s(b) * 1e3, 3), card_ms = format_sig(decode_device_s(b, 1.0, mean_ctx) * 1e3, 3);
      e.assumptions.push_back(notice("a_host_bound",
                                     {host_ms, card_ms}));
    }
    // Speculative decoding: a step verifies k drafted tokens and emits a of them on average
    // (accept_length, or the method's sourced acceptance: core/enums.cpp); drafting costs k forwards
    // of the draft. MTP and EAGLE draft with one transformer layer and the output head (DeepSeek-V3
    // §2.2: an MTP module is one Transformer block sharing the embedding and head; EAGLE's draft is
    // one decoder layer, arXiv:2401.15077 §3): a layer's share of a plain step plus reading the
    // head. A draft model costs kDraftModelStepShare of a target step per token.
    double step = plain_step, per_step_tokens = 1.0;
    if (v.speculative) {
      const Speculative& q = *v.speculative;
      const double alpha = info(q.method).accept_rate;
      const double a = q.accept_length.value_or((1.0 - std::pow(alpha, q.draft_tokens + 1)) / (1.0 - alpha));
      const double head_read_s = m.has_shape() ? static_cast<double>(m.vocab) * m.hidden * 2.0 / tp / bytes_per_s : 0.0;
      const double draft_token_s = q.method == SpecMethod::draft ? kDraftModelStepShare * plain_step : (layers > 0 ? plain_step / layers : 0.0) + head_read_s;
      step = decode_step_s(b, q.draft_tokens + 1.0, mean_ctx) + q.draft_tokens * draft_token_s;
      per_step_tokens = a;
      if (detail == Detail::full) {
        const std::string k = std::to_string(q.draft_tokens), acc = format_sig(a, 3), gain = format_sig(per_step_tokens / step * plain_step, 3);
        e.assumptions.push_back(notice("a_speculative", {word(q.method), k, acc, gain}));
      }
    }
    if (role != PoolRole::prefill) {
      e.decode_tokens_per_s_per_request = per_step_tokens / step;
      e.decode_tokens_per_s_total = v.batch * per_step_tokens / step;
    }
    // One request whose prompt's last token goes through a decode step (TurboMind before
    // InternLM/lmdeploy#775: "subtract input/context len by 1 to skip last input token (will
    // process with decoder later)"): the forward of n - 1 tokens, then one batch-1 step reading the
    // n cached tokens.
    if (n > 1 && role == PoolRole::both) {
      e.ttft_decode_last_s = prompt_total_s(n - 1, 1.0, std::min(cached, n - 2)) + decode_step_s(1.0, 1.0, n);
    }
    const double out = v.output_tokens;
    if (out > 0 && role != PoolRole::prefill) {
      const double decode_s = out * step / per_step_tokens;  // one request's decode, its batch beside it
      if (role == PoolRole::decode) {
        // A decode pool alone: prompts' KV arrive from elsewhere, nothing interrupts decoding.
        e.output_tokens_per_s_total = e.decode_tokens_per_s_total;
      } else if (lay.prefill_gpus > 0) {
        // Two pools: a request prefills on the prefill cards (their own tp and ep), its KV cache
        // moves to a decode rank over the NIC, then it decodes. Each of the batch's requests
        // cycles through ttft + decode; the prefill pool bounds the rate at which requests start.
        // Its prompt forward is taken at the decode layout's rate scaled by the cards per rank.
        const Disaggregated& g = *v.disaggregated;
        const int ptp = g.prefill_tp.value_or(tp);
        const double prefill_ranks = std::max(1, g.prefill_gpus / std::max(1, ptp * p.pp));
        const double scale = static_cast<double>(tp) / ptp;
        const double transfer_s = kv_tokens_held(m, n) * e.kv_cache_per_token_bytes / (scale_out_bytes_per_s(*gpu, s.parallel.scale_out_gbps) * hw::kLinkEfficiency);
        const double one_prompt_s = prompt_total_s(std::max(1.0, n), 1.0, cached) * scale;
        const double per_rank = std::max(1.0, v.batch / prefill_ranks);
        const double pool_prefill_s = (n > 0 ? prompt_total_s(n, per_rank, cached) : 0.0) * scale;
        e.prefill_s = pool_prefill_s;
        e.ttft_s = one_prompt_s + transfer_s;
        const double started_per_s = prefill_ranks * per_rank / std::max(pool_prefill_s, 1e-12);
        // A prompt queues at its prefill rank behind the others arriving there (queued_ttft_s), at
        // the rate the pools cycle requests: one pass with the unqueued cycle, then the cycle again.
        double cycle_per_s = v.batch / (one_prompt_s + transfer_s + decode_s);
        const double others_per_rank_s = std::min(cycle_per_s, started_per_s) * (v.batch - 1.0) / v.batch / prefill_ranks;
        const double queued_s = queued_ttft_s(one_prompt_s, others_per_rank_s, std::max(one_prompt_s, pool_prefill_s));
        cycle_per_s = v.batch / (queued_s + transfer_s + decode_s);
        e.ttft_s = queued_s + transfer_s;
        e.request_s = *e.ttft_s + decode_s;
        e.output_tokens_per_s_total = std::min(cycle_per_s, started_per_s) * out;
        if (detail == Detail::full) {
          const std::string pc = std::to_string(lay.prefill_gpus), dc = std::to_string(lay.decode_gpus),
                            mb = format_sig(kv_tokens_held(m, n) * e.kv_cache_per_token_bytes / 1e6, 3), ms = format_sig(transfer_s * 1e3, 3);
          const bool prefill_binds = started_per_s < cycle_per_s;
          e.assumptions.push_back(notice(prefill_binds ? "a_pools_prefill" : "a_pools_decode",
                                         {pc, dc, mb, ms}));
        }
      } else {
        // One pool: the rank serves its b requests in a cycle of T = the batch's prefill + its decode
        // (work-conserving: the cards are always prefilling or decoding).
        const double cycle_s = *e.prefill_s + decode_s;
        e.output_tokens_per_s_total = v.batch * out / cycle_s;
        if (e.ttft_s) e.request_s = *e.ttft_s + decode_s;
        if (b > 1 && n > 0 && e.ttft_s) {
          // At this load a new request's prompt queues behind the others' (SCENARIO.md: serving.ttft_s
          // "at this load, queued"), and its decode is stalled while theirs are prefilled.
          const double queued = queued_ttft_s(*e.ttft_s, (b - 1.0) / cycle_s, *e.prefill_s);
          const double ttft_load = queued + step / 2.0;  // plus the decode step it arrives during (mean residual: half)
          e.ttft_s = ttft_load;
          // Its decode phase is what is left of the cycle: the steps and the prefills of the other
          // requests' prompts that arrive meanwhile (sglang.bench_serving's TPOT is (latency - ttft) /
          // (output - 1), so the stalls are in what a user sees; decode_tokens_per_s_per_request
          // stays the rate while decoding, as InferSim's "Decode TGS" measures it).
          e.request_s = ttft_load + std::max(decode_s, cycle_s - ttft_load);
          if (detail == Detail::full) {
            const std::string q = format_sig(ttft_load * 1e3, 3), alone = format_sig(prompt_total_s(std::max(1.0, n), 1.0, std::min(cached, std::max(1.0, n) - 1.0)) * 1e3, 3);
            e.assumptions.push_back(notice("a_ttft_queued",
                                           {format_sig(b, 3), q, alone}));
          }
        }
      }
    }
    if (detail == Detail::full && lay.ranks > 1) {
      const std::string r = format_sig(lay.ranks, 4), each = format_sig(b, 3);
      e.assumptions.push_back(notice("a_dp_ranks", {r, each}));
    }
    if (detail == Detail::full && experts_cpu) {
      const std::string bw = format_sig(host_gb_s, 4), fl = format_sig(host_tflops, 3);
      e.assumptions.push_back(notice("a_experts_cpu", {bw, fl}));
    }
  }
  // Without the card's memory bandwidth or 16-bit peak there is no speed to give: say so (the
  // memory and context figures below still stand).
  if (!gpu->memory_bandwidth_bytes_per_s) {
    e.warnings.push_back(notice("no_bandwidth", {gpu->name}));
  } else if (!peak16) {
    e.warnings.push_back(notice("no_peak", {"fp16/bf16"}));
  }
  if (gpu->memory_bytes && e.kv_cache_per_token_bytes > 0) {
    const double rank_batch = std::ceil(b - 1e-9);
    const double free_bytes = *gpu->memory_bytes - (e.total_bytes - mem.kv_cache_bytes * (1 + hw::kFragmentation));
    const double held = free_bytes / (1 + hw::kFragmentation) / (rank_batch * e.kv_cache_per_token_bytes / kv_tp_shards(m, tp));
    // A window in every layer bounds the cache whatever the context: memory then sets no limit, and
    // only the model's own context does (none shown for an inline model without one).
    const double longest = context_for_kv_tokens(m, held);
    if (std::isfinite(longest)) e.max_context_tokens = std::max(0.0, std::floor(longest));
    // Never beyond the model's own trained context (its config's max_position_embeddings).
    if (m.max_context && (!e.max_context_tokens || *e.max_context_tokens > *m.max_context)) {
      e.max_context_tokens = *m.max_context;
      e.max_context_model_bound = true;
    }
    // Requests the decode cards hold: each rank's, times the ranks.
    const double ctx = v.prompt_tokens + v.output_tokens;  // >= 1 (contract)
    if (ctx >= 1) e.max_batch = lay.ranks * std::max(0.0, std::floor(free_bytes / (1 + hw::kFragmentation) / (kv_tokens_held(m, ctx) * e.kv_cache_per_token_bytes / kv_tp_shards(m, tp))));
  }
}

}  // namespace

bool replicas_per_die(const Scenario& s) {
  const Parallel& par = s.parallel;
  return s.gpu && s.gpu->dies > 1 && s.task != Task::inference && par.tp == 1 && par.pp == 1 && par.zero < 3;
}

void memory_totals(const Scenario& s, Estimate& e) {
  MemoryBreakdown& mem = e.memory;
  e.peak_allocated_bytes = mem.weights_bytes + mem.gradients_bytes + mem.optimizer_bytes + mem.activations_bytes + mem.logits_bytes +
                           mem.kv_cache_bytes + mem.temporary_bytes;
  mem.context_bytes = hw::kContextBytes;
  mem.fragmentation_bytes = hw::kFragmentation * e.peak_allocated_bytes;
  e.total_bytes = e.peak_allocated_bytes + mem.context_bytes + mem.fragmentation_bytes;
  if (s.gpu && s.gpu->memory_bytes) {
    // A serving engine held to a share of the card (serving.gpu_memory_utilization, vLLM's flag)
    // fits within that share: vLLM requests total memory x the share and keeps everything in it.
    const double share = s.task == Task::inference ? s.serving.gpu_memory_utilization.value_or(1.0) : 1.0;
    e.capacity_bytes = *s.gpu->memory_bytes * share;
    // A card of several dies that software sees as separate NPUs (the 910C) holds a training job's
    // per-card memory over its dies only where the job splits across them; data parallel alone
    // (ZeRO below 3, no tensor or pipeline split) runs a whole copy on each die, within its share.
    if (replicas_per_die(s)) e.capacity_bytes = *e.capacity_bytes / s.gpu->dies;
    e.fits = e.total_bytes <= *e.capacity_bytes;
    e.headroom_bytes = *e.capacity_bytes - e.total_bytes;
  }
}

double dedup_servers_reached(const MoeSpec& moe, double servers) {
  if (!(servers > 1) || moe.experts <= 0) return 0.0;
  const double experts = moe.experts, per_server = experts / servers;
  double miss = 1.0;
  for (int i = 0; i < moe.top_k; ++i) miss *= std::max(0.0, (experts - per_server - i) / (experts - i));
  return (servers - 1.0) * (1.0 - miss);
}

double ep_all_to_all_s(const Accelerator& gpu, int ep, double bytes_per_card, const std::optional<double>& nic_gbps) {
  if (ep <= 1 || !(bytes_per_card > 0)) return 0.0;
  const int domain = std::max(1, gpu.domain_cards.value_or(1));
  if (ep <= domain && gpu.interconnect_kind != InterconnectKind::pcie) {
    const double link = gpu.group_bytes_per_s_bidirectional(ep).value_or(hw::pcie_bytes_per_s(gpu.pcie_gen) * 2) / 2.0 * hw::kLinkEfficiency;
    return bytes_per_card * (ep - 1.0) / ep / link;
  }
  // Cards without a fast link inside one server exchange over their PCIe slots (one direction each).
  if (gpu.interconnect_kind == InterconnectKind::pcie && ep <= hw::kCardsPerNode) {
    return bytes_per_card * (ep - 1.0) / ep / (hw::pcie_bytes_per_s(gpu.pcie_gen) * hw::kLinkEfficiency);
  }
  // Beyond the fast domain: the ranks inside it (a whole NVL72 rack or CloudMatrix384 supernode, as
  // training's all-to-all counts them) take the fast link, the rest each card's NIC.
  const double local = std::min<double>(ep, gpu.interconnect_kind == InterconnectKind::pcie ? std::min(domain, hw::kCardsPerNode) : domain);
  return bytes_per_card * (1.0 - local / ep) / (scale_out_bytes_per_s(gpu, nic_gbps) * hw::kLinkEfficiency);
}

// [SECTION] estimate — the pipeline.
Estimate estimate(const Scenario& s, Detail detail) {
  Estimate e;
  if (s.model.kind == ModelKind::diffusion && s.image) {
    estimate_diffusion(s, e);
    return e;
  }
  if (s.model.kind == ModelKind::vision && s.vision && s.model.vision) {
    estimate_vision(s, e);
    return e;
  }
  if (s.model.kind == ModelKind::video && s.video && s.model.video) {
    estimate_video(s, e);
    return e;
  }
  const Counts c = counts(s.model);
  e.params = c.total;
  e.active_params = c.active;
  e.kv_cache_per_token_bytes = kv_cache_per_token(s);
  if (s.model.sliding_window && detail == Detail::full) {
    const auto& w = *s.model.sliding_window;
    e.assumptions.push_back(notice("a_sliding_window", {std::to_string(w.layers), std::to_string(s.model.layers), format_sig(w.window, 6)}));
  }
  const Placement p = place(s, c);
  const bool train = s.task != Task::inference;
  if (train) {
    training_model_states(s, c, p, e, detail);
    training_activations(s, p, e, detail);
  } else {
    inference_memory(s, p, e);
  }
  totals_and_fit(s, e, detail);
  flops_per_token(s, c, e);
  if (train && s.gpu) training_time(s, p, e, detail);
  if (s.task == Task::qlora && s.gpu && s.gpu->support.count("bitsandbytes") && s.gpu->support.at("bitsandbytes").level == "no") {
    if (detail == Detail::full) e.warnings.push_back(notice("qlora_no_bnb", {s.gpu->name}));
  }
  // FP8 weights or KV cache for serving on a card without FP8 (the catalog's support matrix, "fp8":
  // "no"). vLLM runs FP8 checkpoints on NVIDIA cards of compute capability >= 7.5 as weight-only
  // W8A16 through its FP8 Marlin kernel ("FP8 models will run on compute capability >= 7.5
  // (Turing) as weight-only W8A16, utilizing FP8 Marlin": vLLM docs, features/quantization/fp8.md),
  // which is what this estimate assumes anyway (prompts at the 16-bit rate, 8-bit weight reads): a
  // note. Other cards without FP8 have no such path (Ascend before 950: "convert FP8 checkpoints to
  // BF16 or W8A8 INT8", the catalog's support note): the figures are for a format the card cannot
  // run, which must be said.
  if (!train && s.gpu && (s.weights == WeightFormat::fp8 || s.serving.kv_dtype == WeightFormat::fp8) && detail == Detail::full) {
    if (s.gpu->fp8_needs_conversion()) {
      e.warnings.push_back(notice("no_fp8_weights", {s.gpu->name}));
    } else if (s.gpu->support_level("fp8") == "no" && s.weights == WeightFormat::fp8) {
      // (An FP8 KV cache alone runs there too: vLLM's FP8 E5M2 cache converts by bit operations
      // before Hopper, "Volta/Ampere are both ok and have been tested", vllm-project/vllm#2279.)
      e.warnings.push_back(notice("fp8_weight_only", {s.gpu->name}));
    }
  }
  // llama.cpp's CANN back end (Ascend) runs FP16, Q8_0 and Q4_0 GGUFs only ("DataType Supports",
  // ggml-org/llama.cpp@0527ad18 docs/backend/CANN.md): a K-quant must be requantised first.
  if (!train && s.gpu && s.serving.engine == Engine::llama_cpp && s.gpu->cann() &&
      (s.weights == WeightFormat::gguf_q4_k_m || s.weights == WeightFormat::gguf_q5_k_m) && detail == Detail::full) {
    e.warnings.push_back(notice("cann_gguf_kquant", {s.gpu->name, word(s.weights)}));
  }
  if (!train && s.gpu && s.model.has_shape()) serving(s, c, p, e, detail);
  return e;
}

double effective_training_time(int gpus) {
  const double per_hour = gpus * kUnexpectedInterruptions / (kRunHours * kRunGpus) + kPlannedInterruptions / kRunHours;
  return 1.0 / (1.0 + per_hour * kHoursPerInterruption);
}

double effective_training_time_manual(int gpus) {
  // Never better than the automated run's slow end: a few cards still stop for maintenance and
  // configuration (Llama 3's planned interruptions, which OPT's restarts also hold).
  return std::min(1.0 / (1.0 + gpus * (kManualWallDays - kManualComputeDays) / (kManualComputeDays * kManualGpus)),
                  effective_training_time_slow(gpus));
}

double effective_training_time_slow(int gpus) {
  const double unexpected_per_hour = gpus * kUnexpectedInterruptions / (kRunHours * kRunGpus);
  const double planned_per_hour = kPlannedInterruptions / kRunHours;
  return 1.0 / (1.0 + unexpected_per_hour * (kHoursPerInterruption + kSlowCheckpointIntervalH / 2.0) + planned_per_hour * kHoursPerInterruption);
}

}  // namespace xuanka::core
