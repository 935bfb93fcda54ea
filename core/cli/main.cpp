// xuanka — the command-line tool (CLI layer over core): reads files, prints what core computes.
//   xuanka estimate SCENARIO.json [--json]     xuanka validate CASES.jsonl
//   xuanka catalog list | show ID | check FILE
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/brand.h"
#include "core/catalog_embedded.h"
#include "core/contract.h"
#include "core/estimator.h"
#include "core/format.h"
#include "core/overlay.h"
#include "core/recommend.h"
#include "core/host.h"
#include "core/run_config.h"
#include "core/smi_parse.h"
#include "core/validation.h"
#include "embedded_catalog.h"

using namespace xuanka::core;
using nlohmann::json;

namespace {

int usage(std::FILE* out) {
  std::fprintf(out,
               "xuanka %s — GPU / AI-server selection calculator\n"
               "usage:\n"
               "  xuanka estimate SCENARIO.json [--json]   per-GPU memory, time and speed of a scenario\n"
               "  xuanka recommend SCENARIO.json [--users N --tpot-ms MS --ttft-s S --rps R] (serving: the deployments that meet it)\n"
               "  xuanka recommend SCENARIO.json [--budget CNY --budget-kind rent|buy --offer lease|on_demand|market|serverless\n"
               "      --deadline DAYS --domestic --max-cards N --form-factor F --max-rack-kw KW --in-stock --goal cheapest|fastest|purchase|within\n"
               "      --region ID --streams N --clips-per-day N --json]\n"
               "                                           ranked cards x counts x strategies that fit, with time and cost\n"
               "  xuanka validate CASES.jsonl              estimate vs published figures, one row per case\n"
               "  xuanka accuracy NAME=CASES.jsonl ...     per-kind pass rate, median error and band (catalog/accuracy.json)\n"
               "  xuanka catalog list                      accelerators, models and regions\n"
               "  xuanka catalog show ID                   one accelerator, model or region as JSON\n"
               "  xuanka catalog stats                     counts, catalog figures with / without a source, prices by offer kind\n"
               "  xuanka catalog prices [--offer KIND] [--json]\n"
               "                                           each card's price per kind of offer (lease | on_demand | market | serverless | purchase)\n"
               "  xuanka catalog check FILE                validate an accelerators/models/regions JSON file or a vendor overlay\n"
               "  xuanka check FILE|-                      name the cards in pasted nvidia-smi / npu-smi output\n"
               "  xuanka config SCENARIO.json [--for deepspeed|fsdp|megatron|vllm|sglang|mindie]\n"
               "                                           a runnable configuration for the scenario\n"
               "  xuanka brand OVERLAY.json IN.html OUT.html\n"
               "                                           write a page branded with a vendor overlay (refused when it has problems)\n"
               "  xuanka --version\n",
               XUANKA_VERSION);
  return out == stdout ? 0 : 2;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

Catalog catalog_or_die() {
  Diagnostics d;
  Catalog c = load_embedded_catalog(d);
  for (const auto& x : d) std::fprintf(stderr, "xuanka: embedded catalog: %s\n", x.text().c_str());
  if (!d.empty()) std::exit(3);
  return c;
}

// Reads SCENARIO.json and parses it against the contract; prints every problem and returns false.
bool load_scenario(const char* path, const Catalog& cat, Scenario& s) {
  std::string text;
  if (!read_file(path, text)) {
    std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(path).c_str());
    return false;
  }
  Diagnostics pd;
  const json j = parse_json_text(text, shorten(path), pd);
  if (j.is_discarded()) {
    std::fprintf(stderr, "xuanka: %s\n", pd.front().text().c_str());
    return false;
  }
  const Diagnostics d = from_json(j, cat, s);
  for (const auto& x : d) std::fprintf(stderr, "xuanka: %s\n", x.text().c_str());
  return d.empty();
}

std::string gib(double b) { return format_sig(b / 1073741824.0, 4) + " GiB"; }

int cmd_estimate(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  const bool as_json = argc > 3 && std::strcmp(argv[3], "--json") == 0;
  const Catalog cat = catalog_or_die();
  Scenario s;
  if (!load_scenario(argv[2], cat, s)) return 2;
  const Estimate e = estimate(s);
  const MemoryBreakdown& m = e.memory;
  if (as_json) {
    const HostSizing h = size_host(s, e);
    json host = {{"nodes", h.nodes}, {"cards_per_node", h.cards_per_node}, {"cpu_need_bytes_per_node", h.cpu_need_bytes_per_node},
                 {"cpu_reference_bytes_per_node", h.cpu_reference_bytes_per_node}, {"weights_file_bytes", h.weights_file_bytes},
                 {"checkpoint_bytes", h.checkpoint_bytes}, {"kept_checkpoints", h.kept_checkpoints}, {"disk_bytes", h.disk_bytes}};
    if (h.sync_gbit_per_s_per_card) host["sync_gbit_per_s_per_card"] = *h.sync_gbit_per_s_per_card;
    if (h.nic_gbit_per_s_per_card) host["nic_gbit_per_s_per_card"] = *h.nic_gbit_per_s_per_card;
    Diagnostics ad;
    const Accuracy acc = load_embedded_accuracy(ad);
    const json out = {{"scenario", to_json(s)}, {"result", to_json(e)}, {"ranges", to_json(figure_ranges(acc, s, e))}, {"host", host}};
    std::printf("%s\n", dump_json(out, 2).c_str());
    return 0;
  }
  std::printf("model %s, task %s, %s params (%s trainable)\n", s.model_id.c_str(), word(s.task),
              format_count(e.params).c_str(), format_count(e.trainable_params).c_str());
  std::printf("per GPU memory:\n");
  const std::pair<const char*, double> rows[] = {
      {"weights", m.weights_bytes}, {"gradients", m.gradients_bytes}, {"optimizer", m.optimizer_bytes},
      {"activations", m.activations_bytes}, {"logits", m.logits_bytes}, {"kv cache", m.kv_cache_bytes},
      {"temporary", m.temporary_bytes}, {"context", m.context_bytes}, {"fragmentation", m.fragmentation_bytes}};
  for (const auto& [k, v] : rows) std::printf("  %-14s %12s\n", k, gib(v).c_str());
  std::printf("  %-14s %12s\n  %-14s %12s\n  %-14s %12s\n", "model states", gib(e.model_states_bytes).c_str(),
              "peak allocated", gib(e.peak_allocated_bytes).c_str(), "total", gib(e.total_bytes).c_str());
  if (s.model.kind == ModelKind::llm) std::printf("  kv cache per token: %s\n", format_bytes_binary(e.kv_cache_per_token_bytes).c_str());
  Diagnostics ad;
  const Accuracy acc = load_embedded_accuracy(ad);
  const std::vector<FigureRange> ranges = figure_ranges(acc, s, e);
  // "  range  lo - hi UNIT (4 in 5 published figures of KIND within)" for a result path with a band.
  auto print_range = [&](const char* path, const char* unit, double scale) {
    for (const auto& r : ranges) {
      if (r.path != path) continue;
      const std::string hi = std::isfinite(r.range.hi) ? format_sig(r.range.hi * scale, 3) : std::string("?");
      std::printf("  range          %s - %s %s (4 in 5 published figures of %s within)\n", format_sig(r.range.lo * scale, 3).c_str(), hi.c_str(), unit,
                  r.group == FigureGroup::training_speed ? "training speed" : r.group == FigureGroup::serving ? "LLM serving speed"
                  : r.group == FigureGroup::video_speed ? "video generation speed" : r.group == FigureGroup::video_memory ? "video generation memory" : "inference speed");
    }
  };
  {
    if (const auto r = range_of(acc, memory_group(s), e.total_bytes)) {
      std::printf("  range          %s - %s (4 in 5 published figures of memory within)\n", gib(r->lo).c_str(), gib(r->hi).c_str());
    }
    if (e.fits && s.gpu->memory_bytes) {
      const FitVerdict v = fit_verdict(acc, e.total_bytes, *s.gpu->memory_bytes, memory_group(s));
      std::printf("fits on %s: %s (headroom %s)\n", s.gpu->name.c_str(),
                  v == FitVerdict::fits ? "yes" : v == FitVerdict::tight ? "tight (within the estimate's range)" : "NO", gib(*e.headroom_bytes).c_str());
    }
  }
  if (e.tokens_per_s_per_gpu) {
    std::printf("training: %s tokens/s per GPU, %s TFLOP/s per GPU, MFU %s\n", format_sig(*e.tokens_per_s_per_gpu, 4).c_str(),
                format_sig(*e.tflops_per_gpu, 4).c_str(), format_sig(*e.mfu, 3).c_str());
    print_range("compute.tokens_per_s_per_gpu", "tokens/s per GPU", 1.0);
  }
  if (e.gpu_hours) {
    std::printf("job: %s GPU-hours, %s days on %d GPUs\n", format_sig(*e.gpu_hours, 4).c_str(), format_sig(*e.days, 3).c_str(), s.parallel.gpus);
    print_range("compute.days", "days", 1.0);
  }
  if (e.gpu_hours_expected) {
    std::printf("  expected run   %s GPU-hours, %s days (with failures, restarts and checkpoints)\n", format_sig(*e.gpu_hours_expected, 4).c_str(),
                format_sig(*e.days_expected, 3).c_str());
    print_range("compute.days_expected", "days (to the slow end: each failure also losing half a 3-hour checkpoint interval)", 1.0);
  }
  if (e.gpu_hours_manual) {
    std::printf("  by hand        %s GPU-hours, %s days (failures found and restarted by hand, as OPT-175B's 2021 run)\n",
                format_sig(*e.gpu_hours_manual, 4).c_str(), format_sig(*e.days_manual, 3).c_str());
    print_range("compute.days_manual", "days", 1.0);
  }
  if (e.decode_tokens_per_s_per_request) {
    std::printf("serving: time to first token %s s (at this load, queued; the whole batch's prefill %s s), decode %s tokens/s per request, %s in total\n",
                format_sig(*e.ttft_s, 3).c_str(), format_sig(*e.prefill_s, 3).c_str(),
                format_sig(*e.decode_tokens_per_s_per_request, 4).c_str(), format_sig(*e.decode_tokens_per_s_total, 4).c_str());
    print_range("serving.ttft_s", "s to the first token", 1.0);
    print_range("serving.decode_tokens_per_s_per_request", "tokens/s per request", 1.0);
  }
  if (e.fps) {
    std::printf("vision: %s ms per forward of the batch, %s frames/s per card, %s camera streams\n", format_sig(*e.latency_ms, 4).c_str(),
                format_sig(*e.fps, 4).c_str(), format_sig(e.streams.value_or(0), 4).c_str());
    print_range("compute.fps", "frames/s per card", 1.0);
  } else if (s.model.kind == ModelKind::video && e.it_per_s) {
    if (e.s_per_clip) {
      std::printf("video: %s s per clip on %d card(s) (%s s per denoising step), %s clips per hour per card\n", format_sig(*e.s_per_clip, 4).c_str(),
                  s.parallel.gpus, format_sig(1.0 / *e.it_per_s, 4).c_str(), format_sig(*e.clips_per_hour, 4).c_str());
      print_range("compute.s_per_clip", "s per clip", 1.0);
    } else {
      std::printf("video: %s s per optimizer step", format_sig(1.0 / *e.it_per_s, 4).c_str());
      if (e.train_s) std::printf(", %s h for the training steps", format_sig(*e.train_s / 3600, 4).c_str());
      std::printf("\n");
      print_range("compute.it_per_s", "it/s", 1.0);
    }
  } else if (e.it_per_s) {
    std::printf("image: %s it/s, %s images/s per GPU (%s s per image)", format_sig(*e.it_per_s, 4).c_str(), format_sig(*e.images_per_s, 4).c_str(),
                format_sig(*e.s_per_image, 4).c_str());
    if (e.latency_ms) std::printf(", %s s per pipeline call", format_sig(*e.latency_ms / 1e3, 4).c_str());
    if (e.train_s) std::printf(", %s h for the training steps", format_sig(*e.train_s / 3600, 4).c_str());
    std::printf("\n");
    print_range("compute.it_per_s", "it/s", 1.0);
    print_range("compute.train_s", "h for the training steps", 1.0 / 3600);
  }
  if (s.gpu && s.task == Task::inference && (s.model.kind == ModelKind::diffusion || s.model.kind == ModelKind::video)) {
    // A unit of output at the card's lease rent (core/cost.h output_cost; the page prices the kind
    // of offer and region the user picks).
    CostInputs ci;
    ci.cards = s.parallel.gpus;
    const CostResult c = cost(*s.gpu, nullptr, ci, std::nullopt);
    const OutputCost oc = output_cost(c, s, e);
    const std::string rent = c.rent_cny_per_hour ? format_sig(*c.rent_cny_per_hour, 4) : "";
    if (oc.cny_per_1000_images) std::printf("cost: CNY %s per 1,000 images at the lease rent of %d card(s), CNY %s/h\n", format_sig(*oc.cny_per_1000_images, 4).c_str(), s.parallel.gpus, rent.c_str());
    if (oc.cny_per_clip) std::printf("cost: CNY %s per clip at the lease rent of %d card(s), CNY %s/h\n", format_sig(*oc.cny_per_clip, 4).c_str(), s.parallel.gpus, rent.c_str());
  }
  if (e.max_context_tokens) std::printf("largest context at this batch: %s tokens (%s)\n", format_sig(*e.max_context_tokens, 6).c_str(),
                                        e.max_context_model_bound ? "the model's own limit" : "limited by memory");
  if (e.max_batch) std::printf("largest batch at this context: %s\n", format_sig(*e.max_batch, 6).c_str());
  {
    const HostSizing h = size_host(s, e);
    std::printf("host: %d server(s) of %d cards; CPU memory per server %s needed (offload %s + one copy of the weights %s; a DGX-style server has %s)\n",
                h.nodes, h.cards_per_node, gib(h.cpu_need_bytes_per_node).c_str(), gib(h.cpu_offload_bytes_per_node).c_str(),
                gib(h.cpu_loading_bytes_per_node).c_str(), gib(h.cpu_reference_bytes_per_node).c_str());
    std::printf("host: disk %s (weights %s", gib(h.disk_bytes).c_str(), gib(h.weights_file_bytes).c_str());
    if (h.kept_checkpoints > 0) std::printf(" + %d checkpoints of %s", h.kept_checkpoints, gib(h.checkpoint_bytes).c_str());
    std::printf(")\n");
    if (h.sync_gbit_per_s_per_card) {
      std::printf("host: network %s Gb/s a card's port hides the gradient sync under the compute", format_sig(*h.sync_gbit_per_s_per_card, 3).c_str());
      if (h.nic_gbit_per_s_per_card && h.nic_given) std::printf(" (your cluster: %s Gb/s per card)", format_sig(*h.nic_gbit_per_s_per_card, 3).c_str());
      else if (h.nic_gbit_per_s_per_card) std::printf(" (%s%s: one %s Gb/s port per card)", h.nic_assumed ? "assumed, the layout of " : "", h.nic_reference.c_str(), format_sig(*h.nic_gbit_per_s_per_card, 3).c_str());
      std::printf("\n");
    }
  }
  for (const auto& a : e.assumptions) std::printf("assumption: %s\n", notice_text(a, Lang::en).c_str());
  for (const auto& w : e.warnings) std::printf("warning: %s\n", notice_text(w, Lang::en).c_str());
  return 0;
}

int cmd_validate(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  std::string text;
  if (!read_file(argv[2], text)) {
    std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(argv[2]).c_str());
    return 2;
  }
  const Catalog cat = catalog_or_die();
  int passed = 0, failed = 0;
  std::printf("%-40s %14s %14s %7s  %s\n", "id", "estimate", "published", "ratio", "result");
  for (const CaseResult& r : run_cases(text, cat)) {
    if (!r.error.empty()) {
      std::printf("%-40s %14s %14s %7s  FAIL (%s)\n", r.id.c_str(), "-", "-", "-", r.error.c_str());
      ++failed;
      continue;
    }
    const std::string bound = r.bound == "upper" ? " ≤" : r.bound == "lower" ? " ≥" : " ±";
    std::printf("%-40s %14s %14s %7s  %s (%s%s)\n", r.id.c_str(), (format_sig(r.estimate_shown, 4) + " " + r.unit).c_str(),
                (format_sig(r.published_shown, 4) + " " + r.unit).c_str(), format_sig(r.ratio, 3).c_str(),
                r.pass ? "pass" : "FAIL", bound.substr(1).c_str(), format_sig(r.tolerance, 2).c_str());
    (r.pass ? passed : failed)++;
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

// xuanka accuracy NAME=FILE.jsonl ...: the summary that catalog/accuracy.json embeds.
int cmd_accuracy(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  const Catalog cat = catalog_or_die();
  std::vector<std::pair<std::string, std::vector<CaseResult>>> sets;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::size_t eq = arg.find('=');
    const std::string name = eq == std::string::npos ? arg : arg.substr(0, eq), file = eq == std::string::npos ? arg : arg.substr(eq + 1);
    std::string text;
    if (!read_file(file, text)) {
      std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(file).c_str());
      return 2;
    }
    sets.emplace_back(name, run_cases(text, cat));
  }
  std::printf("%s\n", dump_json(to_json(summarise(sets)), 1).c_str());
  return 0;
}

int cmd_recommend(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  const Catalog cat = catalog_or_die();
  Scenario s;
  if (!load_scenario(argv[2], cat, s)) return 2;
  // The flags become the constraints object of the contract (core/contract.h), so the CLI and
  // the page share one parser and one set of messages.
  struct Flag { const char* flag; const char* key; enum { number, word, boolean, list } kind; };
  static const Flag kFlags[] = {
      {"--budget", "budget_cny", Flag::number},        {"--budget-kind", "budget_kind", Flag::word},
      {"--offer", "offer", Flag::word},
      {"--deadline", "deadline_days", Flag::number},   {"--domestic", "domestic_only", Flag::boolean},
      {"--in-stock", "in_stock_only", Flag::boolean},  {"--max-cards", "max_cards", Flag::number},
      {"--form-factor", "form_factors", Flag::list},   {"--max-rack-kw", "max_rack_kw", Flag::number},
      {"--goal", "goal", Flag::word},                  {"--region", "region", Flag::word},
      {"--streams", "streams", Flag::number}, {"--clips-per-day", "clips_per_day", Flag::number}};
  json cj = json::object();
  bool as_json = false;
  // Serving targets (issue 33): the deployments that serve so many users at a per-user speed and
  // a first token within so long.
  struct TargetFlag { const char* flag; std::optional<double> value; double lo, hi; const char* what; };
  TargetFlag targets[] = {{"--users", std::nullopt, 1, 1e7, "concurrent requests, 1 to 10,000,000"},
                          {"--tpot-ms", std::nullopt, 0.1, 1e6, "milliseconds per output token of each user, above 0"},
                          {"--ttft-s", std::nullopt, 0.001, 1e5, "seconds to the first token, above 0"},
                          {"--rps", std::nullopt, 1e-6, 1e7, "requests arriving per second, above 0"}};
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json") {
      as_json = true;
      continue;
    }
    TargetFlag* tf = nullptr;
    for (TargetFlag& x : targets) tf = a == x.flag ? &x : tf;
    if (tf) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "xuanka: %s needs a value (%s)\n", tf->flag, tf->what);
        return 2;
      }
      const std::string v = argv[++i];
      char* end = nullptr;
      const double x = std::strtod(v.c_str(), &end);
      if (!end || *end || v.empty() || !std::isfinite(x) || x < tf->lo || x > tf->hi) {
        std::fprintf(stderr, "xuanka: %s: expected %s, found \"%s\"\n", tf->flag, tf->what, shorten(v).c_str());
        return 2;
      }
      tf->value = x;
      continue;
    }
    const Flag* f = nullptr;
    for (const Flag& x : kFlags) f = a == x.flag ? &x : f;
    if (!f) {
      std::fprintf(stderr, "xuanka: recommend: unknown option %s\n", shorten(a).c_str());
      return 2;
    }
    if (f->kind == Flag::boolean) {
      cj[f->key] = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "xuanka: %s needs a value\n", f->flag);
      return 2;
    }
    const std::string v = argv[++i];
    if (f->kind == Flag::number) {
      char* end = nullptr;
      const double x = std::strtod(v.c_str(), &end);
      cj[f->key] = end && !*end && !v.empty() && std::isfinite(x) ? json(x) : json(v);
    } else if (f->kind == Flag::list) {
      cj[f->key].push_back(v);
    } else {
      cj[f->key] = v;
    }
  }
  Constraints c;
  const Diagnostics cd = from_json(cj, cat, c);
  // Sized so that Estimate says "fits": the top of the memory range within the card.
  Diagnostics ad;
  const Accuracy acc = load_embedded_accuracy(ad);
  const AccuracyGroup* memory_group = acc.group(FigureGroup::memory);
  c.memory_band = memory_group ? memory_group->band : 0.0;
  for (const auto& x : cd) {
    std::string where = x.path;
    for (const Flag& f : kFlags) {
      if (x.path == std::string("constraints.") + f.key) where = f.flag;
    }
    std::fprintf(stderr, "xuanka: %s: %s\n", where.c_str(), x.message.c_str());
  }
  if (!cd.empty()) return 2;
  if (targets[0].value || targets[3].value || targets[1].value || targets[2].value) {
    if (s.task != Task::inference || s.model.kind != ModelKind::llm) {
      std::fprintf(stderr, "xuanka: --users, --tpot-ms, --ttft-s and --rps size the serving of a language model: the scenario's task must be inference\n");
      return 2;
    }
    ServingTarget t;
    t.users = targets[0].value.value_or(1);
    if (targets[1].value) t.tokens_per_s_per_user = 1000.0 / *targets[1].value;
    t.ttft_s = targets[2].value;
    t.requests_per_s = targets[3].value;
    t.memory_band = c.memory_band;
    const ServingSearch r = plan_deployments(s, cat, t, c);
    if (as_json) {
      std::printf("%s\n", dump_json(to_json(r), 2).c_str());
      return 0;
    }
    int k = 0;
    for (const ServingDeployment& d : r.options) {
      if (++k > 15) break;
      const ServingPlan& p = d.plan;
      const std::string pools = p.prefill_cards > 0 ? ", prefill on " + std::to_string(p.prefill_cards) + " more cards," : "";
      std::printf("%2d. %lld x %-34s tp %d%s%s%s, %lld %sreplica%s of %d card%s%s %lld requests each: %s tokens/s per user, first token %s s; binds: %s\n", k, p.cards,
                  d.card->name.c_str(), d.scenario.parallel.tp, d.scenario.parallel.pp > 1 ? (" pp " + std::to_string(d.scenario.parallel.pp)).c_str() : "",
                  d.scenario.parallel.ep > 1 ? (" ep " + std::to_string(d.scenario.parallel.ep)).c_str() : "",
                  d.scenario.serving.speculative ? (std::string(" + ") + word(d.scenario.serving.speculative->method)).c_str() : "", p.replicas,
                  p.prefill_cards > 0 ? "decode " : "", p.replicas == 1 ? "" : "s", p.cards_per_replica, p.cards_per_replica == 1 ? "" : "s",
                  pools.empty() ? "," : pools.c_str(), p.batch_per_replica, format_sig(p.tokens_per_s_per_user, 3).c_str(),
                  format_sig(p.ttft_s, 3).c_str(), p.limit.c_str());
      // What it costs, each part where the catalog has its price.
      std::string cost;
      if (d.cost.rent_monthly_cny) cost += "rent " + format_grouped(*d.cost.rent_monthly_cny) + " CNY/month";
      if (d.cny_per_mtok) cost += (cost.empty() ? "" : ", ") + format_sig(*d.cny_per_mtok, 3) + " CNY per million output tokens";
      if (d.cost.purchase_cny) {
        cost += (cost.empty() ? "" : ", ") + std::string("buy ") + format_grouped(*d.cost.purchase_cny) + " CNY";
        if (d.cost.own_monthly_cny) cost += " (" + format_grouped(*d.cost.own_monthly_cny) + " CNY/month owned)";
      }
      if (!cost.empty()) std::printf("      %s\n", cost.c_str());
      for (const auto& w : d.warnings) std::printf("      ! %s\n", notice_text(w, Lang::en).c_str());
    }
    std::printf("%zu deployments meet the targets; %zu cards cannot", r.options.size(), r.unmet.size());
    int shown = 0;
    for (const auto& [card, limit] : r.unmet) {
      if (shown++ >= 8) break;
      std::printf("%s %s (%s)", shown == 1 ? ":" : ",", card->name.c_str(), limit.c_str());
    }
    std::printf("%s\n", r.unmet.size() > 8 ? ", ..." : "");
    for (const auto& x : r.left_out) std::printf("left out: %s\n", notice_text(x, Lang::en).c_str());
    return 0;
  }
  const Recommendation r = recommend(s, cat, c);
  if (as_json) {
    std::printf("%s\n", dump_json(to_json(r), 2).c_str());
    return 0;
  }
  if (r.nothing_fits) {
    std::printf("nothing fits these constraints");
    if (r.what_it_would_take) std::printf(": it would take %s", notice_text(*r.what_it_would_take, Lang::en).c_str());
    std::printf("\n");
    if (r.nearest) std::printf("nearest: %d x %s\n", r.nearest->cards, r.nearest->card->name.c_str());
  }
  int k = 0;
  for (const Option& o : r.options) {
    if (++k > 15) break;
    std::printf("%2d. %d x %-30s", k, o.cards, o.card->name.c_str());
    if (o.job_days) std::printf("  %8s days", format_sig(*o.job_days, 3).c_str());
    if (o.job_cny) std::printf("  %12s CNY", format_grouped(*o.job_cny).c_str());
    std::printf("%s\n", o.pareto ? "  (Pareto)" : "");
    for (const auto& x : o.reasons) std::printf("      %s\n", notice_text(x, Lang::en).c_str());
    for (const auto& x : o.warnings) std::printf("      ! %s\n", notice_text(x, Lang::en).c_str());
  }
  std::printf("%zu options (%ld estimates)\n", r.options.size(), r.estimates_run);
  for (const auto& x : r.left_out) std::printf("left out: %s\n", notice_text(x, Lang::en).c_str());
  return 0;
}

int cmd_check(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  std::string text;
  if (std::string(argv[2]) == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
  } else if (!read_file(argv[2], text)) {
    std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(argv[2]).c_str());
    return 2;
  }
  const Catalog cat = catalog_or_die();
  const SmiReport r = parse_smi(text, cat);
  std::printf("format: %s", format_name(r.format));
  if (!r.driver_version.empty()) std::printf(", driver %s", r.driver_version.c_str());
  if (!r.cuda_version.empty()) std::printf(", CUDA %s", r.cuda_version.c_str());
  std::printf("\n");
  if (r.devices.empty()) {
    std::printf("no device recognised in this text\n");
    return 1;
  }
  const int cards = smi_cards(r);
  const bool chips = cards < static_cast<int>(r.devices.size());  // some card has several chips
  std::printf("%d card%s, %zu device%s\n", cards, cards == 1 ? "" : "s", r.devices.size(), r.devices.size() == 1 ? "" : "s");
  for (const SmiDevice& d : r.devices) {
    const Accelerator* a = d.matched_id.empty() ? nullptr : cat.find_accelerator(d.matched_id);
    const std::string at = "#" + std::to_string(d.index) + (chips && d.chip ? " chip " + std::to_string(*d.chip) : std::string());
    std::printf("%-10s %-24s -> %s", at.c_str(), d.raw_name.c_str(), a ? (a->id + " (" + a->architecture + ")").c_str() : "not recognised");
    if (d.memory_total_mib) std::printf(", memory %s / %s MiB", format_sig(d.memory_used_mib.value_or(0), 6).c_str(), format_sig(*d.memory_total_mib, 6).c_str());
    if (d.utilization_pct) std::printf(", busy %s%%", format_sig(*d.utilization_pct, 3).c_str());
    std::printf(", verdict %s\n", verdict_name(d.verdict));
    for (const auto& alt : d.candidates) std::printf("   could also be %s\n", alt.c_str());
  }
  for (const auto& n : r.notes) std::printf("note: %s\n", n.c_str());
  return 0;
}

// xuanka brand OVERLAY.json IN.html OUT.html: the vendor's page, without a rebuild.
int cmd_brand(int argc, char** argv) {
  if (argc != 5) return usage(stderr);
  std::string overlay, page;
  for (const auto& [path, text] : {std::pair<const char*, std::string*>{argv[2], &overlay}, {argv[3], &page}}) {
    if (!read_file(path, *text)) {
      std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(path).c_str());
      return 2;
    }
  }
  const Catalog cat = catalog_or_die();
  const BrandedPage out = brand_page(overlay, page, cat);
  if (!out.problems.empty()) {
    for (const auto& x : out.problems) std::fprintf(stderr, "%s\n", x.text().c_str());
    std::fprintf(stderr, "xuanka brand: refused, %zu problem%s; %s was not written\n", out.problems.size(),
                 out.problems.size() == 1 ? "" : "s", shorten(argv[4]).c_str());
    return 1;
  }
  std::ofstream f(argv[4], std::ios::binary);
  f << out.html;
  if (!f.flush()) {
    std::fprintf(stderr, "xuanka: cannot write %s\n", shorten(argv[4]).c_str());
    return 2;
  }
  Catalog merged = cat;
  apply_overlay(overlay, merged);
  std::size_t offers = 0, hidden = 0, custom = 0;
  for (const auto& a : merged.accelerators) {
    offers += a.vendor_rent_cny_per_card_hour || a.vendor_purchase_cny || a.in_stock;
    hidden += a.hidden;
    custom += a.custom;
  }
  std::printf("%s: branded for %s (%zu cards with the vendor's offers, %zu hidden, %zu added%s)\n", shorten(argv[4]).c_str(),
              merged.vendor ? merged.vendor->name.c_str() : "(no vendor name)", offers, hidden, custom,
              merged.vendor && !merged.vendor->quote.empty() ? ", quote button" : "");
  return 0;
}

int cmd_catalog(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  const std::string sub = argv[2];
  if (sub == "check") {
    if (argc < 4) return usage(stderr);
    std::string text;
    if (!read_file(argv[3], text)) {
      std::fprintf(stderr, "xuanka: cannot read %s\n", shorten(argv[3]).c_str());
      return 2;
    }
    Diagnostics d;
    Diagnostics pd;
    const json probe = parse_json_text(text, "$", pd);
    const bool overlay = probe.is_object() && (probe.contains("offers") || probe.contains("vendor") ||
                                               probe.contains("hidden") || probe.contains("custom_accelerators"));
    if (overlay) {
      Catalog cat = catalog_or_die();
      d = apply_overlay(text, cat);
    } else if (text.find("\"accelerators\"") != std::string::npos) {
      std::vector<Accelerator> v;
      d = load_accelerators(text, v);
    } else if (text.find("\"models\"") != std::string::npos) {
      std::vector<ModelArch> v;
      d = load_models(text, v);
    } else {
      std::vector<Region> v;
      d = load_regions(text, v);
    }
    for (const auto& x : d) std::printf("%s\n", x.text().c_str());
    std::printf("%s: %zu problem%s\n", shorten(argv[3]).c_str(), d.size(), d.size() == 1 ? "" : "s");
    return d.empty() ? 0 : 1;
  }
  const Catalog cat = catalog_or_die();
  if (sub == "list") {
    std::printf("accelerators (%zu):\n", cat.accelerators.size());
    for (const auto& a : cat.accelerators) {
      const auto bf16 = a.peak_flops(Precision::bf16);
      std::printf("  %-28s %-36s %8s %10s  %s\n", a.id.c_str(), a.name.substr(0, 36).c_str(),
                  a.memory_bytes ? gib(*a.memory_bytes).c_str() : "unknown",
                  bf16 ? (format_sig(*bf16 / 1e12, 4) + " TF").c_str() : "unknown", a.domestic ? "domestic" : "");
    }
    std::printf("models (%zu):\n", cat.models.size());
    for (const auto& m : cat.models) std::printf("  %-30s %-10s %s params\n", m.id.c_str(), word(m.kind), format_count(m.params.value_or(0)).c_str());
    std::printf("regions (%zu):\n", cat.regions.size());
    for (const auto& g : cat.regions) std::printf("  %-20s %s-%s CNY/kWh, PUE %s\n", g.id.c_str(), format_sig(g.electricity_cny_per_kwh_lo).c_str(),
                                                  format_sig(g.electricity_cny_per_kwh_hi).c_str(), format_sig(g.pue_required).c_str());
    return 0;
  }
  if (sub == "stats") {
    // Every numeric figure counts as sourced when its entry names at least one source.
    long with = 0, without = 0;
    for (const auto& a : cat.accelerators) {
      long n = 0;
      for (const auto& [k, v] : a.dense_flops) n += v.has_value();
      n += a.memory_bytes.has_value() + a.memory_bandwidth_bytes_per_s.has_value() + a.tdp_w.has_value() +
           a.interconnect_bytes_per_s_bidirectional.has_value() + a.measured_bf16_matmul_flops.has_value();
      if (a.market) n += 2;
      (a.sources.empty() ? without : with) += n;
    }
    for (const auto& m : cat.models) {
      const long n = m.has_shape() ? 8 + (m.moe ? 5 : 0) + (m.mla ? 5 : 0) + (m.active_params ? 1 : 0)
                                   : 1 + static_cast<long>(m.components.size());
      (m.source.empty() ? without : with) += n;
    }
    for (const auto& g : cat.regions) (g.sources.empty() ? without : with) += 6;  // electricity low/high, PUE typical/required, rack kW low/high
    std::printf("accelerators %zu, models %zu, regions %zu; figures with a source: %ld, without: %ld\n",
                cat.accelerators.size(), cat.models.size(), cat.regions.size(), with, without);
    // Prices by offer kind (issue 34): each kind is its own market.
    for (const auto& row : EnumTable<OfferKind>::rows()) {
      int cards = 0;
      std::string oldest, newest;
      for (const auto& a : cat.accelerators) {
        const Accelerator::Price* p = a.market ? a.market->price(row.value) : nullptr;
        if (!p) continue;
        ++cards;
        if (oldest.empty() || p->oldest_date < oldest) oldest = p->oldest_date;
        if (p->date > newest) newest = p->date;
      }
      std::printf("prices %-10s %2d cards%s%s%s%s\n", row.word, cards, cards ? "; oldest " : "", oldest.c_str(), cards ? ", newest " : "", newest.c_str());
    }
    return without == 0 ? 0 : 1;
  }
  if (sub == "prices") {
    // One row per card and kind of offer: the typical price (the median within that kind), its
    // range, the newest month seen and the primary sources.
    std::optional<OfferKind> only;
    bool as_json = false;
    for (int i = 3; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--json") {
        as_json = true;
      } else if (a == "--offer" && i + 1 < argc) {
        only = from_word<OfferKind>(argv[++i]);
        if (!only) {
          std::fprintf(stderr, "xuanka: --offer: expected one of %s, found \"%s\"\n", words_text<OfferKind>().c_str(), shorten(argv[i]).c_str());
          return 2;
        }
      } else {
        std::fprintf(stderr, "xuanka: catalog prices: unknown option %s (--offer %s, --json)\n", shorten(a).c_str(), words_text<OfferKind>().c_str());
        return 2;
      }
    }
    json list = json::array();
    for (const auto& a : cat.accelerators) {
      for (const auto& row : EnumTable<OfferKind>::rows()) {
        const Accelerator::Price* p = a.market && (!only || *only == row.value) ? a.market->price(row.value) : nullptr;
        if (!p) continue;
        list.push_back({{"id", a.id}, {"offer", row.word}, {row.value == OfferKind::purchase ? "cny_per_card" : "cny_per_card_hour", p->typical},
                        {"low", p->low}, {"high", p->high}, {"date", p->date}, {"oldest_date", p->oldest_date}, {"offers", p->offers},
                        {"confidence", p->confidence}, {"sources", p->sources}});
      }
    }
    if (as_json) {
      std::printf("%s\n", dump_json(list, 2).c_str());
      return 0;
    }
    for (const json& x : list) {
      const bool card = x.contains("cny_per_card");
      std::printf("  %-30s %-10s %10s %-12s (%s-%s)  %s, %d offer%s\n", x["id"].get<std::string>().c_str(), x["offer"].get<std::string>().c_str(),
                  format_sig(x[card ? "cny_per_card" : "cny_per_card_hour"].get<double>(), 4).c_str(), card ? "CNY/card" : "CNY/card-h",
                  format_sig(x["low"].get<double>(), 4).c_str(), format_sig(x["high"].get<double>(), 4).c_str(),
                  x["date"].get<std::string>().c_str(), x["offers"].get<int>(), x["offers"].get<int>() == 1 ? "" : "s");
    }
    return 0;
  }
  if (sub == "show") {
    if (argc < 4) return usage(stderr);
    const std::string id = argv[3];
    for (const char* which : {"accelerators", "models", "regions"}) {
      const std::string_view text = std::string(which) == "accelerators" ? xuanka::embedded::accelerators_json()
                                  : std::string(which) == "models" ? xuanka::embedded::models_json() : xuanka::embedded::regions_json();
      const json doc = json::parse(text, nullptr, false);
      for (const auto& x : doc.at(which)) {
        if (x.value("id", "") == id) {
          std::printf("%s\n", dump_json(x, 2).c_str());
          return 0;
        }
      }
    }
    std::fprintf(stderr, "xuanka: no accelerator, model or region with id \"%s\"\n", id.c_str());
    return 1;
  }
  return usage(stderr);
}

int cmd_config(int argc, char** argv) {
  if (argc < 3) return usage(stderr);
  const Catalog cat = catalog_or_die();
  Scenario s;
  if (!load_scenario(argv[2], cat, s)) return 2;
  std::string fw;
  if (argc > 4 && std::strcmp(argv[3], "--for") == 0) fw = argv[4];
  else if (argc > 3) return usage(stderr);
  const auto can = run_config_frameworks(s);
  if (fw.empty()) {
    if (can.empty()) {
      std::fprintf(stderr, "xuanka: no runnable configuration for this scenario yet (language-model training or inference)\n");
      return 1;
    }
    fw = can.front();
  }
  RunConfig rc;
  const Diagnostics d = run_config(s, fw, rc);
  if (!d.empty()) {
    for (const auto& x : d) std::fprintf(stderr, "%s\n", x.text().c_str());
    return 2;
  }
  std::printf("%s", rc.text.c_str());
  std::fprintf(stderr, "# %s (%s)\n", rc.framework.c_str(), rc.version.c_str());
  for (const auto& n : rc.notes) std::fprintf(stderr, "# %s\n", notice_text(n, Lang::en).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage(stderr);
  const std::string cmd = argv[1];
  if (cmd == "--version" || cmd == "version") {
    std::printf("xuanka %s (built %s)\n", XUANKA_VERSION, XUANKA_BUILD_DATE);
    return 0;
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") return usage(stdout);
  if (cmd == "estimate") return cmd_estimate(argc, argv);
  if (cmd == "validate") return cmd_validate(argc, argv);
  if (cmd == "catalog") return cmd_catalog(argc, argv);
  if (cmd == "check") return cmd_check(argc, argv);
  if (cmd == "recommend") return cmd_recommend(argc, argv);
  if (cmd == "accuracy") return cmd_accuracy(argc, argv);
  if (cmd == "config") return cmd_config(argc, argv);
  if (cmd == "brand") return cmd_brand(argc, argv);
  std::fprintf(stderr, "xuanka: unknown command '%s'\n", shorten(cmd).c_str());
  return usage(stderr);
}
