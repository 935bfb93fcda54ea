// Hardware constants shared by the estimator, the cost model and the recommender (core layer).
// Named once, with their sources; every user includes this file.
#pragma once
#include <cmath>
#include <optional>

namespace xuanka::core::hw {

// PCIe x16 per direction: Gen4 16 GT/s x 16 lanes x 128/130 = 31.5 GB/s, Gen5 twice that
// (PCI-SIG PCIe 4.0 / 5.0 base specifications); 32 and 64 GB/s as vendors round them.
constexpr double kPcieGen4BytesPerS = 32e9;
constexpr double kPcieGen5BytesPerS = 64e9;
inline double pcie_bytes_per_s(std::optional<int> gen) { return gen.value_or(4) >= 5 ? kPcieGen5BytesPerS : kPcieGen4BytesPerS; }

// CUDA context + framework kernels resident on the GPU: 1343 MiB measured with nvidia-smi after
// torch.ones((1,1)).cuda() on a V100 (HF "model memory anatomy" page). Taken for every card.
constexpr double kContextBytes = 1343.0 * 1048576.0;
// PyTorch's caching allocator keeps freed and split blocks: nvidia-smi shows more than
// max_memory_allocated. 8% of the allocated peak; set so the one nvidia-smi-level training case
// (hf-anatomy bert-large) lands near its figure, within the range commonly seen (5-15%).
constexpr double kFragmentation = 0.08;

// Cards per server: HGX/OAM baseboards and 8-slot PCIe servers hold 8 (NVIDIA DGX/HGX A100/H100
// user guides; Huawei Atlas 800T A2 and Atlas 800I A2: 8 NPUs).
constexpr int kCardsPerNode = 8;

// Scale-out: one 200 Gb/s NIC per GPU (HDR InfiniBand / 200G RoCE, the DGX A100 layout), 8 per
// node; NCCL's multi-ring all-reduce then reaches about the node's aggregate NIC bandwidth as
// bus bandwidth.
constexpr double kNicBytesPerS = 25e9;
constexpr const char* kNicReferenceServer = "DGX A100";  // the layout kNicBytesPerS is read from

// NCCL's latency model for one ring collective (src/graph/tuning.cc, ring algorithm, Simple
// protocol, the one it picks for large messages): a base latency plus one per step of the ring,
// which has g - 1 steps for g ranks. A step over NVLink costs 3.4 us (5.7 over PCIe; at least
// 3 x 1.0 us of network overhead once the ring spans servers); a step between servers 14 us. With
// one rank per server NCCL 2.23+ runs PAT instead: 8 us + 4 us per doubling of servers + 2.8 us
// per rank (the same file's PAT model).
constexpr double kNcclRingBaseUs = 8.4;
constexpr double kNcclNvlinkStepUs = 3.4;
constexpr double kNcclPcieStepUs = 5.7;
constexpr double kNcclMinStepAcrossServersUs = 3.0;
constexpr double kNcclNetworkStepUs = 14.0;
constexpr double kNcclPatBaseUs = 8.0;
constexpr double kNcclPatPerDoublingUs = 4.0;
constexpr double kNcclPatPerRankUs = 2.8;
// A small all-reduce (a decode step's few KB per layer) takes the LL protocol: the same model's
// ring LL figures, 6.6 us base + 0.6 us per NVLink step (1.0 over PCIe), 2(n - 1) steps.
constexpr double kNcclLlRingBaseUs = 6.6;
constexpr double kNcclLlNvlinkStepUs = 0.6;
constexpr double kNcclLlPcieStepUs = 1.0;

// GPU time of a small kernel in a captured graph or a fused engine (no host dispatch between
// kernels): 5 us (our H200: ResNet-50 at batch 1 replayed as a CUDA graph, 0.88 ms for 174
// kernels; ViT-L/16 1.37 ms for 341).
constexpr double kSmallKernelS = 5e-6;

// Host time to dispatch one kernel from eager PyTorch without autograd (inference: no graph
// recorded, no tensors saved for backward): 15-20 us per kernel in our H200 VM, from launch-bound
// eager forwards whose time does not grow with the batch — ResNet-50 (174 kernels: 3.26 ms at batch
// 1, 3.48 at 8) and ViT-L/16 (341: 5.2 ms at 1 and 8); tests/vectors/measured/h200_2026-11-30.jsonl.
// A server or cloud host, where buyers rent and rack their cards; a desktop CPU dispatches faster.
constexpr double kEagerInferenceDispatchS = 18e-6;

// Collectives reach ~80% of the link's unidirectional peak (NCCL bus bandwidth on NVLink:
// nccl-tests all_reduce_perf on DGX A100 reports ~230 of 300 GB/s).
constexpr double kLinkEfficiency = 0.80;

// A card of 700 W or more: an 8-card board draws > 5.6 kW of cards alone; dense racks of these
// are liquid-cooled (NVIDIA HGX H100/H200 700 W SXM; the catalog's `cooling` convention).
constexpr double kLiquidCoolingTdpW = 700;

// Streaming kernels (decode's weight and KV reads, elementwise passes) reach ~80% of the
// memory's peak bandwidth (STREAM-like copies: our H200 moved 4.19 of 4.8 TB/s, 87%).
constexpr double kMemoryBandwidthEfficiency = 0.80;

// Memory traffic per quantised parameter and pass when a frozen base computes through a
// dequantised 16-bit copy (bitsandbytes' MatMul4Bit / QLoRA, for inputs of more than one row):
// dequantize_4bit reads the 0.5-B NF4 weight and writes 2 B, the matmul reads those 2 B again
// (bitsandbytes/autograd/_functions.py). Every forward, recompute and backward pass repeats it.
constexpr double kDequantBytesPerParam = 4.5;
// A kernel near the roofline's ridge reaches neither roof: with c its time at the compute rate and
// m its time at the memory rate, it takes about sqrt(c^2 + m^2), not max(c, m) (a smooth roofline,
// exponent 2). Set against Vidur's operator profiles of Llama 2's four linear layers in fp16 at 1 to
// 4,096 tokens (microsoft/vidur@7d47513 data/profiling/compute/{a100,h100}/meta-llama/
// Llama-2-{7b,70b}-hf/mlp.csv, cuBLAS through PyTorch): mean error 2-7% on A100 and H100, 7B and
// 70B, where max(c, m) is off by 4-8% on average and by up to 40% at 128-256 tokens (A100 7B at 128
// tokens: 266 us of weights, 232 us of FLOPs, 351.5 us measured; the formula gives 353).
inline double smooth_roofline_s(double compute_s, double memory_s) { return std::sqrt(compute_s * compute_s + memory_s * memory_s); }
// Large-GEMM efficiency when the catalog has no measured matmul rate for a card: the A100 PCIe
// measurement (234 / 312, ecosystem_notes.md §8), a middle value among the measured cards.
constexpr double kDefaultGemmEfficiency = 0.75;
// Share of a large GEMM's rate that a denoiser's convolutions and attention reach (the card's
// measured matmul rate is the GEMM's): FlashAttention-2 fwd+bwd at head dims 64-128 reaches
// 50-73% of peak (arXiv:2307.08691, Fig. 4-6); implicit-GEMM convolutions with 320-1280
// channels are alike. Read by the diffusion estimator and the video VAE.
constexpr double kConvShareOfGemm = 0.7;
// Attention kernels' share of the dense peak: FlashAttention-2 reaches 50-73% on A100
// (arXiv:2307.08691) but only ~35% on H100, whose new instructions it does not use
// (FlashAttention-3, arXiv:2407.08608 §1): 0.6 before Hopper (compute capability < 9), 0.35 on
// Hopper. On datacenter Blackwell (10.x) FlashAttention-2 falls to ~17% (B200: 438 forward, 364
// backward TFLOP/s causal at 32K tokens), so Transformer Engine and the trainers on it run cuDNN's
// fused attention there: causal, head dim 128, 16K-64K tokens, forward 1,350-1,448 and backward
// 1,058-1,124 TFLOP/s of 2,250, the two together (backward 2.5x forward's FLOPs) 1,140-1,197: 0.51
// (NVIDIA/cudnn-frontend@cb560b92 benchmark/sdpa_benchmark_training/artifacts/
// sdpa_bf16_benchmark_results_NVIDIA_B200.csv, pyt_cudnn rows). Blackwell Ultra (10.3: B300,
// GB300) runs the same kernels faster (its exponent units are twice as fast): cuDNN on GB300, BF16,
// causal, 64 query and 8 KV heads of 128, batch 2, forward and backward 4.593 + 14.593 ms at 16K
// and 18.014 + 59.024 ms at 32K tokens, 0.64 of its 2,500 TFLOP/s together, where GB200 in the same
// run gives 0.57 and 0.53 (NVIDIA/cudnn-frontend@fb682ce benchmark/sdpa_benchmark_training/results/
// llama3.1/gb300/llama3.1_20260424_100757.csv and gb200/llama3.1_20260424_100750.csv, bfloat16
// rows). RTX 50 (12.x) has no such kernels measured: the Hopper share, as before.
inline double attention_efficiency(double compute_capability) {
  if (compute_capability >= 10.3 && compute_capability < 11.0) return 0.64;
  if (compute_capability >= 10.0 && compute_capability < 12.0) return 0.51;
  return compute_capability >= 9.0 ? 0.35 : 0.6;
}

}  // namespace xuanka::core::hw
