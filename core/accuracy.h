// How accurate the estimator is (core layer): the published and measured figures it is held
// against, summarised per kind of figure, and the uncertainty band each kind gives an estimate.
// catalog/accuracy.json is written by `xuanka accuracy` from tests/vectors and embedded.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/json_reader.h"
#include "core/validation.h"

namespace xuanka::core {

// Kinds of figure with one band each.
// Video generation has its own two groups (issue 38): its 190-odd figures would otherwise set the
// bands of the language, image and vision figures they share a kind with.
enum class FigureGroup { memory, training_speed, inference_speed, serving, video_memory, video_speed };
// The group a scenario's memory figures are judged in: video_memory for video generators.
FigureGroup memory_group(const Scenario& s);

struct AccuracyGroup {
  FigureGroup group = FigureGroup::memory;
  int cases = 0, passed = 0;
  double median_abs_error = 0;  // median of |estimate / published - 1|
  double band = 0;              // 80th percentile of |estimate / published - 1|: 4 in 5 figures lie within
  // Held out by source family (the repository or paper a case comes from, source_family): the
  // share of the group's cases inside the band computed from the other families' cases alone, so
  // a figure's family never sets the band it is judged by. What "4 in 5 within" promises a figure
  // from a source the estimator has not seen; 0 with fewer than two families.
  double held_out_coverage = 0;
  int families = 0;
};

struct AccuracyCase {
  std::string id, set, kind, source;
  double ratio = 0;
  bool pass = false;
};

struct Accuracy {
  std::vector<AccuracyGroup> groups;
  std::vector<AccuracyCase> cases;
  const AccuracyGroup* group(FigureGroup g) const;
};

const char* group_word(FigureGroup g);
// A case's source family: its repository ("Wan-Video/Wan2.1"), paper ("Narayanan et al. 2021") or
// project measurement ("measured"): the source up to its first ':', '@', ',', '(' , " - " or " §",
// without a URL's scheme (and github.com/), a path cut to its first two parts.
std::string source_family(const std::string& source);
// The group of a validation case's kind (train_mem -> memory, throughput -> training speed, ...).
std::optional<FigureGroup> group_of_kind(const std::string& kind);

// Summarises the results of named sets of cases (bound-only cases count for pass, not for bands).
Accuracy summarise(const std::vector<std::pair<std::string, std::vector<CaseResult>>>& sets);
nlohmann::json to_json(const Accuracy& a);
Diagnostics load_accuracy(const std::string& text, Accuracy& out);

// An estimate's range from its group's band. The band b bounds |estimate / published - 1| for 4 in
// 5 published figures, so for those the published figure lies in [value / (1 + b), value / (1 - b)]
// (in the figure's own unit: a rate and the duration it gives swap ends, as their cases did). A
// band of 1 or more leaves the top open (hi = infinity).
struct Range {
  double lo = 0, hi = 0;
};
std::optional<Range> range_of(const Accuracy& a, FigureGroup g, double value);
// A whole run's expected days or GPU-hours (training speed's band around `expected`), its slow end
// stretched by how the run is operated: `expected_slow` is the same run with each failure also
// losing half a 3-hour checkpoint interval (Estimate::days_expected_slow, core/estimator.h).
std::optional<Range> expected_run_range(const Accuracy& a, double expected, double expected_slow);

// Every figure of an estimate that has a band, by its result path (memory.total, compute.days,
// compute.fps, ...): memory from the memory cases; training figures (LLM throughput, job time,
// diffusion training) from the training-speed cases; diffusion inference and vision from the
// inference-speed cases; LLM serving (time to first token, decode speed) from the serving cases.
struct FigureRange {
  std::string path;
  FigureGroup group = FigureGroup::memory;
  double value = 0;
  Range range;
};
std::vector<FigureRange> figure_ranges(const Accuracy& a, const Scenario& s, const Estimate& e);
// {"memory.total": {"lo": ..., "hi": ..., "group": "memory"}, ...}; an open top is null.
nlohmann::json to_json(const std::vector<FigureRange>& ranges);

// A fit verdict from the memory range against a card: fits (the top of the range fits), tight
// (only the estimate or the bottom does), does not fit.
enum class FitVerdict { fits, tight, does_not_fit };
FitVerdict fit_verdict(const Accuracy& a, double total_bytes, double capacity_bytes, FigureGroup g = FigureGroup::memory);

}  // namespace xuanka::core
