// Validation cases (core layer): one JSON case -> estimate vs published figure.
#pragma once
#include <string>
#include <vector>

#include "core/contract.h"

namespace xuanka::core {

struct CaseResult {
  std::string id, compare, unit, kind, source;
  std::string bound;                  // "", "upper" ("fits in X") or "lower" ("needs more than X")
  double estimate = 0, published = 0, ratio = 0, tolerance = 0;   // in the path's unit
  double estimate_shown = 0, published_shown = 0;                 // in the case's published unit
  bool pass = false;
  std::string error;  // a case that could not run (bad scenario, missing figure)
};

// Converts a published value in `unit` to the unit of the result path `path` (bytes for memory,
// ms for compute.latency_ms, s for compute.train_s; s_per_it is the reciprocal of it_per_s).
// Returns false for an unknown unit, or one that does not fit the path.
bool to_path_unit(double value, const std::string& unit, const std::string& path, double& out);

CaseResult run_case(const nlohmann::json& c, const Catalog& catalog);
std::vector<CaseResult> run_cases(const std::string& jsonl, const Catalog& catalog);

}  // namespace xuanka::core
