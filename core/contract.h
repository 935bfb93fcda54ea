// The scenario contract in both directions (core layer): JSON in (with the field path of every
// problem) and JSON out for the scenario, the recommender's constraints, the estimate, an option
// and a recommendation. The enum words and their facts are core/enums.h's tables.
// ../shared/SCENARIO.md is the contract; this file is its only spelling in code.
//
// Adding a field: (1) the struct member (scenario.h / recommend.h), (2) its read and write here,
// (3) the form row in ui/scenario_form.cpp when the page should edit it. Nothing else: the CLI,
// the page's exports, the share link and the validation cases all go through these functions.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/recommend.h"

namespace xuanka::core {

// [SECTION] scenario
// Parses `j` against the contract; returns diagnostics (empty when `out` is valid).
Diagnostics from_json(const nlohmann::json& j, const Catalog& catalog, Scenario& out);
// The canonical contract object: every field that matters for the task, written explicitly
// (defaults too), nothing that does not. from_json(to_json(s)) gives the same scenario.
nlohmann::json to_json(const Scenario& s);
// Two scenarios are the same job when their canonical objects are equal.
bool same_scenario(const Scenario& a, const Scenario& b);

// [SECTION] constraints
// {"budget_cny", "budget_kind", "deadline_days", "domestic_only", "in_stock_only", "max_cards",
//  "form_factors": [...], "max_rack_kw", "goal", "region", "utilisation"} — all optional.
Diagnostics from_json(const nlohmann::json& j, const Catalog& catalog, Constraints& out);
nlohmann::json to_json(const Constraints& c);

// [SECTION] results
// The result object: the contract's result paths ("memory.total", "compute.mfu", ...), the
// breakdown, serving figures, assumptions and warnings; absent figures are null.
nlohmann::json to_json(const Estimate& e);
nlohmann::json to_json(const CostResult& c);
nlohmann::json to_json(const Notice& n);
nlohmann::json to_json(const Option& o);
nlohmann::json to_json(const Recommendation& r);
nlohmann::json to_json(const ServingSearch& r);

// A result figure by the contract's path ("memory.total", "compute.mfu", ...).
std::optional<double> result_value(const Estimate& e, const std::string& path);
// The same on an estimate already written as JSON (to_json(e)), for many paths at once.
std::optional<double> result_value(const nlohmann::json& result, const std::string& path);

}  // namespace xuanka::core
