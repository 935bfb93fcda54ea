// "Check a card" (core layer): parses pasted nvidia-smi / nvidia-smi -q / --query-gpu CSV /
// npu-smi info text, names the catalog card each device matches, and judges its load.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/catalog.h"

namespace xuanka::core {

enum class SmiFormat { unknown, nvidia_table, nvidia_query, nvidia_csv, npu_smi };
// implausible: the figures cannot be real (more memory used than the card has, busy outside
// 0-100%): the paste was edited or garbled, and no load is judged from it.
enum class LoadVerdict { unknown, idle, oversized, well_used, memory_full, implausible };

struct SmiDevice {
  int index = -1;
  std::optional<int> chip;                 // npu-smi: the chip (die) of NPU `index` this row is
  std::string raw_name;                    // as printed (may be truncated: "NVIDIA A100-SXM...")
  std::optional<double> memory_total_mib, memory_used_mib, utilization_pct, power_cap_w;
  std::string matched_id;                  // catalog id, empty when not recognised
  std::vector<std::string> candidates;     // other ids it could be, when the text cannot tell
  LoadVerdict verdict = LoadVerdict::unknown;
};

struct SmiReport {
  SmiFormat format = SmiFormat::unknown;
  std::string driver_version, cuda_version, tool_version;
  bool mig = false;                        // MIG mode enabled on some device
  std::vector<SmiDevice> devices;
  std::vector<std::string> notes;          // plain-English remarks (en); the UI translates by key
};

// Never throws; any text (truncated, garbage) gives a report, with no devices when nothing
// is recognised.
SmiReport parse_smi(const std::string& text, const Catalog& catalog);

// Cards in the report: devices of one NPU index are one card's chips (an A3 server's npu-smi lists
// each 910C as two chips of NPU 0..7; an Atlas 300I Duo as two chips under one NPU).
int smi_cards(const std::vector<const SmiDevice*>& devices);
int smi_cards(const SmiReport& r);

// Which catalog card a device name (and memory, power cap) denotes; empty when unknown.
std::string match_card(const std::string& name, std::optional<double> memory_total_mib,
                       std::optional<double> power_cap_w, const Catalog& catalog, std::vector<std::string>* candidates = nullptr);

const char* format_name(SmiFormat f);
const char* verdict_name(LoadVerdict v);

}  // namespace xuanka::core
