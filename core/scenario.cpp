// Scenario parsing and validation (core layer), following ../shared/SCENARIO.md exactly.
#include "core/scenario.h"

#include <string>

namespace xuanka::core {

using nlohmann::json;

const char* task_name(Task t) {
  switch (t) {
    case Task::pretrain: return "pretrain";
    case Task::full_ft: return "full_ft";
    case Task::lora: return "lora";
    case Task::qlora: return "qlora";
    case Task::inference: return "inference";
  }
  return "?";
}

const char* precision_name(Precision p) {
  switch (p) {
    case Precision::fp32: return "fp32";
    case Precision::fp16_mixed: return "fp16_mixed";
    case Precision::bf16_mixed: return "bf16_mixed";
    case Precision::bf16: return "bf16";
    case Precision::fp8_mixed: return "fp8_mixed";
  }
  return "?";
}

double format_bytes(WeightFormat f) {
  switch (f) {
    case WeightFormat::fp32: return 4;
    case WeightFormat::bf16:
    case WeightFormat::fp16: return 2;
    case WeightFormat::fp8:
    case WeightFormat::int8: return 1;
    case WeightFormat::nf4:
    case WeightFormat::int4: return 0.5;
  }
  return 2;
}

namespace {
WeightFormat to_format(const std::string& s) {
  if (s == "fp32") return WeightFormat::fp32;
  if (s == "fp16") return WeightFormat::fp16;
  if (s == "fp8") return WeightFormat::fp8;
  if (s == "int8") return WeightFormat::int8;
  if (s == "nf4") return WeightFormat::nf4;
  if (s == "int4") return WeightFormat::int4;
  return WeightFormat::bf16;
}
// Sizes above these are rejected as absurd rather than computed (e.g. 1e30 tokens).
constexpr double kMaxTokens = 1e16;
constexpr double kMaxSeq = 1e8;
constexpr double kMaxGpus = 1e6;
}  // namespace

Diagnostics parse_scenario(const json& j, const Catalog& catalog, Scenario& out) {
  Diagnostics d;
  Scenario s;
  ObjectReader r(j, "scenario", d);
  if (!r.ok()) return d;
  // model: a preset id or an inline architecture
  if (const json* m = r.get("model")) {
    if (m->is_string()) {
      const ModelArch* p = catalog.find_model(m->get<std::string>());
      if (!p) {
        r.error("model", "unknown model preset \"" + m->get<std::string>() + "\" (see catalog/models.json)");
      } else {
        s.model = *p;
        s.model_id = p->id;
      }
    } else if (m->is_object()) {
      ObjectReader mr(*m, "scenario.model", d);
      s.model = read_model(mr, true);
      mr.finish();
      s.model_id = s.model.name;
    } else {
      r.error("model", "expected a preset id or an architecture object, found " + describe(*m));
    }
  } else {
    r.error("model", "required (a preset id or an architecture object) is missing");
  }
  const auto task = r.word("task", true, {"pretrain", "full_ft", "lora", "qlora", "inference"});
  if (task) {
    const std::string& t = *task;
    s.task = t == "pretrain" ? Task::pretrain : t == "full_ft" ? Task::full_ft : t == "lora" ? Task::lora
           : t == "qlora" ? Task::qlora : Task::inference;
  }
  if (auto p = r.word("precision", false, {"fp32", "fp16_mixed", "bf16_mixed", "bf16", "fp8_mixed"})) {
    const std::string& x = *p;
    s.precision = x == "fp32" ? Precision::fp32 : x == "fp16_mixed" ? Precision::fp16_mixed
                : x == "bf16" ? Precision::bf16 : x == "fp8_mixed" ? Precision::fp8_mixed : Precision::bf16_mixed;
  }
  if (auto o = r.word("optimizer", false, {"adamw", "adamw_8bit", "sgd", "sgd_momentum", "adafactor", "lion"})) {
    const std::string& x = *o;
    s.optimizer = x == "adamw" ? Optimizer::adamw : x == "adamw_8bit" ? Optimizer::adamw_8bit : x == "sgd" ? Optimizer::sgd
                : x == "sgd_momentum" ? Optimizer::sgd_momentum : x == "adafactor" ? Optimizer::adafactor : Optimizer::lion;
  }
  if (const json* l = r.get("lora")) {
    ObjectReader lr(*l, "scenario.lora", d);
    s.lora_rank = static_cast<int>(lr.num("rank", false, 1, 65536, true).value_or(8));
    if (auto t = lr.word("targets", false, {"attn_qv", "attn", "all_linear"})) {
      s.lora_targets = *t == "attn" ? LoraTargets::attn : *t == "all_linear" ? LoraTargets::all_linear : LoraTargets::attn_qv;
    }
    lr.finish();
  }
  // weights: default is the 16-bit format of precision; nf4 for qlora
  s.weights = s.precision == Precision::fp32 ? WeightFormat::fp32
            : s.precision == Precision::fp16_mixed ? WeightFormat::fp16 : WeightFormat::bf16;
  if (s.task == Task::qlora) s.weights = WeightFormat::nf4;
  if (auto w = r.word("weights", false, {"fp32", "bf16", "fp16", "fp8", "int8", "nf4", "int4"})) s.weights = to_format(*w);
  if (const json* sv = r.get("serving")) {
    ObjectReader sr(*sv, "scenario.serving", d);
    s.serving.batch = static_cast<int>(sr.num("batch", false, 1, 1e6, true).value_or(1));
    s.serving.prompt_tokens = sr.num("prompt_tokens", false, 0, kMaxSeq, true).value_or(512);
    s.serving.output_tokens = sr.num("output_tokens", false, 0, kMaxSeq, true).value_or(512);
    s.serving.kv_dtype = (s.weights == WeightFormat::fp16) ? WeightFormat::fp16 : WeightFormat::bf16;
    if (auto k = sr.word("kv_dtype", false, {"fp16", "bf16", "fp8", "int8"})) s.serving.kv_dtype = to_format(*k);
    sr.finish();
  } else {
    s.serving.kv_dtype = (s.weights == WeightFormat::fp16) ? WeightFormat::fp16 : WeightFormat::bf16;
  }
  const double default_seq = s.task == Task::inference ? s.serving.prompt_tokens + s.serving.output_tokens : 2048;
  s.seq_len = r.num("seq_len", false, 1, kMaxSeq, true).value_or(default_seq);
  s.micro_batch = static_cast<int>(r.num("micro_batch", false, 1, 1e6, true).value_or(1));
  if (auto rc = r.word("recompute", false, {"none", "selective", "full"})) {
    s.recompute = *rc == "full" ? Recompute::full : *rc == "selective" ? Recompute::selective : Recompute::none;
  }
  s.flash_attention = r.boolean("flash_attention", false).value_or(true);
  if (const json* p = r.get("parallel")) {
    ObjectReader pr(*p, "scenario.parallel", d);
    Parallel& q = s.parallel;
    q.gpus = static_cast<int>(pr.num("gpus", false, 1, kMaxGpus, true).value_or(1));
    q.tp = static_cast<int>(pr.num("tp", false, 1, 4096, true).value_or(1));
    q.pp = static_cast<int>(pr.num("pp", false, 1, 4096, true).value_or(1));
    q.cp = static_cast<int>(pr.num("cp", false, 1, 4096, true).value_or(1));
    q.ep = static_cast<int>(pr.num("ep", false, 1, 4096, true).value_or(1));
    q.zero = static_cast<int>(pr.num("zero", false, 0, 3, true).value_or(0));
    if (auto o = pr.word("offload", false, {"none", "optimizer", "optimizer_params"})) {
      q.offload = *o == "optimizer" ? Offload::optimizer : *o == "optimizer_params" ? Offload::optimizer_params : Offload::none;
    }
    q.sequence_parallel = pr.boolean("sequence_parallel", false).value_or(false);
    const long long mp = static_cast<long long>(q.tp) * q.pp * q.cp;
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
    if (q.ep > 1 && (!m.moe || m.moe->experts % q.ep != 0)) {
      pr.error("ep", m.moe ? std::to_string(q.ep) + " does not divide experts (" + std::to_string(m.moe->experts) + ")"
                           : "expert parallelism needs an MoE model");
    }
    if (q.offload == Offload::optimizer_params && q.zero != 3) {
      pr.error("offload", "optimizer_params offload needs zero 3 (parameters are offloaded only when sharded)");
    }
    pr.finish();
  }
  const int dp = s.parallel.tp * s.parallel.pp * s.parallel.cp > 0 ? std::max(1, s.parallel.dp()) : 1;
  s.global_batch = static_cast<int>(r.num("global_batch", false, 1, 1e9, true).value_or(s.micro_batch * dp));
  if (s.global_batch % s.micro_batch != 0 && r.has("global_batch")) {
    r.error("global_batch", std::to_string(s.global_batch) + " is not a multiple of micro_batch (" + std::to_string(s.micro_batch) + ")");
  }
  if (const json* g = r.get("gpu")) {
    if (!g->is_string()) {
      r.error("gpu", "expected an accelerator id, found " + describe(*g));
    } else if (!(s.gpu = catalog.find_accelerator(g->get<std::string>()))) {
      r.error("gpu", "unknown accelerator \"" + g->get<std::string>() + "\" (see catalog/accelerators.json)");
    }
  }
  if (auto t = r.num("tokens", false, 1, kMaxTokens)) s.tokens = *t;
  if (auto m = r.num("mfu", false, 0.001, 1.0)) s.mfu = *m;
  if ((s.task == Task::lora || s.task == Task::qlora) && !s.model.has_shape()) {
    r.error("model", "LoRA needs the model's layer shapes (layers, hidden, heads, ffn_hidden)");
  }
  if (!s.model.params && !s.model.has_shape() && d.empty()) {
    r.error("model", "needs params or the layer shape");
  }
  r.finish();
  if (d.empty()) out = std::move(s);
  return d;
}

}  // namespace xuanka::core
