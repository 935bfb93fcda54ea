// The migration checklist (core layer). Data: catalog/porting.json, each item with its source
// (Huawei's PyTorch migration guide, the Ascend/pytorch compatibility table, Transformers' NPU
// attention integration ...), and the card's support matrix.
#include "core/porting.h"

#include <algorithm>

#include "core/enums.h"

namespace xuanka::core {

using nlohmann::json;

namespace {
// The job words an item's "when" may hold.
constexpr const char* kWhen[] = {"training", "inference", "multi_gpu", "qlora", "fp8", "flash_attention"};
}  // namespace

Diagnostics load_porting(const std::string& text, std::vector<PortingStack>& out) {
  Diagnostics d;
  if (text.size() > kMaxJsonBytes) return {{"$", "file too large"}};
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) return {{"$", "not valid JSON", DiagCode::not_json}};
  ObjectReader top(doc, "$", d);
  if (!top.ok()) return d;
  top.num("schema_version", true, 1, 1, true);
  top.str("about", false);
  const json* list = top.get("stacks");
  if (!list || !list->is_array()) {
    top.error("stacks", "expected a list of stacks");
    return d;
  }
  std::vector<PortingStack> result;
  for (std::size_t i = 0; i < list->size(); ++i) {
    ObjectReader r((*list)[i], "$.stacks[" + std::to_string(i) + "]", d);
    if (!r.ok()) continue;
    PortingStack st;
    st.id = r.str("id", true).value_or("");
    st.name_zh = r.str("name_zh", true).value_or("");
    st.name_en = r.str("name_en", true).value_or("");
    st.card_prefixes = read_string_list(r, "card_prefixes", true, d);
    st.versions_source = r.str("versions_source", false).value_or("");
    if (const json* items = r.get("items"); items && items->is_array()) {
      for (std::size_t j = 0; j < items->size(); ++j) {
        ObjectReader ir((*items)[j], r.child("items") + "[" + std::to_string(j) + "]", d);
        if (!ir.ok()) continue;
        PortingItem it;
        it.kind = ir.word("kind", true, {"maps", "change"}).value_or("change");
        it.topic = ir.str("topic", true).value_or("");
        it.zh = ir.str("zh", true).value_or("");
        it.en = ir.str("en", true).value_or("");
        it.source = ir.str("source", true).value_or("");
        it.when = read_string_list(ir, "when", false, d);
        it.cards = read_string_list(ir, "cards", false, d);
        it.engines = read_string_list(ir, "engines", false, d);
        for (std::size_t e = 0; e < it.engines.size(); ++e) {
          if (!from_word<Engine>(it.engines[e])) ir.error("engines[" + std::to_string(e) + "]", "expected a serving.engine word (vllm, sglang, tensorrt-llm, ...)");
        }
        for (std::size_t w = 0; w < it.when.size(); ++w) {
          if (std::find(std::begin(kWhen), std::end(kWhen), it.when[w]) == std::end(kWhen))
            ir.error("when[" + std::to_string(w) + "]", "expected one of: training, inference, multi_gpu, qlora, fp8, flash_attention");
        }
        ir.finish();
        st.items.push_back(std::move(it));
      }
    } else {
      r.error("items", "expected a list of items");
    }
    if (const json* rows = r.get("versions"); rows) {
      if (!rows->is_array()) r.error("versions", "expected a list of {cann, torch_npu, pytorch}");
      for (std::size_t j = 0; rows->is_array() && j < rows->size(); ++j) {
        ObjectReader vr((*rows)[j], r.child("versions") + "[" + std::to_string(j) + "]", d);
        if (!vr.ok()) continue;
        VersionRow v{vr.str("cann", true).value_or(""), vr.str("torch_npu", true).value_or(""), vr.str("pytorch", true).value_or("")};
        vr.finish();
        st.versions.push_back(std::move(v));
      }
      if (!st.versions.empty() && st.versions_source.empty()) r.error("versions_source", "required with versions: where the pairing table comes from");
    }
    r.finish();
    result.push_back(std::move(st));
  }
  top.finish();
  if (d.empty()) out = std::move(result);
  return d;
}

namespace {
// A language model served by an engine (vLLM, SGLang, MindIE ... ; not transformers' generate()) runs the
// engine's code, not the team's: the engine's NPU build brings its own attention kernels and its own
// processes per card (vLLM-Ascend, SGLang's Ascend back end), so items about one's own training or
// inference code (torch.nn.DataParallel, importing flash_attn) do not bear on it.
bool engine_served(const Scenario& s) {
  return s.model.kind == ModelKind::llm && s.task == Task::inference && s.serving.engine != Engine::transformers;
}
// Does the item bear on this job in particular? Its `when` words against what the scenario does;
// an item for every job (no `when`) is not singled out.
bool bears_on(const PortingItem& it, const Scenario& s) {
  if (!it.engines.empty()) return true;  // kept only for a job on one of its engines (outside_job)
  for (const std::string& w : it.when) {
    if (w == "training" && s.task != Task::inference) return true;
    if (w == "inference" && s.task == Task::inference) return true;
    if (w == "multi_gpu" && s.parallel.gpus > 1 && !engine_served(s)) return true;
    if (w == "qlora" && s.task == Task::qlora) return true;
    if (w == "fp8" && (s.precision == Precision::fp8_mixed || s.weights == WeightFormat::fp8 || s.serving.kv_dtype == WeightFormat::fp8)) return true;
    if (w == "flash_attention" && s.flash_attention && !engine_served(s)) return true;
  }
  return false;
}
// Items about libraries a job of this kind never loads, left out of its checklist (issue 39 item 1:
// vLLM and FlashAttention notes on a YOLO job). A vision model (YOLO, ResNet: convolutional nets run
// by Ultralytics, torchvision, TensorRT or ATC) has no attention kernels, no LLM serving engine, no
// 4-bit LLM quantisation and no Megatron; an image generator (diffusers, kohya) has attention but no
// LLM serving engine, no Megatron and no bitsandbytes NF4 base. Topics as catalog/porting.json and
// the support matrix name them.
bool outside_job(const PortingItem& it, const Scenario& s) {
  // An item about serving engines, for a job that is not served by one of them.
  if (!it.engines.empty() && (s.model.kind != ModelKind::llm || s.task != Task::inference || std::find(it.engines.begin(), it.engines.end(), word(s.serving.engine)) == it.engines.end())) return true;
  static const char* const kLlmOnly[] = {"vllm", "megatron", "bitsandbytes"};
  static const char* const kAttention[] = {"flash_attention", "flash_attention_api", "flash_attn_package", "xformers"};
  if (s.model.kind != ModelKind::vision && s.model.kind != ModelKind::diffusion) return false;
  for (const char* t : kLlmOnly) {
    if (it.topic == t) return true;
  }
  if (s.model.kind == ModelKind::vision) {
    for (const char* t : kAttention) {
      if (it.topic == t) return true;
    }
  }
  return false;
}
// The job words a support-matrix key bears on.
std::vector<std::string> when_of_support(const std::string& key) {
  if (key == "bitsandbytes") return {"qlora"};
  if (key == "fp8") return {"fp8"};
  if (key == "flash_attention") return {"flash_attention"};
  if (key == "deepspeed_zero" || key == "megatron") return {"training"};
  if (key == "vllm") return {"inference"};
  return {};
}
}  // namespace

std::optional<MigrationChecklist> migration_checklist(const Accelerator& card, const std::vector<PortingStack>& stacks, const Scenario* job) {
  MigrationChecklist out;
  for (const PortingStack& st : stacks) {
    for (const std::string& p : st.card_prefixes) {
      if (card.id.rfind(p, 0) == 0) out.stack = &st;
    }
    if (out.stack) break;
  }
  if (!out.stack && !card.domestic) return std::nullopt;
  if (out.stack) {
    for (const PortingItem& it : out.stack->items) {
      const bool for_card = it.cards.empty() || std::any_of(it.cards.begin(), it.cards.end(), [&](const std::string& p) { return card.id.rfind(p, 0) == 0; });
      if (for_card) (it.kind == "maps" ? out.maps : out.change).push_back(it);
    }
    out.versions = out.stack->versions;
    out.versions_source = out.stack->versions_source;
  }
  // The card's own gaps, in the catalog's order of keys.
  for (const auto& [key, sup] : card.support) {
    if (sup.level != "no" && sup.level != "partial") continue;
    PortingItem it;
    it.kind = "change";
    it.topic = key;
    it.zh = sup.zh;
    it.en = sup.en;
    it.source = "accelerators.json " + card.id + " support." + key + " (the card's sources)";
    it.when = when_of_support(key);
    out.change.push_back(std::move(it));
  }
  if (job) {
    for (auto* list : {&out.maps, &out.change}) {
      list->erase(std::remove_if(list->begin(), list->end(), [&](const PortingItem& it) { return outside_job(it, *job); }), list->end());
      for (PortingItem& it : *list) it.affects_job = bears_on(it, *job);
      std::stable_partition(list->begin(), list->end(), [](const PortingItem& it) { return it.affects_job; });
    }
  }
  return out;
}

}  // namespace xuanka::core
