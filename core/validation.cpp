// Validation cases (core layer): ../shared/SCENARIO.md "Validation case".
#include "core/validation.h"
#include "core/json_reader.h"

#include <cmath>
#include <sstream>

namespace xuanka::core {

using nlohmann::json;

bool to_path_unit(double v, const std::string& unit, const std::string& path, double& out) {
  const bool memory = path.rfind("memory.", 0) == 0;
  if (unit == "GB" || unit == "GiB" || unit == "MB" || unit == "MiB" || unit == "bytes") {
    if (!memory) return false;
    out = unit == "GB" ? v * 1e9 : unit == "GiB" ? v * 1073741824.0 : unit == "MB" ? v * 1e6 : unit == "MiB" ? v * 1048576.0 : v;
    return true;
  }
  // Time units convert to the path's own unit (SCENARIO.md, "Validation cases (added kinds and units)").
  if (unit == "ms" || unit == "s" || unit == "min" || unit == "h") {
    const double seconds = unit == "ms" ? v / 1e3 : unit == "s" ? v : unit == "min" ? v * 60 : v * 3600;
    if (path == "compute.latency_ms") out = seconds * 1e3;
    else if (path == "compute.train_s" || path == "compute.s_per_image" || path == "compute.s_per_clip" || path == "serving.ttft_s" || path == "serving.ttft_decode_last_s" ||
             path == "serving.prefill_s") out = seconds;
    else return false;
    return true;
  }
  if (unit == "s_per_it") {
    if (path != "compute.it_per_s" || !(v > 0)) return false;
    out = 1.0 / v;
    return true;
  }
  // LLM serving (our extension, kind serve_speed): decode speed in tokens/s, or the time per output
  // token (TPOT, ms), the reciprocal of one request's decode speed.
  if (unit == "tokens_per_s") {
    if (path != "serving.decode_tokens_per_s_per_request" && path != "serving.decode_tokens_per_s_total" && path != "serving.output_tokens_per_s_total") return false;
    out = v;
    return true;
  }
  if (unit == "ms_per_token") {
    if (path != "serving.decode_tokens_per_s_per_request" || !(v > 0)) return false;
    out = 1e3 / v;
    return true;
  }
  for (const char* u : {"gpu_hours", "days", "tokens_per_s_per_gpu", "tflops_per_gpu", "mfu", "it_per_s", "images_per_s", "fps", "clips_per_hour"}) {
    if (unit == u) {
      out = v;
      return true;
    }
  }
  return false;
}

CaseResult run_case(const json& c, const Catalog& catalog) {
  CaseResult r;
  Diagnostics d;
  ObjectReader cr(c, "case", d);
  r.id = cr.str("id", true).value_or("?");
  r.kind = cr.word("kind", true, {"train_mem", "infer_mem", "train_time", "throughput", "image_train_mem", "image_train_speed",
                                   "image_infer_mem", "image_infer_speed", "vision_infer_mem", "vision_infer_speed", "serve_speed",
                                   "video_infer_mem", "video_infer_speed", "video_train_mem", "video_train_speed"}).value_or("");
  r.compare = cr.str("compare", true).value_or("");
  r.tolerance = cr.num("tolerance", true, 0, 10).value_or(0);
  r.source = cr.str("source", false).value_or("");
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
    r.bound = pr.word("bound", false, {"upper", "lower"}).value_or("");
    r.published_shown = v;
    if (!to_path_unit(v, r.unit, r.compare, r.published)) pr.error("unit", "unit \"" + shorten(r.unit) + "\" is unknown or does not fit " + r.compare);
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
  if (r.bound == "upper") r.pass = r.ratio <= 1.0 + r.tolerance;
  else if (r.bound == "lower") r.pass = r.ratio >= 1.0 - r.tolerance;
  else r.pass = std::fabs(r.ratio - 1.0) <= r.tolerance;
  // The estimate in the published unit (for printing): the same conversion backwards.
  double one = 0;
  if (r.unit == "s_per_it") r.estimate_shown = r.estimate > 0 ? 1.0 / r.estimate : 0;
  else if (r.unit == "ms_per_token") r.estimate_shown = r.estimate > 0 ? 1e3 / r.estimate : 0;
  else r.estimate_shown = to_path_unit(1.0, r.unit, r.compare, one) && one > 0 ? r.estimate / one : r.estimate;
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
    Diagnostics d;
    const json c = parse_json_text(line, "line " + std::to_string(n), d);
    if (c.is_discarded()) {
      CaseResult r;
      r.id = "line " + std::to_string(n);
      r.error = d.front().text();
      out.push_back(r);
      continue;
    }
    out.push_back(run_case(c, catalog));
  }
  return out;
}

}  // namespace xuanka::core
