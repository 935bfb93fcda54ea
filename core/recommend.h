// The recommender (core layer): every catalog card x card count x strategy that fits the job,
// with time and cost, ranked by the buyer's goal, with reasons, warnings and the Pareto front.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/cost.h"
#include "core/estimator.h"

namespace xuanka::core {

struct Constraints {
  std::optional<double> budget_cny;
  BudgetKind budget_kind = BudgetKind::rent;
  OfferKind offer = OfferKind::lease;       // the kind of rent prices rank by (issue 34: one kind, never mixed)
  std::optional<double> deadline_days;
  bool domestic_only = false;
  std::optional<int> max_cards;
  std::set<std::string> form_factors;       // empty: any (sxm, oam, pcie, pcie_consumer, module, superchip)
  std::optional<double> max_rack_kw;
  bool in_stock_only = false;
  Goal goal = Goal::best_within;
  const Region* region = nullptr;
  std::optional<int> streams;               // vision: camera streams to serve (cards = enough for them)
  std::optional<double> clips_per_day;      // video: clips to generate a day (cards = replicas enough for them)
  double utilisation = 1.0;                 // for break-even
  // The memory figures' band (catalog/accuracy.json): an option fits when the top of its memory
  // range fits the card, Estimate's "fits" (core/accuracy.h fit_verdict), not only its point
  // estimate, so a pick never opens in Estimate as "tight" (issue 39 item 1). 0: the point estimate.
  double memory_band = 0;
};

struct Option {
  const Accelerator* card = nullptr;
  int cards = 0;
  Scenario scenario;                        // the complete scenario this option was estimated with
  Estimate estimate;
  CostResult cost;
  std::optional<double> job_days;           // wall clock (training)
  std::optional<double> job_cny;            // by the budget kind: rent or own
  bool within_budget = true, meets_deadline = true, pareto = false;
  std::vector<Notice> reasons, warnings;
};

struct Recommendation {
  std::vector<Option> options;              // ranked by the goal; only configurations that fit
  std::vector<Option> pareto;               // time vs cost front (training with tokens)
  bool nothing_fits = false;                // nothing meets the constraints
  std::optional<Option> nearest;            // the best option ignoring budget and deadline
  std::optional<Notice> what_it_would_take; // e.g. "a budget of 1.2M CNY" or "a deadline of 13 days"
  long estimates_run = 0;
  // What the ranking left out and why, one notice per rule with its count (issue 39 item 1: a
  // budget must not hide 40 unpriced options in silence): "left_out_count" (more than 4x the
  // cards another option needs for the same deadline), "left_out_stack" (cards whose vendor stack
  // documents none of the sharding the job needs), "left_out_module" (8-card training modules for
  // a camera line), "left_out_unpriced" (no price to hold against the budget).
  std::vector<Notice> left_out;
};

Recommendation recommend(const Scenario& base, const Catalog& catalog, const Constraints& c);

// A setup that does not fit, and one change that makes it fit, with its estimate.
struct Fix {
  Notice what;        // e.g. "ZeRO-3: 62.1 GiB per card"
  Scenario scenario;  // the scenario with that one change
  Estimate estimate;
};
// The smallest single changes that make `s` fit its card, in the order a practitioner tries
// them (shard more, recompute, sequence parallel, smaller micro-batch, offload, quantise,
// more cards); empty when it fits or nothing single does. Each goes through the contract, so
// every fix is a valid scenario.
std::vector<Fix> fixes_to_fit(const Scenario& s, const Catalog& catalog, std::size_t max_fixes = 4);

// A vision job on the cards its buyers weigh, one estimate each, in this order: the A10 and L40S
// the buyers' guides name for factory inspection (../shared/seeds/000_53e277ed0031a4b8.txt,
// 制造业质检视觉模型), the L4, RTX 4090 and T4 beside them, and the domestic Atlas 300I Duo. Cards
// the catalog lacks are skipped; empty unless the model is a vision model.
struct CardRun {
  const Accelerator* card = nullptr;
  Estimate estimate;
  int cards = 1;                            // video: the cards one clip runs on
  std::optional<double> rent_cny_per_hour;  // video: those cards' rent, of the kind of offer asked
  Scenario scenario;                        // video: the layout found (offload, encoders, FSDP and split)
};
std::vector<CardRun> vision_lineup(const Scenario& s, const Catalog& catalog);
// The same video clip on the cards its buyers weigh (H20, H200, L20, L40S, RTX 4090, A800, Ascend
// 910B, 910C), each in the fastest layout on the fewest cards that hold it (Recommend's search);
// no estimate where none fits 8 cards.
std::vector<CardRun> video_lineup(const Scenario& s, const Catalog& catalog, OfferKind offer);
// What caps a vision estimate's camera streams: "decoder" (the card's video decoders), "model"
// (its frames/s), "unknown" (no source for the card's decoders: the model's count), or "" when
// there are no streams.
std::string streams_limit(const Estimate& e);

// Card counts searched: 1, 2, 4, 8, then whole 8-card nodes doubling up to 4096.
std::vector<int> card_counts(std::optional<int> max_cards);

// Serving sized the way IDC customers ask: so many users at once, each reading at least so many
// tokens per second, each first token within so many seconds.
struct ServingTarget {
  double users = 1;                      // concurrent requests
  double tokens_per_s_per_user = 0;      // decode speed each one sees (0: any)
  std::optional<double> ttft_s;          // time to first token of a request
  // Arrivals instead of users: requests per second. The concurrent requests follow from Little's
  // law (Little 1961: L = lambda x W), W being a request's time in the system = its time to first
  // token + output tokens / the per-user speed (the target's, else what one request alone gets).
  std::optional<double> requests_per_s;
  // The memory figures' band (catalog/accuracy.json): a replica is sized so that the top of its
  // memory range fits the card, Estimate's "fits" (core/accuracy.h fit_verdict), not only its point
  // estimate. 0: the point estimate.
  double memory_band = 0;
};
struct ServingPlan {
  bool met = false;
  double users = 0;                      // concurrent requests sized for (given, or from requests_per_s)
  int cards_per_replica = 1;             // tp x pp of the scenario
  long long batch_per_replica = 0;       // requests one replica serves at once
  long long replicas = 0, cards = 0;
  double tokens_per_s_per_user = 0;      // at that batch, as a user sees it (stalled by the others' prefills)
  double ttft_s = 0;                     // at that batch: queued behind the others' prompts (Estimate::ttft_s)
  // What caps the batch, or why the target cannot be met: "memory" (KV cache), "speed"
  // (per-user tokens/s), "users" (one replica serves them all), "ttft_load" (one more user and
  // a new prompt's queue passes the first-token target), "ttft" (the first token is too slow
  // even alone: more tensor parallelism or a faster card), "fit" (the weights do not fit one
  // replica).
  std::string limit;
  // MoE: experts spread over the replica's cards (expert parallel across the tensor-parallel group,
  // as vLLM's --enable-expert-parallel does), and whether a replica spans servers (> 8 cards), so
  // the all-to-all of every MoE layer crosses the network between them.
  std::optional<int> experts_per_card;
  bool spans_servers = false;
  // Prefill on its own pool (0: one pool): these of `cards` prefill, the other `replicas` x
  // `cards_per_replica` decode.
  long long prefill_cards = 0;
};
// Replicas of the scenario's tensor/pipeline group (its serving.batch is ignored) that meet the
// target: the largest batch per replica that fits and keeps each user's speed, then enough
// replicas for the users. Memory is that of a continuously batching engine (vLLM): one
// request's prefill at a time, every request's KV cache.
ServingPlan plan_serving(Scenario s, const ServingTarget& t);

// The trade-off a serving buyer weighs: as one replica batches more requests, each user reads
// slower and each card serves more tokens. Batches 1, 2, 4, ... up to what the memory holds (and
// that largest batch itself), at most `max_points`.
struct ServingPoint {
  long long batch = 0;
  double tokens_per_s_per_user = 0;
  double tokens_per_s_per_card = 0;      // batch x tokens_per_s_per_user / cards per replica
};
std::vector<ServingPoint> serving_curve(Scenario s, int max_points = 16);

// A serving deployment that meets a ServingTarget on one card type (issue 33's plan): the cheapest
// layout for the card (fewest cards), its replicas, what binds, and what it costs.
struct ServingDeployment {
  const Accelerator* card = nullptr;
  Scenario scenario;                     // one replica, at its batch: opens in Estimate unchanged
  ServingPlan plan;
  CostResult cost;                       // all plan.cards, rented and bought (region's power)
  std::optional<double> cny_per_mtok;    // rent per million output tokens at the users' speed
  std::vector<Notice> warnings;          // the sized scenario's estimate's (no FP8 on the card, no NVLink, ...)
};
struct ServingSearch {
  std::vector<ServingDeployment> options;                     // met, cheapest first (rent a month, else purchase)
  std::vector<std::pair<const Accelerator*, std::string>> unmet;  // cards that cannot: the binding limit
  std::vector<Notice> left_out;          // "left_out_serving": deployments with more than 4x the cards of another that meets the targets
};
// For every allowed card (Constraints: domestic, stock, form factor, max cards, budget as a rent or
// purchase ceiling), the layouts a serving engine runs: tensor parallel 1-8 inside the card's fast
// domain, for a MoE also experts spread over 8, 16 or 32 cards with data-parallel attention ranks
// (SGLang's --enable-dp-attention with DeepEP; vLLM's --enable-expert-parallel), a pipeline of two
// stages where one server's cards do not hold the weights; each sized by plan_serving.
ServingSearch plan_deployments(const Scenario& base, const Catalog& catalog, const ServingTarget& t, const Constraints& c);

}  // namespace xuanka::core
