// Benchmark (tests layer): estimates per second over the public validation cases, and later the
// recommender's full search. Prints figures; asserts nothing about speed.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/contract.h"
#include "core/catalog_embedded.h"
#include "core/estimator.h"
#include "core/recommend.h"

using namespace xuanka::core;

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : std::string(XUANKA_VECTORS_DIR) + "/validation_public.jsonl";
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "bench: cannot read %s\n", path.c_str());
    return 2;
  }
  Diagnostics d;
  const Catalog cat = load_embedded_catalog(d);
  std::vector<Scenario> scenarios;
  std::string line;
  while (std::getline(in, line)) {
    const auto c = nlohmann::json::parse(line, nullptr, false);
    if (c.is_discarded() || !c.contains("scenario")) continue;
    Scenario s;
    if (from_json(c["scenario"], cat, s).empty()) scenarios.push_back(s);
  }
  if (scenarios.empty()) return 2;
  using clock = std::chrono::steady_clock;
  double sink = 0;
  long n = 0;
  const auto t0 = clock::now();
  double elapsed = 0;
  while (elapsed < 1.0) {
    for (const Scenario& s : scenarios) sink += estimate(s).total_bytes;
    n += static_cast<long>(scenarios.size());
    elapsed = std::chrono::duration<double>(clock::now() - t0).count();
  }
  std::printf("bench: %ld estimates in %.3f s over %zu public cases: %.0f estimates/s (checksum %.3g)\n", n, elapsed,
              scenarios.size(), n / elapsed, sink);
  // The recommender's full search over the whole catalog, for three kinds of job.
  const char* jobs[] = {
      R"({"model": "llama-2-7b", "task": "qlora", "seq_len": 2048, "tokens": 1e8})",
      R"({"model": "llama-3.1-70b", "task": "full_ft", "seq_len": 4096, "tokens": 1e10, "global_batch": 256})",
      R"({"model": "qwen2.5-72b", "task": "inference", "serving": {"batch": 16, "prompt_tokens": 2048, "output_tokens": 512}})",
      // The largest job in the catalog (issue 13's budget: <= 50 ms as WebAssembly), up to 4096 cards.
      R"({"model": "llama-3.1-405b", "task": "full_ft", "seq_len": 8192, "tokens": 1.5e10, "global_batch": 512})"};
  for (const char* j : jobs) {
    Scenario s;
    if (!from_json(nlohmann::json::parse(j), cat, s).empty()) return 2;
    const auto r0 = clock::now();
    int reps = 0;
    long estimates = 0;
    std::size_t options = 0;
    while (std::chrono::duration<double>(clock::now() - r0).count() < 0.5) {
      const Recommendation r = recommend(s, cat, Constraints{});
      estimates = r.estimates_run;
      options = r.options.size();
      ++reps;
    }
    const double ms = std::chrono::duration<double>(clock::now() - r0).count() * 1000.0 / reps;
    std::printf("bench: full recommend search (%s, %s): %.2f ms (%ld estimates, %zu options)\n", s.model_id.c_str(),
                word(s.task), ms, estimates, options);
  }
  // The serving plan over the catalog (issue 33's budget: DeepSeek-V3 under 50 ms as WebAssembly):
  // 200 users at 20 tokens/s, first token within 3 s.
  {
    Scenario s;
    if (!from_json(nlohmann::json::parse(R"({"model": "deepseek-v3", "task": "inference", "weights": "fp8",
        "serving": {"batch": 1, "prompt_tokens": 2048, "output_tokens": 512, "engine": "sglang"}})"), cat, s).empty()) return 2;
    ServingTarget t;
    t.users = 200;
    t.tokens_per_s_per_user = 20;
    t.ttft_s = 3.0;
    const auto r0 = clock::now();
    int reps = 0;
    std::size_t options = 0;
    while (std::chrono::duration<double>(clock::now() - r0).count() < 0.5) {
      options = plan_deployments(s, cat, t, Constraints{}).options.size();
      ++reps;
    }
    const double ms = std::chrono::duration<double>(clock::now() - r0).count() * 1000.0 / reps;
    std::printf("bench: serving plan (deepseek-v3 fp8, 200 users x 20 tokens/s, TTFT 3 s): %.2f ms (%zu deployments)\n", ms, options);
  }
  return 0;
}
