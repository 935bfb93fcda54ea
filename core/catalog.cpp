// Catalog loading and validation (core layer). JSON units -> base units happen here only.
// [SECTION] helpers  [SECTION] accelerators  [SECTION] models  [SECTION] regions (parameter counts
// from a shape: core/model_shape.cpp)
#include "core/catalog.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>

#include "core/format.h"
#include "core/json_reader.h"

namespace xuanka::core {

using nlohmann::json;

// [SECTION] helpers
namespace {
constexpr double kGiB = 1073741824.0;  // 2^30
constexpr double kGB = 1e9;
constexpr double kTera = 1e12;
constexpr auto kLevels = {"yes", "partial", "no", "unknown"};
constexpr auto kConfidence = {"high", "medium", "low"};

const json* parse_doc(const std::string& text, const char* list_key, Diagnostics& d) {
  static thread_local json doc;  // per-call scratch; returned pointer is read immediately
  doc = parse_json_text(text, "$", d);
  if (doc.is_discarded()) return nullptr;
  ObjectReader top(doc, "$", d);
  if (!top.ok()) return nullptr;
  top.num("schema_version", true, 1, 1, true);
  top.str("about", false);
  const json* list = top.get(list_key);
  top.finish();
  if (!list) {
    d.push_back({std::string("$.") + list_key, "required array is missing"});
    return nullptr;
  }
  if (!list->is_array()) {
    d.push_back({std::string("$.") + list_key, "expected an array, found " + describe(*list)});
    return nullptr;
  }
  return list;
}


// [lo, hi] pair of numbers, or null.
bool read_range(ObjectReader& r, const char* key, std::optional<double>& lo, std::optional<double>& hi, Diagnostics& d) {
  const json* v = r.get(key);
  if (!v) {
    r.error(key, "required ([low, high] or null) is missing");
    return false;
  }
  if (v->is_null()) return true;
  if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number()) {
    r.error(key, "expected [low, high] numbers or null, found " + describe(*v));
    return false;
  }
  lo = (*v)[0].get<double>();
  hi = (*v)[1].get<double>();
  if (!(*lo >= 0) || !(*hi >= *lo)) {
    d.push_back({r.child(key), "expected 0 <= low <= high, found [" + (*v)[0].dump() + ", " + (*v)[1].dump() + "]"});
    return false;
  }
  return true;
}

void check_unique(const std::vector<std::string>& ids, const char* list, Diagnostics& d) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (!ids[i].empty() && ids[i] == ids[j]) {
        d.push_back({std::string("$.") + list + "[" + std::to_string(i) + "].id",
                     "duplicate id \"" + shorten(ids[i]) + "\" (first at index " + std::to_string(j) + ")"});
      }
    }
  }
}

bool valid_id(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
  });
}

void read_id(ObjectReader& r, std::string& id) {
  id = r.str("id", true).value_or("");
  if (r.has("id") && r.get("id")->is_string() && !valid_id(id)) {
    r.error("id", "expected lowercase letters, digits, '-', '.' or '_', found \"" + shorten(id) + "\"");
  }
}
}  // namespace

std::vector<std::string> read_string_list(ObjectReader& r, const char* key, bool required, Diagnostics& d) {
  std::vector<std::string> out;
  const json* v = r.get(key);
  if (!v) {
    if (required) r.error(key, "required array of strings is missing");
    return out;
  }
  if (!v->is_array()) {
    r.error(key, "expected an array of strings, found " + describe(*v));
    return out;
  }
  for (std::size_t i = 0; i < v->size(); ++i) {
    if ((*v)[i].is_string()) {
      out.push_back((*v)[i].get<std::string>());
    } else {
      d.push_back({r.child(key) + "[" + std::to_string(i) + "]", "expected a string, found " + describe((*v)[i])});
    }
  }
  if (required && out.empty() && v->empty()) r.error(key, "expected at least one source, found an empty array");
  return out;
}

// [SECTION] accelerators
std::optional<double> Accelerator::peak_flops(Precision p) const {
  const auto i = static_cast<std::size_t>(p);
  if (peaks_indexed && i < peak_by_precision.size()) return peak_by_precision[i];
  for (const char* k : info(p).peak_keys) {
    if (!k) continue;
    auto it = dense_flops.find(k);
    if (it != dense_flops.end() && it->second) return it->second;
  }
  return std::nullopt;
}

void Accelerator::index_peaks() {
  peaks_indexed = false;
  static_assert(static_cast<std::size_t>(Precision::fp8_mixed) + 1 == std::tuple_size<decltype(peak_by_precision)>::value,
                "one slot per Precision");
  for (std::size_t i = 0; i < peak_by_precision.size(); ++i) peak_by_precision[i] = peak_flops(static_cast<Precision>(i));
  peaks_indexed = true;
}

std::optional<double> Accelerator::gemm_efficiency(bool fp16) const {
  // (Peaks looked up only when a measurement needs them: the recommender calls this ~45k times.)
  if (fp16 && measured_fp16_matmul_flops) {
    if (const auto p16 = peak_flops(Precision::fp16_mixed)) return std::min(1.0, *measured_fp16_matmul_flops / *p16);
  }
  if (measured_bf16_matmul_flops) {
    if (const auto pbf = peak_flops(Precision::bf16)) return std::min(1.0, *measured_bf16_matmul_flops / *pbf);
  }
  return std::nullopt;
}

Diagnostics load_accelerators(const std::string& text, std::vector<Accelerator>& out) {
  Diagnostics d;
  const json* list = parse_doc(text, "accelerators", d);
  if (!list) return d;
  std::vector<Accelerator> result = read_accelerator_list(*list, "$.accelerators", d);
  // A card without its own matmul measurement borrows one from a sibling: the same architecture,
  // form factor and dense BF16 peak (e.g. A100 SXM4 40GB from A100 SXM4 80GB: same chip, clocks).
  for (Accelerator& a : result) {
    if (a.measured_bf16_matmul_flops || !a.peak_flops(Precision::bf16)) continue;
    for (const Accelerator& b : result) {
      if (&a != &b && b.measured_bf16_matmul_flops && !b.measured_from.size() && b.architecture == a.architecture &&
          b.form_factor == a.form_factor && b.peak_flops(Precision::bf16) == a.peak_flops(Precision::bf16)) {
        a.measured_bf16_matmul_flops = b.measured_bf16_matmul_flops;
        a.measured_from = b.id;
        break;
      }
    }
  }
  if (d.empty()) out = std::move(result);
  return d;
}

std::vector<Accelerator> read_accelerator_list(const json& jl, const std::string& path, Diagnostics& d) {
  const json* list = &jl;
  std::vector<Accelerator> result;
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    ObjectReader r((*list)[i], path + "[" + std::to_string(i) + "]", d);
    if (!r.ok()) continue;
    Accelerator a;
    read_id(r, a.id);
    a.vendor = r.str("vendor", true).value_or("");
    a.name = r.str("name", true).value_or("");
    a.name_zh = r.str("name_zh", false).value_or("");
    a.vendor_zh = r.str("vendor_zh", false).value_or("");
    a.domestic = r.boolean("domestic", true).value_or(false);
    a.architecture = r.str("architecture", true).value_or("");
    if (auto y = r.num_or_null("release_year", 1990, 2100, true)) a.release_year = static_cast<int>(*y);
    a.tensor_core_generation = r.str_or_null("tensor_core_generation");
    a.compute_capability = r.str_or_null("compute_capability");
    if (a.compute_capability) a.compute_capability_number = std::atof(a.compute_capability->c_str());
    if (auto m = r.num_or_null("memory_gib", 0.5, 4096)) a.memory_bytes = *m * kGiB;
    a.memory_type = r.str_or_null("memory_type");
    if (auto b = r.num_or_null("memory_bandwidth_gb_s", 1, 1e5)) a.memory_bandwidth_bytes_per_s = *b * kGB;
    if (const json* df = r.get("dense_tflops")) {
      ObjectReader f(*df, r.child("dense_tflops"), d);
      for (const char* k : {"fp32", "tf32", "fp16", "bf16", "fp8", "int8_tops", "fp4"}) {
        auto v = f.num_or_null(k, 0.01, 1e5);
        a.dense_flops[k == std::string("int8_tops") ? "int8" : k] = v ? std::optional<double>(*v * kTera) : std::nullopt;
      }
      f.finish();
    } else {
      r.error("dense_tflops", "required object is missing");
    }
    a.sparsity_2to4 = r.boolean("sparsity_2to4", true).value_or(false);
    if (auto m = r.num_or_null("measured_bf16_matmul_tflops", 0.01, 1e5)) a.measured_bf16_matmul_flops = *m * kTera;
    if (auto m = r.num("measured_fp16_matmul_tflops", false, 0.01, 1e5)) a.measured_fp16_matmul_flops = *m * kTera;
    if (auto g = r.num("scale_out_gbps", false, 1, 1e5)) a.scale_out_bytes_per_s = *g * 1e9 / 8.0;  // Gb/s -> B/s
    a.scale_out_server = r.str("scale_out_server", false).value_or("");
    if (const json* ic = r.get("interconnect")) {
      ObjectReader f(*ic, r.child("interconnect"), d);
      a.interconnect_kind = read_enum<InterconnectKind>(f, "kind", true).value_or(InterconnectKind::other);
      a.interconnect_name = f.str("name", true).value_or("");
      if (auto b = f.num_or_null("gb_s_bidirectional", 1, 1e5)) a.interconnect_bytes_per_s_bidirectional = *b * kGB;
      if (auto n = f.num_or_null("domain_cards", 1, 100000, true)) a.domain_cards = static_cast<int>(*n);
      const std::string topology = f.word("topology", false, {"switched", "full_mesh"}).value_or("");
      a.interconnect_topology = topology == "full_mesh" ? Topology::full_mesh : topology == "switched" ? Topology::switched : Topology::unknown;
      if (auto b = f.num("link_gb_s_bidirectional", false, 0.1, 1e5)) a.link_bytes_per_s_bidirectional = *b * kGB;
      a.links_per_peer = static_cast<int>(f.num("links_per_peer", false, 1, 64, true).value_or(1));
      f.get("note");  // research note: kept in the file, not read (the embedded copy leaves it out)
      f.finish();
    } else {
      r.error("interconnect", "required object is missing");
    }
    if (const json* hl = r.get("host_link")) {
      ObjectReader f(*hl, r.child("host_link"), d);
      a.host_link_name = f.str_or_null("name");
      if (auto g = f.num_or_null("pcie_gen", 1, 7, true)) a.pcie_gen = static_cast<int>(*g);
      f.num_or_null("gb_s_bidirectional", 1, 1e5);
      f.finish();
    } else {
      r.error("host_link", "required object is missing");
    }
    if (auto t = r.num_or_null("tdp_w", 1, 5000)) a.tdp_w = *t;
    a.dies = static_cast<int>(r.num("dies", false, 1, 64, true).value_or(1));
    if (auto v = r.num("video_decode_1080p_fps", false, 1, 1e6)) a.video_decode_1080p_fps = *v;
    if (auto v = r.num("l2_cache_mib", false, 0.5, 4096)) a.l2_cache_bytes = *v * 1048576.0;
    if (auto v = r.num("measured_weight_read_gb_s", false, 1, 1e5)) a.measured_weight_read_bytes_per_s = *v * 1e9;
    if (auto v = r.num("measured_decode_host_us_per_layer", false, 0.1, 1e5)) a.measured_decode_host_s_per_layer = *v * 1e-6;
    if (auto v = r.num("measured_decode_attention_floor_us", false, 0.1, 1e5)) a.measured_decode_attention_floor_s = *v * 1e-6;
    if (auto v = r.num("measured_decode_attention_gb_s", false, 1, 1e5)) a.measured_decode_attention_bytes_per_s = *v * 1e9;
    if (r.has("form_factor") && !r.get("form_factor")->is_null()) {
      a.form_factor = r.word("form_factor", true, {"sxm", "oam", "pcie", "pcie_consumer", "module", "superchip"});
    } else {
      r.get("form_factor");
    }
    a.form_factor_note = r.str("form_factor_note", true).value_or("");
    if (r.has("cooling") && !r.get("cooling")->is_null()) {
      a.cooling = r.word("cooling", true, {"air", "air_or_liquid", "liquid"});
    } else {
      r.get("cooling");
    }
    a.software_stack = r.str("software_stack", true).value_or("");
    if (const json* sup = r.get("support")) {
      ObjectReader f(*sup, r.child("support"), d);
      for (const char* k : {"bf16", "fp8", "flash_attention", "bitsandbytes", "deepspeed_zero", "megatron", "vllm", "torch_compile"}) {
        const json* e = f.get(k);
        if (!e) {
          f.error(k, "required support entry is missing");
          continue;
        }
        ObjectReader s(*e, f.child(k), d);
        Support sp;
        sp.level = s.word("level", true, kLevels).value_or("unknown");
        sp.zh = s.str("zh", true).value_or("");
        sp.en = s.str("en", true).value_or("");
        s.finish();
        a.support[k] = sp;
      }
      f.finish();
    } else {
      r.error("support", "required object is missing");
    }
    a.export_control = r.str_or_null("export_control");
    if (const json* cn = r.get("china_notes"); cn && !cn->is_null()) {
      ObjectReader f(*cn, r.child("china_notes"), d);
      Support s;
      s.zh = f.str("zh", true).value_or("");
      s.en = f.str("en", true).value_or("");
      f.finish();
      a.china_notes = s;
    } else if (!cn) {
      r.error("china_notes", "required (an object or null) is missing");
    }
    if (const json* mk = r.get("market"); mk && !mk->is_null()) {
      ObjectReader f(*mk, r.child("market"), d);
      Accelerator::Market m;
      for (const auto& row : EnumTable<OfferKind>::rows()) {
        const json* pj = f.get(row.word);
        if (!pj || pj->is_null()) continue;
        ObjectReader p(*pj, f.child(row.word), d);
        Accelerator::Price price;
        const bool per_card = row.value == OfferKind::purchase;
        const char* unit = per_card ? "cny_per_card" : "cny_per_card_hour";
        price.typical = p.num(unit, true, 0.01, 1e9).value_or(0);
        price.low = p.num("low", true, 0.01, 1e9).value_or(price.typical);
        price.high = p.num("high", true, 0.01, 1e9).value_or(price.typical);
        if (p.ok() && !(price.low <= price.typical && price.typical <= price.high)) p.error(unit, "expected low <= typical <= high");
        price.offers = static_cast<int>(p.num("offers", false, 1, 1000, true).value_or(1));  // absent: one
        price.date = p.str("date", true).value_or("");
        price.oldest_date = p.str("oldest_date", false).value_or(price.date);
        price.confidence = p.word("confidence", true, kConfidence).value_or("low");
        price.sources = read_string_list(p, "sources", true, d);
        p.finish();
        m.by_offer[static_cast<std::size_t>(row.value)] = price;
      }
      m.note = f.str("note", false).value_or("");
      f.finish();
      a.market = m;
    } else if (!mk) {
      r.error("market", "required (an object or null) is missing");
    }
    a.notes = r.str("notes", true).value_or("");
    r.get("disagreements");
    r.get("unverified_estimates");
    a.sources = read_string_list(r, "sources", true, d);
    a.confidence = r.word("confidence", true, kConfidence).value_or("low");
    r.finish();
    ids.push_back(a.id);
    a.index_peaks();
    result.push_back(std::move(a));
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (!ids[i].empty() && ids[i] == ids[j]) {
        d.push_back({path + "[" + std::to_string(i) + "].id", "duplicate id \"" + shorten(ids[i]) + "\" (first at index " + std::to_string(j) + ")"});
      }
    }
  }
  return result;
}

// [SECTION] models
namespace {
// One diffusion pipeline: its defaults and components (scripts/data/diffusion_arch.py).
void read_diffusion(ObjectReader& r, ModelArch& m, bool inline_form) {
  if (const json* d = r.get("image_defaults")) {
    ObjectReader f(*d, r.child("image_defaults"), r.diags());
    m.image_defaults.resolution = f.num("resolution", true, 64, 8192, true).value_or(512);
    m.image_defaults.steps = f.num("steps", true, 1, 1000, true).value_or(50);
    m.image_defaults.cfg = f.boolean("cfg", true).value_or(true);
    m.image_defaults.text_len = f.num("text_len", true, 1, 4096, true).value_or(77);
    f.finish();
  }
  const json* cs = r.get("components");
  if (!cs || !cs->is_array() || cs->empty()) {
    r.error("components", "expected a non-empty array of the pipeline's parts (denoiser, text encoders, VAE)");
    return;
  }
  for (std::size_t i = 0; i < cs->size(); ++i) {
    ObjectReader f((*cs)[i], r.child("components") + "[" + std::to_string(i) + "]", r.diags());
    DiffusionComponent c;
    c.name = f.str("name", true).value_or("");
    c.params = f.num("params", true, 1, 1e14).value_or(0);
    c.role = f.word("role", true, {"denoiser", "text_encoder", "vae"}).value_or("denoiser");
    auto num = [&](ObjectReader& g, const char* k, double& out, bool req = true) { out = g.num(k, req, 0, 1e18).value_or(out); };
    if (c.role == "denoiser") {
      if (inline_form && !f.has("denoiser")) {
        // The contract's inline form names parts and counts only: memory of the weights, no
        // activations or speed (the estimate says so).
      } else if (const json* dn = f.get("denoiser")) {
        ObjectReader g(*dn, f.child("denoiser"), r.diags());
        c.arch = g.word("arch", true, {"unet", "dit"}).value_or("unet");
        num(g, "ref_px", c.ref_px);
        num(g, "ref_text_len", c.ref_text_len, c.arch == "dit");
        num(g, "patch_px", c.patch_px, c.arch == "dit");
        num(g, "linear_gflops", c.linear_flops); c.linear_flops *= 1e9;
        num(g, "conv_gflops", c.conv_flops, false); c.conv_flops = std::min(c.conv_flops * 1e9, c.linear_flops);
        num(g, "attention_gflops", c.attention_flops); c.attention_flops *= 1e9;
        // As the fused kernels compute them (head widths rounded up to the kernel's); optional,
        // the plain count where absent.
        c.attention_kernel_flops = c.attention_flops / 1e9;
        num(g, "attention_kernel_gflops", c.attention_kernel_flops, false); c.attention_kernel_flops *= 1e9;
        num(g, "kernels", c.kernels);
        num(g, "act_lora_bytes", c.act_lora_bytes);
        num(g, "act_full_bytes", c.act_full_bytes);
        num(g, "ckpt_bytes", c.ckpt_bytes);
        num(g, "ckpt_block_lora_bytes", c.ckpt_block_lora_bytes);
        num(g, "ckpt_block_full_bytes", c.ckpt_block_full_bytes);
        num(g, "ckpt_block_score_elements", c.ckpt_block_score_elements, false);  // optional: 0 where absent
        num(g, "score_elements", c.score_elements);
        num(g, "infer_peak_bytes", c.infer_peak_bytes);
        num(g, "largest_layer_params", c.largest_layer_params);
        if (const json* io = g.get("lora_io")) {
          ObjectReader h(*io, g.child("lora_io"), r.diags());
          num(h, "attn_qv", c.lora_io_attn_qv);
          num(h, "attn", c.lora_io_attn);
          num(h, "all_linear", c.lora_io_all_linear);
          h.finish();
        } else {
          g.error("lora_io", "required object is missing");
        }
        g.finish();
      } else {
        f.error("denoiser", "required object (the denoiser's derived figures) is missing");
      }
    } else if (c.role == "text_encoder") {
      num(f, "tokens", c.tokens, !inline_form);
      num(f, "keep_fp32_params", c.keep_fp32_params, false);
    } else if (!(inline_form && !f.has("vae"))) {
      if (const json* v = f.get("vae")) {
        ObjectReader g(*v, f.child("vae"), r.diags());
        num(g, "ref_px", c.ref_px);
        num(g, "latent_channels", c.latent_channels);
        num(g, "decode_gflops", c.decode_flops); c.decode_flops *= 1e9;
        num(g, "encode_gflops", c.encode_flops); c.encode_flops *= 1e9;
        num(g, "decode_peak_elements", c.decode_peak_elements);
        c.force_upcast = g.boolean("force_upcast", true).value_or(false);
        g.finish();
      } else {
        f.error("vae", "required object is missing");
      }
    }
    f.finish();
    m.components.push_back(c);
  }
  if (!m.component("denoiser")) r.error("components", "a diffusion pipeline needs a component with role denoiser");
}

// One vision model (scripts/data/vision_arch.py).
void read_vision(ObjectReader& r, ModelArch& m, bool inline_form) {
  VisionSpec s;
  auto read = [&](ObjectReader& f, bool derived) {
    s.arch = f.word("arch", true, {"cnn", "vit"}).value_or("cnn");
    s.flops = f.num("gflops", true, 1e-6, 1e7).value_or(0) * 1e9;
    s.input_px = f.num("gflops_input", true, 8, 16384, true).value_or(224);
    s.act_elements = f.num("act_melements", derived, 0, 1e6).value_or(0) * 1e6;
    s.kernels_eager = f.num("kernels_eager", derived, 1, 1e6, true).value_or(0);
    s.kernels_fused = f.num("kernels_fused", derived, 1, 1e6, true).value_or(0);
    s.live_elements = f.num("live_melements", derived, 0, 1e6).value_or(0) * 1e6;
    // A CNN's kernels, each as [MFLOPs, thousands of elements moved] (optional): the fused
    // engine's, one per kernels_fused, and eager PyTorch's, one per kernels_eager.
    auto kernels = [&](const char* key, const char* count_key, double count, std::vector<std::array<double, 2>>& out) {
      const json* layers = derived ? f.get(key) : nullptr;
      if (!layers) return;
      bool ok = layers->is_array() && layers->size() == static_cast<size_t>(count);
      for (size_t i = 0; ok && i < layers->size(); ++i) {
        const json& e = (*layers)[i];
        ok = e.is_array() && e.size() == 2 && e[0].is_number() && e[1].is_number() && e[0].get<double>() >= 0 && e[1].get<double>() >= 0;
        if (ok) out.push_back({e[0].get<double>() * 1e6, e[1].get<double>() * 1e3});
      }
      if (!ok) {
        out.clear();
        f.error(key, std::string("expected one [MFLOPs, thousand elements] pair of non-negative numbers per kernel (") + count_key + " of them)");
      }
    };
    kernels("fused_layers", "kernels_fused", s.kernels_fused, s.fused_layers);
    kernels("eager_layers", "kernels_eager", s.kernels_eager, s.eager_layers);
  };
  if (inline_form) {
    read(r, false);  // the contract's inline form: {"name", "kind", "params", "gflops", "gflops_input", "arch"}
  } else if (const json* v = r.get("vision")) {
    ObjectReader f(*v, r.child("vision"), r.diags());
    read(f, true);
    f.finish();
  } else {
    r.error("vision", "required object (arch, gflops, gflops_input, act_melements, kernels_eager, kernels_fused) is missing");
    return;
  }
  m.vision = s;
}

// One video generator (models.json "video"): the DiT's shape, its encoders, its VAE and the
// sampling defaults of its own script; the figures derived from code name their derivation in
// the model's source (scripts/data/video_arch.py for the VAE's).
void read_video(ObjectReader& r, ModelArch& m) {
  const json* v = r.get("video");
  if (!v) {
    r.error("video", "required object (dit, encoders, vae, defaults) is missing");
    return;
  }
  ObjectReader f(*v, r.child("video"), r.diags());
  VideoSpec s;
  auto obj = [&](const char* key, auto&& body) {
    if (const json* o = f.get(key)) {
      ObjectReader g(*o, f.child(key), r.diags());
      body(g);
      g.finish();
    } else {
      f.error(key, "required object is missing");
    }
  };
  obj("dit", [&](ObjectReader& g) {
    s.dit_params = g.num("params", true, 1e6, 1e13).value_or(0);
    s.dim = g.num("dim", true, 1, 1e6, true).value_or(0);
    s.ffn_dim = g.num("ffn_dim", true, 1, 1e7, true).value_or(0);
    s.layers = static_cast<int>(g.num("layers", true, 1, 10000, true).value_or(0));
    s.heads = static_cast<int>(g.num("heads", true, 1, 10000, true).value_or(0));
    s.text_dim = g.num("text_dim", true, 1, 1e6, true).value_or(0);
    s.experts = static_cast<int>(g.num("experts", false, 1, 16, true).value_or(1));
    s.joint_text = g.boolean("joint_text", true).value_or(false);
    if (const json* p = g.get("patch"); p && p->is_array() && p->size() == 3 && (*p)[0].is_number() && (*p)[1].is_number() && (*p)[2].is_number() &&
                                         (*p)[0].get<double>() >= 1 && (*p)[1].get<double>() >= 1 && (*p)[2].get<double>() >= 1) {
      s.patch_t = (*p)[0].get<double>(), s.patch_h = (*p)[1].get<double>(), s.patch_w = (*p)[2].get<double>();
    } else {
      g.error("patch", "expected [t, h, w], whole numbers >= 1");
    }
    s.infer_live_bytes_per_token = g.num("infer_live_bytes_per_token", true, 1, 1e9).value_or(0);
    s.train_act_bytes_per_token = g.num("train_act_bytes_per_token", true, 1, 1e9).value_or(0);
    s.elementwise_bytes_per_token = g.num("elementwise_bytes_per_token", true, 0, 1e9).value_or(0);
    s.kernels_per_block = g.num("kernels_per_block", true, 1, 1e5).value_or(1);
    s.residual_bytes = g.num("residual_bytes", true, 1, 8).value_or(2);
  });
  if (const json* es = f.get("encoders"); es && es->is_array() && !es->empty()) {
    for (std::size_t i = 0; i < es->size(); ++i) {
      ObjectReader g((*es)[i], f.child("encoders") + "[" + std::to_string(i) + "]", r.diags());
      VideoEncoder e;
      e.name = g.str("name", true).value_or("");
      e.params = g.num("params", true, 1e3, 1e13).value_or(0);
      e.tokens = g.num("tokens", true, 1, 1e6, true).value_or(1);
      g.finish();
      s.encoders.push_back(e);
    }
  } else {
    f.error("encoders", "expected a non-empty array of {name, params, tokens}");
  }
  obj("vae", [&](ObjectReader& g) {
    s.vae_name = g.str("name", true).value_or("");
    s.vae_params = g.num("params", true, 1e3, 1e11).value_or(0);
    s.vae_t = g.num("compression_t", true, 1, 64, true).value_or(4);
    s.vae_s = g.num("compression_s", true, 1, 64, true).value_or(8);
    s.latent_channels = g.num("latent_channels", true, 1, 1024, true).value_or(16);
    s.vae_bytes = g.num("bytes", true, 1, 4, true).value_or(4);
    s.decode_flops_per_px = g.num("decode_mflops_per_px", true, 0, 1e6).value_or(0) * 1e6;
    s.encode_flops_per_px = g.num("encode_mflops_per_px", true, 0, 1e6).value_or(0) * 1e6;
    s.decode_live_bytes_per_px = g.num("decode_live_bytes_per_px", true, 0, 1e7).value_or(0);
    s.tile_px = g.num("tile_px", false, 0, 1e8).value_or(0);
  });
  obj("defaults", [&](ObjectReader& g) {
    if (const json* p = g.get("resolution"); p && p->is_array() && p->size() == 2 && (*p)[0].is_number() && (*p)[1].is_number()) {
      s.width = (*p)[0].get<double>(), s.height = (*p)[1].get<double>();
    } else {
      g.error("resolution", "expected [width, height] in px");
    }
    s.frames = g.num("frames", true, 1, 10000, true).value_or(81);
    s.fps = g.num("fps", true, 1, 240).value_or(16);
    s.steps = g.num("steps", true, 1, 1000, true).value_or(50);
    s.cfg = g.boolean("cfg", true).value_or(true);
    s.text_len = g.num("text_len", true, 1, 4096, true).value_or(512);
  });
  f.finish();
  // The parts, for the lists that show a pipeline's components.
  m.components.push_back({});
  m.components.back().name = "DiT", m.components.back().role = "denoiser", m.components.back().params = s.dit_params * s.experts;
  for (const auto& e : s.encoders) {
    m.components.push_back({});
    m.components.back().name = e.name, m.components.back().role = "text_encoder", m.components.back().params = e.params;
  }
  m.components.push_back({});
  m.components.back().name = s.vae_name, m.components.back().role = "vae", m.components.back().params = s.vae_params;
  m.video = s;
}
}  // namespace

ModelArch read_model(ObjectReader& r, bool inline_form) {
  ModelArch m;
  if (inline_form) {
    m.name = r.str("name", false).value_or("custom");
    m.id = m.name;
    m.kind = read_enum<ModelKind>(r, "kind", false).value_or(ModelKind::llm);
  } else {
    read_id(r, m.id);
    m.name = r.str("name", true).value_or("");
    m.kind = read_enum<ModelKind>(r, "kind", true).value_or(ModelKind::llm);
  }
  if (auto p = r.num("params", !inline_form, 1e3, 1e14)) m.params = *p;
  if (auto p = r.num("active_params", false, 1e3, 1e14)) m.active_params = *p;
  const bool shaped = m.kind == ModelKind::llm;
  if (shaped) {
    const bool req = true;
    m.layers = static_cast<int>(r.num("layers", req, 1, 10000, true).value_or(0));
    m.hidden = r.num("hidden", req, 1, 1e6, true).value_or(0);
    m.heads = static_cast<int>(r.num("heads", req, 1, 10000, true).value_or(0));
    m.kv_heads = static_cast<int>(r.num("kv_heads", !inline_form, 1, 10000, true).value_or(m.heads));
    if (auto hd = r.num("head_dim", !inline_form, 1, 1e5, true)) {
      m.head_dim = *hd;
    } else if (m.heads > 0 && m.hidden > 0) {
      // Without head_dim it is hidden / heads, which must be whole (found by fuzzing: 7796 / 32
      // was written back as 243.625 and refused on reading).
      if (std::fmod(m.hidden, m.heads) != 0) {
        r.error("head_dim", "required: hidden (" + format_sig(m.hidden, 8) + ") is not a multiple of heads (" + std::to_string(m.heads) + ")");
      }
      m.head_dim = std::floor(m.hidden / m.heads);
    }
    m.ffn_hidden = r.num("ffn_hidden", req, 1, 1e7, true).value_or(0);
    m.ffn_type = r.word("ffn_type", req, {"gated", "plain"}).value_or("gated");
    m.vocab = r.num("vocab", req, 1, 1e8, true).value_or(0);
    m.tied_embeddings = r.boolean("tied_embeddings", !inline_form).value_or(false);
    m.qkv_bias = r.boolean("qkv_bias", false).value_or(false);
    if (auto c = r.num("max_context", false, 1, 1e8, true)) m.max_context = *c;
    if (m.heads > 0 && m.kv_heads > 0 && m.heads % m.kv_heads != 0) {
      r.error("kv_heads", std::to_string(m.kv_heads) + " does not divide heads (" + std::to_string(m.heads) + ")");
    }
    if (const json* mo = r.get("moe")) {
      ObjectReader f(*mo, r.child("moe"), r.diags());
      MoeSpec e;
      e.experts = static_cast<int>(f.num("experts", true, 1, 100000, true).value_or(1));
      e.top_k = static_cast<int>(f.num("top_k", true, 1, 100000, true).value_or(1));
      e.shared_experts = static_cast<int>(f.num("shared_experts", false, 0, 1000, true).value_or(0));
      e.expert_ffn_hidden = f.num("expert_ffn_hidden", true, 1, 1e7, true).value_or(1);
      e.dense_layers = static_cast<int>(f.num("dense_layers", false, 0, 10000, true).value_or(0));
      if (e.top_k > e.experts) f.error("top_k", std::to_string(e.top_k) + " exceeds experts (" + std::to_string(e.experts) + ")");
      if (e.dense_layers > m.layers) f.error("dense_layers", std::to_string(e.dense_layers) + " exceeds layers (" + std::to_string(m.layers) + ")");
      f.finish();
      m.moe = e;
    }
    if (const json* ml = r.get("mla")) {
      ObjectReader f(*ml, r.child("mla"), r.diags());
      MlaSpec a;
      a.kv_lora_rank = f.num("kv_lora_rank", true, 1, 1e6, true).value_or(1);
      a.qk_rope_head_dim = f.num("qk_rope_head_dim", true, 0, 1e5, true).value_or(0);
      a.q_lora_rank = f.num("q_lora_rank", false, 0, 1e6, true).value_or(0);
      a.qk_nope_head_dim = f.num("qk_nope_head_dim", false, 0, 1e5, true).value_or(0);
      a.v_head_dim = f.num("v_head_dim", false, 0, 1e5, true).value_or(0);
      f.finish();
      m.mla = a;
    }
    if (const json* sw = r.get("sliding_window")) {
      ObjectReader f(*sw, r.child("sliding_window"), r.diags());
      SlidingWindowSpec w;
      w.window = f.num("window", true, 1, 1e8, true).value_or(1);
      w.layers = static_cast<int>(f.num("layers", true, 1, 10000, true).value_or(1));
      if (m.layers > 0 && w.layers > m.layers) f.error("layers", std::to_string(w.layers) + " exceeds the model's layers (" + std::to_string(m.layers) + ")");
      f.finish();
      m.sliding_window = w;
    }
  } else {
    if (m.kind == ModelKind::diffusion) read_diffusion(r, m, inline_form);
    if (m.kind == ModelKind::vision) read_vision(r, m, inline_form);
    if (m.kind == ModelKind::video) {
      if (inline_form) r.error("kind", "a video generator is a catalog preset (wan2.1-t2v-14b, hunyuanvideo, ...), not an inline model");
      else read_video(r, m);
    }
  }
  if (!inline_form) {
    m.source = r.str("source", true).value_or("");
    m.confidence = r.word("confidence", true, {"high", "medium", "low"}).value_or("low");
  }
  m.note = r.str("note", false).value_or("");
  if (!inline_form) m.counts_note = r.str("counts_note", false).value_or("");
  return m;
}

Diagnostics load_models(const std::string& text, std::vector<ModelArch>& out) {
  Diagnostics d;
  const json* list = parse_doc(text, "models", d);
  if (!list) return d;
  std::vector<ModelArch> result;
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    ObjectReader r((*list)[i], "$.models[" + std::to_string(i) + "]", d);
    if (!r.ok()) continue;
    ModelArch m = read_model(r, false);
    r.finish();
    ids.push_back(m.id);
    result.push_back(std::move(m));
  }
  check_unique(ids, "models", d);
  if (d.empty()) out = std::move(result);
  return d;
}

// [SECTION] regions
Diagnostics load_regions(const std::string& text, std::vector<Region>& out) {
  Diagnostics d;
  const json* list = parse_doc(text, "regions", d);
  if (!list) return d;
  std::vector<Region> result;
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    ObjectReader r((*list)[i], "$.regions[" + std::to_string(i) + "]", d);
    if (!r.ok()) continue;
    Region g;
    read_id(r, g.id);
    g.name_zh = r.str("name_zh", true).value_or("");
    g.name_en = r.str("name_en", true).value_or("");
    g.province_zh = r.str("province_zh", true).value_or("");
    std::optional<double> lo, hi;
    if (read_range(r, "electricity_cny_per_kwh", lo, hi, d) && lo) {
      g.electricity_cny_per_kwh_lo = *lo;
      g.electricity_cny_per_kwh_hi = *hi;
      if (*hi > 5) r.error("electricity_cny_per_kwh", "expected CNY per kWh under 5, found " + format_sig(*hi));
    }
    g.electricity_date = r.str("electricity_date", false).value_or("");
    g.pue_typical = r.num("pue_typical", true, 1.0, 3.0).value_or(0);
    g.pue_required = r.num("pue_required", true, 1.0, 3.0).value_or(0);
    lo.reset();
    hi.reset();
    if (read_range(r, "rack_kw", lo, hi, d) && lo) {
      g.rack_kw_lo = *lo;
      g.rack_kw_hi = *hi;
    }
    g.sources = read_string_list(r, "sources", true, d);
    g.confidence = r.word("confidence", true, {"high", "medium", "low"}).value_or("low");
    g.note = r.str("note", false).value_or("");
    r.finish();
    ids.push_back(g.id);
    result.push_back(std::move(g));
  }
  check_unique(ids, "regions", d);
  if (d.empty()) out = std::move(result);
  return d;
}

const Accelerator* Catalog::find_accelerator(const std::string& id) const {
  for (const auto& a : accelerators) if (a.id == id) return &a;
  return nullptr;
}
const ModelArch* Catalog::find_model(const std::string& id) const {
  for (const auto& m : models) if (m.id == id) return &m;
  return nullptr;
}
const Region* Catalog::find_region(const std::string& id) const {
  for (const auto& g : regions) if (g.id == id) return &g;
  return nullptr;
}

}  // namespace xuanka::core
