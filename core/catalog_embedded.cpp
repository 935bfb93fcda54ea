// Loading of the catalog embedded at build time (core layer).
#include "core/catalog_embedded.h"

#include "embedded_catalog.h"

namespace xuanka::core {

Catalog load_embedded_catalog(Diagnostics& diags) {
  Catalog c;
  for (auto& d : load_accelerators(std::string(embedded::accelerators_json()), c.accelerators)) diags.push_back(d);
  for (auto& d : load_models(std::string(embedded::models_json()), c.models)) diags.push_back(d);
  for (auto& d : load_regions(std::string(embedded::regions_json()), c.regions)) diags.push_back(d);
  return c;
}

Accuracy load_embedded_accuracy(Diagnostics& diags) {
  Accuracy a;
  for (auto& d : load_accuracy(std::string(embedded::accuracy_json()), a)) diags.push_back(d);
  return a;
}

std::vector<PortingStack> load_embedded_porting(Diagnostics& diags) {
  std::vector<PortingStack> p;
  for (auto& d : load_porting(std::string(embedded::porting_json()), p)) diags.push_back(d);
  return p;
}

}  // namespace xuanka::core
