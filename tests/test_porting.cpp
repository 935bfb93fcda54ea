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
    "items":[{"kind":"maybe","topic":"t","zh":"a","en":"b","source":"s","when":["always"]}]}]})", out);
  REQUIRE(d.size() >= 2);
  bool kind = false, when = false;
  for (const auto& x : d) {
    kind = kind || x.path == "$.stacks[0].items[0].kind";
    when = when || x.path == "$.stacks[0].items[0].when[0]";
  }
  CHECK(kind);
  CHECK(when);
  CHECK(out.empty());
}
