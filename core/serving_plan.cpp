// Serving plans (core layer): the cards, replicas and layout that serve a number of users at a
// speed and first-token target (plan_serving, plan_deployments, serving_curve in core/recommend.h).
#include "core/recommend.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/contract.h"
#include "core/format.h"
#include "core/hardware.h"
#include "core/recommend_internal.h"

namespace xuanka::core {

namespace {
// Requests one replica's memory holds: a serving engine batches continuously and prefills one
// request's prompt at a time (vLLM's scheduler with chunked prefill), so each request beyond the
// first adds only its KV cache and its logits row, with the allocator's overhead: b requests fit
// while total(1) + (b - 1) x per_request <= the card's memory. Infinity when nothing limits it.
// With data-parallel attention (gpus > tp x pp) each rank holds its own requests: that many per
// rank, times the ranks (SCENARIO.md "LLM serving at scale").
double memory_cap(const Scenario& s, const Estimate& one, double band) {
  const double ranks = std::max(1, s.parallel.gpus / std::max(1, s.parallel.tp * s.parallel.pp));
  const MemoryBreakdown& m1 = one.memory;
  const double overhead = one.peak_allocated_bytes > 0 ? 1.0 + m1.fragmentation_bytes / one.peak_allocated_bytes : 1.0;
  const double per_request = (m1.kv_cache_bytes + m1.logits_bytes) * overhead;
  if (!one.capacity_bytes || !(per_request > 0)) return std::numeric_limits<double>::infinity();
  // The top of the memory range, total / (1 - band), must fit: total <= capacity x (1 - band).
  const double usable = *one.capacity_bytes * (1.0 - std::clamp(band, 0.0, 0.9));
  return ranks * (1.0 + std::floor(std::max(0.0, usable - one.total_bytes) / per_request));
}
// What a card serves the job as (issue 33's plan: every option a deployment that runs there).
// TensorRT-LLM runs on NVIDIA GPUs only (its support matrix: "optimizes the performance ... on NVIDIA
// GPUs", NVIDIA/TensorRT-LLM docs/source/reference/support-matrix.md): on any other card the option
// is sized as vLLM, which the other stacks carry (vLLM-Ascend on Ascend), and says so.
// A card without FP8 (the catalog's support matrix "no") runs an FP8 checkpoint only once it is
// converted; NVIDIA cards from Turing on run FP8 weights weight-only (the estimator's fp8_weight_only
// note), as asked. Ascend's CANN cards take W8A8 INT8, one byte a weight as FP8 (the support note:
// "convert FP8 checkpoints to BF16 or W8A8 INT8"; vLLM-Ascend loads ModelSlim's W8A8:
// vllm-project/vllm-ascend docs/source/user_guide/feature_guide/quantization.md); any other card a
// 16-bit copy (BF16, FP16 where it has none), which every engine loads. An FP8 KV cache goes to that
// 16-bit format. Returns the notices that say what changed.
std::vector<Notice> runnable_on(Scenario& s, const Accelerator& card) {
  std::vector<Notice> out;
  if (s.serving.engine == Engine::tensorrt_llm && card.vendor != "NVIDIA") {
    s.serving.engine = Engine::vllm;
    out.push_back(notice("plan_engine_vllm", {card.name}));
  }
  if (!card.fp8_needs_conversion()) return out;
  const WeightFormat sixteen = card.support_level("bf16") == "no" ? WeightFormat::fp16 : WeightFormat::bf16;
  const bool cann = card.cann();
  if (s.weights == WeightFormat::fp8) {
    s.weights = cann ? WeightFormat::int8 : sixteen;
    out.push_back(notice(cann ? "plan_fp8_as_w8a8" : "plan_fp8_as_16bit", {card.name, word(s.weights)}));
  }
  if (s.serving.kv_dtype == WeightFormat::fp8) {
    s.serving.kv_dtype = sixteen;
    out.push_back(notice("plan_kv_as_16bit", {card.name, word(sixteen)}));
  }
  return out;
}
}  // namespace

ServingPlan plan_serving(Scenario s, const ServingTarget& t) {
  ServingPlan plan;
  plan.cards_per_replica = s.parallel.replica_cards();
  if (s.model.moe && s.model.moe->experts > 0) {
    // With ep > 1 a card holds whole experts, ceil(experts / ep) (core/estimator.cpp place()); with
    // ep 1 every card holds a 1/tp slice of each, counted as experts / cards.
    const int over = s.parallel.ep > 1 ? s.parallel.ep : plan.cards_per_replica;
    plan.experts_per_card = static_cast<int>(std::ceil(s.model.moe->experts / static_cast<double>(over)));
  }
  plan.spans_servers = plan.cards_per_replica > 8;
  s.parallel.gpus = plan.cards_per_replica;  // one replica; replicas serve users independently
  auto at = [&](long long b) {
    s.serving.batch = static_cast<int>(b);
    return estimate(s);
  };
  const Estimate one = at(1);
  double users = std::max(1.0, std::ceil(t.users));
  if (t.requests_per_s && *t.requests_per_s > 0 && one.decode_tokens_per_s_per_request) {
    const double speed = t.tokens_per_s_per_user > 0 ? t.tokens_per_s_per_user : *one.decode_tokens_per_s_per_request;
    const double in_system_s = one.ttft_s.value_or(0) + s.serving.output_tokens / speed;
    users = std::max(1.0, std::ceil(*t.requests_per_s * in_system_s));
  }
  plan.users = users;
  plan.ttft_s = one.ttft_s.value_or(0);
  plan.tokens_per_s_per_user = one.decode_tokens_per_s_per_request.value_or(0);
  const double band = std::clamp(t.memory_band, 0.0, 0.9);
  if (!one.fits.value_or(false) || (one.capacity_bytes && one.total_bytes > *one.capacity_bytes * (1.0 - band))) {
    plan.limit = "fit";
    return plan;
  }
  if (!one.decode_tokens_per_s_per_request) return plan;  // no speed for this card
  if (t.ttft_s && plan.ttft_s > *t.ttft_s) {
    plan.limit = "ttft";
    return plan;
  }
  if (plan.tokens_per_s_per_user < t.tokens_per_s_per_user) {
    plan.limit = "speed";
    return plan;
  }
  const double mem_cap = std::min(memory_cap(s, one, band), users);
  // Speed falls as the batch grows (each step reads every request's KV cache): bisect for the
  // largest batch that keeps each user's tokens/s, up to the users and what memory holds.
  const double cap = std::min({users, mem_cap, 1e6});
  long long lo = 1, hi = static_cast<long long>(cap);
  // What a user sees at batch b: the tokens/s of its decode, stalled by the other requests'
  // prefills (Estimate::request_s), and its first token queued behind their prompts.
  auto seen_speed = [&](const Estimate& e) {
    const double out = s.serving.output_tokens;
    if (e.request_s && e.ttft_s && out > 0 && *e.request_s > *e.ttft_s) return std::min(e.decode_tokens_per_s_per_request.value_or(0), out / (*e.request_s - *e.ttft_s));
    return e.decode_tokens_per_s_per_request.value_or(0);
  };
  auto speed_ok = [&](const Estimate& e) { return seen_speed(e) >= t.tokens_per_s_per_user; };
  auto ttft_ok = [&](const Estimate& e) { return !t.ttft_s || e.ttft_s.value_or(0) <= *t.ttft_s; };
  // Memory as Estimate counts it at that batch (its KV caches and a prefill chunk's activations),
  // its range's top within the card: the sized scenario opens in Estimate as "fits".
  auto memory_ok = [&](const Estimate& e) {
    return e.fits.value_or(false) && (!e.capacity_bytes || e.total_bytes <= *e.capacity_bytes * (1.0 - band));
  };
  auto meets = [&](long long b) {
    const Estimate e = at(b);
    return speed_ok(e) && ttft_ok(e) && memory_ok(e);
  };
  if (!meets(1)) {  // alone it met both; a user's own stalls cannot fail it, but say so if they do
    plan.limit = speed_ok(one) ? "ttft" : "speed";
    return plan;
  }
  while (lo < hi) {
    const long long mid = lo + (hi - lo + 1) / 2;
    if (meets(mid)) lo = mid;
    else hi = mid - 1;
  }
  plan.batch_per_replica = lo;
  const Estimate chosen = at(lo);
  plan.tokens_per_s_per_user = seen_speed(chosen);
  plan.ttft_s = chosen.ttft_s.value_or(plan.ttft_s);
  if (lo >= users) {
    plan.limit = "users";
  } else {
    const Estimate next = at(lo + 1);
    plan.limit = lo >= mem_cap || !memory_ok(next) ? "memory" : speed_ok(next) ? "ttft_load" : "speed";
  }
  plan.replicas = static_cast<long long>(std::ceil(users / static_cast<double>(lo)));
  plan.cards = plan.replicas * plan.cards_per_replica;
  plan.met = true;
  return plan;
}

namespace {
// Prefill and decode on separate pools of the same layout (DistServe, Zhong et al., OSDI 2024;
// SGLang's --disaggregation-mode prefill/decode with Mooncake): the decode pool batches without
// the other prompts' stalls, sized by plan_serving as a decode-only pool; the prefill pool grows a
// unit of the layout's cards at a time until a prompt's queue there (Estimate's M/D/1 wait) and
// its KV cache's trip over the network keep the first token within the target and the pool starts
// requests as fast as the decode pool finishes them. The scenario returned is the whole
// deployment, which opens in Estimate as sized. None where one pool is all there is (a single
// user, no prompt) or no unit count up to 64 serves.
std::optional<std::pair<ServingPlan, Scenario>> prefill_pools(const Scenario& s, const ServingTarget& t, std::optional<int> max_cards) {
  if (s.serving.disaggregated || s.serving.prompt_tokens <= 0 || s.serving.output_tokens <= 0) return std::nullopt;
  Scenario dec = s;
  dec.serving.disaggregated = Disaggregated{PoolRole::decode, 0, std::nullopt, std::nullopt};
  ServingPlan dp = plan_serving(dec, t);
  if (!dp.met || dp.users < 2) return std::nullopt;
  const int unit = s.parallel.replica_cards();
  const long long decode_cards = dp.cards;
  // Fewer prefill ranks than the prompts arriving per second times one prompt's prefill cannot keep
  // up (rho = lambda D / ranks >= 1): the search starts at that count of units.
  Scenario prompt = s;
  prompt.parallel.gpus = unit;
  prompt.serving.batch = 1;
  prompt.serving.disaggregated = Disaggregated{PoolRole::prefill, 0, std::nullopt, std::nullopt};
  const Estimate alone = estimate(prompt);
  if (!alone.ttft_s || !(dp.tokens_per_s_per_user > 0)) return std::nullopt;
  const double arrivals_per_s = dp.users / (*alone.ttft_s + s.serving.output_tokens / dp.tokens_per_s_per_user);
  const double ranks_per_unit = std::max(1, unit / std::max(1, s.parallel.tp * s.parallel.pp));
  const int first = std::max(1, static_cast<int>(std::floor(arrivals_per_s * *alone.ttft_s / ranks_per_unit)));
  for (int units = first; units <= 64; ++units) {
    const long long prefill_cards = static_cast<long long>(units) * unit;
    if (max_cards && decode_cards + prefill_cards > *max_cards) return std::nullopt;
    Scenario all = s;
    all.parallel.gpus = static_cast<int>(decode_cards + prefill_cards);
    all.serving.batch = static_cast<int>(dp.users);
    all.serving.disaggregated = Disaggregated{PoolRole::both, static_cast<int>(prefill_cards), s.parallel.tp, s.parallel.ep};
    const Estimate e = estimate(all);
    if (!e.ttft_s || !e.request_s || !e.output_tokens_per_s_total) return std::nullopt;
    if (t.ttft_s && *e.ttft_s > *t.ttft_s) continue;
    // The prefill pool keeps up: the output rate is the decode pool's cycle, not the prompts' start rate.
    if (*e.output_tokens_per_s_total < 0.999 * dp.users * s.serving.output_tokens / *e.request_s) continue;
    ServingPlan p = dp;
    p.cards = decode_cards + prefill_cards;
    p.prefill_cards = prefill_cards;
    p.ttft_s = *e.ttft_s;
    return std::make_pair(p, all);
  }
  return std::nullopt;
}
}  // namespace

ServingSearch plan_deployments(const Scenario& base, const Catalog& catalog, const ServingTarget& t, const Constraints& c) {
  ServingSearch out;
  const ModelArch& m = base.model;
  const bool moe = m.moe && m.moe->experts > 0;
  // Limits in the order they are worse to hear: a card that only misses the users' speed is closer
  // than one whose weights do not fit.
  auto rank_of = [](const std::string& limit) { return limit == "fit" ? 0 : limit == "ttft" ? 1 : limit == "speed" ? 2 : 3; };
  for (const Accelerator& card : catalog.accelerators) {
    if (!card_allowed(card, c) || !card.memory_bandwidth_bytes_per_s) continue;
    // Tensor parallelism inside one server: over the card's fast link where its domain holds the
    // group, else over PCIe (vLLM's tp 2-4 on PCIe cards: the estimator charges that link).
    struct Layout { int tp, pp, ep; };
    std::vector<Layout> layouts;
    for (int pp : {1, 2}) {
      for (int tp : {1, 2, 4, 8}) {
        if (m.heads > 0 && (m.heads % tp || (m.kv_heads % tp && tp % m.kv_heads))) continue;
        if (pp > 1 && (tp != 8 || m.layers < 2)) continue;  // a second stage only past one server
        layouts.push_back({tp, pp, moe ? tp : 1});
        if (moe && pp == 1) {
          for (int ep : {8, 16, 32}) {
            if (ep > tp && ep % tp == 0 && ep <= m.moe->experts) layouts.push_back({tp, 1, ep});
          }
        }
      }
    }
    std::optional<ServingDeployment> best;
    // The job as this card runs it (its formats, its engine): once per card, for every layout.
    Scenario on_card = base;
    on_card.gpu = &card;
    const std::vector<Notice> converted = runnable_on(on_card, card);
    std::string worst_limit;
    int worst_rank = -1;
    // Speculative decoding as the scenario asks, and without it: whether it pays (fewer cards) is
    // part of the answer (it raises each user's speed; its verify steps cost batch capacity).
    std::vector<bool> spec_variants = {true};
    if (base.serving.speculative) spec_variants.push_back(false);
    for (const bool spec : spec_variants)
    for (const Layout& l : layouts) {
      Scenario s = on_card;
      if (!spec) s.serving.speculative.reset();
      s.parallel.tp = l.tp;
      s.parallel.pp = l.pp;
      s.parallel.ep = l.ep;
      s.parallel.ep_dedup = base.parallel.ep_dedup && l.ep > 1;  // DeepEP as asked, where experts are spread
      s.parallel.cp = 1;
      s.parallel.gpus = s.parallel.replica_cards();
      if (c.max_cards && s.parallel.gpus > *c.max_cards) continue;
      ServingPlan p = plan_serving(s, t);
      // The same layout as two pools (prefill_pools): kept where it takes fewer cards, or meets what
      // one pool cannot.
      if (auto pools = prefill_pools(s, t, c.max_cards); pools && (!p.met || pools->first.cards < p.cards)) {
        p = pools->first;
        s = pools->second;
      }
      if (!p.met) {
        if (rank_of(p.limit) > worst_rank) {
          worst_rank = rank_of(p.limit);
          worst_limit = p.limit;
        }
        continue;
      }
      if (c.max_cards && p.cards > *c.max_cards) continue;
      if (best && (p.cards > best->plan.cards || (p.cards == best->plan.cards && p.tokens_per_s_per_user <= best->plan.tokens_per_s_per_user))) continue;
      ServingDeployment d;
      d.card = &card;
      d.plan = p;
      d.scenario = s;
      if (p.prefill_cards == 0) d.scenario.serving.batch = static_cast<int>(p.batch_per_replica);
      best = d;
    }
    if (!best) {
      out.unmet.push_back({&card, worst_limit.empty() ? "fit" : worst_limit});
      continue;
    }
    best->warnings = converted;
    for (Notice& n : estimate(best->scenario).warnings) best->warnings.push_back(std::move(n));
    CostInputs ci;
    ci.offer = c.offer;
    ci.cards = static_cast<int>(best->plan.cards);
    best->cost = cost(card, c.region, ci, std::nullopt);
    if (best->cost.rent_cny_per_hour) {
      const double tokens_per_s = best->plan.replicas * best->plan.batch_per_replica * best->plan.tokens_per_s_per_user;
      best->cny_per_mtok = cny_per_million_tokens(best->cost, tokens_per_s);
    }
    if (c.budget_cny) {
      const std::optional<double> spend = c.budget_kind == BudgetKind::buy ? best->cost.purchase_cny : best->cost.rent_monthly_cny;
      if (!spend || *spend > *c.budget_cny) {
        out.unmet.push_back({&card, "budget"});
        continue;
      }
    }
    out.options.push_back(std::move(*best));
  }
  // Every deployment meets the same targets: one with more than 4x the cards of another is a cluster
  // of another scale (64 x A100 40GB for DeepSeek-V3 where 8 x H200 do), left out and counted, as
  // recommend() does for training (issue 39 item 1).
  if (!out.options.empty()) {
    long long fewest = out.options.front().plan.cards;
    for (const ServingDeployment& d : out.options) fewest = std::min(fewest, d.plan.cards);
    const auto cut = std::remove_if(out.options.begin(), out.options.end(), [&](const ServingDeployment& d) { return d.plan.cards > 4 * fewest; });
    const long dropped = static_cast<long>(out.options.end() - cut);
    out.options.erase(cut, out.options.end());
    if (dropped > 0) {
      const std::string n = std::to_string(dropped), few = std::to_string(fewest);
      out.left_out.push_back(notice("left_out_serving",
                                    {n, few}));
    }
  }
  // Cheapest first: rent a month where there is a rent, then the purchase; no price last.
  auto key = [](const ServingDeployment& d) {
    if (d.cost.rent_monthly_cny) return std::make_pair(0, *d.cost.rent_monthly_cny);
    if (d.cost.purchase_cny) return std::make_pair(1, *d.cost.purchase_cny);
    return std::make_pair(2, static_cast<double>(d.plan.cards));
  };
  std::stable_sort(out.options.begin(), out.options.end(), [&](const ServingDeployment& a, const ServingDeployment& b) { return key(a) < key(b); });
  return out;
}

std::vector<ServingPoint> serving_curve(Scenario s, int max_points) {
  std::vector<ServingPoint> out;
  const int cards = std::max(1, s.parallel.replica_cards());
  s.parallel.gpus = cards;
  auto point = [&](long long b) {
    s.serving.batch = static_cast<int>(b);
    const Estimate e = estimate(s);
    ServingPoint p;
    p.batch = b;
    p.tokens_per_s_per_user = e.decode_tokens_per_s_per_request.value_or(0);
    p.tokens_per_s_per_card = b * p.tokens_per_s_per_user / cards;
    return p;
  };
  s.serving.batch = 1;
  const Estimate one = estimate(s);
  if (!one.fits.value_or(false) || !one.decode_tokens_per_s_per_request) return out;
  const double cap = std::min(memory_cap(s, one, 0.0), 65536.0);
  for (long long b = 1; b <= cap && static_cast<int>(out.size()) < max_points - 1; b *= 2) out.push_back(point(b));
  const long long last = static_cast<long long>(cap);
  if (out.empty() || out.back().batch != last) out.push_back(point(last));
  return out;
}

}  // namespace xuanka::core
