// "Check a card" parsing (core layer). Hand-written scanners (no <regex>: smaller WebAssembly).
// [SECTION] text helpers  [SECTION] matching  [SECTION] formats  [SECTION] verdict
#include "core/smi_parse.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <set>
#include <utility>

namespace xuanka::core {

// [SECTION] text helpers
namespace {
std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}
std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
bool contains(const std::string& s, const char* t) { return s.find(t) != std::string::npos; }
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  // Lines as std::getline gives them (no last empty line after a final newline), without
  // iostreams: they would pull libc++'s locale machinery into the page's code.
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.size(), text.find('\n', at));
    std::string l = text.substr(at, end - at);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(std::move(l));
    at = end + 1;
  }
  return out;
}
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}
// All numbers in `s` (digits with an optional fraction), in order.
std::vector<double> numbers(const std::string& s) {
  std::vector<double> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      std::size_t j = i;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
      out.push_back(std::atof(s.substr(i, j - i).c_str()));
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}
// The number just before `unit` ("81920MiB" -> 81920), searching from `from`.
std::optional<double> number_before(const std::string& s, const char* unit, std::size_t from = 0) {
  const std::size_t u = s.find(unit, from);
  if (u == std::string::npos) return std::nullopt;
  std::size_t j = u;
  while (j > 0 && s[j - 1] == ' ') --j;
  std::size_t i = j;
  while (i > 0 && (std::isdigit(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '.')) --i;
  if (i == j) return std::nullopt;
  return std::atof(s.substr(i, j - i).c_str());
}
bool starts_with_index(const std::string& cell, int& index, std::string& rest) {
  const std::string t = trim(cell);
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i > 4) return false;
  index = std::atoi(t.substr(0, i).c_str());
  rest = trim(t.substr(i));
  return true;
}
}  // namespace

// [SECTION] matching
namespace {
// Normalised name: lowercase, vendor words and separators dropped ("NVIDIA A100-SXM4-80GB" -> "a100sxm480gb").
std::string norm(const std::string& name) {
  std::string s = lower(name);
  for (const char* w : {"nvidia", "tesla", "geforce", "huawei", "ascend", "amd", "instinct", "intel", "habana"}) {
    std::size_t p;
    while ((p = s.find(w)) != std::string::npos) s.erase(p, std::strlen(w));
  }
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) out.push_back(c);
  }
  return out;
}
}  // namespace

std::string match_card(const std::string& name, std::optional<double> mem_mib, std::optional<double> cap_w,
                       const Catalog& catalog, std::vector<std::string>* candidates) {
  const std::string n = norm(name);
  const bool pcie = contains(n, "pcie");
  const bool sxm = contains(n, "sxm");
  const bool nvl = contains(n, "nvl");
  const double gib = mem_mib ? *mem_mib / 1024.0 : 0;  // MiB -> GiB
  std::string id;
  std::vector<std::string> alt;
  auto pick_form = [&](const std::string& sxm_id, const std::string& pcie_id) {
    if (sxm) return sxm_id;
    if (pcie) return pcie_id;
    if (cap_w) return *cap_w >= 400 ? sxm_id : pcie_id;  // SXM boards run at 400 W (A100) / 700 W (H100)
    alt = {sxm_id, pcie_id};
    return sxm_id;
  };
  if (contains(n, "gb200")) id = "nvidia-gb200-per-gpu";
  else if (contains(n, "b200")) id = "nvidia-b200-hgx";
  else if (contains(n, "b100")) id = "nvidia-b100";
  else if (contains(n, "h200")) id = nvl || (cap_w && *cap_w <= 600) ? "nvidia-h200-nvl-141gb" : "nvidia-h200-sxm-141gb";
  else if (contains(n, "h100")) id = nvl || (gib > 90) ? "nvidia-h100-nvl-94gb" : pick_form("nvidia-h100-sxm5-80gb", "nvidia-h100-pcie-80gb");
  else if (contains(n, "h800")) id = pick_form("nvidia-h800-sxm5-80gb", "nvidia-h800-pcie-80gb");
  else if (contains(n, "h20")) id = "nvidia-h20-96gb";
  else if (contains(n, "a100")) {
    const bool small = contains(n, "40gb") || (gib > 0 && gib < 48);
    id = small ? pick_form("nvidia-a100-sxm4-40gb", "nvidia-a100-pcie-40gb") : pick_form("nvidia-a100-sxm4-80gb", "nvidia-a100-pcie-80gb");
  } else if (contains(n, "a800")) {
    const bool small = contains(n, "40gb") || (gib > 0 && gib < 48);
    id = small ? "nvidia-a800-pcie-40gb" : pick_form("nvidia-a800-sxm4-80gb", "nvidia-a800-pcie-80gb");
  } else if (contains(n, "v100")) id = pick_form("nvidia-v100-sxm2-32gb", "nvidia-v100-pcie-32gb");
  else if (contains(n, "rtx6000ada") || contains(n, "6000adageneration")) id = "nvidia-rtx-6000-ada";
  else if (contains(n, "rtxa6000")) id = "nvidia-rtx-a6000";
  else if (contains(n, "5090")) id = "nvidia-rtx-5090";
  else if (contains(n, "4090d")) id = "nvidia-rtx-4090d";
  else if (contains(n, "4090")) id = "nvidia-rtx-4090";
  else if (contains(n, "3090")) id = "nvidia-rtx-3090";
  else if (contains(n, "l40s")) id = "nvidia-l40s";
  else if (contains(n, "l40")) id = "nvidia-l40";
  else if (contains(n, "l20")) id = "nvidia-l20";
  else if (n == "l4" || contains(n, "l424gb")) id = "nvidia-l4";
  else if (contains(n, "a40")) id = "nvidia-a40";
  else if (contains(n, "a30")) id = "nvidia-a30";
  else if (n == "a10" || contains(n, "a1024gb")) id = "nvidia-a10";
  // The 910C: torch_npu names its dies "Ascend910_93xx"; npu-smi prints "Ascend910" for each of
  // its two 64 GB chips (Atlas A3; the catalog's notes), where the first-generation 910A has 32 GB.
  else if (contains(n, "91093") || (n == "910" && gib > 48)) id = "huawei-ascend-910c";
  else if (contains(n, "910b1")) id = "huawei-ascend-910b1";
  else if (contains(n, "910b2")) id = "huawei-ascend-910b2";
  else if (contains(n, "910b3")) id = "huawei-ascend-910b3";
  else if (contains(n, "910b4")) id = "huawei-ascend-910b4";
  else if (contains(n, "910b")) id = "huawei-ascend-910b";
  else if (contains(n, "910c")) id = "huawei-ascend-910c";
  else if (contains(n, "910")) id = "huawei-ascend-910a";  // 910A / 910 Pro A/B (first generation)
  else if (contains(n, "310p")) id = "huawei-atlas-300i-duo";
  else if (contains(n, "mi325x")) id = "amd-mi325x";
  else if (contains(n, "mi300x")) id = "amd-mi300x";
  else if (contains(n, "mi250x")) id = "amd-mi250x";
  else if (contains(n, "mi210")) id = "amd-mi210";
  else if (contains(n, "gaudi3") || contains(n, "hl325") || contains(n, "hl338")) id = "intel-gaudi3";
  else if (contains(n, "gaudi2") || contains(n, "hl225")) id = "intel-gaudi2";
  if (!id.empty() && !catalog.find_accelerator(id)) id.clear();
  if (candidates) {
    candidates->clear();
    for (const auto& a : alt) {
      if (a != id && catalog.find_accelerator(a)) candidates->push_back(a);
    }
  }
  return id;
}

// [SECTION] formats
namespace {
void parse_nvidia_table(const std::vector<std::string>& ls, SmiReport& r) {
  for (std::size_t i = 0; i < ls.size(); ++i) {
    const std::string& l = ls[i];
    if (contains(l, "NVIDIA-SMI")) {
      const auto v = split(l, ' ');
      for (std::size_t k = 0; k + 1 < v.size(); ++k) {
        if (v[k] == "NVIDIA-SMI") r.tool_version = v[k + 1];
      }
      if (auto p = l.find("CUDA Version:"); p != std::string::npos) {
        const std::string t = trim(l.substr(p + 13));
        r.cuda_version = trim(t.substr(0, t.find_first_of(" |")));
      }
      if (auto p = l.find("Driver Version:"); p != std::string::npos) {
        const std::string t = trim(l.substr(p + 15));
        r.driver_version = t.substr(0, t.find(' '));
      }
      continue;
    }
    if (contains(l, "MIG devices")) r.mig = true;
    if (contains(l, "Processes:")) break;
    if (l.empty() || l[0] != '|') continue;
    const auto cells = split(l, '|');
    if (cells.size() < 4) continue;
    int index = 0;
    std::string rest;
    if (!starts_with_index(cells[1], index, rest) || rest.empty() || !std::isalpha(static_cast<unsigned char>(rest[0]))) continue;
    // The next line carries power, memory and utilisation.
    if (i + 1 >= ls.size() || !contains(ls[i + 1], "MiB")) continue;
    SmiDevice d;
    d.index = index;
    // Drop the trailing persistence-mode word ("On"/"Off").
    std::string name = rest;
    for (const char* w : {" On", " Off"}) {
      const std::size_t p = name.rfind(w);
      if (p != std::string::npos && p + std::strlen(w) == name.size()) name = trim(name.substr(0, p));
    }
    d.raw_name = name;
    const auto c2 = split(ls[i + 1], '|');
    if (c2.size() >= 4) {
      const std::string& pw = c2[1];
      if (auto slash = pw.rfind('/'); slash != std::string::npos) d.power_cap_w = number_before(pw, "W", slash);
      const std::string& mem = c2[2];
      d.memory_used_mib = number_before(mem, "MiB");
      if (auto slash = mem.rfind('/'); slash != std::string::npos) d.memory_total_mib = number_before(mem, "MiB", slash);
      d.utilization_pct = number_before(c2[3], "%");
      if (contains(c2[3], "N/A") && !d.utilization_pct) d.utilization_pct.reset();
    }
    r.devices.push_back(d);
    ++i;
  }
}

void parse_nvidia_query(const std::vector<std::string>& ls, SmiReport& r) {
  std::string section;
  SmiDevice* d = nullptr;
  for (const std::string& raw : ls) {
    const std::size_t colon = raw.find(':');
    const std::string key = trim(colon == std::string::npos ? raw : raw.substr(0, colon));
    const std::string val = colon == std::string::npos ? "" : trim(raw.substr(colon + 1));
    if (key.rfind("GPU 0", 0) == 0 || (key.rfind("GPU ", 0) == 0 && contains(raw, ":") && key.size() > 4 && std::isxdigit(static_cast<unsigned char>(key[4])) && val.size() <= 12)) {
      r.devices.push_back(SmiDevice{});
      d = &r.devices.back();
      d->index = static_cast<int>(r.devices.size()) - 1;
      section.clear();
      continue;
    }
    if (val.empty() && colon == std::string::npos) {
      if (!key.empty()) section = key;
      continue;
    }
    if (key == "Driver Version") r.driver_version = val;
    if (key == "CUDA Version") r.cuda_version = val;
    if (!d) continue;
    if (key == "Product Name") d->raw_name = val;
    if (section == "FB Memory Usage" && key == "Total") d->memory_total_mib = number_before(val, "MiB");
    if (section == "FB Memory Usage" && key == "Used") d->memory_used_mib = number_before(val, "MiB");
    if (section == "Utilization" && key == "Gpu") d->utilization_pct = number_before(val, "%");
    if (section == "MIG Mode" && key == "Current" && val == "Enabled") r.mig = true;
    if ((key == "Power Limit" || key == "Current Power Limit" || key == "Enforced Power Limit") && !d->power_cap_w) {
      d->power_cap_w = number_before(val, "W");
    }
  }
  r.devices.erase(std::remove_if(r.devices.begin(), r.devices.end(), [](const SmiDevice& x) { return x.raw_name.empty(); }),
                  r.devices.end());
}

void parse_nvidia_csv(const std::vector<std::string>& ls, SmiReport& r) {
  std::vector<std::string> header;
  for (const std::string& l : ls) {
    if (trim(l).empty()) continue;
    auto f = split(l, ',');
    for (auto& x : f) x = trim(x);
    if (header.empty() && !f.empty() && lower(f[0]).rfind("name", 0) == 0) {
      header = f;
      continue;
    }
    if (f.size() < 2) continue;
    SmiDevice d;
    d.index = static_cast<int>(r.devices.size());
    if (header.empty()) {
      // noheader: the query most people run, name,memory.total,memory.used,utilization.gpu
      header = {"name", "memory.total", "memory.used", "utilization.gpu"};
      r.notes.push_back("no CSV header: columns read as name, memory.total, memory.used, utilization.gpu");
    }
    for (std::size_t k = 0; k < f.size() && k < header.size(); ++k) {
      const std::string h = lower(header[k]);
      const auto nums = numbers(f[k]);
      if (h.rfind("name", 0) == 0) d.raw_name = f[k];
      else if (nums.empty()) continue;
      else if (h.rfind("memory.total", 0) == 0) d.memory_total_mib = nums[0];
      else if (h.rfind("memory.used", 0) == 0) d.memory_used_mib = nums[0];
      else if (h.rfind("utilization.gpu", 0) == 0) d.utilization_pct = nums[0];
      else if (h.rfind("power.limit", 0) == 0 || h.rfind("enforced.power.limit", 0) == 0) d.power_cap_w = nums[0];
      else if (h.rfind("index", 0) == 0) {
        // A GPU index is small; anything else (found by fuzzing: 2.2e9) is not one, and would
        // overflow an int.
        if (nums[0] >= 0 && nums[0] < 65536) d.index = static_cast<int>(nums[0]);
      }
      else if (h.rfind("driver_version", 0) == 0) r.driver_version = f[k];
    }
    // A row counts only with a name that has letters and a memory figure (rejects stray commas).
    const bool named = std::any_of(d.raw_name.begin(), d.raw_name.end(), [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); });
    if (named && d.memory_total_mib) r.devices.push_back(d);
  }
}

void parse_npu_smi(const std::vector<std::string>& ls, SmiReport& r) {
  for (std::size_t i = 0; i < ls.size(); ++i) {
    const std::string& l = ls[i];
    if (contains(l, "npu-smi")) {
      const auto nums = l.find("Version:");
      if (nums != std::string::npos) {
        const std::string t = trim(l.substr(nums + 8));
        r.tool_version = t.substr(0, t.find_first_of(" |"));
      }
      continue;
    }
    if (contains(l, "Process id")) break;
    if (l.empty() || l[0] != '|') continue;
    const auto cells = split(l, '|');
    if (cells.size() < 4) continue;
    int index = 0;
    std::string rest;
    if (!starts_with_index(cells[1], index, rest) || rest.empty() || !std::isalnum(static_cast<unsigned char>(rest[0]))) continue;
    if (std::isdigit(static_cast<unsigned char>(rest[0])) && rest.find_first_not_of("0123456789 ") == std::string::npos) continue;
    const std::string name = rest;
    // Following chip rows: "| chip [device] | bus-id | AICore(%) Memory-Usage(MB) HBM-Usage(MB) |".
    std::size_t j = i + 1;
    while (j < ls.size()) {
      const auto c2 = split(ls[j], '|');
      if (c2.size() < 4 || !contains(c2[2], ":")) break;  // a bus id has colons
      SmiDevice d;
      d.index = index;
      d.raw_name = name;
      if (const auto chip = numbers(c2[1]); !chip.empty() && chip[0] >= 0 && chip[0] < 64) d.chip = static_cast<int>(chip[0]);
      const auto nums = numbers(c2[3]);
      // nums: AICore%, mem used, mem total, [hbm used, hbm total]
      if (!nums.empty()) d.utilization_pct = nums[0];
      if (nums.size() >= 5 && nums[4] > 0) {
        d.memory_used_mib = nums[3];
        d.memory_total_mib = nums[4];
      } else if (nums.size() >= 3) {
        d.memory_used_mib = nums[1];
        d.memory_total_mib = nums[2];
      }
      r.devices.push_back(d);
      ++j;
    }
    i = j - 1;
  }
}
}  // namespace

int smi_cards(const std::vector<const SmiDevice*>& devices) {
  std::set<int> indices;
  int unnumbered = 0;
  for (const SmiDevice* d : devices) {
    if (d->chip && d->index >= 0) indices.insert(d->index);
    else ++unnumbered;
  }
  return static_cast<int>(indices.size()) + unnumbered;
}

int smi_cards(const SmiReport& r) {
  std::vector<const SmiDevice*> all;
  for (const SmiDevice& d : r.devices) all.push_back(&d);
  return smi_cards(all);
}

// [SECTION] verdict — the seeds' rule of thumb: a card busy under ~60% most of the time is
// larger than the load needs (../shared/seeds/003). One paste is one moment: say so.
SmiReport parse_smi(const std::string& text, const Catalog& catalog) {
  SmiReport r;
  const auto ls = lines_of(text.size() > 1000000 ? text.substr(0, 1000000) : text);
  if (contains(text, "npu-smi") || contains(text, "HBM-Usage") || contains(text, "AICore")) {
    r.format = SmiFormat::npu_smi;
    parse_npu_smi(ls, r);
  } else if (contains(text, "NVIDIA-SMI") || contains(text, "Persistence-M")) {
    r.format = SmiFormat::nvidia_table;
    parse_nvidia_table(ls, r);
  } else if (contains(text, "Product Name") || contains(text, "FB Memory Usage")) {
    r.format = SmiFormat::nvidia_query;
    parse_nvidia_query(ls, r);
  } else if (contains(text, ",")) {
    r.format = SmiFormat::nvidia_csv;
    parse_nvidia_csv(ls, r);
    if (r.devices.empty()) r.format = SmiFormat::unknown;
  }
  for (SmiDevice& d : r.devices) {
    d.matched_id = match_card(d.raw_name, d.memory_total_mib, d.power_cap_w, catalog, &d.candidates);
    const bool impossible = (d.memory_used_mib && d.memory_total_mib && *d.memory_used_mib > *d.memory_total_mib) ||
                            (d.memory_used_mib && *d.memory_used_mib < 0) || (d.memory_total_mib && *d.memory_total_mib < 0) ||
                            (d.utilization_pct && (*d.utilization_pct < 0 || *d.utilization_pct > 100));
    if (impossible) {
      d.verdict = LoadVerdict::implausible;
    } else if (d.utilization_pct && d.memory_used_mib && d.memory_total_mib && *d.memory_total_mib > 0) {
      const double mem = *d.memory_used_mib / *d.memory_total_mib;
      if (mem > 0.9) d.verdict = LoadVerdict::memory_full;
      else if (*d.utilization_pct < 5 && mem < 0.05) d.verdict = LoadVerdict::idle;
      else if (*d.utilization_pct < 60) d.verdict = LoadVerdict::oversized;
      else d.verdict = LoadVerdict::well_used;
    }
  }
  if (r.mig) r.notes.push_back("MIG is enabled: memory and utilisation are per GPU instance");
  return r;
}

const char* format_name(SmiFormat f) {
  switch (f) {
    case SmiFormat::nvidia_table: return "nvidia-smi";
    case SmiFormat::nvidia_query: return "nvidia-smi -q";
    case SmiFormat::nvidia_csv: return "nvidia-smi --query-gpu (CSV)";
    case SmiFormat::npu_smi: return "npu-smi info";
    case SmiFormat::unknown: return "unknown";
  }
  return "unknown";
}

const char* verdict_name(LoadVerdict v) {
  switch (v) {
    case LoadVerdict::idle: return "idle";
    case LoadVerdict::oversized: return "oversized";
    case LoadVerdict::well_used: return "well_used";
    case LoadVerdict::memory_full: return "memory_full";
    case LoadVerdict::unknown: return "unknown";
    case LoadVerdict::implausible: return "implausible";
  }
  return "unknown";
}

}  // namespace xuanka::core
