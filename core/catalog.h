// The catalog in memory (core layer): accelerators, model presets, regions, loaded from JSON
// and validated in one pass. Units are converted here to base units (bytes, FLOP/s, W).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.h"
#include "core/enums.h"

namespace xuanka::core {

struct Support {
  std::string level;  // yes | partial | no | unknown
  std::string zh, en;
};

struct Accelerator {
  std::string id, vendor, name, architecture;
  bool domestic = false;
  std::optional<int> release_year;
  std::optional<std::string> tensor_core_generation, compute_capability, memory_type;
  std::optional<double> memory_bytes;                  // GiB in JSON -> bytes
  std::optional<double> memory_bandwidth_bytes_per_s;  // GB/s in JSON -> B/s
  std::map<std::string, std::optional<double>> dense_flops;  // fp32 tf32 fp16 bf16 fp8 int8 fp4: FLOP/s (int8: OP/s)
  bool sparsity_2to4 = false;
  std::optional<double> measured_bf16_matmul_flops;    // FLOP/s, a measured large-GEMM rate
  std::string measured_from;                           // sibling id the measurement was borrowed from, or empty
  std::string interconnect_kind, interconnect_name;
  std::optional<double> interconnect_bytes_per_s_bidirectional;  // per GPU
  std::optional<int> domain_cards;                     // cards in one fast interconnect domain
  std::optional<std::string> host_link_name;
  std::optional<int> pcie_gen;
  std::optional<double> tdp_w;
  std::optional<std::string> form_factor, cooling;
  std::string form_factor_note, software_stack;
  std::map<std::string, Support> support;              // bf16 fp8 flash_attention bitsandbytes ...
  std::optional<std::string> export_control;
  std::optional<Support> china_notes;                  // level unused
  struct Market {
    std::optional<double> purchase_cny_lo, purchase_cny_hi, rent_cny_per_card_hour_lo, rent_cny_per_card_hour_hi;
    std::string source, date, note, confidence;
  };
  std::optional<Market> market;
  std::string notes, confidence;
  std::vector<std::string> sources;
  // From a vendor overlay (core/overlay.h): the vendor's own offer for this card.
  std::optional<double> vendor_rent_cny_per_card_hour, vendor_purchase_cny, lead_time_days;
  std::optional<bool> in_stock;
  bool hidden = false;  // the vendor hides this card
  bool custom = false;  // added by the vendor overlay

  // Dense peak at a training precision (FLOP/s); nullopt when unknown.
  std::optional<double> peak_flops(Precision p) const;
};

struct MoeSpec {
  int experts = 0, top_k = 0, shared_experts = 0, dense_layers = 0;
  double expert_ffn_hidden = 0;
};
struct MlaSpec {
  double kv_lora_rank = 0, qk_rope_head_dim = 0;
  double q_lora_rank = 0, qk_nope_head_dim = 0, v_head_dim = 0;  // 0: not given
};

struct ModelArch {
  std::string id, name, kind = "llm";   // llm | diffusion | vision
  std::optional<double> params;         // published total
  std::optional<double> active_params;  // published active (MoE)
  int layers = 0, heads = 0, kv_heads = 0;
  double hidden = 0, head_dim = 0, ffn_hidden = 0, vocab = 0;
  std::string ffn_type = "gated";       // gated | plain
  bool tied_embeddings = false, qkv_bias = false;
  std::optional<double> max_context;
  std::optional<MoeSpec> moe;
  std::optional<MlaSpec> mla;
  std::vector<std::pair<std::string, double>> components;  // non-LLM parts
  std::string source, note, confidence;
  bool has_shape() const { return layers > 0 && hidden > 0 && heads > 0; }
};

struct Region {
  std::string id, name_zh, name_en, province_zh;
  double electricity_cny_per_kwh_lo = 0, electricity_cny_per_kwh_hi = 0;
  double pue_typical = 0, pue_required = 0, rack_kw_lo = 0, rack_kw_hi = 0;
  std::vector<std::string> sources;
  std::string confidence, note;
};

struct VendorInfo {
  std::string name, contact, url;
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

// Reads the accelerator objects of a JSON array at `path` (shared by the catalog and overlays).
std::vector<Accelerator> read_accelerator_list(const nlohmann::json& list, const std::string& path, Diagnostics& d);

// Reads one model architecture object (the catalog's or a scenario's inline one). `inline_form`
// allows the scenario contract's shape (params optional, head_dim optional, no source).
ModelArch read_model(ObjectReader& r, bool inline_form);

// Parameter count from the shape (embeddings, attention incl. GQA/MLA, MLP or MoE, norms).
double params_from_shape(const ModelArch& m);
// Parameters touched per token (MoE: shared + top_k experts; dense: all).
double active_params_from_shape(const ModelArch& m);

}  // namespace xuanka::core
