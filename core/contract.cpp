// The scenario contract in and out (core layer), following ../shared/SCENARIO.md exactly.
// [SECTION] helpers  [SECTION] scenario in  [SECTION] scenario out  [SECTION] constraints
// [SECTION] results
#include "core/contract.h"

#include <cmath>
#include <string>

#include "core/fields.h"
#include "core/format.h"
#include "core/json_reader.h"

namespace xuanka::core {

using nlohmann::json;

// [SECTION] helpers
namespace {
// Sizes above these are rejected as absurd rather than computed (e.g. 1e30 tokens). Counts are
// bounded so that every product of them (gpus x micro_batch, tp x pp x cp) stays far inside a
// 64-bit integer and a double's exact range.
constexpr double kMaxTokens = 1e16;
constexpr double kMaxSeq = 1e8;
constexpr double kMaxGpus = 1e6;
constexpr double kMaxSplit = 4096;     // tp, pp, cp, ep
constexpr double kMaxBatch = 1e6;      // micro-batch, serving batch
constexpr double kMaxGlobalBatch = 1e9;

// A number as JSON: whole numbers as integers (what people write), others as doubles (nlohmann
// prints the shortest text that reads back to the same double).
json number(double v) {
  if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}
json optional_number(const std::optional<double>& v) { return v ? number(*v) : json(nullptr); }

// The simple fields of `section` (core/fields.h), read by the table: range and whole-number checks
// named at their paths.
void read_fields(ObjectReader& r, const char* section, Scenario& s) {
  for (const FieldRow& f : field_rows()) {
    if (std::string_view(f.section) != section) continue;
    if (auto v = r.num(f.key, false, f.lo, f.hi, f.integer)) f.set(s, *v);
  }
}
// ... and written back, those that differ from their defaults.
void write_fields(json& obj, const char* section, const Scenario& s) {
  for (const FieldRow& f : field_rows()) {
    if (std::string_view(f.section) != section) continue;
    if (auto v = f.get(s)) obj[f.key] = number(*v);
  }
}
bool lora_task(Task t) { return t == Task::lora || t == Task::qlora; }

// A square side in px, or [width, height].
void read_size(ObjectReader& r, const char* key, std::optional<double>& w, std::optional<double>& h) {
  const json* v = r.get(key);
  if (!v) return;
  auto px = [&](const json& x) -> std::optional<double> {
    if (x.is_number() && std::isfinite(x.get<double>()) && x.get<double>() >= 8 && x.get<double>() <= 16384 &&
        std::floor(x.get<double>()) == x.get<double>()) {
      return x.get<double>();
    }
    return std::nullopt;
  };
  if (v->is_array() && v->size() == 2 && px((*v)[0]) && px((*v)[1])) {
    w = px((*v)[0]);
    h = px((*v)[1]);
  } else if (auto s = px(*v)) {
    w = h = s;
  } else {
    r.error(key, "expected a side in px (8 to 16384) or [width, height], found " + describe(*v));
  }
}
// A batch: a whole number, or "auto" (0) for the throughput-saturating batch.
std::optional<int> read_batch(ObjectReader& r, const char* key) {
  const json* v = r.get(key);
  if (!v) return std::nullopt;
  if (v->is_string() && v->get<std::string>() == "auto") return 0;
  if (v->is_number() && std::isfinite(v->get<double>()) && std::floor(v->get<double>()) == v->get<double>() &&
      v->get<double>() >= 1 && v->get<double>() <= kMaxBatch) {
    return static_cast<int>(v->get<double>());
  }
  r.error(key, "expected a whole number from 1 to 1000000 or \"auto\", found " + describe(*v));
  return std::nullopt;
}
void read_image(ObjectReader& r, ImageOptions& o) {
  read_size(r, "resolution", o.width, o.height);
  o.batch = read_batch(r, "batch");
  o.cfg = r.boolean("cfg", false);
  if (auto x = read_enum<Runtime>(r, "runtime", false)) o.runtime = *x;
  if (auto x = read_enum<VaeDecode>(r, "vae_decode", false)) o.vae_decode = *x;
  if (auto x = read_enum<ImageOffload>(r, "offload", false)) o.offload = *x;
  o.train_text_encoder = r.boolean("train_text_encoder", false).value_or(false);
  o.cache_latents = r.boolean("cache_latents", false).value_or(false);
  o.cache_text_embeddings = r.boolean("cache_text_embeddings", false).value_or(false);
  o.prior_preservation = r.boolean("prior_preservation", false).value_or(false);
  o.ema = r.boolean("ema", false).value_or(false);
}
// (Its numbers are the field table's, core/fields.h: read before the rules below.)
void read_video(ObjectReader& r, VideoOptions& o, const VideoSpec& v, int gpus) {
  read_size(r, "resolution", o.width, o.height);
  o.cfg = r.boolean("cfg", false);
  if (auto x = read_enum<ImageOffload>(r, "offload", false)) o.offload = *x;
  o.encoders_cpu = r.boolean("encoders_cpu", false).value_or(false);
  if (auto x = read_enum<VaeDecode>(r, "vae_decode", false, {VaeDecode::full, VaeDecode::tiled})) o.vae_decode = *x;
  if (auto x = read_enum<VideoSp>(r, "sequence_parallel", false)) o.sequence_parallel = *x;
  if (auto x = read_enum<VideoAttention>(r, "attention", false)) o.attention = *x;
  o.cache_latents = r.boolean("cache_latents", false).value_or(false);
  o.cache_text_embeddings = r.boolean("cache_text_embeddings", false).value_or(false);
  // A causal video VAE compresses the first frame alone and each vae_t after it (Wan's 4n + 1:
  // "frame_num should be 4n+1", generate.py).
  const double f = o.frames.value_or(v.frames);
  if (v.vae_t > 1 && std::fmod(f - 1, v.vae_t) != 0) {
    r.error("frames", "expected " + format_sig(v.vae_t, 3) + "n + 1 frames (the VAE keeps the first frame and compresses each " +
                          format_sig(v.vae_t, 3) + " after it), found " + format_sig(f, 6));
  }
  const double w = o.width.value_or(v.width), h = o.height.value_or(v.height);
  const double cell_w = v.vae_s * v.patch_w, cell_h = v.vae_s * v.patch_h;
  if (std::fmod(w, cell_w) != 0 || std::fmod(h, cell_h) != 0) {
    r.error("resolution", "width and height must be multiples of " + format_sig(cell_w, 3) + " px (VAE x patch), found " + format_sig(w, 6) + " x " + format_sig(h, 6));
  }
  if (o.blocks_to_swap >= v.layers) r.error("blocks_to_swap", std::to_string(o.blocks_to_swap) + " must be below the DiT's blocks (" + std::to_string(v.layers) + ")");
  // DeepSpeed-Ulysses trades the sequence split for a head split: the heads must divide among the
  // cards (arXiv:2309.14509 §3; xDiT's USP asserts it).
  if (gpus > 1 && o.sequence_parallel == VideoSp::ulysses && v.heads % gpus != 0) {
    r.error("sequence_parallel", "ulysses over " + std::to_string(gpus) + " cards needs them to divide the " + std::to_string(v.heads) + " heads; use ring");
  }
}
void read_vision(ObjectReader& r, VisionOptions& o) {
  read_size(r, "input", o.width, o.height);
  o.batch = read_batch(r, "batch");
  if (auto x = read_enum<VisionPrecision>(r, "precision", false)) o.precision = *x;
  if (auto x = read_enum<Runtime>(r, "runtime", false)) o.runtime = *x;
  if (auto x = read_enum<CameraResolution>(r, "camera_resolution", false)) o.camera_resolution = *x;
  if (auto x = read_enum<VisionScope>(r, "scope", false)) o.scope = *x;
}
}  // namespace

double vision_default_input(const ModelArch& m) {
  std::string n = m.id.empty() ? m.name : m.id;
  for (char& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return n.rfind("yolo", 0) == 0 ? 640.0 : 224.0;
}

namespace {
// An inline vision model gives FLOPs only: its activation traffic per FLOP, kernel counts and
// live set come from the catalog preset of the same arch with the nearest FLOPs (the estimate
// names it).
void borrow_vision_figures(ModelArch& m, const Catalog& catalog) {
  VisionSpec& v = *m.vision;
  if (v.kernels_fused > 0 || v.flops <= 0) return;
  const ModelArch* near = nullptr;
  for (const auto& p : catalog.models) {
    if (!p.vision || p.vision->arch != v.arch || p.vision->kernels_fused <= 0) continue;
    if (!near || std::fabs(std::log(p.vision->flops / v.flops)) < std::fabs(std::log(near->vision->flops / v.flops))) near = &p;
  }
  if (!near) return;
  const VisionSpec& n = *near->vision;
  v.act_elements = n.act_elements / n.flops * v.flops;
  v.live_elements = n.live_elements / n.flops * v.flops;
  v.kernels_eager = n.kernels_eager;
  v.kernels_fused = n.kernels_fused;
  // The preset's kernels, scaled to this model's FLOPs (traffic per FLOP as above).
  v.fused_layers = n.fused_layers;
  v.eager_layers = n.eager_layers;
  for (auto* list : {&v.fused_layers, &v.eager_layers}) {
    for (auto& l : *list) {
      l[0] *= v.flops / n.flops;
      l[1] *= v.flops / n.flops;
    }
  }
  v.borrowed_from = near->name;
}

// SCENARIO.md "LLM serving at scale": the serving object's new fields. Checks that need the
// parallel layout (prefill_gpus < gpus, ...) are in check_serving_layout, after it is read.
void read_serving_at_scale(ObjectReader& sr, Scenario& s) {
  Serving& v = s.serving;
  if (auto e = read_enum<Engine>(sr, "engine", false)) v.engine = *e;
  if (const json* sp = sr.get("speculative")) {
    ObjectReader rr(*sp, sr.child("speculative"), sr.diags());
    Speculative q;
    if (auto m = read_enum<SpecMethod>(rr, "method", true)) q.method = *m;
    q.draft_tokens = static_cast<int>(rr.num("draft_tokens", false, 1, 64, true).value_or(info(q.method).default_draft_tokens));
    if (auto a = rr.num("accept_length", false, 1, 65)) {
      if (*a > q.draft_tokens + 1) {
        rr.error("accept_length", "at most draft_tokens + 1 (" + std::to_string(q.draft_tokens + 1) +
                                      ": the drafted tokens and the bonus token), found " + describe((*sp)["accept_length"]));
      } else {
        q.accept_length = *a;
      }
    }
    rr.finish();
    if (rr.ok()) v.speculative = q;
  }
  if (const json* dg = sr.get("disaggregated")) {
    ObjectReader rr(*dg, sr.child("disaggregated"), sr.diags());
    Disaggregated q;
    const bool role = rr.has("role");
    if (role && rr.has("prefill_gpus")) {
      rr.get("prefill_gpus");
      rr.error("role", "either role (this pool alone) or prefill_gpus (both pools on these cards), not both");
    }
    if (auto r = read_enum<PoolRole>(rr, "role", false, {PoolRole::prefill, PoolRole::decode})) q.role = *r;
    if (auto n = rr.num("prefill_gpus", false, 1, kMaxGpus, true)) q.prefill_gpus = static_cast<int>(*n);
    if (auto t = rr.num("prefill_tp", false, 1, kMaxSplit, true)) q.prefill_tp = static_cast<int>(*t);
    if (auto e = rr.num("prefill_ep", false, 1, kMaxSplit, true)) q.prefill_ep = static_cast<int>(*e);
    if ((q.prefill_tp || q.prefill_ep) && q.prefill_gpus == 0 && !role) {
      rr.error(q.prefill_tp ? "prefill_tp" : "prefill_ep", "describes the prefill cards of prefill_gpus, which is missing");
    } else if ((q.prefill_tp || q.prefill_ep) && role) {
      rr.error(q.prefill_tp ? "prefill_tp" : "prefill_ep", "describes the prefill cards of prefill_gpus; with a role the pool's layout is parallel's");
    }
    if (!role && q.prefill_gpus == 0 && rr.ok() && !rr.has("prefill_tp") && !rr.has("prefill_ep")) {
      rr.error("prefill_gpus", "required (the cards that prefill), or role \"prefill\" | \"decode\" for one pool alone, is missing");
    }
    rr.finish();
    if (rr.ok()) v.disaggregated = q;
  }
  read_fields(sr, "serving", s);
  if (auto o = read_enum<ServingOffload>(sr, "offload", false)) v.offload = *o;
  if (const json* c = sr.get("cpu")) {
    ObjectReader rr(*c, sr.child("cpu"), sr.diags());
    HostCpu q;
    q.memory_gb_s = rr.num("memory_gb_s", false, 1, 1e5);
    q.tflops = rr.num("tflops", false, 0.001, 1e4);
    rr.finish();
    if (v.offload != ServingOffload::experts_cpu) {
      sr.error("cpu", "describes the host that runs the experts: needs offload \"experts_cpu\"");
    } else if (rr.ok()) {
      v.cpu = q;
    }
  }
  if (v.offload == ServingOffload::experts_cpu && !s.model.moe) {
    sr.error("offload", "experts_cpu puts a MoE model's routed experts on the host; " + s.model_id + " has no experts");
  }
}

// The serving fields that depend on the parallel layout, named at their paths.
void check_serving_layout(const Scenario& s, Diagnostics& d) {
  const Serving& v = s.serving;
  const Parallel& q = s.parallel;
  if (!v.disaggregated || v.disaggregated->prefill_gpus == 0) return;
  const std::string path = "scenario.serving.disaggregated.";
  const Disaggregated& g = *v.disaggregated;
  if (g.prefill_gpus >= q.gpus) {
    d.push_back({path + "prefill_gpus", std::to_string(g.prefill_gpus) + " leaves no decode cards: expected fewer than parallel.gpus (" + std::to_string(q.gpus) + ")"});
    return;
  }
  const int ptp = g.prefill_tp.value_or(q.tp), pep = g.prefill_ep.value_or(q.ep);
  const long long decode = q.gpus - g.prefill_gpus;
  if (g.prefill_gpus % (static_cast<long long>(ptp) * q.pp) != 0) {
    d.push_back({path + "prefill_gpus", std::to_string(g.prefill_gpus) + " is not a multiple of prefill_tp x pp (" + std::to_string(static_cast<long long>(ptp) * q.pp) +
                                            (g.prefill_tp ? ")" : "; prefill_tp defaults to parallel.tp)")});
  }
  if (pep > g.prefill_gpus) {
    d.push_back({path + "prefill_ep", std::to_string(pep) + (g.prefill_ep ? "" : " (parallel.ep, its default)") + " exceeds prefill_gpus (" +
                                          std::to_string(g.prefill_gpus) + ")" + (g.prefill_ep ? "" : ": set prefill_ep")});
  }
  if (pep > 1 && !s.model.moe) d.push_back({path + "prefill_ep", "expert parallelism needs an MoE model"});
  if (s.model.heads > 0 && s.model.heads % ptp != 0) {
    d.push_back({path + "prefill_tp", std::to_string(ptp) + " does not divide heads (" + std::to_string(s.model.heads) + ")"});
  }
  if (decode % (static_cast<long long>(q.tp) * q.pp) != 0) {
    d.push_back({path + "prefill_gpus", "leaves " + std::to_string(decode) + " decode cards, not a multiple of tp x pp (" + std::to_string(static_cast<long long>(q.tp) * q.pp) + ")"});
  }
  if (q.ep > decode) d.push_back({"scenario.parallel.ep", std::to_string(q.ep) + " exceeds the " + std::to_string(decode) + " decode cards (gpus - prefill_gpus)"});
}
}  // namespace

// [SECTION] scenario in
Diagnostics from_json(const json& j, const Catalog& catalog, Scenario& out) {
  Diagnostics d;
  Scenario s;
  ObjectReader r(j, "scenario", d);
  if (!r.ok()) return d;
  // model: a preset id or an inline architecture
  if (const json* m = r.get("model")) {
    if (m->is_string()) {
      const ModelArch* p = catalog.find_model(m->get<std::string>());
      if (!p) {
        r.error("model", "unknown model preset " + describe(*m) + " (see catalog/models.json)");
      } else {
        s.model = *p;
        s.model_id = p->id;
        s.model_preset = true;
      }
    } else if (m->is_object()) {
      ObjectReader mr(*m, "scenario.model", d);
      s.model = read_model(mr, true);
      mr.finish();
      s.model_id = s.model.name;
      if (s.model.vision) borrow_vision_figures(s.model, catalog);
    } else {
      r.error("model", "expected a preset id or an architecture object, found " + describe(*m));
    }
  } else {
    r.error("model", "required (a preset id or an architecture object) is missing");
  }
  if (auto t = read_enum<Task>(r, "task", true)) s.task = *t;
  // Image generation and vision (SCENARIO.md): their own objects; the language-model fields that
  // do not apply are named as errors rather than ignored.
  const ModelKind kind = s.model.kind;
  if (const json* im = r.get("image")) {
    if (kind != ModelKind::diffusion) {
      r.error("image", "only for image-generation models (kind diffusion); " + s.model_id + " is " + word(kind));
    } else {
      ObjectReader ir(*im, "scenario.image", d);
      s.image.emplace();
      read_image(ir, *s.image);
      read_fields(ir, "image", s);
      ir.finish();
    }
  }
  if (const json* vi = r.get("vision")) {
    if (kind != ModelKind::vision) {
      r.error("vision", "only for vision models (kind vision); " + s.model_id + " is " + word(kind));
    } else {
      ObjectReader vr(*vi, "scenario.vision", d);
      s.vision.emplace();
      read_vision(vr, *s.vision);
      read_fields(vr, "vision", s);
      vr.finish();
    }
  }
  if (r.has("video")) {
    if (kind != ModelKind::video || !s.model.video) {
      r.error("video", "only for video generators (kind video); " + s.model_id + " is " + word(kind));
    }
  }
  if (kind == ModelKind::diffusion && !s.image) s.image.emplace();
  if (kind == ModelKind::vision && !s.vision) s.vision.emplace();
  if (kind == ModelKind::vision && r.has("task") && s.task != Task::inference) {
    r.error("task", std::string("vision models take inference only, found \"") + word(s.task) + "\"");
  }
  if (kind == ModelKind::video && (s.task == Task::pretrain || s.task == Task::qlora)) {
    r.error("task", std::string("video generators take inference, lora or full_ft, found \"") + word(s.task) + "\"");
  }
  if (kind != ModelKind::llm) {
    std::vector<const char*> keys = {"seq_len", "serving", "tokens", "loss"};
    for (const FieldRow& f : field_rows()) {
      if (!*f.section && !(f.kinds >> static_cast<int>(kind) & 1u)) keys.push_back(f.key);  // the table's, by kind
    }
    for (const char* k : keys) {
      if (r.has(k)) r.error(k, std::string("not used for ") + (kind == ModelKind::vision ? "vision models (see scenario.vision)" : kind == ModelKind::video ? "video generators (see scenario.video)" : "image-generation models (see scenario.image)"));
    }
  }
  if (auto p = read_enum<Precision>(r, "precision", false)) s.precision = *p;
  if (auto o = read_enum<Optimizer>(r, "optimizer", false)) s.optimizer = *o;
  // Adapters' type: PEFT creates them in fp32 under mixed precision (autocast_adapter_dtype,
  // peft >= 0.12); pure 16-bit recipes (litgpt bf16-true, torchtune dtype bf16) keep them 16-bit.
  s.lora_dtype = s.precision == Precision::fp32 || info(s.precision).fp32_master ? WeightFormat::fp32
               : s.precision == Precision::fp16_mixed ? WeightFormat::fp16 : WeightFormat::bf16;
  // Fields that belong to another task are refused by name, not ignored (a scenario saying
  // "full_ft" with a LoRA rank, or "pretrain" with nf4 weights, means its writer expects
  // something the estimate would not do).
  const char* task_word = word(s.task);
  if (r.has("lora") && !lora_task(s.task)) {
    r.get("lora");
    r.error("lora", std::string("only for task lora or qlora, found task \"") + task_word + "\"");
  } else if (const json* l = r.get("lora")) {
    ObjectReader lr(*l, "scenario.lora", d);
    s.lora_rank = static_cast<int>(lr.num("rank", false, 1, 65536, true).value_or(8));
    if (auto t = read_enum<LoraTargets>(lr, "targets", false)) s.lora_targets = *t;
    using W = WeightFormat;
    if (auto t = read_enum<W>(lr, "dtype", false, {W::fp32, W::bf16, W::fp16})) s.lora_dtype = *t;
    if (lr.has("dropout")) {
      const double p = lr.num("dropout", false, 0, 0.99).value_or(0);
      if (p > 0 && s.model.kind != ModelKind::llm) {
        lr.error("dropout", "counted for language models only (diffusers' LoRA scripts default to none); leave it out or 0");
      } else {
        s.lora_dropout = p;
      }
    }
    lr.finish();
  }
  if (auto x = read_enum<Loss>(r, "loss", false)) s.loss = *x;
  // weights: default is the 16-bit format of precision; nf4 for qlora
  s.weights = s.precision == Precision::fp32 ? WeightFormat::fp32
            : s.precision == Precision::fp16_mixed ? WeightFormat::fp16 : WeightFormat::bf16;
  if (s.task == Task::qlora) s.weights = WeightFormat::nf4;
  if (kind != ModelKind::vision && r.has("weights") && (s.task == Task::pretrain || s.task == Task::full_ft)) {
    r.get("weights");
    r.error("weights", std::string("only for lora, qlora and inference: task \"") + task_word +
                           "\" trains every weight in the format of precision");
  } else if (auto w = read_enum<WeightFormat>(r, "weights", false)) {
    s.weights = *w;
  }
  {
    using W = WeightFormat;
    const bool gguf = s.weights == W::gguf_q4_k_m || s.weights == W::gguf_q5_k_m || s.weights == W::gguf_q8_0;
    if (gguf && s.task != Task::inference) {
      r.error("weights", std::string("GGUF is llama.cpp's inference format; training (PEFT) loads a Hugging Face checkpoint: "
                                     "expected nf4, int4, int8, awq or gptq, found \"") + word(s.weights) + "\"");
    }
  }
  if (s.task == Task::qlora) {
    // QLoRA (Dettmers et al. 2023, §3): a frozen base stored in 4 bits (NF4), or 8 bits in
    // bitsandbytes' LLM.int8() variant, dequantised to a 16-bit compute type.
    using W = WeightFormat;
    // PEFT also trains adapters on GPTQ and AWQ bases (PEFT docs, "Quantization").
    if (s.weights != W::nf4 && s.weights != W::int4 && s.weights != W::int8 && s.weights != W::awq && s.weights != W::gptq &&
        s.weights != W::gguf_q4_k_m && s.weights != W::gguf_q5_k_m && s.weights != W::gguf_q8_0) {
      r.error("weights", std::string("qlora keeps the frozen base quantised: expected nf4, int4, int8, awq or gptq, found \"") +
                             word(s.weights) + "\" (use task lora for a 16-bit base)");
    }
    if (s.precision == Precision::fp32) {
      r.error("precision", "qlora dequantises the base to a 16-bit compute type (bnb_4bit_compute_dtype bf16 or fp16 "
                           "in the QLoRA recipe); fp32 compute is not modelled: expected bf16_mixed, bf16, "
                           "fp16_mixed or fp8_mixed");
    }
  }
  // kv_dtype: the 16-bit type of the weights (bf16 for quantised weights)
  s.serving.kv_dtype = s.weights == WeightFormat::fp16 ? WeightFormat::fp16 : WeightFormat::bf16;
  if (r.has("serving") && s.task != Task::inference && kind == ModelKind::llm) {
    r.get("serving");
    r.error("serving", std::string("only for task inference, found task \"") + task_word + "\"");
  } else if (const json* sv = r.get("serving")) {
    ObjectReader sr(*sv, "scenario.serving", d);
    s.serving.batch = static_cast<int>(sr.num("batch", false, 1, kMaxBatch, true).value_or(1));
    s.serving.prompt_tokens = sr.num("prompt_tokens", false, 0, kMaxSeq, true).value_or(512);
    s.serving.output_tokens = sr.num("output_tokens", false, 0, kMaxSeq, true).value_or(512);
    using W = WeightFormat;
    if (auto k = read_enum<W>(sr, "kv_dtype", false, {W::fp16, W::bf16, W::fp8, W::int8})) s.serving.kv_dtype = *k;
    if (s.serving.prompt_tokens + s.serving.output_tokens < 1) {
      sr.error("output_tokens", "prompt_tokens + output_tokens is 0: a request needs at least one token");
    }
    read_serving_at_scale(sr, s);
    sr.finish();
  }
  const double default_seq = s.task == Task::inference ? s.serving.prompt_tokens + s.serving.output_tokens : 2048;
  s.seq_len = r.num("seq_len", false, 1, kMaxSeq, true).value_or(std::max(1.0, default_seq));
  s.micro_batch = static_cast<int>(r.num("micro_batch", false, 1, kMaxBatch, true).value_or(1));
  // Image generation checkpoints the denoiser or not (SCENARIO.md "recompute: full = gradient
  // checkpointing of the denoiser"); "selective" names Megatron's attention-only recompute of a
  // transformer language model and was taken for "none" here, silently (a hostile page-load pass
  // found the page reading it as "full"): refused by name.
  if (kind == ModelKind::diffusion || kind == ModelKind::video) {
    if (auto rc = read_enum<Recompute>(r, "recompute", false, {Recompute::none, Recompute::full})) s.recompute = *rc;
  } else if (auto rc = read_enum<Recompute>(r, "recompute", false)) {
    s.recompute = *rc;
  }
  s.flash_attention = r.boolean("flash_attention", false).value_or(true);
  if (const json* p = r.get("parallel")) {
    ObjectReader pr(*p, "scenario.parallel", d);
    Parallel& q = s.parallel;
    q.gpus = static_cast<int>(pr.num("gpus", false, 1, kMaxGpus, true).value_or(1));
    q.tp = static_cast<int>(pr.num("tp", false, 1, kMaxSplit, true).value_or(1));
    q.pp = static_cast<int>(pr.num("pp", false, 1, kMaxSplit, true).value_or(1));
    q.cp = static_cast<int>(pr.num("cp", false, 1, kMaxSplit, true).value_or(1));
    q.ep = static_cast<int>(pr.num("ep", false, 1, kMaxSplit, true).value_or(1));
    q.zero = static_cast<int>(pr.num("zero", false, 0, 3, true).value_or(0));
    if (auto o = read_enum<Offload>(pr, "offload", false)) q.offload = *o;
    q.sequence_parallel = pr.boolean("sequence_parallel", false).value_or(false);
    q.vp = static_cast<int>(pr.num("vp", false, 1, kMaxSplit, true).value_or(1));
    q.ep_overlap = pr.boolean("ep_overlap", false).value_or(false);
    q.ep_dedup = pr.boolean("ep_dedup", false).value_or(false);
    read_fields(pr, "parallel", s);
    // Image generation and vision run each card on the whole model (diffusers', kohya's and the
    // vision runtimes' data parallelism, with ZeRO/FSDP sharding for training): core/estimator_diffusion.cpp
    // models no tensor, pipeline, context or expert split, so a split is refused by name (it was
    // taken silently, shrinking the default global batch; found by tests/hostile/pages.mjs).
    if (kind != ModelKind::llm) {
      const std::pair<const char*, int> splits[] = {{"tp", q.tp}, {"pp", q.pp}, {"cp", q.cp}, {"ep", q.ep}, {"vp", q.vp}};
      for (const auto& [key, value] : splits) {
        if (value != 1) pr.error(key, std::string("1 for ") + (kind == ModelKind::vision ? "vision" : kind == ModelKind::video ? "video (cards split a clip by scenario.video.sequence_parallel)" : "image-generation") +
                                          " models (each card holds the whole model; found " + std::to_string(value) + ")");
      }
      if (q.sequence_parallel) pr.error("sequence_parallel", "a language model's option; not for this model");
    }
    const long long mp = static_cast<long long>(q.tp) * q.pp * q.cp;  // <= 4096^3: no overflow
    if (q.gpus % mp != 0) {
      pr.error("gpus", std::to_string(q.gpus) + " is not a multiple of tp*pp*cp (" + std::to_string(mp) + ")");
    }
    const ModelArch& m = s.model;
    if (m.heads > 0 && m.heads % q.tp != 0) {
      pr.error("tp", std::to_string(q.tp) + " does not divide heads (" + std::to_string(m.heads) + ")");
    } else if (m.kv_heads > 0 && q.tp > 1 && m.kv_heads % q.tp != 0 && q.tp % m.kv_heads != 0) {
      pr.error("tp", std::to_string(q.tp) + " and kv_heads (" + std::to_string(m.kv_heads) + ") do not divide one another");
    }
    if (m.layers > 0 && q.pp > m.layers) {
      pr.error("pp", std::to_string(q.pp) + " exceeds layers (" + std::to_string(m.layers) + ")");
    }
    if (q.vp > 1 && s.task == Task::inference) {
      pr.error("vp", "virtual pipeline stages are a training schedule (interleaved 1F1B), not used for inference");
    } else if (q.vp > 1 && q.pp == 1) {
      pr.error("vp", std::to_string(q.vp) + " virtual stages need pipeline parallelism (pp > 1)");
    } else if (q.vp > 1 && m.layers > 0 && static_cast<long long>(q.pp) * q.vp > m.layers + 2LL) {
      // Each chunk holds at least one layer; Megatron can count the embedding and the loss as one
      // layer each (--account-for-embedding/loss-in-pipeline-split: Qwen3-235B's 94 layers run as
      // PP 32 x VP 3 in Megatron-MoE-ModelZoo).
      pr.error("vp", "pp x vp (" + std::to_string(static_cast<long long>(q.pp) * q.vp) + ") exceeds layers + 2 (" + std::to_string(m.layers + 2) +
                         ": the embedding and the loss can take a chunk each)");
    }
    // Expert parallelism spreads whole experts over ep of a pipeline stage's gpus / pp cards
    // (core/estimator.cpp place(): Megatron-Core's MoE parallel folding with expert tensor-parallel
    // size 1, which asserts world % (etp x ep x pp) == 0 and experts % ep == 0). Serving needs only
    // ep <= the stage's cards: a card then holds ceil(experts / ep) (../shared/SCENARIO.md, "Cards,
    // replicas and experts").
    const bool serving = s.task == Task::inference;
    if (q.ep > 1 && !m.moe) {
      pr.error("ep", "expert parallelism needs an MoE model");
    } else if (q.ep > 1 && !serving && m.moe->experts % q.ep != 0) {
      pr.error("ep", std::to_string(q.ep) + " does not divide experts (" + std::to_string(m.moe->experts) + ")");
    } else if (q.ep > 1 && !serving && q.gpus % (static_cast<long long>(q.pp) * q.ep) != 0) {
      pr.error("ep", std::to_string(q.ep) + " needs gpus to be a multiple of pp x ep (" + std::to_string(static_cast<long long>(q.pp) * q.ep) +
                         "): each pipeline stage's " + std::to_string(q.gpus / q.pp) + " cards hold the experts in groups of ep");
    } else if (q.ep > 1 && serving && q.ep > q.gpus / q.pp) {
      pr.error("ep", std::to_string(q.ep) + " exceeds the " + std::to_string(q.gpus / q.pp) +
                         " cards of a pipeline stage (gpus / pp) that the experts are spread over");
    }
    if (q.ep_overlap && (q.ep == 1 || s.task == Task::inference)) {
      pr.error("ep_overlap", "overlapping the expert all-to-all needs expert parallelism (ep > 1) in training");
    }
    if (q.ep_dedup && q.ep == 1) {
      pr.error("ep_dedup", "a deduplicated expert dispatch needs expert parallelism (ep > 1)");
    }
    if (q.offload == Offload::optimizer_params && q.zero != 3) {
      pr.error("offload", "optimizer_params offload needs zero 3 (parameters are offloaded only when sharded)");
    }
    pr.finish();
  }
  if (s.task == Task::inference && s.model.kind == ModelKind::llm) check_serving_layout(s, d);
  if (kind == ModelKind::video && s.model.video) {
    // After parallel: Ulysses' split is checked against the cards.
    // An absent object is read as {} so that its cross-field checks (Ulysses over the cards) run.
    s.video.emplace();
    static const json kEmpty = json::object();
    const json* vd = r.get("video");
    ObjectReader vr(vd ? *vd : kEmpty, "scenario.video", d);
    read_fields(vr, "video", s);
    read_video(vr, *s.video, *s.model.video, s.parallel.gpus);
    vr.finish();
  }
  const long long mp = static_cast<long long>(s.parallel.tp) * s.parallel.pp * s.parallel.cp;
  const long long dp = std::max(1LL, s.parallel.gpus / mp);
  const double default_global = static_cast<double>(s.micro_batch) * static_cast<double>(dp);
  if (r.has("global_batch")) {
    s.global_batch = static_cast<int>(r.num("global_batch", false, 1, kMaxGlobalBatch, true).value_or(1));
    if (s.global_batch % s.micro_batch != 0) {
      r.error("global_batch", std::to_string(s.global_batch) + " is not a multiple of micro_batch (" + std::to_string(s.micro_batch) + ")");
    }
  } else if (default_global > kMaxGlobalBatch) {
    r.error("micro_batch", "micro_batch x data-parallel size (" + std::to_string(static_cast<long long>(default_global)) +
                               ") exceeds " + std::to_string(static_cast<long long>(kMaxGlobalBatch)) + " sequences per step");
  } else {
    s.global_batch = static_cast<int>(default_global);
  }
  if (const json* g = r.get("gpu")) {
    if (!g->is_string()) {
      r.error("gpu", "expected an accelerator id, found " + describe(*g));
    } else if (!(s.gpu = catalog.find_accelerator(g->get<std::string>()))) {
      r.error("gpu", "unknown accelerator " + describe(*g) + " (see catalog/accelerators.json)");
    }
  }
  if (auto t = r.num("tokens", false, 1, kMaxTokens)) s.tokens = *t;
  read_fields(r, "", s);
  if (lora_task(s.task) && !s.model.has_shape() && s.model.kind == ModelKind::llm) {
    r.error("model", "LoRA needs the model's layer shapes (layers, hidden, heads, ffn_hidden)");
  }
  if (!s.model.params && !s.model.has_shape() && s.model.kind == ModelKind::llm && d.empty()) {
    r.error("model", "needs params or the layer shape");
  }
  r.finish();
  if (d.empty()) out = std::move(s);
  return d;
}

// [SECTION] scenario out
namespace {
json model_json(const Scenario& s) {
  if (s.model_preset) return s.model_id;
  const ModelArch& m = s.model;
  json j = {{"name", m.name}};
  if (m.kind == ModelKind::vision && m.vision) {
    j["kind"] = "vision";
    if (m.params) j["params"] = number(*m.params);
    j["gflops"] = number(m.vision->flops / 1e9);
    j["gflops_input"] = number(m.vision->input_px);
    j["arch"] = m.vision->arch;
    return j;
  }
  if (m.kind == ModelKind::diffusion) {
    j["kind"] = "diffusion";
    if (m.params) j["params"] = number(*m.params);
    j["components"] = json::array();
    for (const auto& c : m.components) {
      json x = {{"name", c.name}, {"params", number(c.params)}, {"role", c.role}};
      if (c.role == "text_encoder" && c.tokens > 0) x["tokens"] = number(c.tokens);
      j["components"].push_back(x);
    }
    return j;
  }
  if (m.params) j["params"] = number(*m.params);
  if (m.active_params) j["active_params"] = number(*m.active_params);
  if (m.has_shape()) {
    j["layers"] = m.layers;
    j["hidden"] = number(m.hidden);
    j["heads"] = m.heads;
    j["kv_heads"] = m.kv_heads;
    j["head_dim"] = number(m.head_dim);
    j["ffn_hidden"] = number(m.ffn_hidden);
    j["ffn_type"] = m.ffn_type;
    j["vocab"] = number(m.vocab);
    j["tied_embeddings"] = m.tied_embeddings;
    j["qkv_bias"] = m.qkv_bias;
    if (m.max_context) j["max_context"] = number(*m.max_context);
    if (m.moe) {
      j["moe"] = {{"experts", m.moe->experts}, {"top_k", m.moe->top_k}, {"shared_experts", m.moe->shared_experts},
                  {"expert_ffn_hidden", number(m.moe->expert_ffn_hidden)}, {"dense_layers", m.moe->dense_layers}};
    }
    if (m.mla) {
      j["mla"] = {{"kv_lora_rank", number(m.mla->kv_lora_rank)}, {"qk_rope_head_dim", number(m.mla->qk_rope_head_dim)},
                  {"q_lora_rank", number(m.mla->q_lora_rank)}, {"qk_nope_head_dim", number(m.mla->qk_nope_head_dim)},
                  {"v_head_dim", number(m.mla->v_head_dim)}};
    }
    if (m.sliding_window) j["sliding_window"] = {{"window", number(m.sliding_window->window)}, {"layers", m.sliding_window->layers}};
  }
  if (!m.note.empty()) j["note"] = m.note;
  return j;
}
}  // namespace

json image_json(const Scenario& s) {
  const ImageOptions& o = *s.image;
  const ImageDefaults& d = s.model.image_defaults;
  json j = {{"resolution", json::array({number(o.width.value_or(d.resolution)), number(o.height.value_or(d.resolution))})},
            {"batch", o.batch ? (*o.batch == 0 ? json("auto") : json(*o.batch)) : json(1)},
            {"cfg", o.cfg.value_or(d.cfg)}, {"runtime", word(o.runtime)},
            {"vae_decode", word(o.vae_decode)}, {"offload", word(o.offload)},
            {"train_text_encoder", o.train_text_encoder}, {"cache_latents", o.cache_latents},
            {"cache_text_embeddings", o.cache_text_embeddings}, {"prior_preservation", o.prior_preservation}, {"ema", o.ema}};
  write_fields(j, "image", s);
  return j;
}

json video_json(const Scenario& s) {
  const VideoOptions& o = *s.video;
  const VideoSpec& v = *s.model.video;
  json j = {{"resolution", json::array({number(o.width.value_or(v.width)), number(o.height.value_or(v.height))})},
            {"cfg", o.cfg.value_or(v.cfg)}, {"offload", word(o.offload)}, {"encoders_cpu", o.encoders_cpu}, {"vae_decode", word(o.vae_decode)},
            {"sequence_parallel", word(o.sequence_parallel)}, {"attention", word(o.attention)},
            {"cache_latents", o.cache_latents}, {"cache_text_embeddings", o.cache_text_embeddings}};
  write_fields(j, "video", s);
  return j;
}

json vision_json(const Scenario& s) {
  const VisionOptions& o = *s.vision;
  const double side = vision_default_input(s.model);
  json j = {{"input", json::array({number(o.width.value_or(side)), number(o.height.value_or(side))})},
            {"batch", o.batch ? (*o.batch == 0 ? json("auto") : json(*o.batch)) : json(1)},
            {"precision", word(o.precision)}, {"runtime", word(o.runtime)},
            {"camera_resolution", word(o.camera_resolution)}, {"scope", word(o.scope)}};
  write_fields(j, "vision", s);
  return j;
}

json to_json(const Scenario& s) {
  json j = {{"model", model_json(s)}, {"task", word(s.task)}};
  if (s.model.kind != ModelKind::llm) {
    // Image generation and vision: their own objects, the training fields that apply, no
    // language-model serving or token fields.
    const bool train = s.task != Task::inference;
    if (train) {
      j["precision"] = word(s.precision);
      j["optimizer"] = word(s.optimizer);
      if (lora_task(s.task)) j["lora"] = {{"rank", s.lora_rank}, {"targets", word(s.lora_targets)}};
      j["micro_batch"] = s.micro_batch;
      j["global_batch"] = s.global_batch;
      j["recompute"] = word(s.recompute);
      j["parallel"] = {{"gpus", s.parallel.gpus}, {"zero", s.parallel.zero}, {"offload", word(s.parallel.offload)}};
    } else {
      j["parallel"] = {{"gpus", s.parallel.gpus}};
      if (s.model.kind == ModelKind::video) j["parallel"]["zero"] = s.parallel.zero;  // FSDP over the cards (Wan's --dit_fsdp)
    }
    write_fields(j["parallel"], "parallel", s);
    if (s.model.kind == ModelKind::diffusion) {
      if (train ? lora_task(s.task) : true) j["weights"] = word(s.weights);
      j["flash_attention"] = s.flash_attention;
      j["image"] = image_json(s);
    } else if (s.model.kind == ModelKind::video) {
      if (train ? lora_task(s.task) : true) j["weights"] = word(s.weights);
      if (s.video) j["video"] = video_json(s);
    } else {
      j["vision"] = vision_json(s);
    }
    if (s.gpu) j["gpu"] = s.gpu->id;
    return j;
  }
  const bool train = s.task != Task::inference;
  if (train) {
    j["precision"] = word(s.precision);
    j["optimizer"] = word(s.optimizer);
    if (lora_task(s.task)) {
      j["lora"] = {{"rank", s.lora_rank}, {"targets", word(s.lora_targets)}, {"dtype", word(s.lora_dtype)}};
      if (s.lora_dropout > 0) j["lora"]["dropout"] = s.lora_dropout;
      j["weights"] = word(s.weights);
    }
    j["loss"] = word(s.loss);
    j["seq_len"] = number(s.seq_len);
    j["micro_batch"] = s.micro_batch;
    j["global_batch"] = s.global_batch;
    j["recompute"] = word(s.recompute);
    if (s.tokens) j["tokens"] = number(*s.tokens);
  } else {
    j["weights"] = word(s.weights);
    const Serving& v = s.serving;
    json& sv = j["serving"] = {{"batch", v.batch}, {"prompt_tokens", number(v.prompt_tokens)},
                               {"output_tokens", number(v.output_tokens)}, {"kv_dtype", word(v.kv_dtype)}};
    if (s.model.kind == ModelKind::llm) sv["engine"] = word(v.engine);
    if (v.speculative) {
      sv["speculative"] = {{"method", word(v.speculative->method)}, {"draft_tokens", v.speculative->draft_tokens}};
      if (v.speculative->accept_length) sv["speculative"]["accept_length"] = number(*v.speculative->accept_length);
    }
    if (v.disaggregated) {
      const Disaggregated& g = *v.disaggregated;
      json& dj = sv["disaggregated"] = json::object();
      if (g.role != PoolRole::both) dj["role"] = word(g.role);
      if (g.prefill_gpus > 0) dj["prefill_gpus"] = g.prefill_gpus;
      if (g.prefill_tp) dj["prefill_tp"] = *g.prefill_tp;
      if (g.prefill_ep) dj["prefill_ep"] = *g.prefill_ep;
    }
    write_fields(sv, "serving", s);
    if (v.offload != ServingOffload::none) sv["offload"] = word(v.offload);
    if (v.cpu) {
      json& cj = sv["cpu"] = json::object();
      if (v.cpu->memory_gb_s) cj["memory_gb_s"] = number(*v.cpu->memory_gb_s);
      if (v.cpu->tflops) cj["tflops"] = number(*v.cpu->tflops);
    }
  }
  j["flash_attention"] = s.flash_attention;
  const Parallel& p = s.parallel;
  j["parallel"] = {{"gpus", p.gpus}, {"tp", p.tp}, {"pp", p.pp}, {"cp", p.cp}, {"ep", p.ep}};
  if (train) {
    j["parallel"]["zero"] = p.zero;
    j["parallel"]["offload"] = word(p.offload);
    j["parallel"]["sequence_parallel"] = p.sequence_parallel;
    if (p.vp > 1) j["parallel"]["vp"] = p.vp;
    if (p.ep_overlap) j["parallel"]["ep_overlap"] = true;
  }
  if (p.ep_dedup) j["parallel"]["ep_dedup"] = true;
  write_fields(j["parallel"], "parallel", s);
  if (s.gpu) j["gpu"] = s.gpu->id;
  write_fields(j, "", s);
  return j;
}

bool same_scenario(const Scenario& a, const Scenario& b) { return to_json(a) == to_json(b); }

// [SECTION] constraints
Diagnostics from_json(const json& j, const Catalog& catalog, Constraints& out) {
  Diagnostics d;
  Constraints c;
  ObjectReader r(j, "constraints", d);
  if (!r.ok()) return d;
  if (auto b = r.num("budget_cny", false, 1e-6, 1e15)) c.budget_cny = *b;
  if (auto k = read_enum<BudgetKind>(r, "budget_kind", false)) c.budget_kind = *k;
  if (auto k = read_enum<OfferKind>(r, "offer", false, {OfferKind::lease, OfferKind::on_demand, OfferKind::market, OfferKind::serverless})) c.offer = *k;
  if (auto dl = r.num("deadline_days", false, 1e-6, 1e6)) c.deadline_days = *dl;
  c.domestic_only = r.boolean("domestic_only", false).value_or(false);
  c.in_stock_only = r.boolean("in_stock_only", false).value_or(false);
  if (c.in_stock_only && !catalog.vendor) {
    r.error("in_stock_only", "stock is known only from a vendor's overlay, and this page has none");
  }
  if (auto m = r.num("max_cards", false, 1, 4096, true)) c.max_cards = static_cast<int>(*m);
  if (const json* f = r.get("form_factors")) {
    static const char* kForms[] = {"sxm", "oam", "pcie", "pcie_consumer", "module", "superchip"};
    if (!f->is_array()) {
      r.error("form_factors", "expected an array of sxm | oam | pcie | pcie_consumer | module | superchip, found " + describe(*f));
    } else {
      for (const json& x : *f) {
        bool ok = false;
        for (const char* w : kForms) ok |= x.is_string() && x.get<std::string>() == w;
        if (ok) c.form_factors.insert(x.get<std::string>());
        else r.error("form_factors", "expected sxm | oam | pcie | pcie_consumer | module | superchip, found " + describe(x));
      }
    }
  }
  if (auto k = r.num("max_rack_kw", false, 0.1, 1000)) c.max_rack_kw = *k;
  if (auto g = read_enum<Goal>(r, "goal", false)) c.goal = *g;
  if (const json* g = r.get("region")) {
    if (!g->is_string() || !(c.region = catalog.find_region(g->get<std::string>()))) {
      r.error("region", "unknown region " + describe(*g) + " (see catalog/regions.json)");
    }
  }
  if (auto u = r.num("utilisation", false, 0.01, 1.0)) c.utilisation = *u;
  if (auto n = r.num("streams", false, 1, 100000, true)) c.streams = static_cast<int>(*n);
  if (auto n = r.num("clips_per_day", false, 1, 1e7)) c.clips_per_day = *n;
  r.finish();
  if (d.empty()) out = std::move(c);
  return d;
}

json to_json(const Constraints& c) {
  json j = {{"budget_kind", word(c.budget_kind)}, {"offer", word(c.offer)}, {"domestic_only", c.domestic_only}, {"in_stock_only", c.in_stock_only},
            {"goal", word(c.goal)}, {"utilisation", number(c.utilisation)}};
  if (c.budget_cny) j["budget_cny"] = number(*c.budget_cny);
  if (c.deadline_days) j["deadline_days"] = number(*c.deadline_days);
  if (c.max_cards) j["max_cards"] = *c.max_cards;
  if (!c.form_factors.empty()) j["form_factors"] = c.form_factors;
  if (c.max_rack_kw) j["max_rack_kw"] = number(*c.max_rack_kw);
  if (c.region) j["region"] = c.region->id;
  if (c.streams) j["streams"] = *c.streams;
  if (c.clips_per_day) j["clips_per_day"] = number(*c.clips_per_day);
  return j;
}

// [SECTION] results
json to_json(const Notice& n) { return {{"code", n.code}, {"args", n.args}, {"text", notice_text(n, Lang::en)}}; }

namespace {
json notices(const std::vector<Notice>& v) {
  json a = json::array();
  for (const auto& n : v) a.push_back(to_json(n));
  return a;
}
}  // namespace

json to_json(const Estimate& e) {
  const MemoryBreakdown& m = e.memory;
  json j;
  j["memory"] = {{"model_states", e.model_states_bytes}, {"peak_allocated", e.peak_allocated_bytes}, {"total", e.total_bytes},
                 {"kv_cache_per_token", e.kv_cache_per_token_bytes}, {"headroom", optional_number(e.headroom_bytes)},
                 {"cpu_offload", e.cpu_offload_bytes},
                 {"breakdown", {{"weights", m.weights_bytes}, {"gradients", m.gradients_bytes}, {"optimizer", m.optimizer_bytes},
                                {"activations", m.activations_bytes}, {"logits", m.logits_bytes}, {"kv_cache", m.kv_cache_bytes},
                                {"temporary", m.temporary_bytes}, {"context", m.context_bytes},
                                {"fragmentation", m.fragmentation_bytes}}}};
  j["fits"] = e.fits ? json(*e.fits) : json(nullptr);
  j["params"] = e.params;
  j["trainable_params"] = e.trainable_params;
  j["active_params"] = e.active_params;
  j["compute"] = {{"tokens_per_s_per_gpu", optional_number(e.tokens_per_s_per_gpu)}, {"tflops_per_gpu", optional_number(e.tflops_per_gpu)},
                  {"hardware_tflops_per_gpu", optional_number(e.hardware_tflops_per_gpu)}, {"mfu", optional_number(e.mfu)},
                  {"gpu_hours", optional_number(e.gpu_hours)}, {"days", optional_number(e.days)},
                  {"gpu_hours_expected", optional_number(e.gpu_hours_expected)}, {"days_expected", optional_number(e.days_expected)},
                  {"gpu_hours_expected_slow", optional_number(e.gpu_hours_expected_slow)}, {"days_expected_slow", optional_number(e.days_expected_slow)},
                  {"gpu_hours_manual", optional_number(e.gpu_hours_manual)}, {"days_manual", optional_number(e.days_manual)},
                  {"step_time_s", optional_number(e.step_time_s)}, {"model_flops_per_token", e.model_flops_per_token},
                  {"hardware_flops_per_token", e.hardware_flops_per_token},
                  {"it_per_s", optional_number(e.it_per_s)}, {"images_per_s", optional_number(e.images_per_s)},
                  {"s_per_image", optional_number(e.s_per_image)}, {"latency_ms", optional_number(e.latency_ms)},
                  {"fps", optional_number(e.fps)}, {"streams", optional_number(e.streams)}, {"train_s", optional_number(e.train_s)},
                  {"s_per_clip", optional_number(e.s_per_clip)}, {"clips_per_hour", optional_number(e.clips_per_hour)}};
  j["serving"] = {{"prefill_s", optional_number(e.prefill_s)}, {"ttft_s", optional_number(e.ttft_s)},
                  {"ttft_decode_last_s", optional_number(e.ttft_decode_last_s)},
                  {"max_context_bound", e.max_context_tokens ? json(e.max_context_model_bound ? "model" : "memory") : json(nullptr)},
                  {"decode_tokens_per_s_per_request", optional_number(e.decode_tokens_per_s_per_request)},
                  {"decode_tokens_per_s_total", optional_number(e.decode_tokens_per_s_total)},
                  {"output_tokens_per_s_total", optional_number(e.output_tokens_per_s_total)},
                  {"max_context_tokens", optional_number(e.max_context_tokens)}, {"max_batch", optional_number(e.max_batch)}};
  j["assumptions"] = notices(e.assumptions);
  j["warnings"] = notices(e.warnings);
  return j;
}

json to_json(const CostResult& c) {
  return {{"rent_cny_per_hour", optional_number(c.rent_cny_per_hour)}, {"purchase_cny", optional_number(c.purchase_cny)},
          {"nodes", c.nodes}, {"it_power_kw", c.it_power_kw}, {"facility_power_kw", c.facility_power_kw}, {"racks", c.racks},
          {"electricity_cny_per_kwh", c.electricity_cny_per_kwh}, {"pue", c.pue},
          {"own_monthly_cny", optional_number(c.own_monthly_cny)}, {"power_monthly_cny", c.power_monthly_cny},
          {"rent_monthly_cny", optional_number(c.rent_monthly_cny)}, {"break_even_months", optional_number(c.break_even_months)},
          {"job_hours", optional_number(c.job_hours)}, {"job_rent_cny", optional_number(c.job_rent_cny)},
          {"job_own_cny", optional_number(c.job_own_cny)}, {"job_energy_kwh", optional_number(c.job_energy_kwh)},
          {"job_energy_cny", optional_number(c.job_energy_cny)},
          {"assumptions", notices(c.assumptions)}, {"warnings", notices(c.warnings)}};
}

json to_json(const Option& o) {
  const Scenario& s = o.scenario;
  return {{"card", o.card->id}, {"cards", o.cards}, {"tp", s.parallel.tp}, {"pp", s.parallel.pp}, {"zero", s.parallel.zero},
          {"recompute", word(s.recompute)}, {"precision", word(s.precision)},
          {"memory_total", o.estimate.total_bytes}, {"headroom", o.estimate.headroom_bytes.value_or(0)},
          {"days", optional_number(o.job_days)}, {"cny", optional_number(o.job_cny)},
          {"rent_cny_per_hour", optional_number(o.cost.rent_cny_per_hour)}, {"purchase_cny", optional_number(o.cost.purchase_cny)},
          {"within_budget", o.within_budget}, {"meets_deadline", o.meets_deadline}, {"pareto", o.pareto},
          {"reasons", notices(o.reasons)}, {"warnings", notices(o.warnings)}, {"scenario", to_json(s)}};
}

json to_json(const Recommendation& r) {
  json j = {{"options", json::array()}, {"pareto", json::array()}, {"nothing_fits", r.nothing_fits},
            {"what_it_would_take", r.what_it_would_take ? to_json(*r.what_it_would_take) : json(nullptr)},
            {"estimates_run", r.estimates_run}};
  for (const auto& o : r.options) j["options"].push_back(to_json(o));
  for (const auto& o : r.pareto) j["pareto"].push_back(to_json(o));
  j["nearest"] = r.nearest ? to_json(*r.nearest) : json(nullptr);
  j["left_out"] = notices(r.left_out);
  return j;
}

json to_json(const ServingSearch& r) {
  json j = {{"options", json::array()}, {"unmet", json::array()}, {"left_out", notices(r.left_out)}};
  for (const ServingDeployment& d : r.options) {
    const Scenario& s = d.scenario;
    const ServingPlan& p = d.plan;
    j["options"].push_back({{"card", d.card->id}, {"cards", p.cards}, {"tp", s.parallel.tp}, {"pp", s.parallel.pp}, {"ep", s.parallel.ep},
                            {"cards_per_replica", p.cards_per_replica}, {"replicas", p.replicas}, {"batch_per_replica", p.batch_per_replica},
                            {"dp_attention_ranks", std::max(1, p.cards_per_replica / std::max(1, s.parallel.tp * s.parallel.pp))},
                            {"users", p.users}, {"tokens_per_s_per_user", p.tokens_per_s_per_user}, {"ttft_s", p.ttft_s}, {"limit", p.limit},
                            {"engine", word(s.serving.engine)}, {"speculative", s.serving.speculative ? json(word(s.serving.speculative->method)) : json(nullptr)},
                            {"experts_per_card", p.experts_per_card ? json(*p.experts_per_card) : json(nullptr)}, {"spans_servers", p.spans_servers},
                            {"prefill_cards", p.prefill_cards},
                            {"rent_cny_per_month", optional_number(d.cost.rent_monthly_cny)}, {"own_cny_per_month", optional_number(d.cost.own_monthly_cny)},
                            {"purchase_cny", optional_number(d.cost.purchase_cny)}, {"cny_per_mtok", optional_number(d.cny_per_mtok)},
                            {"warnings", notices(d.warnings)},
                            {"scenario", to_json(s)}});
  }
  for (const auto& [card, limit] : r.unmet) j["unmet"].push_back({{"card", card->id}, {"limit", limit}});
  return j;
}

std::optional<double> result_value(const Estimate& e, const std::string& path) { return result_value(to_json(e), path); }

std::optional<double> result_value(const json& j, const std::string& path) {
  const json* at = &j;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!at->is_object() || !at->contains(key)) return std::nullopt;
    at = &(*at)[key];
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (!at->is_number()) return std::nullopt;
  return at->get<double>();
}

}  // namespace xuanka::core
