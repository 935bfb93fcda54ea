// Validation cases (core layer): one JSON case -> estimate vs published figure.
#pragma once
#include <string>
#include <vector>

#include "core/contract.h"

namespace xuanka::core {

struct CaseResult {
  std::string id, compare, unit;
  double estimate = 0, published = 0, ratio = 0, tolerance = 0;
  bool pass = false;
  std::string error;  // a case that could not run (bad scenario, missing figure)
};

// Converts a published value to the base unit of its path (bytes for memory; as-is otherwise).
// Returns false for an unknown unit.
bool to_base_unit(double value, const std::string& unit, double& out);

CaseResult run_case(const nlohmann::json& c, const Catalog& catalog);
std::vector<CaseResult> run_cases(const std::string& jsonl, const Catalog& catalog);

}  // namespace xuanka::core
