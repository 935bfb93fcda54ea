// The scenario contract as a struct (core layer): ../shared/SCENARIO.md. Parsing and printing
// live in core/contract.h.
#pragma once
#include <numeric>
#include <optional>
#include <string>

#include "core/catalog.h"

namespace xuanka::core {

struct Parallel {
  int gpus = 1, tp = 1, pp = 1, cp = 1, ep = 1;
  int zero = 0;                     // ZeRO stage 0..3 (FSDP full shard = 3)
  Offload offload = Offload::none;
  bool sequence_parallel = false;
  // Virtual pipeline stages per rank: Megatron's interleaved 1F1B (--virtual-pipeline-model-
  // parallel-size), each rank holding vp chunks of layers/(pp*vp) layers; 1 = plain 1F1B. Not in
  // ../shared/SCENARIO.md: an extension, written only when > 1.
  int vp = 1;
  // The MoE all-to-all hidden behind the other micro-batch's compute: Megatron-Core's
  // --overlap-moe-expert-parallel-comm (combined 1F1B, "inspired by the DSv3 DualPipe"), which
  // NeMo's performance recipes turn on, and DeepSeek-V3's DualPipe. Not in ../shared/SCENARIO.md:
  // an extension, written only when true.
  bool ep_overlap = false;
  // Deduplicated dispatch (parallel.ep_dedup): each token crosses once to every other server that
  // holds one of its experts and fans out over the fast link inside it, as DeepEP's and HybridEP's
  // kernels do (Megatron-Core's --moe-token-dispatcher-type flex; DeepSeek-V3, arXiv:2412.19437
  // §3.2.2), where the plain all-to-all sends each of its top-k copies. Not in
  // ../shared/SCENARIO.md: an extension, written only when true.
  bool ep_dedup = false;
  // Network per card to other servers, one direction, Gb/s (parallel.scale_out_gbps): the cluster's
  // own, where it differs from the card's reference server in the catalog. Not in
  // ../shared/SCENARIO.md: an extension, written only when given.
  std::optional<double> scale_out_gbps;
  int dp() const { return gpus / (tp * pp * cp); }
  // The fewest cards that hold the whole model: per pipeline stage, the attention over tp x cp and
  // the routed experts, whole, over ep (core/estimator.cpp place()): pp x lcm(tp x cp, ep). One
  // 8-card server at tp 8, ep 8 is one replica; tp 1, ep 16 is 16 cards of data-parallel attention.
  int replica_cards() const { return pp * std::lcm(tp * cp, ep); }
};

// Speculative decoding (SCENARIO.md "serving.speculative").
struct Speculative {
  SpecMethod method = SpecMethod::mtp;
  int draft_tokens = 1;                  // k, tokens proposed per step
  std::optional<double> accept_length;   // a, mean tokens per verification step (1 <= a <= k + 1)
};

// Prefill and decode on different cards (SCENARIO.md "serving.disaggregated").
struct Disaggregated {
  PoolRole role = PoolRole::both;  // both: prefill_gpus of the gpus prefill, the rest decode
  int prefill_gpus = 0;
  std::optional<int> prefill_tp, prefill_ep;  // default: parallel.tp, parallel.ep
};

// The host's memory bandwidth and matrix rate, for experts on the CPU (SCENARIO.md "serving.cpu").
struct HostCpu {
  std::optional<double> memory_gb_s;  // GB/s (10^9 bytes)
  std::optional<double> tflops;       // at the weights' format
};

struct Serving {
  int batch = 1;  // requests in flight across all parallel.gpus cards
  double prompt_tokens = 512, output_tokens = 512;
  WeightFormat kv_dtype = WeightFormat::bf16;  // fp16 | bf16 | fp8 | int8
  Engine engine = Engine::vllm;
  std::optional<Speculative> speculative;
  std::optional<Disaggregated> disaggregated;
  double prefix_cache_hit = 0;  // share of prompt tokens whose KV is already cached
  std::optional<double> gpu_memory_utilization;  // the engine's share of each card's memory; none: the whole card
  ServingOffload offload = ServingOffload::none;
  std::optional<HostCpu> cpu;
};

// Image generation (SCENARIO.md "image"); empty optionals take the model's defaults.
struct ImageOptions {
  std::optional<double> width, height;   // px; default: the model's resolution, square
  std::optional<int> batch;              // images per pipeline call; 0 = "auto" (throughput-saturating)
  std::optional<int> steps;              // denoising steps per image
  std::optional<bool> cfg;               // classifier-free guidance: the denoiser runs on 2 x batch
  std::optional<double> text_len;        // text tokens
  Runtime runtime = Runtime::pytorch;
  VaeDecode vae_decode = VaeDecode::full;
  ImageOffload offload = ImageOffload::none;
  bool train_text_encoder = false, cache_latents = false, cache_text_embeddings = false;
  bool prior_preservation = false, ema = false;
  std::optional<double> train_steps;     // optimizer steps of the job
};

// Video generation (SCENARIO.md "video", our extension); empty optionals take the model's defaults.
struct VideoOptions {
  std::optional<double> width, height;   // px; default: the model's script's
  std::optional<double> frames;          // frames of one clip
  std::optional<double> fps;             // frames per second (clip length = frames / fps)
  std::optional<int> steps;              // denoising steps per clip
  std::optional<bool> cfg;               // classifier-free guidance: a second (unconditional) DiT pass per step
  std::optional<double> text_len;        // text tokens
  ImageOffload offload = ImageOffload::none;  // model: one component on the GPU at a time; sequential: one block
  bool encoders_cpu = false;             // the text (and image) encoders run on the CPU (Wan's --t5_cpu)
  VaeDecode vae_decode = VaeDecode::full;  // full | tiled
  VideoSp sequence_parallel = VideoSp::ulysses;  // how parallel.gpus > 1 cards split one clip
  VideoAttention attention = VideoAttention::flash;
  int blocks_to_swap = 0;                // DiT blocks kept on the CPU and swapped in per step (musubi-tuner, DiffSynth)
  bool cache_latents = false, cache_text_embeddings = false;  // training: pre-encoded inputs
  std::optional<double> train_steps;     // optimizer steps of a training job
};

// Vision inference (SCENARIO.md "vision").
struct VisionOptions {
  std::optional<double> width, height;   // px; default 640 for detectors (yolo*), 224 for classifiers
  std::optional<int> batch;              // frames per forward; 0 = "auto"
  VisionPrecision precision = VisionPrecision::fp16;
  Runtime runtime = Runtime::pytorch;
  double camera_fps = 25;                // frames/s of one camera stream
  CameraResolution camera_resolution = CameraResolution::p1080;  // a stream's frame size (the decoders' load)
  std::optional<int> chips;              // dies running the model on a multi-die card
  VisionScope scope = VisionScope::model;
};

// The default input side of a vision model (SCENARIO.md): 640 px for detectors (yolo*), 224 px
// for classifiers.
double vision_default_input(const ModelArch& m);

struct Scenario {
  ModelArch model;
  std::string model_id;             // preset id, or the inline name
  bool model_preset = false;        // `model` was a preset id (printed back as the id)
  Task task = Task::pretrain;
  Precision precision = Precision::bf16_mixed;
  Optimizer optimizer = Optimizer::adamw;
  int lora_rank = 8;
  LoraTargets lora_targets = LoraTargets::attn_qv;
  WeightFormat lora_dtype = WeightFormat::fp32;  // adapters' type: PEFT keeps fp32 under mixed precision, the pure type otherwise
  // LoRA dropout probability on each adapted module's input (PEFT's LoraConfig.lora_dropout, default
  // 0: nn.Identity). Above 0 each adapted linear keeps its dropped input and a 1-byte mask.
  double lora_dropout = 0;
  Loss loss = Loss::full;           // full logits, or fused/chunked cross-entropy
  WeightFormat weights = WeightFormat::bf16;
  double seq_len = 2048;            // tokens
  int micro_batch = 1;
  int global_batch = 1;             // sequences per optimizer step
  Recompute recompute = Recompute::none;
  bool flash_attention = true;
  Parallel parallel;
  const Accelerator* gpu = nullptr; // none: no fit verdict and no time
  std::optional<double> tokens;     // training tokens
  Serving serving;
  std::optional<double> mfu;        // override of the utilisation model, 0..1
  std::optional<ImageOptions> image;   // diffusion models only (present for them, defaults filled)
  std::optional<VisionOptions> vision; // vision models only
  std::optional<VideoOptions> video;   // video generators only
};


}  // namespace xuanka::core
