// The catalog in memory (core layer): accelerators, model presets, regions, loaded from JSON
// and validated in one pass. Units are converted here to base units (bytes, FLOP/s, W).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/diagnostic.h"
#include "core/enums.h"
#include "core/lang.h"

namespace xuanka::core {

class ObjectReader;  // core/json_reader.h

struct Support {
  std::string level;  // yes | partial | no | unknown
  std::string zh, en;
};

// How a card's fast links join its domain: through a switch (every card at the full rate to every
// other), or a direct full mesh (one link per pair: a group of k cards uses k - 1 links per card).
enum class Topology { unknown, switched, full_mesh };

struct Accelerator {
  std::string id, vendor, name, architecture;
  // What the Chinese page shows where the English name or maker carries English words ("Ascend
  // 910B (family; Atlas 800T A2 module)" -> "昇腾 910B（系列；Atlas 800T A2 模组）"); empty: the English.
  std::string name_zh, vendor_zh;
  const std::string& name_in(Lang L) const { return L == Lang::zh && !name_zh.empty() ? name_zh : name; }
  const std::string& vendor_in(Lang L) const { return L == Lang::zh && !vendor_zh.empty() ? vendor_zh : vendor; }
  bool domestic = false;
  std::optional<int> release_year;
  std::optional<std::string> tensor_core_generation, compute_capability, memory_type;
  double compute_capability_number = 0;  // compute_capability as a number (9.0), 0 where none: read once, used per estimate
  std::optional<double> memory_bytes;                  // GiB in JSON -> bytes
  std::optional<double> memory_bandwidth_bytes_per_s;  // GB/s in JSON -> B/s
  std::map<std::string, std::optional<double>> dense_flops;  // fp32 tf32 fp16 bf16 fp8 int8 fp4: FLOP/s (int8: OP/s)
  bool sparsity_2to4 = false;
  std::optional<double> measured_bf16_matmul_flops;    // FLOP/s, a measured large-GEMM rate
  std::optional<double> measured_fp16_matmul_flops;    // FLOP/s, sustained FP16 GEMM rate of a card without BF16 (T4)
  std::string measured_from;                           // sibling id the measurement was borrowed from, or empty
  InterconnectKind interconnect_kind = InterconnectKind::other;
  std::string interconnect_name;
  std::optional<double> interconnect_bytes_per_s_bidirectional;  // per GPU
  std::optional<int> domain_cards;                     // cards in one fast interconnect domain
  std::optional<double> scale_out_bytes_per_s;         // network per card in its reference server, one direction (scale_out_gbps)
  std::string scale_out_server;                        // that reference server ("DGX A100"), or empty
  Topology interconnect_topology = Topology::unknown;  // the catalog's interconnect.topology
  std::optional<double> link_bytes_per_s_bidirectional; // full mesh: one link, both directions
  int links_per_peer = 1;                              // full mesh: links between each pair of cards
  std::optional<std::string> host_link_name;
  std::optional<int> pcie_gen;
  std::optional<double> tdp_w;
  int dies = 1;                                        // chips on the card (Atlas 300I Duo: 2 x 310P3)
  std::optional<double> video_decode_1080p_fps;        // hardware video decode, H.264/H.265 1080p frames/s, whole card
  std::optional<double> l2_cache_bytes;                // last-level on-chip cache per die (l2_cache_mib)
  std::optional<double> measured_weight_read_bytes_per_s;  // a decode-sized GEMM's measured weight stream (measured_weight_read_gb_s)
  std::optional<double> measured_decode_host_s_per_layer;  // host time per attention layer of a graph-mode decode step (measured_decode_host_us_per_layer)
  std::optional<double> measured_decode_attention_floor_s;   // the attention operator's fixed time per call (measured_decode_attention_floor_us)
  std::optional<double> measured_decode_attention_bytes_per_s;  // its KV-cache read rate beyond that (measured_decode_attention_gb_s)
  std::optional<std::string> form_factor, cooling;
  std::string form_factor_note, software_stack;
  std::map<std::string, Support> support;              // bf16 fp8 flash_attention bitsandbytes ...
  std::optional<std::string> export_control;
  std::optional<Support> china_notes;                  // level unused
  // A card's price in one kind of offer (issue 34: kinds are never mixed in one median):
  // typical = the median of the offers' midpoints, low..high their range.
  struct Price {
    double typical = 0, low = 0, high = 0;          // CNY per card-hour (rents) or per card (purchase)
    int offers = 0;                                  // rows of the price sheet behind it
    std::string date, oldest_date;                   // the newest and oldest month seen (YYYY-MM)
    std::string confidence;
    std::vector<std::string> sources;                // primary sources (a provider's page, a dated report)
  };
  struct Market {
    std::array<std::optional<Price>, 5> by_offer;    // by OfferKind's value
    std::string note;
    const Price* price(OfferKind k) const {
      const auto& p = by_offer[static_cast<std::size_t>(k)];
      return p ? &*p : nullptr;
    }
  };
  std::optional<Market> market;
  std::string notes, confidence;
  std::vector<std::string> sources;
  // From a vendor overlay (core/overlay.h): the vendor's own offer for this card.
  std::optional<double> vendor_rent_cny_per_card_hour, vendor_purchase_cny, lead_time_days;
  std::optional<bool> in_stock;
  bool hidden = false;  // the vendor hides this card
  bool custom = false;  // added by the vendor overlay

  // The support matrix's level for a key ("yes", "partial", "no", "unknown"); empty where it has none.
  std::string support_level(const std::string& key) const {
    const auto it = support.find(key);
    return it == support.end() ? std::string() : it->second.level;
  }
  // An FP8 checkpoint runs here only once converted: the card has no FP8 and no weight-only path for
  // it (NVIDIA cards from Turing on run FP8 weights as W8A16 through vLLM's FP8 Marlin: "FP8 models
  // will run on compute capability >= 7.5 (Turing) as weight-only W8A16", vLLM docs,
  // features/quantization/fp8.md).
  bool fp8_needs_conversion() const {
    return support_level("fp8") == "no" && !(vendor == "NVIDIA" && compute_capability_number >= 7.5);
  }
  // Huawei's CANN stack (Ascend): its software_stack names it.
  bool cann() const { return software_stack.find("CANN") != std::string::npos; }

  // Per-card bandwidth (both directions, B/s) a group of `k` cards of one domain gets: the whole
  // figure on a switched fabric; on a direct full mesh only the k - 1 peers' links.
  std::optional<double> group_bytes_per_s_bidirectional(int k) const {
    if (!interconnect_bytes_per_s_bidirectional) return std::nullopt;
    if (interconnect_topology != Topology::full_mesh || !link_bytes_per_s_bidirectional) return interconnect_bytes_per_s_bidirectional;
    return std::min(*interconnect_bytes_per_s_bidirectional, (k - 1) * links_per_peer * *link_bytes_per_s_bidirectional);
  }

  // Dense peak at a training precision (FLOP/s); nullopt when unknown.
  std::optional<double> peak_flops(Precision p) const;
  // peak_flops for every precision, read from dense_flops once (the recommender asks ~10^5 times
  // per search): call after dense_flops changes; until then peak_flops reads the map.
  void index_peaks();
  std::array<std::optional<double>, 5> peak_by_precision{};  // by Precision's value
  bool peaks_indexed = false;
  // Share of the dense peak a large GEMM sustains, measured / peak (at most 1): at FP16 when
  // `fp16` and the card has an FP16 measurement (cards without BF16: a T4's is power-capped),
  // else at BF16; nullopt when neither is measured.
  std::optional<double> gemm_efficiency(bool fp16) const;
};

struct MoeSpec {
  int experts = 0, top_k = 0, shared_experts = 0, dense_layers = 0;
  double expert_ffn_hidden = 0;
};
struct MlaSpec {
  double kv_lora_rank = 0, qk_rope_head_dim = 0;
  double q_lora_rank = 0, qk_nope_head_dim = 0, v_head_dim = 0;  // 0: not given
};

// Local (sliding-window) attention in `layers` of the model's layers: each token attends to the
// `window` tokens before it, and those layers keep at most `window` tokens of KV cache (Hugging
// Face configs' sliding_window with layer_types / sliding_window_pattern: gpt-oss, Gemma 2 and 3,
// Mistral 7B v0.1). The other layers attend over the whole context.
struct SlidingWindowSpec {
  double window = 0;  // tokens
  int layers = 0;     // how many layers use it
};

// A part of an image-generation pipeline (models.json "components"), with the per-sample facts
// scripts/data/diffusion_arch.py derives from the component's published config.
struct DiffusionComponent {
  std::string name;
  std::string role;                    // denoiser | text_encoder | vae
  double params = 0;
  // role denoiser: a UNet (work scales with pixels) or a DiT (with latent patches + text tokens)
  std::string arch;                    // unet | dit
  double ref_px = 0;                   // resolution the figures below are for (square side, px)
  double ref_text_len = 0;             // text tokens in the DiT's joint sequence at ref_px
  double patch_px = 0;                 // DiT: pixels per token side (FLUX: 8 x 2 = 16)
  double linear_flops = 0;             // conv + linear FLOPs per sample per forward at ref_px
  double conv_flops = 0;               // of which convolutions (cuDNN may use TF32 for them in fp32; 0: unknown, all counted as matmuls)
  double attention_flops = 0;          // attention matmul FLOPs, same
  double attention_kernel_flops = 0;   // the same as FlashAttention / memory-efficient kernels compute them (head width rounded up to 32s)
  double kernels = 0;                  // kernels of one eager forward
  double act_lora_bytes = 0, act_full_bytes = 0;           // saved for backward per sample (frozen+LoRA / all trainable)
  double ckpt_bytes = 0, ckpt_block_lora_bytes = 0, ckpt_block_full_bytes = 0;  // with gradient checkpointing
  double ckpt_block_score_elements = 0;  // attention scores of the checkpointed block with the most (eager attention rebuilds them)
  double score_elements = 0;           // attention scores per sample per forward (eager attention)
  double infer_peak_bytes = 0;         // largest live set of a no-grad 16-bit forward, per sample
  double lora_io_attn_qv = 0, lora_io_attn = 0, lora_io_all_linear = 0;  // sum of in+out features of LoRA targets
  double largest_layer_params = 0;     // the largest conv / linear weight
  // role text_encoder
  double tokens = 0;                   // prompt tokens it encodes
  double keep_fp32_params = 0;         // parameters its library keeps in fp32 when the rest is 16-bit or quantised
  // role vae
  double latent_channels = 0;
  double decode_flops = 0, encode_flops = 0;  // per image at ref_px
  double decode_peak_elements = 0;     // largest live set of a decode, elements per image at ref_px
  bool force_upcast = false;           // decodes in fp32 whatever the pipeline's type (SDXL's VAE)
};

// Facts of a vision model (models.json "vision"), from scripts/data/vision_arch.py.
struct VisionSpec {
  std::string arch;                    // cnn | vit
  double flops = 0;                    // forward FLOPs per image at input_px (2 per multiply-add)
  double input_px = 0;
  double act_elements = 0;             // activation elements one forward writes, per image at input_px
  double kernels_eager = 0, kernels_fused = 0;
  double live_elements = 0;            // elements live at once in a no-grad forward, per image
  // A CNN's kernels, per image at input_px: {FLOPs, elements the kernel reads and writes}, the
  // fused engine's and eager PyTorch's (scripts/data/vision_arch.py); empty where not derived.
  std::vector<std::array<double, 2>> fused_layers;
  std::vector<std::array<double, 2>> eager_layers;  // the same for eager PyTorch's kernels
  std::string borrowed_from;           // inline model: the preset whose traffic/kernel figures it takes (set by the contract)
};

// A video generator (models.json "video", our extension; scripts/data/video_arch.py derives the
// VAE figures): a DiT over latent tokens, its encoders and its video VAE, from the published code.
struct VideoEncoder {
  std::string name;
  double params = 0;
  double tokens = 0;                   // tokens it encodes per call (the prompt, or an image's patches)
};
struct VideoSpec {
  // The DiT: one expert's shape; Wan 2.2 A14B has two of them (high- and low-noise), one per step.
  double dit_params = 0, dim = 0, ffn_dim = 0, text_dim = 0;
  int layers = 0, heads = 0, experts = 1;
  bool joint_text = false;             // text tokens join the self-attention (HunyuanVideo's MMDiT); else cross-attention (Wan)
  double patch_t = 1, patch_h = 2, patch_w = 2;
  // Bytes live per latent token in one no-grad block at its peak, from the reference code
  // (the derivation in the model's source field).
  double infer_live_bytes_per_token = 0;
  // Bytes saved per latent token per block for backward (no checkpointing), and, with it, the
  // block input kept per token per block.
  double train_act_bytes_per_token = 0;
  // Elementwise traffic per latent token per block (norms, modulation, RoPE, residuals, casts) and
  // the kernels one block launches, from the reference code (eager PyTorch).
  double elementwise_bytes_per_token = 0, kernels_per_block = 0;
  double residual_bytes = 2;           // bytes per element of the residual stream between blocks
  std::vector<VideoEncoder> encoders;  // text encoders (and an I2V model's image encoder)
  // The VAE: compression in time and space, latent channels, its weights' bytes per parameter,
  // decode FLOPs and live bytes per output pixel of one frame (a causal VAE decodes chunk by chunk).
  std::string vae_name;
  double vae_params = 0, vae_t = 4, vae_s = 8, latent_channels = 16, vae_bytes = 4;
  double decode_flops_per_px = 0;      // per output pixel per frame
  double encode_flops_per_px = 0;      // per input pixel per frame
  double decode_live_bytes_per_px = 0; // live at once per output pixel of one frame's area
  double tile_px = 0;                  // tiled decode: pixels of one tile (0: the pipeline has no tiling)
  // Defaults of the model's own sampling script.
  double width = 1280, height = 720, frames = 81, fps = 16, steps = 50, text_len = 512;
  bool cfg = true;
};

// Pipeline defaults of an image generator (SCENARIO.md "image" defaults).
struct ImageDefaults {
  double resolution = 512, steps = 50, text_len = 77;
  bool cfg = true;
};

struct ModelArch {
  std::string id, name;
  ModelKind kind = ModelKind::llm;
  std::optional<double> params;         // published total
  std::optional<double> active_params;  // published active (MoE)
  int layers = 0, heads = 0, kv_heads = 0;
  double hidden = 0, head_dim = 0, ffn_hidden = 0, vocab = 0;
  std::string ffn_type = "gated";       // gated | plain
  bool tied_embeddings = false, qkv_bias = false;
  std::optional<double> max_context;
  std::optional<MoeSpec> moe;
  std::optional<MlaSpec> mla;
  std::optional<SlidingWindowSpec> sliding_window;
  std::vector<DiffusionComponent> components;  // diffusion pipelines
  std::optional<VisionSpec> vision;            // vision models
  std::optional<VideoSpec> video;              // video generators
  ImageDefaults image_defaults;                // diffusion pipelines
  const DiffusionComponent* component(const std::string& role) const {
    for (const auto& c : components) {
      if (c.role == role) return &c;
    }
    return nullptr;
  }
  std::string source, note, confidence;
  std::string counts_note;              // why the published counts differ from the shape's (rounded headlines)
  bool has_shape() const { return layers > 0 && hidden > 0 && heads > 0; }
};

struct Region {
  std::string id, name_zh, name_en, province_zh;
  double electricity_cny_per_kwh_lo = 0, electricity_cny_per_kwh_hi = 0;
  std::string electricity_date;  // the month of the grid's tariff table the price is from (YYYY-MM); empty: undated range
  double pue_typical = 0, pue_required = 0, rack_kw_lo = 0, rack_kw_hi = 0;
  std::vector<std::string> sources;
  std::string confidence, note;
};

struct VendorInfo {
  std::string name, contact, url;
  // Where "询价 / Ask for a quote" goes: an https:// or http:// address (the scenario is appended
  // as query parameters), a mailto: address (subject and body carry it) or a tel: number.
  std::string quote;
  std::optional<std::uint32_t> color_rgb;  // the vendor bar's colour, 0xRRGGBB ("#rrggbb" in JSON)
  // The vendor's logo: a base64 data URI of a PNG, JPEG, WebP or SVG image, at most kMaxLogoChars.
  // Drawn in the vendor bar; the browser decodes it as an image, where an SVG runs no script.
  std::string logo;
};

struct Catalog {
  std::vector<Accelerator> accelerators;
  std::optional<VendorInfo> vendor;  // set by a vendor overlay
  std::vector<ModelArch> models;
  std::vector<Region> regions;
  const Accelerator* find_accelerator(const std::string& id) const;
  const ModelArch* find_model(const std::string& id) const;
  const Region* find_region(const std::string& id) const;
};

// Each returns the diagnostics; an empty list means the text was loaded into `out`.
Diagnostics load_accelerators(const std::string& text, std::vector<Accelerator>& out);
Diagnostics load_models(const std::string& text, std::vector<ModelArch>& out);
Diagnostics load_regions(const std::string& text, std::vector<Region>& out);

// Reads `key` as a list of strings; a missing required list or a non-string element is named.
std::vector<std::string> read_string_list(ObjectReader& r, const char* key, bool required, Diagnostics& d);

// Reads the accelerator objects of a JSON array at `path` (shared by the catalog and overlays).
std::vector<Accelerator> read_accelerator_list(const nlohmann::json& list, const std::string& path, Diagnostics& d);

// Reads one model architecture object (the catalog's or a scenario's inline one). `inline_form`
// allows the scenario contract's shape (params optional, head_dim optional, no source).
ModelArch read_model(ObjectReader& r, bool inline_form);

// Parameter count from the shape (embeddings, attention incl. GQA/MLA, MLP or MoE, norms).
double params_from_shape(const ModelArch& m);
// Parameters touched per token (MoE: shared + top_k experts; dense: all).
double active_params_from_shape(const ModelArch& m);

// Sliding-window attention (ModelArch::sliding_window), averaged over the layers. The tokens of KV
// cache a layer holds for a context of ctx tokens: ctx in full-attention layers, at most the window
// in local ones.
double kv_tokens_held(const ModelArch& m, double ctx);
// The longest context whose cache holds `held` tokens a layer on average (kv_tokens_held's inverse;
// infinite where every layer is local and held reaches the window).
double context_for_kv_tokens(const ModelArch& m, double held);
// Causal query-key pairs of n tokens: n^2 / 2 in full-attention layers; window^2 / 2 + (n - window)
// x window in local ones once n passes the window.
double causal_pairs(const ModelArch& m, double n);

}  // namespace xuanka::core
