// Moving a CUDA workload to a domestic card (core layer): the checklist of what maps directly,
// what must change and which versions pair, from catalog/porting.json (the stack's porting
// documents) and the card's own support matrix (accelerators.json).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/catalog.h"
#include "core/json_reader.h"
#include "core/scenario.h"

namespace xuanka::core {

struct PortingItem {
  std::string kind;                 // maps | change
  std::string topic;                // e.g. collectives, bitsandbytes (a support-matrix key for card items)
  std::string zh, en, source;
  std::vector<std::string> when;    // training inference multi_gpu qlora fp8 flash_attention; empty: every job
  std::vector<std::string> cards;   // card id prefixes the item is for; empty: every card of its stack
  std::vector<std::string> engines; // serving engines (the contract's words) the item is about; empty: any job.
                                    // With a job, such an item is kept only for an inference job on one of them
  bool affects_job = false;         // set by migration_checklist when a scenario is given and a `when` word matches it
};

struct VersionRow {
  std::string cann, torch_npu, pytorch;
};

struct PortingStack {
  std::string id, name_zh, name_en;
  std::vector<std::string> card_prefixes;
  std::vector<PortingItem> items;
  std::vector<VersionRow> versions;
  std::string versions_source;
};

// Reads catalog/porting.json; the diagnostics name each bad field ($.stacks[i].items[j].source ...).
Diagnostics load_porting(const std::string& text, std::vector<PortingStack>& out);

struct MigrationChecklist {
  const PortingStack* stack = nullptr;  // null: the card's support matrix only (no porting document yet)
  std::vector<PortingItem> maps, change;  // items that bear on the job first
  std::vector<VersionRow> versions;
  std::string versions_source;
};

// For a domestic card (or any card with gaps): the stack's items plus each support-matrix entry
// whose level is "no" or "partial" (a "change" with the card's own text; its sources are the
// card's). With a scenario, items that bear on it are marked and listed first. Nothing for a card
// that is neither domestic nor has a stack.
std::optional<MigrationChecklist> migration_checklist(const Accelerator& card, const std::vector<PortingStack>& stacks,
                                                      const Scenario* job = nullptr);

}  // namespace xuanka::core
