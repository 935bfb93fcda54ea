// The estimator for vision inference (core layer): frames/s, latency and camera streams of a
// vision model from the per-image figures scripts/data/vision_arch.py derives from the network.
// [SECTION] constants  [SECTION] vision  [SECTION] entry point
#include "core/estimator_image.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/hardware.h"

namespace xuanka::core {

// [SECTION] constants — each named, with what it stands for and what it was set against.
namespace {
// The same dispatch for a plain torchvision forward without autograd: hw::kEagerInferenceDispatchS.
// Diffusers' denoisers keep kDispatchS: their blocks run more Python per kernel (SD 1.5's inference
// step, 1133 kernels, took 40 ms at batch 1 and 4 alike: 35 us each).
constexpr double kVisionDispatchS = hw::kEagerInferenceDispatchS;
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
// The card's measured large-GEMM share of peak (FP16's when measured, else BF16's), or the default.
double gemm_efficiency(const Accelerator& a, bool fp16) { return a.gemm_efficiency(fp16).value_or(hw::kDefaultGemmEfficiency); }
void totals(Estimate& e, const Scenario& s) {
  e.model_states_bytes = e.memory.weights_bytes + e.memory.gradients_bytes + e.memory.optimizer_bytes;
  memory_totals(s, e);  // core/estimator.h
}

// [SECTION] vision
// The figures of a vision model: its own, or for an inline model (flops only) the activation
// traffic per FLOP, kernel counts and live set of the catalog preset of the same arch with the
// nearest FLOPs (the estimate says which).
void vision(const Scenario& s, Estimate& e) {
  const VisionOptions& o = *s.vision;
  const VisionSpec& v = *s.model.vision;
  if (!v.borrowed_from.empty()) {
    e.assumptions.push_back(notice("a_vision_analogy",
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
    e.warnings.push_back(notice("no_peak", {pr.word}));
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
    e.assumptions.push_back(notice("a_auto_batch", {std::to_string(batch)}));
  }
  const double t = forward_s(batch);
  e.latency_ms = t * 1e3;
  e.fps = batch / t * chips;
  e.images_per_s = e.fps;
  e.s_per_image = 1.0 / *e.fps;
  m.activations_bytes = live(batch);
  if (kernels * floor_s >= t * 0.999) {
    e.assumptions.push_back(notice("a_launch_bound",
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
      e.assumptions.push_back(notice("a_decode_bound",
                                     {format_sig(at_res, 5), res}));
    } else {
      e.assumptions.push_back(notice("a_compute_bound",
                                     {format_sig(at_res, 5), res}));
    }
  } else {
    e.warnings.push_back(notice("decode_unknown", {a.name}));
  }
  e.streams = streams;
  if (o.scope == VisionScope::e2e) {
    e.warnings.push_back(notice("scope_e2e"));
  }
  totals(e, s);
}
}  // namespace

// [SECTION] entry point
void estimate_vision(const Scenario& s, Estimate& e) { vision(s, e); }

}  // namespace xuanka::core
