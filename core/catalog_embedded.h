// The embedded catalog, loaded once (core layer over the catalog data library).
#pragma once
#include "core/accuracy.h"
#include "core/catalog.h"

namespace xuanka::core {
// Loads the three embedded JSON files; `diags` gets every problem (empty when all is well).
Catalog load_embedded_catalog(Diagnostics& diags);
// The embedded accuracy summary (catalog/accuracy.json).
Accuracy load_embedded_accuracy(Diagnostics& diags);
}  // namespace xuanka::core
