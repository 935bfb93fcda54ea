// The contract's enums, one table each (core layer): the word of every value, its label key in
// the interface's string table (ui/strings.inc), and the facts that belong to the value — in
// the manner of llama.cpp's LLM_ARCH_NAMES and ggml's type_traits[]. Parse and print by lookup.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>


namespace xuanka::core {

enum class Task { pretrain, full_ft, lora, qlora, inference };
enum class Precision { fp32, fp16_mixed, bf16_mixed, bf16, fp8_mixed };
enum class Optimizer { adamw, adamw_8bit, sgd, sgd_momentum, adafactor, lion };
enum class WeightFormat { fp32, bf16, fp16, fp8, int8, nf4, int4, awq, gptq, gguf_q4_k_m, gguf_q5_k_m, gguf_q8_0 };
enum class Recompute { none, selective, full };
enum class Offload { none, optimizer, optimizer_params };
enum class LoraTargets { attn_qv, attn, all_linear };
enum class Goal { cheapest, fastest, lowest_purchase, best_within };
enum class BudgetKind { rent, buy };
// The kind of offer a price is (issue 34): each kind is its own market and prices are compared and
// ranked only within one. The four rents are per card-hour; purchase is per card.
enum class OfferKind { lease, on_demand, market, serverless, purchase };
enum class Loss { full, fused };  // cross-entropy over the whole logits, or fused/chunked (Liger, Unsloth, torchtune)
// Image generation and vision inference (SCENARIO.md "Image generation and vision inference").
enum class Runtime { pytorch, tensorrt, onnxruntime, openvino, cann };
enum class VaeDecode { full, sliced, tiled };
enum class ImageOffload { none, model, sequential };
// Video generation (SCENARIO.md "video", our extension; its offload is ImageOffload's): how a
// clip's latent tokens split over cards; the attention kernel.
enum class VideoSp { ulysses, ring };
enum class VideoAttention { flash, flash3, sdpa, sage };
enum class VisionPrecision { fp32, tf32, fp16, bf16, int8, fp8 };
enum class VisionScope { model, e2e };
// A camera stream's frame size, which sets what the card's video decoders keep up with.
enum class CameraResolution { p720, p1080, p1440, p2160 };
// LLM serving at scale (SCENARIO.md "LLM serving at scale").
enum class Engine { vllm, sglang, tensorrt_llm, lmdeploy, mindie, llama_cpp, transformers, ktransformers, exllama, mlc };
enum class SpecMethod { mtp, eagle, draft };
enum class ServingOffload { none, experts_cpu };
enum class PoolRole { both, prefill, decode };  // both: one pool, or prefill_gpus of them prefill
// Catalog words (issue 37: compared as values, not strings). A model preset's kind, and a card's
// scale-up interconnect (catalog/README.md).
enum class ModelKind { llm, diffusion, vision, video };
enum class InterconnectKind { nvlink, nvlink_capped, pcie, hccs, infinity_fabric, roce_on_chip, mlulink, mtlink, xpulink, other };

template <class E>
struct EnumRow {
  E value;
  const char* word;    // the contract's word
  const char* label;   // key of the interface string (ui/strings.inc)
};

// A stored weight format.
struct WeightFormatRow {
  WeightFormat value;
  const char* word;
  const char* label;
  double element_bytes;  // bytes per element of the raw format
  double stored_bytes;   // bytes per parameter of the linear layers as stored, quantisation constants included
  bool quantised;        // computes through a dequantised 16-bit transient
  double other_bytes;    // bytes per parameter of the rest (embeddings, output head, norms) as stored
};

// A training precision.
struct PrecisionRow {
  Precision value;
  const char* word;
  const char* label;
  const char* peak_keys[2];  // dense_tflops keys of the peak it runs at, first known wins
  double weight_bytes;       // bytes of a working weight and of a gradient
  double activation_bytes;   // bytes of a saved activation element
  bool fp32_master;          // keeps fp32 master weights (mixed precision)
  double state_elem_bytes;   // bytes of one optimizer-state element
};

// An optimizer: state elements kept per trainable parameter (besides master weights).
struct OptimizerRow {
  Optimizer value;
  const char* word;
  const char* label;
  double states_per_param;   // in state elements (m, v = 2); see state_bytes_fixed
  double state_bytes_fixed;  // > 0: bytes per parameter whatever the precision (8-bit states)
};

// An inference runtime: whether it fuses the elementwise work into the convolutions and matmuls
// and launches a captured graph (TensorRT, ONNX Runtime with TensorRT/CUDA graphs, CANN's offline
// model), or launches one kernel per operator from Python (PyTorch eager).
struct RuntimeRow {
  Runtime value;
  const char* word;
  const char* label;
  bool fused;            // conv + norm + activation (+ add) run as one kernel
};

// A speculative-decoding method: the sourced acceptance rate per drafted token and the usual
// number of drafted tokens, for a case that gives no accept_length (core/enums.cpp).
struct SpecMethodRow {
  SpecMethod value;
  const char* word;
  const char* label;
  double accept_rate;        // alpha: chance a drafted token is accepted
  int default_draft_tokens;
};

// A vision compute precision: the catalog's dense peak it runs at.
struct CameraRow {
  CameraResolution value;
  const char* word;
  const char* label;
  double pixels;  // width x height of one frame
};

struct VisionPrecisionRow {
  VisionPrecision value;
  const char* word;
  const char* label;
  const char* peak_keys[2];  // dense_tflops keys, first known wins
  double bytes;              // bytes per activation element
};

template <class E> struct EnumTable;
#define XUANKA_ENUM_TABLE(E, ROW) \
  template <> struct EnumTable<E> { static const std::vector<ROW>& rows(); };
XUANKA_ENUM_TABLE(Task, EnumRow<Task>)
XUANKA_ENUM_TABLE(Precision, PrecisionRow)
XUANKA_ENUM_TABLE(Optimizer, OptimizerRow)
XUANKA_ENUM_TABLE(WeightFormat, WeightFormatRow)
XUANKA_ENUM_TABLE(Recompute, EnumRow<Recompute>)
XUANKA_ENUM_TABLE(Offload, EnumRow<Offload>)
XUANKA_ENUM_TABLE(LoraTargets, EnumRow<LoraTargets>)
XUANKA_ENUM_TABLE(Goal, EnumRow<Goal>)
XUANKA_ENUM_TABLE(BudgetKind, EnumRow<BudgetKind>)
XUANKA_ENUM_TABLE(OfferKind, EnumRow<OfferKind>)
XUANKA_ENUM_TABLE(Loss, EnumRow<Loss>)
XUANKA_ENUM_TABLE(Runtime, RuntimeRow)
XUANKA_ENUM_TABLE(VaeDecode, EnumRow<VaeDecode>)
XUANKA_ENUM_TABLE(ImageOffload, EnumRow<ImageOffload>)
XUANKA_ENUM_TABLE(VideoSp, EnumRow<VideoSp>)
XUANKA_ENUM_TABLE(VideoAttention, EnumRow<VideoAttention>)
XUANKA_ENUM_TABLE(VisionPrecision, VisionPrecisionRow)
XUANKA_ENUM_TABLE(VisionScope, EnumRow<VisionScope>)
XUANKA_ENUM_TABLE(CameraResolution, CameraRow)
XUANKA_ENUM_TABLE(Engine, EnumRow<Engine>)
XUANKA_ENUM_TABLE(SpecMethod, SpecMethodRow)
XUANKA_ENUM_TABLE(ServingOffload, EnumRow<ServingOffload>)
XUANKA_ENUM_TABLE(PoolRole, EnumRow<PoolRole>)
XUANKA_ENUM_TABLE(ModelKind, EnumRow<ModelKind>)
XUANKA_ENUM_TABLE(InterconnectKind, EnumRow<InterconnectKind>)
#undef XUANKA_ENUM_TABLE

// Bytes per trainable parameter of the model states (issue 37: named once; the LLM and image
// estimators and the checkpoint size read it): the working weight and its gradient at the
// precision's width, the fp32 master copy under mixed precision, and the optimizer's states
// (`states`, besides the master). Mixed precision with AdamW: 2 + 2 + (4 master + 4 m + 4 v) = 16
// (ZeRO, arXiv:1910.02054 §3.1).
struct StateBytes {
  double weight, gradient, master, states;
  double optimizer() const { return master + states; }  // what the optimizer step holds
};
StateBytes state_bytes(Precision p, Optimizer o);

// The row of a value (tests check every table has a row for each value).
template <class E>
const auto& info(E v) {
  const auto& rows = EnumTable<E>::rows();
  for (const auto& r : rows) {
    if (r.value == v) return r;
  }
  return rows.front();
}
template <class E>
const char* word(E v) { return info(v).word; }
template <class E>
std::optional<E> from_word(std::string_view w) {
  for (const auto& r : EnumTable<E>::rows()) {
    if (w == r.word) return r.value;
  }
  return std::nullopt;
}
// "a | b | c", for messages and usage lines.
template <class E>
std::string words_text() {
  std::string s;
  for (const auto& r : EnumTable<E>::rows()) s += (s.empty() ? "" : " | ") + std::string(r.word);
  return s;
}

}  // namespace xuanka::core
