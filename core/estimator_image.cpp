// The estimator for image generation and vision inference (core layer): memory and speed of
// diffusion training and inference and of vision models, from the per-sample figures that
// scripts/data/diffusion_arch.py and vision_arch.py derive from the architectures.
// [SECTION] constants  [SECTION] shared  [SECTION] diffusion memory  [SECTION] diffusion speed
// [SECTION] vision  [SECTION] entry points
#include "core/estimator_image.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/hardware.h"

namespace xuanka::core {

// [SECTION] constants — each named, with what it stands for and what it was set against.
namespace {
// Host time to dispatch one kernel from eager PyTorch (Python, the dispatcher, the launch) on a
// server or cloud host, where buyers rent and rack their cards: 32-35 us in our H200 VM (SD 1.5
// steps of 1133 kernels took 40 ms at batch 1 and 4 alike; training steps of ~3400 kernels 0.11
// s), ~40 us behind diffusers' A100 benchmark (SD 1.5 at batch 4: 86 ms per step of which ~40
// compute). A desktop CPU dispatches faster (~7 us behind diffusers' RTX 4090 figure at batch 1),
// so small-batch runs on desktop GeForce hosts are faster than estimated; the estimate says so.
constexpr double kDispatchS = 30e-6;
// The same dispatch for a plain torchvision forward without autograd: hw::kEagerInferenceDispatchS.
// Diffusers' denoisers keep kDispatchS: their blocks run more Python per kernel (SD 1.5's inference
// step, 1133 kernels, took 40 ms at batch 1 and 4 alike: 35 us each).
constexpr double kVisionDispatchS = hw::kEagerInferenceDispatchS;
// Share of a large GEMM's rate that a denoiser's convolutions and attention reach (the card's
// measured matmul rate is the GEMM's): FlashAttention-2 fwd+bwd at head dims 64-128 reaches
// 50-73% of peak (arXiv:2307.08691, Fig. 4-6); implicit-GEMM convolutions with 320-1280
// channels are alike.
constexpr double kDenoiserEfficiency = 0.7;
// Attention kernels' share of the dense peak (hw::attention_efficiency).
double attention_efficiency(const Accelerator& a) {
  return hw::attention_efficiency(a.compute_capability_number);
}
// Share of the dense tensor peak that convolutional vision networks reach when fused (TensorRT):
// MLPerf Inference ResNet-50 offline on A100 ~ 37k images/s x 8.18 GFLOP = 303 TOPS of 624 INT8 =
// 0.49 of peak (MLPerf v3.1 datacenter results); at that engine's batch the activations stay in the
// A100's 40 MiB L2 (see forward_s), so the figure is compute alone. A card whose large GEMM
// sustains less than this (a power cap: a T4 at 70 W runs its GEMM at 24 of 65 TFLOPS) is held to
// its GEMM rate instead, not to the product of both: under a power cap the clock, not the kernel,
// sets the rate, and a less busy kernel lets the clock rise (the cards' DVFS). The same MLPerf
// rounds show it: T4, A10, L4, L40S and RTX 4090 reach 0.38-0.56 of their INT8 peaks, where
// their GEMM share times 0.58 would give 0.21-0.58 (tests/validation.md, MLPerf table).
constexpr double kCnnShareOfPeak = 0.49;
// Bytes of an eager attention score element kept for backward under autocast: the fp32 softmax
// output (softmax runs in fp32 under autocast) and its 16-bit copy (torch.amp op lists; our H200
// SD 1.5 LoRA measurement with diffusers' AttnProcessor: 6.1 GiB vs 0.9 + 4.1 derived).
constexpr double kEagerScoreBytes = 6.0;
// Bytes per score element of eager attention in the backward of a recomputed (checkpointed)
// block: the block's forward runs again and keeps its softmax output, and the softmax's backward
// then holds that output, the gradient arriving for it and the gradient it produces for the
// scores at once, each in fp32 (softmax runs in fp32 under autocast and in fp32 training; torch's
// softmax_backward_data takes the output and its gradient and returns a new tensor): 3 x 4 B.
constexpr double kEagerRecomputeScoreBytes = 12.0;
// Memory traffic of eager attention per score element and forward, 16-bit: the scores written
// (2 B), read and written by softmax (4 B), read by the product with V (2 B) = 8 B; fp32 doubles
// it. Training adds the backward (softmax grad reads output and grad, writes grad; both matmul
// grads read it): ~3x the forward, so 24 B per element and step in 16-bit, counted with
// recompute's extra forward. FlashAttention keeps scores on chip (arXiv:2205.14135 §3).
constexpr double kEagerTrafficBytes = 8.0;

bool is_lora(Task t) { return t == Task::lora || t == Task::qlora; }

// [SECTION] shared
// Dense peak (FLOP/s) of a card at a 16-bit compute type.
std::optional<double> peak16(const Accelerator& a, bool fp16) {
  return fp16 ? a.peak_flops(Precision::fp16_mixed) : a.peak_flops(Precision::bf16);
}
// The card's measured large-GEMM share of peak (FP16's when `fp16` and measured, else BF16's), or
// the default where none is measured.
double gemm_efficiency(const Accelerator& a, bool fp16) { return a.gemm_efficiency(fp16).value_or(hw::kDefaultGemmEfficiency); }
void totals(Estimate& e, const Scenario& s) {
  const MemoryBreakdown& m = e.memory;
  e.model_states_bytes = m.weights_bytes + m.gradients_bytes + m.optimizer_bytes;
  memory_totals(s, e);  // core/estimator.h: one place for both estimators
}

// Resolution and how the denoiser's work scales from its reference: a UNet's convolutions and
// saved maps with the pixels, its attention with their square; a DiT's with the joint sequence
// (latent patches + text tokens) and its square.
struct Scale {
  double width = 0, height = 0, pixels = 0;
  double linear = 1, attention = 1;   // factors on the reference figures
};
Scale scale_of(const Scenario& s, const DiffusionComponent& d) {
  Scale k;
  const ImageDefaults& def = s.model.image_defaults;
  k.width = s.image->width.value_or(def.resolution);
  k.height = s.image->height.value_or(def.resolution);
  k.pixels = k.width * k.height;
  if (d.ref_px <= 0) return k;
  if (d.arch == "dit") {
    const double text = s.image->text_len.value_or(def.text_len);
    const double n = k.pixels / (d.patch_px * d.patch_px) + text;
    const double n_ref = d.ref_px * d.ref_px / (d.patch_px * d.patch_px) + d.ref_text_len;
    k.linear = n / n_ref;
    k.attention = k.linear * k.linear;
  } else {
    k.linear = k.pixels / (d.ref_px * d.ref_px);
    k.attention = k.linear * k.linear;
  }
  return k;
}

// Bytes of a parameter in a stored format; a text encoder's fp32-kept part stays 4 bytes.
double component_bytes(const DiffusionComponent& c, WeightFormat f) {
  const WeightFormatRow& w = info(f);
  const bool low = w.quantised || f == WeightFormat::fp16;
  const double fp32_part = low ? std::min(c.keep_fp32_params, c.params) : 0;
  return (c.params - fp32_part) * w.stored_bytes + fp32_part * 4.0;
}

// Bytes of optimizer state per trained parameter (besides any fp32 master copy): core/enums.h.
double optimizer_state_bytes(const Scenario& s) { return state_bytes(s.precision, s.optimizer).states; }

// Parameters of a component stored quantised in format f (its fp32-kept part stays out).
double quantised_params(const DiffusionComponent& c, WeightFormat f) {
  return info(f).quantised ? c.params - std::min(c.keep_fp32_params, c.params) : 0.0;
}

// [SECTION] diffusion memory
void diffusion_training_memory(const Scenario& s, const DiffusionComponent& dn, const Scale& k, Estimate& e) {
  const ImageOptions& io = *s.image;
  MemoryBreakdown& m = e.memory;
  const bool lora = is_lora(s.task);
  const int dp = std::max(1, s.parallel.gpus);
  const PrecisionRow& pr = info(s.precision);
  // The denoiser: trainable with its states (ZeRO shards them over data parallel), or a frozen
  // base in its stored format with LoRA adapters (diffusers' scripts train them in fp32).
  const double opt_state = optimizer_state_bytes(s);
  double trainable = 0;
  if (lora) {
    const double io_sum = s.lora_targets == LoraTargets::attn_qv ? dn.lora_io_attn_qv
                        : s.lora_targets == LoraTargets::attn ? dn.lora_io_attn : dn.lora_io_all_linear;
    trainable = s.lora_rank * io_sum;
    m.weights_bytes += component_bytes(dn, s.weights) + trainable * 4.0;
    m.gradients_bytes += trainable * 4.0;
    m.optimizer_bytes += trainable * opt_state;
    e.assumptions.push_back(notice("a_lora", "LoRA rank " + std::to_string(s.lora_rank) + ": " + format_count(trainable) + " trainable parameters",
                                   {std::to_string(s.lora_rank), format_count(trainable)}));
    if (info(s.weights).quantised) {
      // The dequantised 16-bit copy of the largest layer exists during its matmul (bitsandbytes).
      m.temporary_bytes += dn.largest_layer_params * 2.0;
    }
  } else {
    trainable = dn.params;
    const double z = static_cast<double>(dp);
    m.weights_bytes += trainable * pr.weight_bytes / (s.parallel.zero >= 3 ? z : 1);
    m.gradients_bytes += trainable * pr.weight_bytes / (s.parallel.zero >= 2 ? z : 1);
    m.optimizer_bytes += trainable * ((pr.fp32_master ? 4.0 : 0.0) + opt_state) / (s.parallel.zero >= 1 ? z : 1);
  }
  e.trainable_params = trainable;
  if (io.ema) {
    m.optimizer_bytes += trainable * 4.0;  // diffusers EMAModel: an fp32 shadow of the trained weights on the GPU
    e.assumptions.push_back(notice("a_ema", "EMA: an fp32 copy of the trained weights on the GPU"));
  }
  if (s.parallel.offload != Offload::none) {
    e.cpu_offload_bytes += m.optimizer_bytes;
    m.optimizer_bytes = 0;
    e.assumptions.push_back(notice("a_offload", "optimizer states offloaded to CPU memory"));
  }
  // Text encoders: resident unless their embeddings are cached; trained with the denoiser when
  // asked (full states, or frozen with small adapters).
  for (const auto& c : s.model.components) {
    if (c.role == "text_encoder" && (io.train_text_encoder || !io.cache_text_embeddings)) {
      if (io.train_text_encoder && !lora) {
        m.weights_bytes += c.params * pr.weight_bytes;
        m.gradients_bytes += c.params * pr.weight_bytes;
        m.optimizer_bytes += c.params * ((pr.fp32_master ? 4.0 : 0.0) + opt_state);
      } else {
        m.weights_bytes += component_bytes(c, lora ? s.weights : (pr.weight_bytes == 4 ? WeightFormat::fp32 : WeightFormat::fp16));
      }
    }
    // The VAE encodes the images every step unless latents are cached; diffusers' SDXL scripts
    // keep it in fp32 (force_upcast), the others in the weight type.
    if (c.role == "vae" && !io.cache_latents) m.weights_bytes += c.params * (c.force_upcast ? 4.0 : 2.0);
  }
  // Activations of the denoiser: per sample from the architecture, scaled with the resolution;
  // prior preservation doubles the samples of a micro-step (DreamBooth class images).
  const double samples = s.micro_batch * (io.prior_preservation ? 2.0 : 1.0);
  if (dn.ref_px <= 0) {
    e.warnings.push_back(notice("no_denoiser_shape", "the pipeline gives no denoiser figures: activations and speed are not estimated"));
    return;
  }
  double per_sample;
  if (s.recompute == Recompute::full) {
    per_sample = dn.ckpt_bytes * k.linear + (lora ? dn.ckpt_block_lora_bytes : dn.ckpt_block_full_bytes) * k.linear;
    // Eager attention materialises the recomputed block's scores again (checkpointing keeps
    // only the blocks' inputs; the scores exist while that one block's backward runs).
    if (!s.flash_attention) per_sample += kEagerRecomputeScoreBytes * dn.ckpt_block_score_elements * k.attention;
  } else {
    per_sample = (lora ? dn.act_lora_bytes : dn.act_full_bytes) * k.linear;
    if (!s.flash_attention) per_sample += kEagerScoreBytes * dn.score_elements * k.attention;
  }
  m.activations_bytes = samples * per_sample;
}

void diffusion_inference_memory(const Scenario& s, const DiffusionComponent& dn, const Scale& k, Estimate& e) {
  const ImageOptions& io = *s.image;
  MemoryBreakdown& m = e.memory;
  const bool cfg = io.cfg.value_or(s.model.image_defaults.cfg);
  const double batch = std::max(1, io.batch.value_or(1));
  // Resident weights: every component (pipe.to("cuda")); model offload keeps the largest one on
  // the GPU at a time (enable_model_cpu_offload); sequential offload one layer at a time.
  double all = 0, largest = 0, vae_live = 0;
  for (const auto& c : s.model.components) {
    double b = c.role == "vae" ? c.params * (c.force_upcast ? 4.0 : 2.0) : component_bytes(c, s.weights);
    all += b;
    largest = std::max(largest, b);
    if (c.role == "vae" && c.decode_peak_elements > 0) {
      // The decode's live set, per image, scaled with the pixels; sliced decodes one image at a
      // time, tiled one 512 px tile at a time.
      const double bytes = c.force_upcast ? 4.0 : 2.0;
      const double images = io.vae_decode == VaeDecode::full ? batch : 1.0;
      const double px = io.vae_decode == VaeDecode::tiled ? std::min(k.pixels, c.ref_px * c.ref_px) : k.pixels;
      vae_live = images * c.decode_peak_elements * px / (c.ref_px * c.ref_px) * bytes;
    }
  }
  m.weights_bytes = io.offload == ImageOffload::none ? all : io.offload == ImageOffload::model ? largest : 0;
  if (io.offload != ImageOffload::none) {
    e.cpu_offload_bytes = all - m.weights_bytes;
    e.assumptions.push_back(notice(io.offload == ImageOffload::model ? "a_model_offload" : "a_sequential_offload",
                                   io.offload == ImageOffload::model ? "model CPU offload: one component on the GPU at a time"
                                                                     : "sequential CPU offload: one layer on the GPU at a time"));
  }
  // The transient: a denoising step's largest live set (all samples of the step), or the decode.
  const double step_live = (cfg ? 2.0 : 1.0) * batch * dn.infer_peak_bytes * k.linear;
  const double scores = s.flash_attention ? 0.0 : (cfg ? 2.0 : 1.0) * batch * dn.score_elements * k.attention * 2.0 / 10.0;
  m.activations_bytes = std::max({step_live + scores, vae_live});
}

// [SECTION] diffusion speed
void diffusion_speed(const Scenario& s, const DiffusionComponent& dn, const Scale& k, Estimate& e) {
  const ImageOptions& io = *s.image;
  const Accelerator& a = *s.gpu;
  const bool fp16 = s.task == Task::inference ? s.weights == WeightFormat::fp16 || s.weights == WeightFormat::int8 || s.weights == WeightFormat::nf4
                                              : s.precision == Precision::fp16_mixed;
  // fp32 weights: PyTorch runs convolutions in TF32 (torch.backends.cudnn.allow_tf32 defaults to
  // True) and matmuls in fp32 (torch.backends.cuda.matmul.allow_tf32 defaults to False since
  // 1.12; PyTorch's "TensorFloat-32 (TF32) on Ampere (and later) devices" note): convolutions at
  // the TF32 peak where the card has one, linears and attention's products at the fp32 peak.
  const bool fp32 = s.task == Task::inference ? s.weights == WeightFormat::fp32 : s.precision == Precision::fp32;
  auto peak = fp32 ? a.peak_flops(Precision::fp32) : peak16(a, fp16);
  if (!peak) peak = peak16(a, !fp16);
  if (!peak || !a.memory_bandwidth_bytes_per_s) {
    e.warnings.push_back(notice("no_peak", "the card has no known dense peak for 16-bit: no time estimate", {"fp16/bf16"}));
    return;
  }
  // The measured GEMM share at the type the denoiser computes in (FP16 also where there is no BF16).
  const double gemm = gemm_efficiency(a, fp16 || !a.peak_flops(Precision::bf16));
  double rate = *peak * gemm * kDenoiserEfficiency;
  // Those products are plain cuBLAS SGEMMs (eager attention's too: no fused kernel takes fp32),
  // which reach the large-GEMM share of the CUDA cores' peak: kDenoiserEfficiency is the tensor-core
  // attention and implicit-GEMM convolution kernels' shortfall. The convolutions keep it on TF32
  // tensor cores; a card without TF32 runs them on the CUDA cores too, at the same rate.
  double fp32_rate = rate;
  if (const auto it = a.dense_flops.find("fp32"); fp32 && it != a.dense_flops.end() && it->second) {
    fp32_rate = *it->second * gemm;
    if (*it->second >= *peak) rate = fp32_rate;  // the peak is fp32's own: no TF32 on this card
  }
  // Attention at its own share of peak, but never faster than a large GEMM sustains on the card
  // (a power cap slows every tensor-core kernel: a T4's 24 of 65 TFLOPS).
  const double attn_rate = fp32 ? fp32_rate : *peak * std::min(attention_efficiency(a), gemm);
  const bool fused = info(io.runtime).fused;
  // Fused attention kernels compute each head at their own width: SD 1.5's 40-wide heads at 64
  // (FlashAttention-2's HEADDIM_SWITCH; scripts/data/diffusion_arch.py attention_kernel_gflops).
  const double linear_flops = dn.linear_flops * k.linear, conv_flops = dn.conv_flops * k.linear,
               attention_flops = (s.flash_attention ? dn.attention_kernel_flops : dn.attention_flops) * k.attention;
  // A pass's time: the GPU's (matmuls at their rate, attention at its own) plus launching its
  // kernels — one by one from Python in eager PyTorch, whose dispatch the GPU waits for when the
  // kernels are shorter than it (most of a denoiser's are at these batch sizes: our H200 ran
  // SD 1.5 training at batch 1 and 4 in the same 0.11 s); a fused engine's launch latency.
  const double bw = *a.memory_bandwidth_bytes_per_s * hw::kMemoryBandwidthEfficiency;  // bytes/s a streaming kernel reaches
  const double score_traffic = s.flash_attention ? 0.0 : dn.score_elements * k.attention * kEagerTrafficBytes * (fp32 ? 2.0 : 1.0) / bw;
  auto pass_s = [&](double samples, double passes, double kernel_passes) {
    const double gpu = samples * passes * (conv_flops / rate + (linear_flops - conv_flops) / fp32_rate + attention_flops / attn_rate + score_traffic);
    return gpu + kernel_passes * dn.kernels * (fused ? hw::kSmallKernelS : kDispatchS);
  };
  if (s.task == Task::inference) {
    const bool cfg = io.cfg.value_or(s.model.image_defaults.cfg);
    const double batch = std::max(1, io.batch.value_or(1));
    const double samples = (cfg ? 2.0 : 1.0) * batch;
    // A quantised denoiser dequantises every matrix once per step (both CFG halves run as one
    // batch): hw::kDequantBytesPerParam of traffic per quantised parameter.
    const double dequant_s = quantised_params(dn, s.weights) * hw::kDequantBytesPerParam / bw;
    const double step_s = pass_s(samples, 1.0, 1.0) + dequant_s;
    const int steps = io.steps.value_or(static_cast<int>(s.model.image_defaults.steps));
    // Text encoders once per call (prompt, and the negative prompt with CFG): 2N FLOPs per token;
    // the VAE decode once per image.
    double text_s = 0, vae_s = 0;
    for (const auto& c : s.model.components) {
      if (c.role == "text_encoder") text_s += (cfg ? 2.0 : 1.0) * 2.0 * c.params * std::max(1.0, c.tokens) / rate;
      if (c.role == "vae" && c.decode_flops > 0) {
        const double vae_rate = c.force_upcast ? a.peak_flops(Precision::fp32).value_or(*peak / 8) * 0.7 : rate;
        vae_s += batch * c.decode_flops * k.pixels / (c.ref_px * c.ref_px) / vae_rate;
      }
    }
    e.it_per_s = 1.0 / step_s;
    e.latency_ms = (steps * step_s + text_s + vae_s) * 1e3;
    e.images_per_s = batch / (*e.latency_ms / 1e3);
    e.s_per_image = 1.0 / *e.images_per_s;
    if (!fused && dn.kernels * kDispatchS >= 0.999 * step_s) {
      e.assumptions.push_back(notice("a_launch_bound", "a step is bound by launching kernels (" + format_sig(dn.kernels, 4) + " per step) more than by compute: a larger batch costs little more",
                                     {format_sig(dn.kernels, 4)}));
    }
    return;
  }
  // Training: forward + backward (2x forward; LoRA needs no weight gradients of the base: 1x)
  // + recompute (one more forward); text encoders and VAE encoder when not cached.
  // Backward costs twice a forward (activation and weight gradients; LoRA's frozen base needs no
  // weight gradients: once), recompute one more forward.
  const bool lora = is_lora(s.task);
  const double passes = 1.0 + (lora ? 1.0 : 2.0) + (s.recompute == Recompute::full ? 1.0 : 0.0);
  double extra_flops = 0;  // text encoders and the VAE encoder when not cached, per sample
  for (const auto& c : s.model.components) {
    if (c.role == "text_encoder" && (io.train_text_encoder || !io.cache_text_embeddings)) {
      extra_flops += 2.0 * c.params * std::max(1.0, c.tokens) * (io.train_text_encoder ? 3.0 : 1.0);
    }
    if (c.role == "vae" && !io.cache_latents) extra_flops += c.encode_flops * k.pixels / (c.ref_px * c.ref_px);
  }
  const double gpus = std::max(1, s.parallel.gpus);
  const double per_gpu_samples = s.global_batch * (io.prior_preservation ? 2.0 : 1.0) / gpus;
  const double micro_steps = std::max(1.0, static_cast<double>(s.global_batch) / (s.micro_batch * gpus));
  const double kernel_passes = micro_steps * (1.0 + 2.0 + (s.recompute == Recompute::full ? 1.0 : 0.0));
  // A quantised frozen base (QLoRA) dequantises every matrix in each forward, recompute and
  // backward pass of each micro-step, as the LLM estimator counts it (hw::kDequantBytesPerParam).
  const double dequant_passes = micro_steps * (2.0 + (s.recompute == Recompute::full ? 1.0 : 0.0));
  const double dequant_s = lora ? dequant_passes * quantised_params(dn, s.weights) * hw::kDequantBytesPerParam / bw : 0.0;
  // The optimizer step, once per step on the GPU (not when offloaded to the CPU): it reads each
  // trained parameter (the fp32 master under mixed precision; diffusers trains LoRA adapters in
  // fp32), its gradient and its states once and writes the parameter and the states back, and
  // mixed precision writes the 16-bit working copy too (PyTorch's fused AdamW, torch/optim/adamw.py;
  // bitsandbytes' 8-bit blockwise kernels likewise for their 1-byte states); EMA lerps an fp32
  // shadow towards the weights (diffusers' EMAModel.step: reads both, writes the shadow). Memory-
  // bound: a full fine-tune of SD 1.5's 860 M parameters with AdamW moves 28 B each, 24 GB a step.
  double optimizer_s = 0;
  if (s.parallel.offload == Offload::none) {
    const PrecisionRow& pr = info(s.precision);
    const double states = optimizer_state_bytes(s);
    const double trained = lora ? 4.0 : (pr.fp32_master ? 4.0 : pr.weight_bytes);
    const double grad = lora ? 4.0 : pr.weight_bytes;
    const double copy = !lora && pr.fp32_master ? pr.weight_bytes : 0.0;
    const double per_param = grad + 2.0 * (trained + states) + copy + (io.ema ? 12.0 : 0.0);
    const double shard = s.parallel.zero >= 1 ? gpus : 1.0;
    double params = e.trainable_params;  // the denoiser's; a text encoder trained in full adds its own
    for (const auto& c : s.model.components) {
      if (c.role == "text_encoder" && io.train_text_encoder && !lora) params += c.params;
    }
    optimizer_s = params / shard * per_param / bw;
  }
  const double step_s = pass_s(per_gpu_samples, passes, kernel_passes) + per_gpu_samples * extra_flops / rate + dequant_s + optimizer_s;
  e.step_time_s = step_s;
  e.it_per_s = 1.0 / step_s;
  e.images_per_s = s.global_batch / step_s / gpus;
  e.s_per_image = 1.0 / *e.images_per_s;
  if (io.train_steps) {
    e.train_s = *io.train_steps * step_s;
    e.days = *e.train_s / 86400.0;               // the job's wall clock, for cost and the recommender
    e.gpu_hours = *e.train_s / 3600.0 * gpus;
  }
}

// [SECTION] vision
// The figures of a vision model: its own, or for an inline model (flops only) the activation
// traffic per FLOP, kernel counts and live set of the catalog preset of the same arch with the
// nearest FLOPs (the estimate says which).
void vision(const Scenario& s, Estimate& e) {
  const VisionOptions& o = *s.vision;
  const VisionSpec& v = *s.model.vision;
  if (!v.borrowed_from.empty()) {
    e.assumptions.push_back(notice("a_vision_analogy", "activation traffic and kernel count taken from " + v.borrowed_from + " (same kind, nearest FLOPs)",
                                   {v.borrowed_from}));
  }
  const double side = vision_default_input(s.model);
  const double pixels = o.width.value_or(side) * o.height.value_or(side);
  const double k = pixels / (v.input_px * v.input_px);
  const double flops = v.flops * k, act = v.act_elements * k;
  const VisionPrecisionRow& pr = info(o.precision);
  const bool fused = info(o.runtime).fused;
  MemoryBreakdown& m = e.memory;
  const double params = s.model.params.value_or(0);
  e.params = params;
  e.active_params = params;
  m.weights_bytes = params * pr.bytes;
  e.model_states_bytes = m.weights_bytes;
  auto live = [&](double batch) { return batch * v.live_elements * k * pr.bytes; };
  if (!s.gpu) {
    m.activations_bytes = live(std::max(1, o.batch.value_or(1)));
    totals(e, s);
    return;
  }
  const Accelerator& a = *s.gpu;
  const int dies = std::max(1, a.dies);
  const int chips = std::min(dies, o.chips.value_or(dies));
  std::optional<double> peak;
  for (const char* key : pr.peak_keys) {
    if (key && !peak) {
      auto it = a.dense_flops.find(key);
      if (it != a.dense_flops.end() && it->second) peak = *it->second;
    }
  }
  if (!peak || !a.memory_bandwidth_bytes_per_s) {
    e.warnings.push_back(notice("no_peak", std::string("the card has no known dense peak for ") + pr.word + ": no speed estimate", {pr.word}));
    m.activations_bytes = live(std::max(1, o.batch.value_or(1)));
    totals(e, s);
    return;
  }
  // Per die: the card's figures divided among its dies.
  const double die_peak = *peak / dies, die_bw = *a.memory_bandwidth_bytes_per_s / dies;
  // A measured FP16 rate stands for the other tensor-core precisions too (a power cap lowers the
  // clock for all); FP32 runs on CUDA cores, which no GEMM measurement here measures.
  // The convolutions' shortfall (kCnnShareOfPeak, from tensor-core INT8 runs) is a tensor-core one:
  // their small-channel and 1x1 layers cannot feed the tensor cores (their arithmetic intensity is
  // below the ridge, peak / bandwidth: 75 FLOP/B on a capped T4's tensor cores), while on the CUDA
  // cores (ridge 25 FLOP/B on a T4) the same layers stay compute-bound at the SGEMM rate; activation
  // traffic is counted apart either way.
  const bool tensor = o.precision != VisionPrecision::fp32;
  const double eff = tensor ? (v.arch == "vit" ? gemm_efficiency(a, true) * 0.9 : std::min(gemm_efficiency(a, true), kCnnShareOfPeak)) : hw::kDefaultGemmEfficiency;
  // One forward of `batch` frames on one die: compute at the efficiency, plus the activation
  // traffic (each output written and read once; a fused engine writes one output where eager
  // writes one per operator), at least the kernels' launch floor. A fused engine whose batch's
  // live activations fit the chip's L2 cache keeps them there: layer outputs are read back by the
  // next layer before they are evicted, so they never cost memory bandwidth (NVIDIA's own MLPerf
  // ResNet-50 engines pick their batch to match: 32 on an L4's 48 MiB, 64 on an L40S's 96 MiB,
  // 2,048 on an H100 whose 3.35 TB/s carries the traffic; configs/resnet50/Offline in
  // mlcommons/inference_results_v3.1 and v4.0). Eager PyTorch allocates every output anew, and
  // its caching allocator hands out blocks that have left the cache: no residency.
  const double kernels = fused ? v.kernels_fused : v.kernels_eager;
  const double traffic_share = fused && v.kernels_eager > 0 ? v.kernels_fused / v.kernels_eager : 1.0;
  const double l2_bytes = a.l2_cache_bytes.value_or(0.0);
  // A fused CNN whose kernels are known (the presets; an inline model borrows a preset's, scaled):
  // each kernel on its own roofline, the slower of its FLOPs at the rate and its bytes at the
  // bandwidth, at least a small kernel's time (Williams, Waterman and Patterson 2009, the roofline
  // per kernel, as the decode step in estimator.cpp). The stem's and the first stage's kernels, wide
  // maps of few channels, wait on memory while the later ones compute; the residency rule below
  // holds kernel by kernel: one whose batch's input and output fit the L2 moves nothing through
  // DRAM. Summing whole-network compute and traffic instead charged every kernel for both.
  // Eager PyTorch's kernels likewise (a conv, then its BN and activation reading and writing the
  // map), each at least the host's dispatch of it: a kernel shorter than its dispatch waits for the
  // next launch, a longer one lets the host run ahead (CUDA's asynchronous launch queue), so the
  // forward is the sum over kernels of the longer of the two. Before, the whole forward was the
  // longer of all compute plus all traffic and all dispatch.
  const std::vector<std::array<double, 2>>& layers = fused ? v.fused_layers : v.eager_layers;
  const bool per_kernel = v.arch == "cnn" && !layers.empty();
  const double floor_s = fused ? hw::kSmallKernelS : kVisionDispatchS;  // each kernel's launch: in a fused engine, or from eager PyTorch's host
  auto forward_s = [&](double batch) {
    if (per_kernel) {
      double t = 0;
      for (const auto& [layer_flops, layer_elements] : layers) {
        const double bytes = batch * layer_elements * k * pr.bytes;
        const double memory = fused && l2_bytes > 0 && bytes <= l2_bytes ? 0.0 : bytes / (die_bw * hw::kMemoryBandwidthEfficiency);
        t += std::max({batch * layer_flops * k / (die_peak * eff), memory, floor_s});
      }
      return t;
    }
    const double compute = batch * flops / (die_peak * eff);
    const bool resident = fused && l2_bytes > 0 && live(batch) <= l2_bytes;
    const double memory = resident ? 0.0 : batch * act * traffic_share * pr.bytes * 2.0 / (die_bw * hw::kMemoryBandwidthEfficiency);
    return std::max(compute + memory, kernels * floor_s);
  };
  int batch = o.batch.value_or(1);
  if (batch == 0) {
    // "auto": the smallest power-of-two batch within 5% of the best frames/s that fits.
    double best = 0;
    for (int b = 1; b <= 1024; b *= 2) best = std::max(best, b / forward_s(b));
    for (int b = 1; b <= 1024; b *= 2) {
      if (b / forward_s(b) >= 0.95 * best) {
        batch = b;
        break;
      }
    }
    e.assumptions.push_back(notice("a_auto_batch", "batch " + std::to_string(batch) + ": the smallest that reaches 95% of the best frames/s", {std::to_string(batch)}));
  }
  const double t = forward_s(batch);
  e.latency_ms = t * 1e3;
  e.fps = batch / t * chips;
  e.images_per_s = e.fps;
  e.s_per_image = 1.0 / *e.fps;
  m.activations_bytes = live(batch);
  if (kernels * floor_s >= t * 0.999) {
    e.assumptions.push_back(notice("a_launch_bound", "a forward is bound by launching kernels (" + format_sig(kernels, 4) + ") more than by compute: a larger batch costs little more",
                                   {format_sig(kernels, 4)}));
  }
  // Camera streams: frames/s over the camera's rate, and the card's video decoder when known.
  double streams = std::floor(*e.fps / o.camera_fps);
  if (a.video_decode_1080p_fps) {
    // A decoder's frames/s goes as the inverse of a frame's pixels: Huawei's VDEC table gives 4K
    // 120 fps against 1080p 480 fps (4x the pixels, a quarter of the frames), and <=720p 960 fps,
    // 2x (not the 2.25x of its pixels), CANN's VDEC performance table (hiascend.com/doc_center/source/
    // zh/canncommercial/5046/windowsversion/windowsug/aclcppdevg_03_0184.html: "4k 120fps, 1080p
    // 480fps, ≤720p 960fps"). The same ratios on NVDEC, whose application note times 1080p only.
    const double ratio = std::min(2.0, (1920.0 * 1080) / info(o.camera_resolution).pixels);
    const double at_res = *a.video_decode_1080p_fps * ratio;
    const std::string res = word(o.camera_resolution);
    const double decode = std::floor(at_res * chips / dies / o.camera_fps);
    if (decode < streams) {
      streams = decode;
      e.assumptions.push_back(notice("a_decode_bound", "the video decoder binds: " + format_sig(at_res, 5) + " frames/s of " + res,
                                     {format_sig(at_res, 5), res}));
    } else {
      e.assumptions.push_back(notice("a_compute_bound", "the model binds, not the video decoder (" + format_sig(at_res, 5) + " frames/s of " + res + ")",
                                     {format_sig(at_res, 5), res}));
    }
  } else {
    e.warnings.push_back(notice("decode_unknown", a.name + ": hardware video-decode capacity has no source here; streams count the model only", {a.name}));
  }
  e.streams = streams;
  if (o.scope == VisionScope::e2e) {
    e.warnings.push_back(notice("scope_e2e", "end-to-end time (decode, pre/post-processing, NMS) is not modelled: figures are the network's forward"));
  }
  totals(e, s);
}
}  // namespace

// [SECTION] entry points
void estimate_diffusion(const Scenario& s, Estimate& e) {
  const DiffusionComponent* dn = s.model.component("denoiser");
  double total = 0;
  for (const auto& c : s.model.components) total += c.params;
  e.params = s.model.params.value_or(total);
  e.active_params = e.params;
  if (!dn) {
    totals(e, s);
    return;
  }
  const Scale k = scale_of(s, *dn);
  if (s.task == Task::inference) diffusion_inference_memory(s, *dn, k, e);
  else diffusion_training_memory(s, *dn, k, e);
  totals(e, s);
  if (s.gpu && dn->ref_px > 0) diffusion_speed(s, *dn, k, e);
  if (s.gpu && s.task == Task::qlora && s.gpu->support.count("bitsandbytes") && s.gpu->support.at("bitsandbytes").level == "no") {
    e.warnings.push_back(notice("qlora_no_bnb", s.gpu->name + ": bitsandbytes (QLoRA's NF4) is not supported; another quantiser is needed", {s.gpu->name}));
  }
}

void estimate_vision(const Scenario& s, Estimate& e) { vision(s, e); }

}  // namespace xuanka::core
