// Tests of the embedded catalog: it loads without a diagnostic, its counts, parameter counts
// from shape against the published counts (tests layer).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/catalog.h"
#include "embedded_catalog.h"

using namespace xuanka::core;

namespace {
Catalog load_all() {
  Catalog c;
  Diagnostics d = load_accelerators(std::string(xuanka::embedded::accelerators_json()), c.accelerators);
  for (const auto& x : load_models(std::string(xuanka::embedded::models_json()), c.models)) d.push_back(x);
  for (const auto& x : load_regions(std::string(xuanka::embedded::regions_json()), c.regions)) d.push_back(x);
  for (const auto& x : d) UNSCOPED_INFO(x.text());
  REQUIRE(d.empty());
  return c;
}
}  // namespace

TEST_CASE("catalog: the embedded catalog loads with no diagnostic and holds what the issue lists") {
  const Catalog c = load_all();
  CHECK(c.accelerators.size() == 56);  // every entry of ../shared/reference/accelerators.json
  CHECK(c.models.size() >= 35);
  CHECK(c.regions.size() >= 12);
  for (const char* id : {"nvidia-a800-sxm4-80gb", "nvidia-h800-sxm5-80gb", "nvidia-h20-96gb", "nvidia-l20",
                         "nvidia-rtx-4090d", "huawei-ascend-910b", "huawei-ascend-910c", "huawei-atlas-300i-duo"}) {
    INFO(id);
    CHECK(c.find_accelerator(id) != nullptr);
  }
}

TEST_CASE("catalog: every accelerator and model names at least one source") {
  const Catalog c = load_all();
  for (const auto& a : c.accelerators) {
    INFO(a.id);
    CHECK_FALSE(a.sources.empty());
  }
  for (const auto& m : c.models) {
    INFO(m.id);
    CHECK_FALSE(m.source.empty());
  }
}

TEST_CASE("catalog: H100 SXM keeps dense and sparse apart — 989 dense BF16 TFLOPS, not the 1979 sparse figure") {
  // NVIDIA H100 datasheet: 1,979 TFLOPS BF16 is with 2:4 sparsity; dense is half.
  const Catalog c = load_all();
  const Accelerator* h = c.find_accelerator("nvidia-h100-sxm5-80gb");
  REQUIRE(h);
  CHECK_THAT(h->peak_flops(Precision::bf16_mixed).value(), Catch::Matchers::WithinRel(989e12, 1e-9));
  CHECK(h->sparsity_2to4);
}

TEST_CASE("catalog: Ascend 910B has no FP8 and the support matrix says so") {
  const Catalog c = load_all();
  const Accelerator* a = c.find_accelerator("huawei-ascend-910b2");
  REQUIRE(a);
  CHECK_FALSE(a->peak_flops(Precision::fp8_mixed).has_value());
  CHECK(a->support.at("fp8").level == "no");
  CHECK(a->support.at("bitsandbytes").level == "no");
  CHECK(a->domestic);
}

TEST_CASE("catalog: each LLM preset's parameter count from its shape is within 2% of the published count") {
  const Catalog c = load_all();
  int checked = 0;
  for (const auto& m : c.models) {
    if (!m.has_shape()) continue;
    INFO(m.id << ": shape gives " << params_from_shape(m) << ", published " << m.params.value());
    CHECK(std::fabs(params_from_shape(m) / m.params.value() - 1.0) <= 0.02);
    if (m.active_params) {
      INFO("active: shape gives " << active_params_from_shape(m) << ", published " << *m.active_params);
      CHECK(std::fabs(active_params_from_shape(m) / *m.active_params - 1.0) <= 0.03);
    }
    ++checked;
  }
  CHECK(checked >= 30);
}
