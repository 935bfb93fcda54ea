// Tests of the image-generation and vision estimator: figures derived by hand from the catalog's
// per-sample facts (scripts/data/diffusion_arch.py, vision_arch.py) and the mechanisms cited in
// core/estimator_diffusion.cpp and estimator_vision.cpp; the validation gates on published image and vision figures.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "core/contract.h"
#include "core/hardware.h"
#include "core/recommend.h"
#include "core/validation.h"
#include "vectors_io.h"

using namespace xuanka::core;
using nlohmann::json;
using Catch::Matchers::WithinRel;

namespace {
const DiffusionComponent& part(const char* model, const char* role) { return *cat().find_model(model)->component(role); }
}  // namespace

TEST_CASE("image: SD 1.5 LoRA keeps the fp16 pipeline and fp32 adapters with their AdamW states") {
  // Frozen fp16 UNet, text encoder and VAE (2 B each); LoRA rank 16 on the attention projections:
  // 16 x lora_io_attn (199,296: 797,184 at rank 4, our H200 count) = 3,188,736 adapters, fp32
  // weights and gradients (4 + 4 B) and AdamW's fp32 m and v (8 B).
  const Estimate e = run({{"model", "stable-diffusion-1.5"}, {"task", "lora"}, {"precision", "fp16_mixed"}, {"weights", "fp16"},
                          {"lora", {{"rank", 16}, {"targets", "attn"}}}, {"image", {{"resolution", 512}}}});
  const double unet = part("stable-diffusion-1.5", "denoiser").params, te = part("stable-diffusion-1.5", "text_encoder").params,
               vae = part("stable-diffusion-1.5", "vae").params;
  const double lora = 16 * 199296.0;
  CHECK(e.trainable_params == lora);
  CHECK_THAT(e.memory.weights_bytes, WithinRel((unet + te + vae) * 2 + lora * 4, 1e-12));
  CHECK_THAT(e.memory.gradients_bytes, WithinRel(lora * 4, 1e-12));
  CHECK_THAT(e.memory.optimizer_bytes, WithinRel(lora * 8, 1e-12));
}

TEST_CASE("image: fused attention computes SD 1.5's 40-wide heads at the 64-wide kernel") {
  // SD 1.5 UNet at 512 px (64 x 64 latent), 8 heads at every level; transformer blocks: 5 at each
  // of levels 1-3 (2 down, 3 up) and 1 in the middle (8 x 8). Per block, self-attention 2 n^2 c
  // and cross-attention 2 n 77 c multiply-adds (QK^T and AV):
  //   L1 n 4096, c 320 (head 40): 1.0938e10 x 5;  L2 n 1024, c 640 (head 80): 1.4429e9 x 5;
  //   L3 n 256, c 1280 (head 160): 2.1823e8 x 5;  mid n 64, c 1280: 2.3101e7.
  // Sum 6.3021e10 MAC = 126.0 GFLOPs. FlashAttention-2 runs heads at the next multiple of 32
  // (flash_api.cpp round_multiple(head_size, 32), HEADDIM_SWITCH): 40 -> 64 (x1.6), 80 -> 96
  // (x1.2), 160 stays: 9.7284e10 MAC = 194.6 GFLOPs.
  const DiffusionComponent& u = part("stable-diffusion-1.5", "denoiser");
  const double l1 = 2.0 * 4096 * 4096 * 320 + 2.0 * 4096 * 77 * 320, l2 = 2.0 * 1024 * 1024 * 640 + 2.0 * 1024 * 77 * 640;
  const double l3 = 2.0 * 256 * 256 * 1280 + 2.0 * 256 * 77 * 1280, mid = 2.0 * 64 * 64 * 1280 + 2.0 * 64 * 77 * 1280;
  CHECK_THAT(u.attention_flops, WithinRel(2 * (5 * (l1 + l2 + l3) + mid), 1e-3));
  CHECK_THAT(u.attention_kernel_flops, WithinRel(2 * (5 * (l1 * 1.6 + l2 * 1.2 + l3) + mid), 1e-3));
  // SDXL's and FLUX's heads are 64 and 128 wide: nothing to round.
  CHECK(part("sdxl", "denoiser").attention_kernel_flops == part("sdxl", "denoiser").attention_flops);
  CHECK(part("flux.1-dev", "denoiser").attention_kernel_flops == part("flux.1-dev", "denoiser").attention_flops);
}

TEST_CASE("image: in fp32 the convolutions take TF32, the linears and attention the fp32 peak (PyTorch's defaults)") {
  // torch.backends.cudnn.allow_tf32 defaults to True, torch.backends.cuda.matmul.allow_tf32 to False
  // (since 1.12). SDXL's UNet at 1024 px, one sample (no CFG), one step on an A100 (TF32 156, FP32
  // 19.5 TFLOPS; g its large-GEMM share): convolutions 1623.1 GFLOPs at 156 x g x 0.7 (the denoiser
  // kernels' share), the other linears (5977.3 - 1623.1) and attention's 783.9 as cuBLAS SGEMMs at
  // 19.5 x g, plus 3636 kernels x 30 us of eager dispatch.
  const Estimate e = run({{"model", "sdxl"}, {"task", "inference"}, {"weights", "fp32"}, {"flash_attention", true},
                          {"gpu", "nvidia-a100-sxm4-40gb"}, {"image", {{"batch", 1}, {"cfg", false}, {"steps", 1}}}});
  REQUIRE(e.it_per_s);
  const double g = cat().find_accelerator("nvidia-a100-sxm4-40gb")->gemm_efficiency(false).value_or(xuanka::core::hw::kDefaultGemmEfficiency);
  const double step_s = 1623.1e9 / (156e12 * g * 0.7) + (5977.3e9 - 1623.1e9 + 783.9e9) / (19.5e12 * g) + 3636 * 30e-6;
  CHECK_THAT(1.0 / *e.it_per_s, WithinRel(step_s, 1e-9));
  // A V100 has no TF32: the convolutions run on the CUDA cores as well, all at 15.7 x g.
  const Estimate v = run({{"model", "sdxl"}, {"task", "inference"}, {"weights", "fp32"}, {"flash_attention", true},
                          {"gpu", "nvidia-v100-sxm2-32gb"}, {"image", {{"batch", 1}, {"cfg", false}, {"steps", 1}}}});
  REQUIRE(v.it_per_s);
  const double gv = cat().find_accelerator("nvidia-v100-sxm2-32gb")->gemm_efficiency(true).value_or(xuanka::core::hw::kDefaultGemmEfficiency);
  CHECK_THAT(1.0 / *v.it_per_s, WithinRel((5977.3e9 + 783.9e9) / (15.7e12 * gv) + 3636 * 30e-6, 1e-9));
}

TEST_CASE("image: QLoRA dequantises the frozen base in every pass; the optimizer step moves each trained parameter once") {
  // FLUX.1-dev QLoRA on an RTX 4090 (1,008 GB/s at 80%): the same run with a bf16 base (task lora)
  // differs only by bitsandbytes' dequantisation, 0.5 B read + 2 B written + 2 B read again per NF4
  // parameter (MatMul4Bit), in the forward, the recompute and the backward of each of the 4
  // micro-steps. The quantised parameters are the transformer's less its fp32-kept part.
  const json qlora = {{"model", "flux.1-dev"}, {"task", "qlora"}, {"precision", "bf16_mixed"}, {"weights", "nf4"}, {"optimizer", "adamw_8bit"},
                      {"lora", {{"rank", 4}, {"targets", "attn"}}}, {"micro_batch", 1}, {"global_batch", 4}, {"recompute", "full"},
                      {"flash_attention", true}, {"gpu", "nvidia-rtx-4090"},
                      {"image", {{"resolution", 512}, {"cache_latents", true}, {"cache_text_embeddings", true}}}};
  json lora = qlora;
  lora["task"] = "lora";
  lora["weights"] = "bf16";
  const DiffusionComponent& flux = part("flux.1-dev", "denoiser");
  const double quantised = flux.params - std::min(flux.keep_fp32_params, flux.params);
  CHECK_THAT(xuanka::test::step_time_difference_s(qlora, lora), WithinRel(4 * 3 * quantised * 4.5 / (1008e9 * 0.8), 1e-9));
  // SD 1.5's full fine-tune under fp16 mixed precision with AdamW on an A100 40GB (1,555 GB/s at
  // 80%): the step reads the fp16 gradient (2 B), reads and writes the fp32 master (4 + 4) and the
  // two fp32 moments (8 + 8), and writes the fp16 working copy (2): 28 B per UNet parameter. With
  // the optimizer offloaded to the CPU the GPU does none of it. 8-bit AdamW's states are 2 B in
  // all: 2 + 8 + 4 + 2 = 16 B.
  const json full = {{"model", "stable-diffusion-1.5"}, {"task", "full_ft"}, {"precision", "fp16_mixed"}, {"optimizer", "adamw"},
                     {"micro_batch", 1}, {"global_batch", 1}, {"flash_attention", true}, {"gpu", "nvidia-a100-sxm4-40gb"},
                     {"image", {{"resolution", 512}, {"cache_latents", true}, {"cache_text_embeddings", true}}}};
  json offloaded = full;
  offloaded["parallel"] = {{"offload", "optimizer"}};
  json adam8 = full;
  adam8["optimizer"] = "adamw_8bit";
  const double unet = part("stable-diffusion-1.5", "denoiser").params;
  CHECK_THAT(xuanka::test::step_time_difference_s(full, offloaded), WithinRel(unet * 28 / (1555e9 * 0.8), 1e-9));
  CHECK_THAT(xuanka::test::step_time_difference_s(adam8, offloaded), WithinRel(unet * 16 / (1555e9 * 0.8), 1e-9));
  // Inference with an NF4 FLUX: one dequantisation per denoising step.
  const json infer = {{"model", "flux.1-dev"}, {"task", "inference"}, {"weights", "nf4"}, {"flash_attention", true}, {"gpu", "nvidia-rtx-4090"},
                      {"image", {{"resolution", 1024}, {"batch", 1}, {"steps", 1}, {"cfg", false}}}};
  json infer16 = infer;
  infer16["weights"] = "fp16";  // nf4 computes in fp16 too: the same peak and GEMM share
  const Estimate ni = run(infer), bi = run(infer16);
  REQUIRE(ni.it_per_s);
  REQUIRE(bi.it_per_s);
  CHECK_THAT(1.0 / *ni.it_per_s - 1.0 / *bi.it_per_s, WithinRel(quantised * 4.5 / (1008e9 * 0.8), 1e-9));
}

TEST_CASE("image: activations scale with the pixels, and checkpointing keeps only the blocks' inputs") {
  const DiffusionComponent& u = part("sdxl", "denoiser");
  const json base = {{"model", "sdxl"}, {"task", "lora"}, {"precision", "bf16_mixed"}, {"weights", "bf16"}, {"micro_batch", 2},
                     {"image", {{"resolution", 512}, {"cache_latents", true}, {"cache_text_embeddings", true}}}};
  // 512 px is a quarter of SDXL's 1024 px reference: a quarter of the saved bytes per sample.
  CHECK_THAT(run(base).memory.activations_bytes, WithinRel(2 * u.act_lora_bytes / 4, 1e-12));
  json ck = base;
  ck["recompute"] = "full";
  CHECK_THAT(run(ck).memory.activations_bytes, WithinRel(2 * (u.ckpt_bytes + u.ckpt_block_lora_bytes) / 4, 1e-12));
  // Eager attention keeps 6 bytes per score element (fp32 softmax and its 16-bit copy), and the
  // score count grows with the square of the pixels.
  json eager = base;
  eager["flash_attention"] = false;
  CHECK_THAT(run(eager).memory.activations_bytes, WithinRel(2 * (u.act_lora_bytes / 4 + 6.0 * u.score_elements / 16), 1e-12));
}

TEST_CASE("image: under checkpointing, eager attention rebuilds the recomputed block's scores") {
  // SD 1.5 at 512 px: the Transformer2DModel with the most scores is at the 64 x 64 level: 8 heads
  // x (4096 x 4096 self + 4096 x 77 cross) = 136,740,864 elements. Its recompute keeps the fp32
  // softmax output, and the softmax's backward adds its gradient and the scores' gradient, both
  // fp32: 12 B each. DreamBooth's prior preservation makes 2 samples a step.
  CHECK(part("stable-diffusion-1.5", "denoiser").ckpt_block_score_elements == 8.0 * (4096.0 * 4096 + 4096.0 * 77));
  const json sdpa = {{"model", "stable-diffusion-1.5"}, {"task", "full_ft"}, {"precision", "fp32"}, {"optimizer", "adamw_8bit"}, {"micro_batch", 1},
                     {"recompute", "full"}, {"flash_attention", true}, {"image", {{"resolution", 512}, {"prior_preservation", true}}}};
  json eager = sdpa;
  eager["flash_attention"] = false;
  const Estimate f = run(sdpa), e = run(eager);
  CHECK_THAT(e.memory.activations_bytes - f.memory.activations_bytes, WithinRel(2 * 12 * 136740864.0, 1e-12));
}

TEST_CASE("image: model CPU offload keeps the largest component on the GPU, the T5's wo stays fp32") {
  // FLUX.1-dev in nf4: the transformer and T5 quantised, T5's 1,006,632,960 wo parameters kept in
  // fp32 by transformers; with model offload only the largest part is resident.
  const json j = {{"model", "flux.1-dev"}, {"task", "inference"}, {"weights", "nf4"}, {"image", {{"offload", "model"}}}};
  const Estimate e = run(j);
  const DiffusionComponent& t5 = *std::find_if(cat().find_model("flux.1-dev")->components.begin(), cat().find_model("flux.1-dev")->components.end(),
                                               [](const DiffusionComponent& c) { return c.role == "text_encoder" && c.keep_fp32_params > 0; });
  const double nf4 = (4.0 + 8.0 / 64.0 + 32.0 / 16384.0) / 8.0;
  const double t5_bytes = (t5.params - t5.keep_fp32_params) * nf4 + t5.keep_fp32_params * 4;
  const double tr_bytes = part("flux.1-dev", "denoiser").params * nf4;
  CHECK_THAT(e.memory.weights_bytes, WithinRel(std::max(t5_bytes, tr_bytes), 1e-12));
  CHECK(e.cpu_offload_bytes > 0);
}

// A fused CNN's forward by the roofline per kernel, recomputed here from the catalog's kernel
// figures: each kernel takes the slowest of its FLOPs at `rate`, its bytes at 0.8 of `bw` (STREAM-
// like copies) and a small kernel's 5 us; its bytes cost nothing when the batch's fit `l2`.
static double per_kernel_forward_s(const ModelArch& m, double batch, double rate, double bw, double l2, double elem_bytes) {
  double t = 0;
  for (const auto& [flops, elements] : m.vision->fused_layers) {
    const double bytes = batch * elements * elem_bytes;
    t += std::max({batch * flops / rate, bytes <= l2 ? 0.0 : bytes / (bw * 0.8), 5e-6});
  }
  return t;
}

TEST_CASE("vision: a fused CNN's kernels each on their own roofline; streams are frames/s over the camera rate") {
  // YOLOv8m, TensorRT fp16, batch 16 on an A10: rate min(56 TFLOPS measured torch.matmul, 125
  // dense fp16 x 0.49) (0.49 a fused CNN's share of peak, MLPerf ResNet-50 on A100, which the A10's
  // power-capped GEMM rate undercuts), 600 GB/s, 6 MiB L2 (catalog sources).
  const ModelArch& m = *cat().find_model("yolov8m");
  REQUIRE(m.vision->fused_layers.size() == 87);
  const double per_frame = per_kernel_forward_s(m, 16, std::min(56e12, 125e12 * 0.49), 600e9, 6 * 1048576.0, 2) / 16;
  // Between the optimistic bound (all compute, no traffic) and the old sum of all of both.
  CHECK(per_frame > m.vision->flops / 56e12);
  CHECK(per_frame < m.vision->flops / 56e12 + m.vision->act_elements * (87.0 / 290.0) * 2 * 2 / (600e9 * 0.8));
  const Estimate e = run({{"model", "yolov8m"}, {"task", "inference"}, {"gpu", "nvidia-a10"},
                          {"vision", {{"batch", 16}, {"runtime", "tensorrt"}, {"camera_fps", 25}}}});
  REQUIRE(e.fps);
  CHECK_THAT(*e.fps, WithinRel(1.0 / per_frame, 1e-9));
  CHECK(*e.streams == std::floor(1.0 / per_frame / 25));
}

TEST_CASE("vision: a fused engine's kernel whose batch's data fit the L2 cache pays no memory traffic") {
  // ResNet-50, TensorRT INT8 on an L4: 242.5 dense INT8 TOPS, a fused CNN's 0.49 of peak (under
  // the measured GEMM share 71/121 = 0.59), 300 GB/s, a 48 MiB L2 (catalog sources). Its largest
  // kernel (a first-stage block's last 1x1 conv: reads 56^2 x 64 and the 56^2 x 256 residual,
  // writes 56^2 x 256; 1.806M elements) fits the L2 at batch 16 (28.9 MB at 1 B) and not at batch
  // 64 (115.6 MB): at 16 a frame costs its compute (or 5 us a kernel).
  const ModelArch& m = *cat().find_model("resnet-50");
  double largest = 0;
  for (const auto& l : m.vision->fused_layers) largest = std::max(largest, l[1]);
  CHECK_THAT(largest, WithinRel(56.0 * 56 * 64 + 2 * 56.0 * 56 * 256, 1e-3));  // stored to 4 digits
  CHECK(16 * largest <= 48 * 1048576.0);
  CHECK(64 * largest > 48 * 1048576.0);
  const double rate = 242.5e12 * 0.49;
  auto fps = [](int batch) {
    return *run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-l4"},
                 {"vision", {{"batch", batch}, {"precision", "int8"}, {"runtime", "tensorrt"}}}}).fps;
  };
  double compute16 = 0;
  for (const auto& l : m.vision->fused_layers) compute16 += std::max(16 * l[0] / rate, 5e-6);
  CHECK_THAT(fps(16), WithinRel(16 / compute16, 1e-9));
  CHECK_THAT(fps(64), WithinRel(64 / per_kernel_forward_s(m, 64, rate, 300e9, 48 * 1048576.0, 1), 1e-9));
  CHECK(fps(64) < 64 * fps(16) / 16 * 1.0001);  // traffic only ever slows it
  // Eager PyTorch keeps nothing on chip: every one of its 174 kernels (a conv, then its BN and
  // activation reading and writing the map) pays its traffic at any batch, and each takes at least
  // its 18 us dispatch from the host (fp16 at 121 x 0.49 TFLOPS).
  REQUIRE(m.vision->eager_layers.size() == 174);
  const Estimate eager = run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-l4"},
                              {"vision", {{"batch", 16}, {"precision", "fp16"}, {"runtime", "pytorch"}}}});
  double eager_s = 0;
  for (const auto& [flops, elements] : m.vision->eager_layers) eager_s += std::max({16 * flops / (121e12 * 0.49), 16 * elements * 2 / (300e9 * 0.8), 18e-6});
  CHECK_THAT(*eager.fps, WithinRel(16 / eager_s, 1e-9));
}

TEST_CASE("a power-capped card runs every tensor-core kernel at its sustained GEMM rate") {
  // Tesla T4: 65 dense FP16 TFLOPS at boost clock, but a continuous cuBLAS FP16 GEMM sustains ~24
  // at its 70 W cap (NVIDIA developer forums, catalog sources): no estimate may run it faster.
  const Accelerator& t4 = *cat().find_accelerator("nvidia-t4");
  REQUIRE(t4.gemm_efficiency(true));
  CHECK_THAT(*t4.gemm_efficiency(true), WithinRel(24.0 / 65.0, 1e-12));
  CHECK_FALSE(t4.gemm_efficiency(false));  // no BF16 on Turing: nothing measured there
  // A100 SXM4 80GB has a BF16 measurement only (265 of 312): it stands for FP16 too.
  CHECK_THAT(*cat().find_accelerator("nvidia-a100-sxm4-80gb")->gemm_efficiency(true), WithinRel(265.0 / 312.0, 1e-12));
  // ResNet-50 in FP16 under TensorRT at batch 8 (more than the T4's 4 MiB L2 holds: traffic counts):
  // its convolutions run at the capped GEMM rate, 24e12, not at 24e12 x a CNN share: the cap sets
  // the clock, and 24 / 65 = 0.37 is already under a fused CNN's 0.49 of peak.
  const ModelArch& r50 = *cat().find_model("resnet-50");
  const Estimate cnn = run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-t4"}, {"vision", {{"batch", 8}, {"runtime", "tensorrt"}}}});
  REQUIRE(cnn.latency_ms);
  CHECK(*cnn.latency_ms / 1e3 >= 8 * r50.vision->flops / 24e12 * (1 - 1e-9));
  CHECK(*cnn.latency_ms / 1e3 < 8 * r50.vision->flops / (24e12 * 0.58));
  // ViT-L/16 at batch 64 under TensorRT is compute-bound: FLOPs per frame x frames/s <= 24e12.
  const Estimate vit = run({{"model", "vit-l-16"}, {"task", "inference"}, {"gpu", "nvidia-t4"}, {"vision", {{"batch", 64}, {"runtime", "tensorrt"}}}});
  REQUIRE(vit.fps);
  CHECK(*vit.fps * cat().find_model("vit-l-16")->vision->flops <= 24e12);
  // SD 1.5 training in FP16: the UNet's FLOPs per second stay under the sustained rate too
  // (samples/s x 3 passes x the denoiser's FLOPs per sample, a lower bound on the work done).
  const Estimate sd = run({{"model", "stable-diffusion-1.5"}, {"task", "full_ft"}, {"precision", "fp16_mixed"}, {"flash_attention", true},
                           {"micro_batch", 4}, {"global_batch", 4}, {"gpu", "nvidia-t4"},
                           {"image", {{"resolution", 512}, {"cache_latents", true}, {"cache_text_embeddings", true}}}});
  REQUIRE(sd.images_per_s);
  const DiffusionComponent& u = part("stable-diffusion-1.5", "denoiser");
  CHECK(*sd.images_per_s * 3 * (u.linear_flops + u.attention_flops) <= 24e12);
  // The language-model estimator: FP16 training's MFU on a T4 is at most 24 / 65.
  const Estimate llm = run({{"model", "qwen2.5-0.5b"}, {"task", "full_ft"}, {"precision", "fp16_mixed"}, {"gpu", "nvidia-t4"}, {"seq_len", 1024}});
  REQUIRE(llm.mfu);
  CHECK(*llm.mfu <= 24.0 / 65.0);
}

TEST_CASE("vision: in fp32 the CUDA cores run the convolutions at the SGEMM rate, each kernel on its own roofline") {
  // ResNet-50's 174 eager kernels (vision_arch.py) on a T4 (fp32 8.1 TFLOPS, no measured fp32 GEMM:
  // 0.75 assumed; 320 GB/s x 0.8), batch 256: each kernel the longest of its FLOPs at 8.1e12 x 0.75,
  // its 4-byte elements at 320e9 x 0.8 and its 18 us dispatch. No tensor-core shortfall
  // (kCnnShareOfPeak) on the CUDA cores: their ridge (8.1e12 / 320e9 = 25 FLOP/B) is below the
  // convolutions' intensity.
  const ModelArch& m = *cat().find_model("resnet-50");
  double expect_s = 0;
  for (const auto& [flops, elements] : m.vision->eager_layers) expect_s += std::max({256 * flops / (8.1e12 * 0.75), 256 * elements * 4 / (320e9 * 0.8), 18e-6});
  // Between all compute alone and the old sum of all compute and all traffic.
  CHECK(expect_s > 256 * 8.18e9 / (8.1e12 * 0.75));
  CHECK(expect_s < 256 * (8.18e9 / (8.1e12 * 0.75) + 37.56e6 * 4 * 2 / (320e9 * 0.8)));
  const Estimate e = run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-t4"},
                          {"vision", {{"batch", 256}, {"precision", "fp32"}, {"runtime", "pytorch"}}}});
  REQUIRE(e.latency_ms);
  CHECK_THAT(*e.latency_ms / 1e3, WithinRel(expect_s, 1e-9));
}

TEST_CASE("vision: a small model on an Atlas 300I Duo is bound by its video decoders, not its dies") {
  // YOLOv8n at 320 px, INT8 (CANN): far above 5,760 frames/s of compute; the card's two 310P
  // decoders give 2 x 2,880 frames/s of 1080p (CANN VDEC specification) = 230 streams at 25 fps.
  const Estimate e = run({{"model", "yolov8n"}, {"task", "inference"}, {"gpu", "huawei-atlas-300i-duo"},
                          {"vision", {{"input", 320}, {"batch", 64}, {"precision", "int8"}, {"runtime", "cann"}, {"camera_fps", 25}}}});
  REQUIRE(e.streams);
  CHECK(*e.fps > 5760);
  CHECK(*e.streams == 230);
  CHECK(std::any_of(e.assumptions.begin(), e.assumptions.end(), [](const Notice& n) { return n.code == "a_decode_bound"; }));
}

TEST_CASE("vision: NVIDIA cards decode at their NVDEC engines times one engine's rate; a GeForce card's single NVDEC binds first") {
  // NVIDIA Video Codec SDK 13.0 NVDEC Application Note, 1080p H.264 per engine: Turing 771 (GA100
  // and Hopper NVDECs are Turing's), Ampere GA10x 748, Ada 903 frames/s. Engines: A100 5 and A30 4
  // (MIG User Guide, full-GPU profiles), L4 4 (NVIDIA Dynamo's video-decode table), A10 2 (its
  // specifications), every GeForce 1 (the application note).
  auto decode = [](const char* id) { return cat().find_accelerator(id)->video_decode_1080p_fps.value_or(0); };
  CHECK(decode("nvidia-a100-sxm4-40gb") == 5 * 771);
  CHECK(decode("nvidia-a30") == 4 * 771);
  CHECK(decode("nvidia-l4") == 4 * 903);
  CHECK(decode("nvidia-a10") == 2 * 748);
  CHECK(decode("nvidia-rtx-4090") == 903);
  // YOLOv8n INT8 under TensorRT at batch 32 runs far above the decoders on both cards; at 30 fps
  // per camera the RTX 4090 serves floor(903 / 30) = 30 streams, the L4 floor(3612 / 30) = 120.
  for (const auto& [id, streams] : {std::pair<const char*, double>{"nvidia-rtx-4090", 30}, {"nvidia-l4", 120}}) {
    const Estimate e = run({{"model", "yolov8n"}, {"task", "inference"}, {"gpu", id},
                            {"vision", {{"input", 640}, {"batch", 32}, {"precision", "int8"}, {"runtime", "tensorrt"}, {"camera_fps", 30}}}});
    INFO(id);
    REQUIRE(e.streams);
    CHECK(*e.fps > decode(id));
    CHECK(*e.streams == streams);
    CHECK(std::any_of(e.assumptions.begin(), e.assumptions.end(), [](const Notice& n) { return n.code == "a_decode_bound"; }));
  }
}

TEST_CASE("vision: the camera's resolution sets what the decoders keep up with: 4K a quarter of 1080p, 720p twice") {
  // Issue 39 item 4. CANN's VDEC table: 4K 120 fps, 1080p 480 fps, <=720p 960 fps on one decoder, so
  // 4K is 1080p's rate / 4 and 720p x 2. YOLOv8n INT8 TensorRT batch 32 on an RTX 4090 (one NVDEC,
  // 903 frames/s of 1080p) at 30 fps per camera: 1080p floor(903 / 30) = 30 streams; 4K
  // floor(225.75 / 30) = 7; 720p 1,806 frames/s, floor(1806 / 30) = 60 while the model runs above it.
  auto streams = [](const char* res) {
    const Estimate e = run({{"model", "yolov8n"}, {"task", "inference"}, {"gpu", "nvidia-rtx-4090"},
                            {"vision", {{"input", 640}, {"batch", 32}, {"precision", "int8"}, {"runtime", "tensorrt"}, {"camera_fps", 30},
                                        {"camera_resolution", res}}}});
    return std::make_pair(e.streams.value_or(-1), e.fps.value_or(0));
  };
  CHECK(streams("1080p").first == 30);
  CHECK(streams("4k").first == 7);
  const auto p720 = streams("720p");
  REQUIRE(p720.second > 1806);  // the model is faster than the decoder here
  CHECK(p720.first == 60);
  Scenario bad;
  const auto d = from_json({{"model", "yolov8n"}, {"task", "inference"}, {"gpu", "nvidia-rtx-4090"}, {"vision", {{"camera_resolution", "8k"}}}}, cat(), bad);
  REQUIRE(d.size() == 1);
  CHECK(d.front().path == "scenario.vision.camera_resolution");
}

TEST_CASE("vision: the same job on the six cards buyers weigh, each with what caps its streams") {
  // YOLOv8m, TensorRT fp16, batch 16, cameras at 25 fps (the line-inspection preset). The A10
  // computes 681 frames/s (tests/vectors/recommend.json derives it): 27 streams, under its two
  // NVDECs' 1,496 frames/s. The RTX 4090 computes more than its one NVDEC decodes (903 frames/s of
  // 1080p H.264): floor(903 / 25) = 36. The Atlas 300I Duo's decoders (5,760) leave the model to bind.
  const Scenario s = xuanka::test::scenario_of({{"model", "yolov8m"}, {"task", "inference"}, {"gpu", "nvidia-a10"},
                                    {"vision", {{"input", 640}, {"batch", 16}, {"precision", "fp16"}, {"runtime", "tensorrt"}, {"camera_fps", 25}}}});
  const std::vector<CardRun> lineup = vision_lineup(s, cat());
  std::vector<std::string> ids;
  for (const auto& r : lineup) ids.push_back(r.card->id);
  CHECK(ids == std::vector<std::string>{"nvidia-a10", "nvidia-l40s", "nvidia-l4", "nvidia-rtx-4090", "nvidia-t4", "huawei-atlas-300i-duo"});
  REQUIRE(lineup.size() == 6);
  REQUIRE(lineup[0].estimate.streams);
  CHECK(*lineup[0].estimate.streams == 27);
  CHECK(streams_limit(lineup[0].estimate) == "model");
  REQUIRE(lineup[3].estimate.streams);
  CHECK(*lineup[3].estimate.fps > 903);
  CHECK(*lineup[3].estimate.streams == 36);
  CHECK(streams_limit(lineup[3].estimate) == "decoder");
  CHECK(streams_limit(lineup[5].estimate) == "model");
  // Not a vision model: no lineup.
  CHECK(vision_lineup(xuanka::test::scenario_of({{"model", "llama-3.1-8b"}, {"task", "inference"}, {"gpu", "nvidia-a10"}}), cat()).empty());
}

TEST_CASE("vision: eager PyTorch at batch 1 is bound by launching kernels") {
  // ResNet-50, 174 kernels (vision_arch.py) x 18 us of host dispatch without autograd = 3.13 ms,
  // far above its 8.18 GFLOP of compute on an H200 (our H200 measured 3.26 ms at batch 1 and 3.48
  // ms at batch 8: the time does not follow the batch).
  const Estimate e = run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-h200-sxm-141gb"}, {"vision", {{"batch", 1}}}});
  REQUIRE(e.latency_ms);
  CHECK_THAT(*e.latency_ms, WithinRel(174 * 0.018, 1e-9));
  const Estimate e8 = run({{"model", "resnet-50"}, {"task", "inference"}, {"gpu", "nvidia-h200-sxm-141gb"}, {"vision", {{"batch", 8}}}});
  REQUIRE(e8.latency_ms);
  CHECK_THAT(*e8.latency_ms, WithinRel(174 * 0.018, 1e-9));
}

TEST_CASE("validation: the published image and vision figures pass at least the level reached (target 80%)") {
  // ../shared/validation/vision_public.jsonl (a copy in tests/vectors for a lone clone). The cases
  // that fail and why: tests/validation.md. 24 of 35 pass at this commit (26 before the roofline per
  // kernel, which YOLO11m on a T4 had passed at 0.753 by charging it all traffic; 25 before QLoRA's
  // dequantisation was counted in diffusion training, which takes the blog's 41-minute FLUX QLoRA
  // run on an RTX 4090 to 1.39: 0.88 s per micro-step, of which our server-host dispatch of 3 x 3,538
  // kernels alone is 0.32 s, where a desktop CPU dispatches faster, kDispatchS); the gate guards that.
  std::string text;
  try {
    text = xuanka::test::read_text(std::string(XUANKA_SHARED_DIR) + "/validation/vision_public.jsonl");
  } catch (const std::exception&) {
    text = xuanka::test::read_text(std::string(XUANKA_VECTORS_DIR) + "/validation_vision_public.jsonl");
  }
  const auto results = run_cases(text, cat());
  int pass = 0;
  for (const auto& r : results) {
    INFO(r.id << ": " << r.error);
    CHECK(r.error.empty());
    pass += r.pass;
  }
  CHECK(results.size() >= 35);
  CHECK(pass >= 24);
}
