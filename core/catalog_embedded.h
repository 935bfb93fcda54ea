// The embedded catalog, loaded once (core layer over the catalog data library).
#pragma once
#include "core/accuracy.h"
#include "core/catalog.h"
#include "core/porting.h"

namespace xuanka::core {
// Loads the three embedded JSON files; `diags` gets every problem (empty when all is well).
Catalog load_embedded_catalog(Diagnostics& diags);
// The embedded accuracy summary (catalog/accuracy.json).
Accuracy load_embedded_accuracy(Diagnostics& diags);
// The embedded porting documents (catalog/porting.json): the migration checklists' data.
std::vector<PortingStack> load_embedded_porting(Diagnostics& diags);
}  // namespace xuanka::core
