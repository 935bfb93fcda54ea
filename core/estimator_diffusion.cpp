// The estimator for image generation (core layer): memory and speed of diffusion training and
// inference from the per-sample figures that scripts/data/diffusion_arch.py derives from the
// denoiser's architecture. Vision inference is core/estimator_vision.cpp.
// [SECTION] constants  [SECTION] shared  [SECTION] diffusion memory  [SECTION] diffusion speed
// [SECTION] entry point
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
// Share of a large GEMM's rate a denoiser's convolutions and attention reach: hw::kConvShareOfGemm.
constexpr double kDenoiserEfficiency = hw::kConvShareOfGemm;
// Attention kernels' share of the dense peak (hw::attention_efficiency).
double attention_efficiency(const Accelerator& a) {
  return hw::attention_efficiency(a.compute_capability_number);
}
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
    e.assumptions.push_back(notice("a_lora",
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
    e.assumptions.push_back(notice("a_ema"));
  }
  if (s.parallel.offload != Offload::none) {
    e.cpu_offload_bytes += m.optimizer_bytes;
    m.optimizer_bytes = 0;
    e.assumptions.push_back(notice("a_offload"));
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
    e.warnings.push_back(notice("no_denoiser_shape"));
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
    e.assumptions.push_back(notice(io.offload == ImageOffload::model ? "a_model_offload" : "a_sequential_offload"));
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
    e.warnings.push_back(notice("no_peak", {"fp16/bf16"}));
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
        const double vae_rate = c.force_upcast ? a.peak_flops(Precision::fp32).value_or(*peak / 8) * kDenoiserEfficiency : rate;
        vae_s += batch * c.decode_flops * k.pixels / (c.ref_px * c.ref_px) / vae_rate;
      }
    }
    e.it_per_s = 1.0 / step_s;
    e.latency_ms = (steps * step_s + text_s + vae_s) * 1e3;
    e.images_per_s = batch / (*e.latency_ms / 1e3);
    e.s_per_image = 1.0 / *e.images_per_s;
    if (!fused && dn.kernels * kDispatchS >= 0.999 * step_s) {
      e.assumptions.push_back(notice("a_launch_bound",
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
}  // namespace

// [SECTION] entry point
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
    e.warnings.push_back(notice("qlora_no_bnb", {s.gpu->name}));
  }
}


}  // namespace xuanka::core
