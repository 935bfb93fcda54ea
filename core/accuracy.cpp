// Accuracy summary and uncertainty bands (core layer).
#include "core/accuracy.h"

#include <cctype>

#include <algorithm>
#include <cstring>
#include <set>
#include <cmath>
#include <limits>

namespace xuanka::core {

using nlohmann::json;

namespace {
constexpr std::pair<FigureGroup, const char*> kGroups[] = {
    {FigureGroup::memory, "memory"}, {FigureGroup::training_speed, "training_speed"}, {FigureGroup::inference_speed, "inference_speed"},
    {FigureGroup::serving, "serving"}, {FigureGroup::video_memory, "video_memory"}, {FigureGroup::video_speed, "video_speed"}};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = p * (v.size() - 1);
  const std::size_t i = static_cast<std::size_t>(std::floor(pos));
  const double f = pos - i;
  return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
}
}  // namespace

const char* group_word(FigureGroup g) {
  for (const auto& [k, w] : kGroups) {
    if (k == g) return w;
  }
  return "memory";
}

FigureGroup memory_group(const Scenario& s) { return s.model.kind == ModelKind::video ? FigureGroup::video_memory : FigureGroup::memory; }

std::optional<FigureGroup> group_of_kind(const std::string& kind) {
  if (kind.rfind("video_", 0) == 0) return kind.find("mem") != std::string::npos ? FigureGroup::video_memory : FigureGroup::video_speed;
  if (kind.find("mem") != std::string::npos) return FigureGroup::memory;
  if (kind == "train_time" || kind == "throughput" || kind == "image_train_speed") return FigureGroup::training_speed;
  if (kind == "image_infer_speed" || kind == "vision_infer_speed") return FigureGroup::inference_speed;
  if (kind == "serve_speed") return FigureGroup::serving;
  return std::nullopt;
}

std::string source_family(const std::string& source) {
  std::string s = source;
  for (const char* scheme : {"https://", "http://"}) {
    if (s.rfind(scheme, 0) == 0) s.erase(0, std::strlen(scheme));
  }
  if (s.rfind("www.", 0) == 0) s.erase(0, 4);
  if (s.rfind("github.com/", 0) == 0) s.erase(0, 11);  // a repository by its owner/name, as the others
  std::size_t cut = s.find_first_of(":@,(");
  for (const char* sep : {" - ", " \xc2\xa7"}) cut = std::min(cut, s.find(sep));  // " §"
  s = s.substr(0, cut);
  const std::size_t a = s.find('/'), b = a == std::string::npos ? a : s.find('/', a + 1);
  if (b != std::string::npos) s.erase(b);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

const AccuracyGroup* Accuracy::group(FigureGroup g) const {
  for (const auto& x : groups) {
    if (x.group == g) return &x;
  }
  return nullptr;
}

Accuracy summarise(const std::vector<std::pair<std::string, std::vector<CaseResult>>>& sets) {
  Accuracy a;
  constexpr int kGroupCount = sizeof kGroups / sizeof kGroups[0];
  std::vector<double> errs[kGroupCount];
  std::vector<std::string> fams[kGroupCount];  // each error's source family
  int cases[kGroupCount] = {}, passed[kGroupCount] = {};
  for (const auto& [set, results] : sets) {
    for (const CaseResult& r : results) {
      a.cases.push_back({r.id, set, r.kind, r.source, r.ratio, r.pass});
      const auto g = group_of_kind(r.kind);
      if (!g || !r.error.empty()) continue;
      const int i = static_cast<int>(*g);
      ++cases[i];
      passed[i] += r.pass;
      if (r.bound.empty()) {
        errs[i].push_back(std::fabs(r.ratio - 1.0));
        fams[i].push_back(source_family(r.source));
      }
    }
  }
  for (const auto& [g, w] : kGroups) {
    const int i = static_cast<int>(g);
    AccuracyGroup x;
    x.group = g;
    x.cases = cases[i];
    x.passed = passed[i];
    x.median_abs_error = percentile(errs[i], 0.5);
    x.band = percentile(errs[i], 0.8);
    // Leave-one-family-out: each family's cases against the band of all the others.
    std::set<std::string> families(fams[i].begin(), fams[i].end());
    x.families = static_cast<int>(families.size());
    if (families.size() >= 2) {
      int covered = 0;
      for (const std::string& f : families) {
        std::vector<double> others;
        for (std::size_t k = 0; k < errs[i].size(); ++k) {
          if (fams[i][k] != f) others.push_back(errs[i][k]);
        }
        const double b = percentile(others, 0.8);
        for (std::size_t k = 0; k < errs[i].size(); ++k) covered += fams[i][k] == f && errs[i][k] <= b;
      }
      x.held_out_coverage = static_cast<double>(covered) / errs[i].size();
    }
    a.groups.push_back(x);
  }
  return a;
}

namespace {
// The page lists each case's source; its first 72 bytes name the paper or repository (a longer
// tail costs the page's weight budget), with a commit named by its first 12 hex digits as git
// abbreviates it ("owner/repo@0123456789ab:path": 40 digits do not compress). Cut on a UTF-8
// character boundary.
std::string source_head(const std::string& full) {
  constexpr size_t kSourceBytes = 72, kCommitDigits = 12;
  std::string s = full;
  for (size_t at = s.find('@'); at != std::string::npos; at = s.find('@', at + 1)) {
    size_t hex = 0;
    while (at + 1 + hex < s.size() && std::isxdigit(static_cast<unsigned char>(s[at + 1 + hex]))) ++hex;
    if (hex == 40) s.erase(at + 1 + kCommitDigits, 40 - kCommitDigits);
  }
  size_t n = std::min(s.size(), kSourceBytes);
  while (n > 0 && n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}
}  // namespace

json to_json(const Accuracy& a) {
  json j = {{"about", "Written by `xuanka accuracy` from tests/vectors (see tests/validation.md); do not edit by hand."},
            {"groups", json::array()}, {"cases", json::array()}};
  for (const auto& g : a.groups) {
    j["groups"].push_back({{"group", group_word(g.group)}, {"cases", g.cases}, {"passed", g.passed},
                           {"median_abs_error", std::round(g.median_abs_error * 1e4) / 1e4}, {"band", std::round(g.band * 1e4) / 1e4},
                           {"held_out_coverage", std::round(g.held_out_coverage * 1e4) / 1e4}, {"families", g.families}});
  }
  for (const auto& c : a.cases) {
    // The case's kind is left out: the page does not show it, and the groups carry it.
    j["cases"].push_back({{"id", c.id}, {"set", c.set}, {"ratio", std::round(c.ratio * 1e3) / 1e3}, {"pass", c.pass},
                          {"source", source_head(c.source)}});
  }
  return j;
}

Diagnostics load_accuracy(const std::string& text, Accuracy& out) {
  Diagnostics d;
  const json doc = parse_json_text(text, "$", d);
  if (doc.is_discarded()) return d;
  ObjectReader r(doc, "$", d);
  if (!r.ok()) return d;
  r.str("about", false);
  Accuracy a;
  const json* gs = r.get("groups");
  const json* cs = r.get("cases");
  if (!gs || !gs->is_array()) r.error("groups", "expected an array");
  if (!cs || !cs->is_array()) r.error("cases", "expected an array");
  if (gs && gs->is_array()) {
    for (std::size_t i = 0; i < gs->size(); ++i) {
      ObjectReader f((*gs)[i], "$.groups[" + std::to_string(i) + "]", d);
      AccuracyGroup g;
      const std::string w = f.word("group", true, {"memory", "training_speed", "inference_speed", "serving", "video_memory", "video_speed"}).value_or("memory");
      for (const auto& [k, word] : kGroups) {
        if (w == word) g.group = k;
      }
      g.cases = static_cast<int>(f.num("cases", true, 0, 1e6, true).value_or(0));
      g.passed = static_cast<int>(f.num("passed", true, 0, 1e6, true).value_or(0));
      g.median_abs_error = f.num("median_abs_error", true, 0, 100).value_or(0);
      g.band = f.num("band", true, 0, 100).value_or(0);
      g.held_out_coverage = f.num("held_out_coverage", false, 0, 1).value_or(0);
      g.families = static_cast<int>(f.num("families", false, 0, 1e6, true).value_or(0));
      f.finish();
      a.groups.push_back(g);
    }
  }
  if (cs && cs->is_array()) {
    for (std::size_t i = 0; i < cs->size(); ++i) {
      ObjectReader f((*cs)[i], "$.cases[" + std::to_string(i) + "]", d);
      AccuracyCase c;
      c.id = f.str("id", true).value_or("");
      c.set = f.str("set", true).value_or("");
      c.kind = f.str("kind", false).value_or("");
      c.ratio = f.num("ratio", true, 0, 1e6).value_or(0);
      c.pass = f.boolean("pass", true).value_or(false);
      c.source = f.str("source", true).value_or("");
      f.finish();
      a.cases.push_back(c);
    }
  }
  r.finish();
  if (d.empty()) out = std::move(a);
  return d;
}

std::optional<Range> range_of(const Accuracy& a, FigureGroup g, double value) {
  const AccuracyGroup* x = a.group(g);
  if (!x || x->cases == 0) return std::nullopt;
  const double b = std::max(0.0, x->band);
  return Range{value / (1.0 + b), b < 1.0 ? value / (1.0 - b) : std::numeric_limits<double>::infinity()};
}

std::optional<Range> expected_run_range(const Accuracy& a, double expected, double expected_slow) {
  auto r = range_of(a, FigureGroup::training_speed, expected);
  if (r && std::isfinite(r->hi) && expected > 0) r->hi *= std::max(1.0, expected_slow / expected);
  return r;
}

std::vector<FigureRange> figure_ranges(const Accuracy& a, const Scenario& s, const Estimate& e) {
  // The result paths of each kind, as validation cases compare them (tests/validation.md).
  static const char* const kMemory[] = {"memory.total", "memory.peak_allocated", "memory.model_states"};
  static const char* const kTraining[] = {"compute.tokens_per_s_per_gpu", "compute.tflops_per_gpu", "compute.hardware_tflops_per_gpu",
                                          "compute.mfu", "compute.step_time_s", "compute.gpu_hours", "compute.days",
                                          "compute.gpu_hours_expected", "compute.days_expected", "compute.gpu_hours_manual", "compute.days_manual", "compute.it_per_s",
                                          "compute.images_per_s", "compute.s_per_image", "compute.train_s"};
  static const char* const kInference[] = {"compute.it_per_s", "compute.images_per_s", "compute.s_per_image", "compute.latency_ms", "compute.fps",
                                           "compute.s_per_clip", "compute.clips_per_hour"};  // the last two: video only
  static const char* const kServing[] = {"serving.ttft_s", "serving.prefill_s", "serving.decode_tokens_per_s_per_request", "serving.decode_tokens_per_s_total",
                                         "serving.output_tokens_per_s_total"};
  std::vector<FigureRange> out;
  const json result = to_json(e);
  auto add = [&](const char* path, FigureGroup g) {
    const auto v = result_value(result, path);
    if (!v) return;
    if (const auto r = range_of(a, g, *v)) out.push_back({path, g, *v, *r});
  };
  for (const char* p : kMemory) add(p, memory_group(s));
  const bool image_or_vision = s.model.kind == ModelKind::diffusion || s.model.kind == ModelKind::vision;
  if (s.model.kind == ModelKind::video) {
    if (s.task == Task::inference) {
      for (const char* p : kInference) add(p, FigureGroup::video_speed);
    } else {
      for (const char* p : kTraining) add(p, FigureGroup::video_speed);
    }
  } else if (s.task == Task::inference) {
    if (image_or_vision) {
      for (const char* p : kInference) add(p, FigureGroup::inference_speed);
    } else {
      for (const char* p : kServing) add(p, FigureGroup::serving);
    }
  } else {
    for (const char* p : kTraining) add(p, FigureGroup::training_speed);
    // The expected run's range also spans how the run is operated (expected_run_range).
    for (FigureRange& r : out) {
      if (r.path == "compute.days_expected" && e.days_expected_slow) r.range = *expected_run_range(a, r.value, *e.days_expected_slow);
      if (r.path == "compute.gpu_hours_expected" && e.gpu_hours_expected_slow) r.range = *expected_run_range(a, r.value, *e.gpu_hours_expected_slow);
    }
  }
  return out;
}

nlohmann::json to_json(const std::vector<FigureRange>& ranges) {
  json j = json::object();
  for (const auto& r : ranges) {
    j[r.path] = {{"lo", r.range.lo}, {"hi", std::isfinite(r.range.hi) ? json(r.range.hi) : json(nullptr)}, {"group", group_word(r.group)}};
  }
  return j;
}

FitVerdict fit_verdict(const Accuracy& a, double total_bytes, double capacity_bytes, FigureGroup g) {
  const auto r = range_of(a, g, total_bytes);
  const double hi = r ? r->hi : total_bytes, lo = r ? r->lo : total_bytes;
  if (hi <= capacity_bytes) return FitVerdict::fits;
  if (lo <= capacity_bytes) return FitVerdict::tight;
  return FitVerdict::does_not_fit;
}

}  // namespace xuanka::core
