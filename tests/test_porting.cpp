// The migration checklist: built from catalog/porting.json (Huawei's migration guide, the
// Ascend/pytorch compatibility table) and the card's support matrix; what a reader of those
// documents expects to find for a job on 910B2 and 910C.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/catalog_embedded.h"
#include "core/contract.h"
#include "core/porting.h"
#include "vectors_io.h"

using namespace xuanka::core;

namespace {
const std::vector<PortingStack>& stacks() {
  static const std::vector<PortingStack> s = [] {
    Diagnostics d;
    auto p = load_embedded_porting(d);
    INFO((d.empty() ? std::string() : d.front().text()));
    REQUIRE(d.empty());
    return p;
  }();
  return s;
}
const PortingItem* find(const std::vector<PortingItem>& list, const std::string& topic) {
  for (const auto& it : list) {
    if (it.topic == topic) return &it;
  }
  return nullptr;
}
}  // namespace

TEST_CASE("porting: every item of the embedded porting data has text in both languages and a source") {
  REQUIRE(!stacks().empty());
  for (const auto& st : stacks()) {
    for (const auto& it : st.items) {
      INFO(st.id << " " << it.topic);
      CHECK(!it.zh.empty());
      CHECK(!it.en.empty());
      CHECK(it.source.rfind("https://", 0) == 0);
    }
  }
}

TEST_CASE("porting: QLoRA on 8 x 910B2 lists HCCL and npu_fusion_attention as direct, bitsandbytes and DataParallel as changes, QLoRA's first") {
  Scenario s;
  REQUIRE(from_json({{"model", "llama-3.1-8b"}, {"task", "qlora"}, {"gpu", "huawei-ascend-910b2"}, {"flash_attention", true},
                     {"parallel", {{"gpus", 8}}}},
                    xuanka::test::catalog(), s).empty());
  const auto c = migration_checklist(*s.gpu, stacks(), &s);
  REQUIRE(c);
  REQUIRE(c->stack);
  CHECK(c->stack->id == "ascend");
  // Huawei's guide: collectives through HCCL; Transformers: FA2 -> npu_fusion_attention.
  const PortingItem* hccl = find(c->maps, "collectives");
  REQUIRE(hccl);
  CHECK(hccl->en.find("hccl") != std::string::npos);
  CHECK(hccl->affects_job);  // 8 cards
  const PortingItem* fa = find(c->maps, "flash_attention_api");
  REQUIRE(fa);
  CHECK(fa->en.find("npu_fusion_attention") != std::string::npos);
  // The card's own support matrix: bitsandbytes has no Ascend backend -> a change, and this job uses it.
  const PortingItem* bnb = find(c->change, "bitsandbytes");
  REQUIRE(bnb);
  CHECK(bnb->affects_job);
  CHECK(c->change.front().affects_job);  // what bears on the job comes first
  const PortingItem* dp = find(c->change, "data_parallel");
  REQUIRE(dp);
  CHECK(dp->en.find("DistributedDataParallel") != std::string::npos);
  // FP8: the card has none, but this BF16/NF4 job does not use it, so it is listed, not flagged.
  const PortingItem* fp8 = find(c->change, "fp8");
  REQUIRE(fp8);
  CHECK_FALSE(fp8->affects_job);
  // The pairing table: torch_npu 2.4.0.post2 pairs with PyTorch 2.4.0 and CANN 8.0.0 (COMPATIBILITY.en.md).
  const bool has_row = std::any_of(c->versions.begin(), c->versions.end(), [](const VersionRow& v) {
    return v.cann == "8.0.0" && v.torch_npu == "2.4.0.post2" && v.pytorch == "2.4.0";
  });
  CHECK(has_row);
  for (const auto& v : c->versions) CHECK(v.torch_npu.rfind(v.pytorch.substr(0, 3), 0) == 0);  // torch_npu tracks PyTorch's version
}

TEST_CASE("porting: 910C has the Ascend stack; an NVIDIA card has no checklist; a domestic card without a stack still lists its gaps") {
  const auto* c910 = xuanka::test::catalog().find_accelerator("huawei-ascend-910c");
  REQUIRE(c910);
  const auto c = migration_checklist(*c910, stacks());
  REQUIRE(c);
  CHECK(c->stack);
  CHECK(find(c->change, "fp8"));  // no FP8 before Ascend 950
  // Its two dies are two NPUs (catalog dies 2): an item for the 910C only, not for the 910B2.
  CHECK(find(c->change, "dies"));
  const auto* b2 = xuanka::test::catalog().find_accelerator("huawei-ascend-910b2");
  REQUIRE(b2);
  CHECK_FALSE(find(migration_checklist(*b2, stacks())->change, "dies"));
  const auto* h100 = xuanka::test::catalog().find_accelerator("nvidia-h100-sxm5-80gb");
  REQUIRE(h100);
  CHECK_FALSE(migration_checklist(*h100, stacks()));
  const auto* mlu = xuanka::test::catalog().find_accelerator("cambricon-mlu590");
  REQUIRE(mlu);
  const auto m = migration_checklist(*mlu, stacks());
  REQUIRE(m);
  CHECK_FALSE(m->stack);
  CHECK(find(m->change, "bitsandbytes"));
}

TEST_CASE("porting: a YOLO job on a 910B2 gets no vLLM, FlashAttention or bitsandbytes notes; an SDXL job keeps the attention ones") {
  // Issue 39 item 1. YOLOv8 is a convolutional net (Ultralytics): no attention kernels, no LLM
  // serving engine, no NF4. SDXL's UNet has attention (diffusers' attention processors) but no vLLM.
  Scenario yolo;
  REQUIRE(from_json({{"model", "yolov8m"}, {"task", "inference"}, {"gpu", "huawei-ascend-910b2"},
                     {"vision", {{"input", 640}, {"batch", 16}, {"precision", "fp16"}, {"runtime", "pytorch"}}}},
                    xuanka::test::catalog(), yolo).empty());
  const auto c = migration_checklist(*yolo.gpu, stacks(), &yolo);
  REQUIRE(c);
  for (const char* topic : {"vllm", "flash_attention", "flash_attention_api", "flash_attn_package", "xformers", "bitsandbytes", "megatron"}) {
    INFO(topic);
    CHECK_FALSE(find(c->maps, topic));
    CHECK_FALSE(find(c->change, topic));
  }
  CHECK(find(c->maps, "device"));  // what every job moves stays
  const auto all = migration_checklist(*yolo.gpu, stacks());  // no job: the whole list
  REQUIRE(all);
  CHECK(find(all->change, "bitsandbytes"));  // the card's gap, listed when no job is given
  Scenario sdxl;
  REQUIRE(from_json({{"model", "sdxl"}, {"task", "lora"}, {"gpu", "huawei-ascend-910b2"}, {"image", {{"resolution", 1024}}}},
                    xuanka::test::catalog(), sdxl).empty());
  const auto d = migration_checklist(*sdxl.gpu, stacks(), &sdxl);
  REQUIRE(d);
  CHECK(find(d->maps, "flash_attention_api"));
  CHECK_FALSE(find(d->change, "vllm"));
}

TEST_CASE("porting: bad porting data is refused with the field named") {
  std::vector<PortingStack> out;
  const auto d = load_porting(R"({"schema_version":1,"stacks":[{"id":"x","name_zh":"x","name_en":"x","card_prefixes":["x-"],
    "items":[{"kind":"maybe","topic":"t","zh":"a","en":"b","source":"s","when":["always"],"engines":["vllm","triton"]}]}]})", out);
  REQUIRE(d.size() >= 3);
  bool kind = false, when = false, engine = false;
  for (const auto& x : d) {
    kind = kind || x.path == "$.stacks[0].items[0].kind";
    when = when || x.path == "$.stacks[0].items[0].when[0]";
    engine = engine || x.path == "$.stacks[0].items[0].engines[1]";  // "vllm" is a serving.engine word, "triton" is not
  }
  CHECK(kind);
  CHECK(when);
  CHECK(engine);
  CHECK(out.empty());
}

TEST_CASE("porting: a model served by an engine gets that engine's Ascend notes, not the code changes of one's own scripts") {
  // DeepSeek-V3 served by SGLang on 16 x 910C: SGLang has an Ascend back end (its Ascend NPU page),
  // so the engine's note maps; torch.nn.DataParallel and code importing flash_attn are about one's
  // own scripts, which an engine deployment does not run, so they do not bear on it (still listed,
  // after what does); the 910C's two dies and its missing FP8 (an FP8 checkpoint) do.
  auto job = [](const std::string& engine) {
    Scenario s;
    REQUIRE(from_json({{"model", "deepseek-v3"}, {"task", "inference"}, {"weights", "fp8"}, {"gpu", "huawei-ascend-910c"},
                       {"parallel", {{"gpus", 16}, {"tp", 2}, {"ep", 8}}},
                       {"serving", {{"batch", 64}, {"prompt_tokens", 2048}, {"output_tokens", 512}, {"engine", engine}}}},
                      xuanka::test::catalog(), s).empty());
    return s;
  };
  const Scenario sglang = job("sglang");
  const auto c = migration_checklist(*sglang.gpu, stacks(), &sglang);
  REQUIRE(c);
  const PortingItem* eng = find(c->maps, "engine_sglang");
  REQUIRE(eng);
  CHECK(eng->affects_job);
  CHECK_FALSE(find(c->maps, "engine_vllm"));               // another engine's note is left out
  CHECK_FALSE(find(c->change, "engine_tensorrt_llm"));
  for (const char* topic : {"data_parallel", "flash_attn_package", "flash_attention"}) {
    INFO(topic);
    const PortingItem* it = find(c->change, topic);
    REQUIRE(it);
    CHECK_FALSE(it->affects_job);
  }
  for (const char* topic : {"dies", "fp8"}) {
    INFO(topic);
    const PortingItem* it = find(c->change, topic);
    REQUIRE(it);
    CHECK(it->affects_job);
  }
  // The same job under transformers' generate() runs one's own script: those changes bear again.
  const Scenario hf = job("transformers");
  const auto h = migration_checklist(*hf.gpu, stacks(), &hf);
  REQUIRE(h);
  CHECK(find(h->change, "data_parallel")->affects_job);
  CHECK(find(h->change, "flash_attn_package")->affects_job);
  CHECK_FALSE(find(h->maps, "engine_sglang"));
  // TensorRT-LLM has no Ascend build (its support matrix: NVIDIA GPUs): a change that bears.
  const Scenario trt = job("tensorrt-llm");
  const auto t = migration_checklist(*trt.gpu, stacks(), &trt);
  REQUIRE(t);
  const PortingItem* no_trt = find(t->change, "engine_tensorrt_llm");
  REQUIRE(no_trt);
  CHECK(no_trt->affects_job);
  // A training job gets no engine notes; with no job the whole list has them all.
  Scenario train;
  REQUIRE(from_json({{"model", "llama-3.1-8b"}, {"task", "lora"}, {"gpu", "huawei-ascend-910c"}}, xuanka::test::catalog(), train).empty());
  const auto tr = migration_checklist(*train.gpu, stacks(), &train);
  REQUIRE(tr);
  for (const char* topic : {"engine_vllm", "engine_sglang"}) CHECK_FALSE(find(tr->maps, topic));
  const auto all = migration_checklist(*train.gpu, stacks());
  REQUIRE(all);
  CHECK(find(all->maps, "engine_vllm"));
  CHECK(find(all->change, "engine_llama_cpp"));
}
