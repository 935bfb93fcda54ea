// Validation cases (core layer): ../shared/SCENARIO.md "Validation case".
#include "core/validation.h"

#include <cmath>
#include <sstream>

namespace xuanka::core {

using nlohmann::json;

bool to_base_unit(double v, const std::string& unit, double& out) {
  if (unit == "GB") out = v * 1e9;
  else if (unit == "GiB") out = v * 1073741824.0;
  else if (unit == "MB") out = v * 1e6;
  else if (unit == "MiB") out = v * 1048576.0;
  else if (unit == "bytes") out = v;
  else if (unit == "gpu_hours" || unit == "days" || unit == "tokens_per_s_per_gpu" || unit == "tflops_per_gpu" || unit == "mfu") out = v;
  else return false;
  return true;
}

CaseResult run_case(const json& c, const Catalog& catalog) {
  CaseResult r;
  Diagnostics d;
  ObjectReader cr(c, "case", d);
  r.id = cr.str("id", true).value_or("?");
  cr.word("kind", true, {"train_mem", "infer_mem", "train_time", "throughput"});
  r.compare = cr.str("compare", true).value_or("");
  r.tolerance = cr.num("tolerance", true, 0, 10).value_or(0);
  cr.str("source", false);
  cr.str("notes", false);
  Scenario s;
  if (const json* sj = cr.get("scenario")) {
    for (const auto& x : from_json(*sj, catalog, s)) d.push_back(x);
  } else {
    cr.error("scenario", "required object is missing");
  }
  if (const json* p = cr.get("published")) {
    ObjectReader pr(*p, "case.published", d);
    const double v = pr.num("value", true, 0, 1e30).value_or(0);
    r.unit = pr.str("unit", true).value_or("");
    if (!to_base_unit(v, r.unit, r.published)) pr.error("unit", "unknown unit \"" + r.unit + "\"");
    pr.finish();
  } else {
    cr.error("published", "required object is missing");
  }
  cr.finish();
  if (!d.empty()) {
    r.error = d.front().text();
    return r;
  }
  const Estimate e = estimate(s);
  const auto v = result_value(e, r.compare);
  if (!v) {
    r.error = "the estimate has no figure for " + r.compare + " (needs a gpu and tokens?)";
    return r;
  }
  r.estimate = *v;
  r.ratio = r.published > 0 ? r.estimate / r.published : 0;
  r.pass = std::fabs(r.ratio - 1.0) <= r.tolerance;
  return r;
}

std::vector<CaseResult> run_cases(const std::string& jsonl, const Catalog& catalog) {
  std::vector<CaseResult> out;
  std::istringstream in(jsonl);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const json c = json::parse(line, nullptr, false);
    if (c.is_discarded()) {
      CaseResult r;
      r.id = "line " + std::to_string(n);
      r.error = "line " + std::to_string(n) + ": not valid JSON";
      out.push_back(r);
      continue;
    }
    out.push_back(run_case(c, catalog));
  }
  return out;
}

}  // namespace xuanka::core
