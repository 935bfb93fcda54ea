// The estimator for video generation (core layer): memory and time of a video DiT's inference and
// training (Wan 2.1/2.2, HunyuanVideo) from its shape, on the card's roofline.
// [SECTION] constants  [SECTION] geometry  [SECTION] memory  [SECTION] time  [SECTION] entry point
#include "core/estimator_video.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/hardware.h"

namespace xuanka::core {

// [SECTION] constants — each named, with its source.
namespace {
// Host time to dispatch one kernel from eager PyTorch (core/estimator_diffusion.cpp kDispatchS: 30-35 us
// in our H200 VM for diffusers' denoisers, whose blocks run as much Python per kernel as these).
constexpr double kDispatchS = 30e-6;
// Attention kernels, against the card's sustained GEMM rate (its measured large-GEMM rate, the
// catalog's measured_*_matmul_tflops): FlashAttention-2's forward reaches 0.5-0.73 of the A100's
// peak at head dim 128 (arXiv:2307.08691 §4.1, Fig. 4) where a large GEMM reaches 0.85-0.87, so
// 0.7 of the GEMM rate. On Hopper and later it is held, besides, to 35% of a full-rate Hopper's
// peak in absolute terms, 0.35 x 989 TFLOP/s: its warp-level MMA does not use Hopper's warpgroup
// instructions (FlashAttention-3, arXiv:2407.08608 §1: "only 35% utilization on H100"). A capped
// Hopper (the H20: 148 TFLOP/s) never reaches that ceiling, and its own rate binds. PyTorch's SDPA
// runs FlashAttention-2 (its flash backend). FlashAttention-3 (attention flash3; Wan's
// attention.py takes it when flash_attn_interface is installed; the Wan 2.2 README's efficiency
// table ran it on Hopper) reaches 0.6 of a full-rate Hopper's peak at head dim 128 and 8k-16k
// tokens (arXiv:2407.08608 Fig. 5: 600-660 of 989 TFLOP/s), again at most 0.7 of the card's GEMM
// rate; it builds for Hopper only, so elsewhere FlashAttention-2 runs. (core/estimator.cpp and
// estimator_diffusion.cpp still take hw::attention_efficiency's share of peak.)
constexpr double kAttentionOfGemm = 0.7;
constexpr double kFullRateHopperFlops = 989e12;
constexpr double kFa2HopperShare = 0.35;
constexpr double kFa3Efficiency = 0.6;
// SageAttention (INT8 QK^T, FP16 PV): "outperforms FlashAttention2 and xformers by about 2.1 times
// and 2.7 times" in operations per second (Zhang et al., arXiv:2410.02367, abstract), with the
// same end-to-end quality on HunyuanVideo and CogVideoX. Taken as 2.1 x FlashAttention-2's rate.
constexpr double kSageOverFa2 = 2.1;
// Ulysses moves a block's q, k, v and attention output through four all-to-alls, each of the
// card's tokens x dim in 16 bits (DeepSpeed-Ulysses, arXiv:2309.14509 §3.1: "all-to-all on Q, K,
// V ... and another all-to-all on the attention output"). Ring attention passes K and V around the
// ring while computing (Liu et al., arXiv:2310.01889 §3), hidden behind attention when the link
// keeps up.
constexpr double kUlyssesAllToAllsPerBlock = 4;
}  // namespace

// [SECTION] geometry
namespace {
struct Geometry {
  double width = 0, height = 0, frames = 0, pixels = 0;
  double latent_frames = 0, tokens = 0, text = 0;  // latent tokens of one clip; text tokens
  double seq = 0;                                   // self-attention length (tokens, + text when joint)
  int cards = 1;
  bool cfg = true;
  int steps = 50;
};
Geometry geometry_of(const Scenario& s) {
  const VideoSpec& v = *s.model.video;
  const VideoOptions& o = *s.video;
  Geometry g;
  g.width = o.width.value_or(v.width);
  g.height = o.height.value_or(v.height);
  g.frames = o.frames.value_or(v.frames);
  g.pixels = g.width * g.height;
  // A causal video VAE keeps the first frame and compresses each vae_t after it (Wan's VAE:
  // 1 + (F - 1) / 4 latent frames; HunyuanVideo's 3D causal VAE alike), then vae_s in each
  // spatial direction; the DiT patchifies the latent by patch_t x patch_h x patch_w.
  g.latent_frames = 1 + std::floor((g.frames - 1) / v.vae_t);
  g.tokens = std::ceil(g.latent_frames / v.patch_t) * std::floor(g.height / (v.vae_s * v.patch_h)) * std::floor(g.width / (v.vae_s * v.patch_w));
  g.text = o.text_len.value_or(v.text_len);
  g.seq = g.tokens + (v.joint_text ? g.text : 0.0);
  g.cards = std::max(1, s.parallel.gpus);
  g.cfg = o.cfg.value_or(v.cfg);
  g.steps = o.steps.value_or(static_cast<int>(v.steps));
  return g;
}

// FLOPs of one DiT forward over one clip (2 per multiply-add). Per block, each latent token
// passes the self-attention's q, k, v and output projections (4 d^2 multiply-adds) and the
// feed-forward (2 d ffn); Wan's cross-attention adds q and output projections per latent token
// (2 d^2) and k, v projections per text token (2 d^2), and attends each latent token to the text
// tokens (Wan-Video/Wan2.1 wan/modules/model.py WanAttentionBlock); HunyuanVideo's joint blocks
// run the text tokens through the same projections inside one self-attention (its MMDiT
// double- and single-stream blocks, same multiply-adds per token). Attention: QK^T and PV, 2 x
// seq^2 x d multiply-adds per block (FlashAttention's count, arXiv:2205.14135).
struct Flops {
  double linear = 0, attention = 0;
};
Flops forward_flops(const VideoSpec& v, const Geometry& g) {
  Flops f;
  const double d = v.dim, L = v.layers;
  const double per_token = 2.0 * (4 * d * d + 2 * d * v.ffn_dim);
  if (v.joint_text) {
    f.linear = L * g.seq * per_token;
    f.attention = L * 4.0 * g.seq * g.seq * d;
  } else {
    f.linear = L * (g.tokens * (per_token + 2.0 * 2 * d * d) + g.text * 2.0 * 2 * d * d);
    f.attention = L * (4.0 * g.tokens * g.tokens * d + 4.0 * g.tokens * g.text * d);
  }
  return f;
}

double format_bytes(WeightFormat f) { return info(f).stored_bytes; }
}  // namespace

// [SECTION] memory
namespace {
double encoder_params(const VideoSpec& v) {
  double p = 0;
  for (const auto& e : v.encoders) p += e.params;
  return p;
}

void inference_memory(const Scenario& s, const Geometry& g, Estimate& e) {
  const VideoSpec& v = *s.model.video;
  const VideoOptions& o = *s.video;
  MemoryBreakdown& m = e.memory;
  // Weights: the DiT in its stored format (each expert of Wan 2.2 A14B stays on the GPU unless
  // offloaded: wan/text2video.py _prepare_model_for_timestep moves the idle one to the CPU only
  // with offload_model), the encoders in 16 bits (Wan's T5 bf16 and CLIP fp16, HunyuanVideo's fp16),
  // the VAE in its own type. FSDP (parallel.zero 3: Wan's --dit_fsdp --t5_fsdp) shards the DiT and
  // the text encoder over the cards, each shard in the stored type (FSDP's mixed precision casts
  // only for compute).
  const double shard = s.parallel.zero >= 3 ? g.cards : 1.0;
  const double block_share = static_cast<double>(v.layers - o.blocks_to_swap) / v.layers;
  const double dit_one = v.dit_params * format_bytes(s.weights) * block_share / shard;
  const double enc = o.encoders_cpu ? 0.0 : encoder_params(v) * 2.0 / shard;
  const double vae = v.vae_params * v.vae_bytes;
  // What stays on the GPU: everything (none); one component at a time (model: Wan's offload_model,
  // diffusers' enable_model_cpu_offload); one block at a time (sequential).
  const double dit = o.offload == ImageOffload::none ? dit_one * v.experts : o.offload == ImageOffload::model ? dit_one : dit_one / v.layers;
  const double enc_kept = o.offload == ImageOffload::none ? enc : 0.0;
  // The denoising transient: one block's live set over this card's share of the tokens (sequence
  // parallelism splits them; CFG's two passes run one after the other in Wan's and HunyuanVideo's
  // samplers, so the live set is one pass's).
  const double live = v.infer_live_bytes_per_token * g.seq / g.cards;
  // The VAE decode: a causal VAE decodes chunk by chunk in time (Wan's feat_cache), so its live set
  // goes with one frame's pixels; tiled decoding holds one tile's. Offloading moves the DiT off
  // first (wan/text2video.py: self.model.cpu() before self.vae.decode).
  const double px = o.vae_decode == VaeDecode::tiled && v.tile_px > 0 ? std::min(g.pixels, v.tile_px) : g.pixels;
  const double decode = v.decode_live_bytes_per_px * px;
  const double decode_weights = vae + (o.offload == ImageOffload::none ? dit + enc_kept : 0.0);
  // The three stages' peaks: encoding (the encoders, with what stays resident), denoising, decoding.
  const double encode_weights = o.offload == ImageOffload::none ? dit + enc + vae : o.offload == ImageOffload::model ? enc + vae : vae;  // sequential: a layer at a time
  const double denoise_weights = dit + enc_kept + vae;
  m.weights_bytes = denoise_weights;
  m.activations_bytes = live;
  if (decode_weights + decode > m.weights_bytes + m.activations_bytes) {
    m.weights_bytes = decode_weights;
    m.activations_bytes = decode;
  }
  if (encode_weights > m.weights_bytes + m.activations_bytes) {
    m.weights_bytes = encode_weights;
    m.activations_bytes = 0;
  }
  e.cpu_offload_bytes = v.dit_params * format_bytes(s.weights) * v.experts / shard + encoder_params(v) * 2.0 / shard - dit - enc_kept;
  if (o.offload != ImageOffload::none) {
    e.assumptions.push_back(notice(o.offload == ImageOffload::model ? "a_model_offload" : "a_sequential_offload"));
  }
  if (o.encoders_cpu) e.assumptions.push_back(notice("a_encoders_cpu"));
}

void training_memory(const Scenario& s, const Geometry& g, Estimate& e) {
  const VideoSpec& v = *s.model.video;
  const VideoOptions& o = *s.video;
  MemoryBreakdown& m = e.memory;
  const bool lora = s.task == Task::lora;
  const StateBytes sb = state_bytes(s.precision, s.optimizer);
  const double dp = g.cards;
  const double block_share = static_cast<double>(v.layers - o.blocks_to_swap) / v.layers;
  // Trained: LoRA adapters on the DiT's linears (rank x (in + out) each; musubi-tuner and
  // DiffSynth-Studio target the attention projections, all_linear adds the feed-forward), kept and
  // updated in fp32; or the whole DiT with its states, ZeRO-sharded over data parallel.
  double trainable = 0;
  const double d = v.dim;
  if (lora) {
    const double self = 4 * 2 * d, cross = v.joint_text ? 0.0 : 4 * 2 * d, ffn = 2 * (d + v.ffn_dim);
    const double io = s.lora_targets == LoraTargets::attn_qv ? 2 * 2 * d : s.lora_targets == LoraTargets::attn ? self + cross : self + cross + ffn;
    trainable = s.lora_rank * io * v.layers;
    m.weights_bytes += v.dit_params * format_bytes(s.weights) * block_share + trainable * 4.0;
    m.gradients_bytes += trainable * 4.0;
    m.optimizer_bytes += trainable * sb.states;
  } else {
    trainable = v.dit_params;
    m.weights_bytes += trainable * sb.weight * block_share / (s.parallel.zero >= 3 ? dp : 1);
    m.gradients_bytes += trainable * sb.gradient / (s.parallel.zero >= 2 ? dp : 1);
    m.optimizer_bytes += trainable * (sb.master + sb.states) / (s.parallel.zero >= 1 ? dp : 1);
  }
  e.trainable_params = trainable;
  if (s.parallel.offload != Offload::none) {
    e.cpu_offload_bytes += m.optimizer_bytes;
    m.optimizer_bytes = 0;
  }
  if (!o.cache_text_embeddings) m.weights_bytes += encoder_params(v) * 2.0;
  if (!o.cache_latents) m.weights_bytes += v.vae_params * v.vae_bytes;
  // Activations of the micro-batch's clips: every block's saved tensors, or with gradient
  // checkpointing each block's input (the residual stream: dim x its bytes per token, fp32 in Wan's
  // code, 16-bit in HunyuanVideo's) and one block recomputed at a time.
  const double tokens = g.seq * s.micro_batch;
  m.activations_bytes = s.recompute == Recompute::full ? tokens * (v.layers * v.residual_bytes * d + v.train_act_bytes_per_token)
                                                       : tokens * v.layers * v.train_act_bytes_per_token;
}
}  // namespace

// [SECTION] time
namespace {
void speed(const Scenario& s, const Geometry& g, Estimate& e) {
  const VideoSpec& v = *s.model.video;
  const VideoOptions& o = *s.video;
  const Accelerator& a = *s.gpu;
  const bool fp16 = s.weights == WeightFormat::fp16 && s.task == Task::inference;
  auto peak = fp16 ? a.peak_flops(Precision::fp16_mixed) : a.peak_flops(Precision::bf16);
  if (!peak) peak = a.peak_flops(fp16 ? Precision::bf16 : Precision::fp16_mixed);
  if (!peak || !a.memory_bandwidth_bytes_per_s) {
    e.warnings.push_back(notice("no_peak", {"fp16/bf16"}));
    return;
  }
  const double gemm = a.gemm_efficiency(fp16).value_or(hw::kDefaultGemmEfficiency);
  const bool hopper = a.vendor == "NVIDIA" && a.compute_capability_number >= 9.0;
  const double linear_rate = *peak * gemm;
  // FlashAttention-2's rate (SDPA's too); FlashAttention-3 on Hopper; SageAttention's multiple of FA2's.
  double attn_rate = linear_rate * kAttentionOfGemm;
  if (hopper) attn_rate = std::min(attn_rate, kFa2HopperShare * kFullRateHopperFlops);
  if (o.attention == VideoAttention::flash3 && hopper) attn_rate = std::min(linear_rate * kAttentionOfGemm, kFa3Efficiency * kFullRateHopperFlops);
  if (o.attention == VideoAttention::sage) attn_rate = std::min(attn_rate * kSageOverFa2, linear_rate);
  const double bw = *a.memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency;
  const Flops f = forward_flops(v, g);
  const double P = g.cards;
  // One forward of the DiT on this card: its share of the matmuls and of the attention, its
  // share of the elementwise passes (norms, modulation, RoPE, residuals, from the reference code),
  // the kernels' dispatch from eager PyTorch, and Ulysses' all-to-alls (not hidden: the
  // attention waits for them), at least the card's share of a ring's K/V passing.
  double fwd = f.linear / P / linear_rate + f.attention / P / attn_rate + v.elementwise_bytes_per_token * v.layers * g.seq / P / bw;
  fwd = std::max(fwd, v.layers * v.kernels_per_block * kDispatchS);
  if (P > 1 && s.parallel.zero >= 3) {
    // FSDP gathers each block's weights in 16 bits before it runs (Wan's shard_model: one unit per
    // block, MixedPrecision param_dtype bf16), prefetching the next while this one computes (FSDP's
    // forward prefetch): the gather hides behind compute unless it takes longer.
    fwd = std::max(fwd, ep_all_to_all_s(a, g.cards, v.dit_params * 2.0, s.parallel.scale_out_gbps));
  }
  if (P > 1) {
    const double bytes = g.seq / P * v.dim * 2.0;  // one all-to-all's 16-bit tokens x dim on this card
    if (o.sequence_parallel == VideoSp::ulysses) {
      fwd += v.layers * kUlyssesAllToAllsPerBlock * ep_all_to_all_s(a, g.cards, bytes, s.parallel.scale_out_gbps);
    } else {
      // K and V (2 x bytes) to the next card, P - 1 times per block; a 2-card exchange sends half
      // of what it is given one way (ep_all_to_all_s), hence 4 x bytes.
      const double ring = v.layers * (P - 1) * ep_all_to_all_s(a, 2, 4.0 * bytes, s.parallel.scale_out_gbps);
      fwd = std::max(fwd, ring);
    }
  }
  // A quantised or fp8-stored DiT computes in 16 bits through a dequantised copy of each weight
  // (ComfyUI's and musubi-tuner's fp8 weights are upcast per layer): hw::kDequantBytesPerParam's
  // traffic per parameter and pass.
  const double dequant = info(s.weights).stored_bytes < 2 ? v.dit_params * hw::kDequantBytesPerParam / bw : 0.0;
  const double pcie = hw::pcie_bytes_per_s(a.pcie_gen) * hw::kLinkEfficiency;
  // Blocks kept on the CPU come in over PCIe each pass, overlapped with the other blocks' compute
  // (musubi-tuner's and DiffSynth's block swap prefetch the next block).
  const double swap_bytes = v.dit_params * format_bytes(s.weights) * o.blocks_to_swap / v.layers;
  if (s.task == Task::inference) {
    const double passes = g.cfg ? 2.0 : 1.0;
    double pass = fwd + dequant;
    // Sequential offload moves each block's weights in as it runs and waits for them (accelerate's
    // AlignDevicesHook moves a module's weights in its pre-forward; diffusers' enable_sequential_
    // cpu_offload and DiffSynth's VRAM management alike): the transfer adds to the pass.
    if (o.offload == ImageOffload::sequential) pass += v.dit_params * format_bytes(s.weights) / pcie;
    pass = std::max(pass, swap_bytes / pcie);
    const double step = passes * pass;
    // Encoders once per clip (the prompt, and the negative prompt with CFG): 2 FLOPs per parameter
    // and token, at the card's rate; on the CPU when offloaded there, which this does not time.
    double encode = 0;
    if (!o.encoders_cpu) {
      for (const auto& en : v.encoders) encode += (g.cfg ? 2.0 : 1.0) * 2.0 * en.params * en.tokens / linear_rate;
    }
    // Model offload moves the DiT onto the GPU and off once per clip.
    const double moves = o.offload == ImageOffload::model ? v.dit_params * format_bytes(s.weights) * v.experts / pcie : 0.0;
    // The VAE decode on one card (Wan decodes on rank 0 only: wan/text2video.py "if self.rank == 0:
    // videos = self.vae.decode(x0)"): its convolutions' FLOPs per output pixel and frame, at the
    // fp32 CUDA-core rate for an fp32 VAE (Wan's WanVAE dtype=torch.float; as SDXL's upcast VAE in
    // core/estimator_diffusion.cpp) or the 16-bit rate, at a convolution's share of a GEMM's
    // (hw::kConvShareOfGemm).
    const double vae_rate = v.vae_bytes >= 4 ? a.peak_flops(Precision::fp32).value_or(*peak / 8) * hw::kConvShareOfGemm : linear_rate * hw::kConvShareOfGemm;
    const double vae = v.decode_flops_per_px * g.pixels * g.frames / vae_rate;
    e.step_time_s = step;
    e.it_per_s = 1.0 / step;
    e.s_per_clip = encode + moves + g.steps * step + vae;
    e.latency_ms = *e.s_per_clip * 1e3;
    e.clips_per_hour = 3600.0 / *e.s_per_clip / P;
    return;
  }
  // Training: forward, backward (twice a forward; a LoRA's frozen base needs no weight gradients:
  // once) and, with checkpointing, one more forward (as core/estimator_diffusion.cpp counts them); the
  // encoders and the VAE encoder when inputs are not cached.
  const bool lora = s.task == Task::lora;
  const double passes = 1.0 + (lora ? 1.0 : 2.0) + (s.recompute == Recompute::full ? 1.0 : 0.0);
  const double clips = s.micro_batch;
  double step = clips * passes * fwd + clips * passes * dequant;
  step = std::max(step, passes * swap_bytes / pcie);
  if (!o.cache_text_embeddings) {
    for (const auto& en : v.encoders) step += clips * 2.0 * en.params * en.tokens / linear_rate;
  }
  if (!o.cache_latents) step += clips * v.encode_flops_per_px * g.pixels * g.frames / (linear_rate * hw::kConvShareOfGemm);  // the VAE encoder's convolutions
  // Gradient accumulation over micro-steps, and the optimizer once per step: memory-bound, each
  // trained parameter's value, gradient and states read and written (core/estimator_diffusion.cpp).
  const double micro_steps = std::max(1.0, static_cast<double>(s.global_batch) / (s.micro_batch * P));
  step *= micro_steps;
  if (s.parallel.offload == Offload::none) {
    const StateBytes sb = state_bytes(s.precision, s.optimizer);
    const double per_param = lora ? 4.0 + 2.0 * (4.0 + sb.states) : sb.gradient + 2.0 * (sb.master + sb.states) + sb.weight;
    step += e.trainable_params / (s.parallel.zero >= 1 ? P : 1.0) * per_param / bw;
  }
  e.step_time_s = step;
  e.it_per_s = 1.0 / step;
  if (o.train_steps) {
    e.train_s = *o.train_steps * step;
    e.days = *e.train_s / 86400.0;
    e.gpu_hours = *e.train_s / 3600.0 * P;
  }
}
}  // namespace

// [SECTION] entry point
void estimate_video(const Scenario& s, Estimate& e) {
  const VideoSpec& v = *s.model.video;
  const Geometry g = geometry_of(s);
  e.params = v.dit_params * v.experts + encoder_params(v) + v.vae_params;
  e.active_params = v.dit_params;
  if (s.task == Task::inference) inference_memory(s, g, e);
  else training_memory(s, g, e);
  e.model_states_bytes = e.memory.weights_bytes + e.memory.gradients_bytes + e.memory.optimizer_bytes;
  memory_totals(s, e);
  e.assumptions.push_back(notice("a_video_tokens", {format_grouped(g.tokens)}));
  if (s.gpu) speed(s, g, e);
}

}  // namespace xuanka::core
