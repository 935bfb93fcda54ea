// libFuzzer target: catalog files and a vendor overlay (the same text read as each). Checks: no
// crash or sanitizer report; an overlay that is refused leaves the catalog as it was.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/overlay.h"
#include "tests/fuzz/fuzz_common.h"

using namespace xuanka;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<core::Accelerator> a;
  std::vector<core::ModelArch> m;
  std::vector<core::Region> r;
  (void)core::load_accelerators(text, a);
  (void)core::load_models(text, m);
  (void)core::load_regions(text, r);
  core::Catalog cat = fuzz::catalog();
  const core::Diagnostics d = core::apply_overlay(text, cat);
  if (!d.empty() && cat.accelerators.size() != fuzz::catalog().accelerators.size()) {
    fuzz::fail("a refused overlay changed the catalog");
  }
  for (const auto& x : d) {
    if (x.text().size() > 400) fuzz::fail("a problem message of " + std::to_string(x.text().size()) + " bytes");
  }
  return 0;
}
