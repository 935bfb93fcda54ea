// The recommender (core layer). [SECTION] candidates  [SECTION] search  [SECTION] ranking
// [SECTION] image and vision  [SECTION] line-ups. What makes a setup fit is core/fixes.cpp; serving
// plans for users and targets are core/serving_plan.cpp.
#include "core/recommend.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/contract.h"
#include "core/format.h"
#include "core/hardware.h"
#include "core/host.h"
#include "core/recommend_internal.h"

namespace xuanka::core {

std::vector<int> card_counts(std::optional<int> max_cards) {
  std::vector<int> out;
  for (int n = 1; n <= 4096; n *= 2) {
    if (max_cards && n > *max_cards) break;
    out.push_back(n);
  }
  return out;
}

// [SECTION] candidates — a card the constraints allow (core/recommend_internal.h), the precision it runs.
bool card_allowed(const Accelerator& a, const Constraints& c) {
  if (a.hidden || !a.memory_bytes) return false;
  if (c.domestic_only && !a.domestic) return false;
  if (c.in_stock_only && a.in_stock != true) return false;
  if (!c.form_factors.empty() && (!a.form_factor || !c.form_factors.count(*a.form_factor))) return false;
  return true;
}

namespace {
constexpr double kLargestBatchTokens = 15360.0 * 4096;  // DeepSeek-V3's batch (see the search)

// The training precision a card can run: BF16 falls back to FP16 mixed where there is no BF16
// (V100, Ascend 910A); FP8 to BF16 where there is no FP8.
std::optional<Precision> runnable(const Accelerator& a, Precision want, std::vector<Notice>& notes) {
  if (a.peak_flops(want)) return want;
  if ((want == Precision::bf16_mixed || want == Precision::bf16) && a.peak_flops(Precision::fp16_mixed)) {
    notes.push_back(notice("no_bf16_fallback"));
    return Precision::fp16_mixed;
  }
  if (want == Precision::fp8_mixed && a.peak_flops(Precision::bf16_mixed)) {
    notes.push_back(notice("no_fp8_fallback"));
    return Precision::bf16_mixed;
  }
  return std::nullopt;
}

struct Trial {
  Scenario s;
  Estimate e;
  int replicas = 1;  // copies of the layout, each on its own parallel.gpus cards (video: clips a day)
};

// Fits as Estimate judges it: the top of the memory range, total / (1 - band), within the card
// (core/accuracy.h fit_verdict), so a pick with 3% headroom never opens as "tight".
bool fits_range(const Estimate& e, double band) {
  return e.fits.value_or(false) && e.capacity_bytes && e.total_bytes <= *e.capacity_bytes * (1.0 - std::clamp(band, 0.0, 0.9));
}

// What a card's vendor stack runs, by the catalog's support levels (each row sourced in
// catalog/accelerators.json): "yes" and "partial" run; "no" and "unknown" are no way to run it.
// A card that lists no level is not judged (a vendor overlay may omit them).
bool documented(const Accelerator& a, const char* key) {
  const auto it = a.support.find(key);
  return it == a.support.end() || it->second.level == "yes" || it->second.level == "partial";
}
// The sharding a card's stack can run for training (issue 39 item 1: 4,096 Biren BR100 at ZeRO-3
// were offered though nothing documents DeepSpeed or Megatron on its stack): tensor and pipeline
// parallelism are Megatron's (Ascend's MindSpeed counts, "partial"); ZeRO-2/3 are DeepSpeed's (or
// FSDP's, which the same row covers); ZeRO-1 is also Megatron's distributed optimizer.
struct StackRuns {
  bool model_parallel = true, zero1 = true, zero23 = true;
  bool restricted() const { return !model_parallel || !zero1 || !zero23; }
};
StackRuns stack_runs(const Accelerator& a) {
  StackRuns r;
  r.model_parallel = documented(a, "megatron");
  r.zero23 = documented(a, "deepspeed_zero");
  r.zero1 = r.zero23 || r.model_parallel;
  return r;
}

bool lora_like(Task t) { return t == Task::lora || t == Task::qlora; }

// [SECTION] search — for one card and count, the fastest strategy that fits: tensor parallel
// inside the fast domain, pipeline when needed, ZeRO 1-3, recompute, optimizer offload last.
std::optional<Trial> best_strategy(const Scenario& base, const Accelerator& card, int n, double band, long& runs) {
  const StackRuns stack = stack_runs(card);
  const ModelArch& m = base.model;
  const bool train = base.task != Task::inference;
  const int domain = std::max(1, card.domain_cards.value_or(1));
  std::vector<int> tps;
  for (int tp : {1, 2, 4, 8}) {
    if (tp > n || n % tp) continue;
    if (m.heads > 0 && (m.heads % tp || (m.kv_heads % tp && tp % m.kv_heads))) continue;
    if (tp > 1 && tp > domain && !train) continue;
    if (tp > 1 && train && !stack.model_parallel) continue;
    tps.push_back(tp);
  }
  std::vector<int> pps = {1};
  if (train && m.layers > 0 && stack.model_parallel) {
    for (int pp : {2, 4, 8, 16}) {
      if (pp <= m.layers && n % pp == 0) pps.push_back(pp);
    }
  }
  std::optional<Trial> best;
  double best_time = 1e300;
  Trial t;
  t.s = base;
  t.s.gpu = &card;
  for (int pp : pps) {
    // Pipeline stages only buy memory: once a layout fits without recompute, more stages only add
    // the bubble.
    if (pp > 1 && best && best->s.recompute == Recompute::none) break;
    for (int tp : tps) {
      if (static_cast<long>(tp) * pp > n || n % (tp * pp)) continue;
      // Context parallelism comes from this layout's data-parallel ranks, expert parallelism from a
      // stage's n / pp cards (the contract's rules, core/contract.cpp): the most of the asked cp and
      // ep that they hold, never the asked values copied onto a card count that cannot hold them
      // (issue 40: a 47B MoE "fitting" one card at the asked ep 8).
      const int ranks = n / (tp * pp);
      const int cp = std::gcd(base.parallel.cp, ranks), ep = std::gcd(base.parallel.ep, n / pp);
      const int dp = ranks / cp;
      std::vector<int> zeros = {0};
      if (train && base.task != Task::qlora && dp > 1) {
        zeros.clear();
        if (stack.zero1) zeros.push_back(1);
        if (stack.zero23) zeros.insert(zeros.end(), {2, 3});
        if (zeros.empty()) zeros.push_back(0);  // plain data parallel: every stack's PyTorch DDP
      }
      // For this layout the first fit in this order is its fastest: less recompute first, then
      // the lowest ZeRO stage (ZeRO-3 adds parameter gathers), offload only as a last resort.
      bool found = false;
      for (Recompute rc : {Recompute::none, Recompute::selective, Recompute::full}) {
        if (found || (!train && rc != Recompute::none)) break;
        for (Offload off : {Offload::none, Offload::optimizer}) {
          if (found || (off != Offload::none && (!train || best || !stack.zero23))) break;  // ZeRO-Offload is DeepSpeed's
          for (int zero : zeros) {
            // One candidate reused, its varying fields set here: a scenario holds the model's
            // strings, and copies add up over ~45k trials.
            t.s.parallel.gpus = n;
            t.s.parallel.tp = tp;
            t.s.parallel.pp = pp;
            t.s.parallel.cp = cp;
            t.s.parallel.ep = ep;
            t.s.parallel.ep_overlap = base.parallel.ep_overlap && ep > 1;
            t.s.parallel.ep_dedup = base.parallel.ep_dedup && ep > 1;
            t.s.parallel.zero = zero;
            t.s.parallel.offload = off;
            t.s.parallel.sequence_parallel = tp > 1;
            t.s.recompute = rc;
            t.s.global_batch = train ? std::max(base.global_batch, dp * base.micro_batch) : base.global_batch;
            t.e = estimate(t.s, Detail::numbers);
            ++runs;
            if (!fits_range(t.e, band)) continue;
            found = true;
            const double time = t.e.step_time_s ? *t.e.step_time_s * t.s.parallel.gpus / t.s.global_batch
                              : t.e.served_tokens_per_s() ? 1.0 / *t.e.served_tokens_per_s() : 1.0 / n;
            if (time < best_time) {
              best_time = time;
              best = t;
            }
            break;
          }
        }
      }
    }
  }
  // The search compared numbers only; the layout kept gets its sentences (assumptions, warnings).
  if (best) best->e = estimate(best->s);
  return best;
}

void explain(Option& o, const Constraints& c) {
  const Accelerator& a = *o.card;
  const double head = o.estimate.headroom_bytes.value_or(0) / o.estimate.capacity_bytes.value_or(a.memory_bytes.value_or(1)) * 100;  // of what the job may use (one die: replicas_per_die)
  o.reasons.push_back(notice("fits_with",
                             {format_sig(head, 2), std::to_string(o.cards)}));
  if (o.job_days) o.reasons.push_back(notice("about_days", {format_sig(*o.job_days, 3)}));
  const Parallel& par = o.scenario.parallel;
  if (a.interconnect_kind == InterconnectKind::pcie && par.tp > 1) o.warnings.push_back(notice("no_nvlink_tp"));
  if (a.interconnect_kind == InterconnectKind::pcie && o.cards > 1) o.warnings.push_back(notice("pcie_only", {a.name}));
  // Without tensor parallelism a capped link slows the gradient and parameter syncs (with it, the
  // estimator says so itself: "nvlink_capped"). One code per meaning (issue 37).
  if (a.interconnect_kind == InterconnectKind::nvlink_capped && par.tp <= 1 && o.cards > 1) {
    const std::string gb_s = a.interconnect_bytes_per_s_bidirectional ? format_sig(*a.interconnect_bytes_per_s_bidirectional / 1e9, 3) : "?";
    o.warnings.push_back(notice("nvlink_capped_sync",
                                {a.name, gb_s}));
  }
  if (a.form_factor && *a.form_factor == "pcie_consumer") {
    o.warnings.push_back(notice("geforce_server"));
  }
  if (a.tdp_w && *a.tdp_w >= hw::kLiquidCoolingTdpW) o.warnings.push_back(notice("liquid", {format_sig(*a.tdp_w, 4)}));
  if (a.domestic) {
    o.warnings.push_back(notice("domestic_stack"));
    if (o.scenario.precision == Precision::fp8_mixed && a.support.count("fp8") && a.support.at("fp8").level == "no") o.warnings.push_back(notice("no_fp8", {a.name}));
  }
  // The network the pick's gradient sync needs per card against its reference server (the catalog's
  // scale_out_gbps and scale_out_server: DGX H100 400 Gb/s, DGX A100 and Atlas 800T A2 200 Gb/s per card): a pick
  // needing 357 Gb/s on a 200 Gb/s design must say so (issue 39 item 1).
  if (o.scenario.task != Task::inference) {
    const HostSizing h = size_host(o.scenario, o.estimate);
    if (h.sync_gbit_per_s_per_card && h.nic_gbit_per_s_per_card && *h.sync_gbit_per_s_per_card > *h.nic_gbit_per_s_per_card) {
      const std::string need = format_sig(*h.sync_gbit_per_s_per_card, 3), ref = format_sig(*h.nic_gbit_per_s_per_card, 3);
      if (h.nic_given) o.warnings.push_back(notice("net_over_given", {need, ref}));
      else o.warnings.push_back(notice(h.nic_assumed ? "net_over_assumed" : "net_over_design", {need, h.nic_reference, ref}));
    }
  }
  for (const auto& w : o.estimate.warnings) o.warnings.push_back(w);
  if (!o.meets_deadline && c.deadline_days) o.warnings.push_back(notice("misses_deadline", {format_sig(*c.deadline_days, 3)}));
  if (!o.within_budget) o.warnings.push_back(notice("over_budget"));
}
}  // namespace

// [SECTION] image and vision — a vision model serves camera streams: enough cards for the
// streams asked for; an image generator trains data-parallel on 1-8 cards (ZeRO and
// checkpointing when needed) or serves on one.
std::vector<Trial> image_trials(const Scenario& base, const Accelerator& card, const Constraints& c, long& runs) {
  const double band = c.memory_band;
  std::vector<Trial> out;
  Scenario s = base;
  s.gpu = &card;
  if (base.model.kind == ModelKind::vision) {
    Trial t{s, estimate(s)};
    ++runs;
    if (!fits_range(t.e, band) || !t.e.streams || *t.e.streams < 1) return out;
    const int cards = c.streams ? static_cast<int>(std::ceil(*c.streams / *t.e.streams)) : 1;
    if (c.max_cards && cards > *c.max_cards) return out;
    t.s.parallel.gpus = cards;
    out.push_back(t);
    return out;
  }
  const bool train = base.task != Task::inference;
  for (int n : {1, 2, 4, 8}) {
    if (c.max_cards && n > *c.max_cards) break;
    if (!train && n > 1) break;
    bool found = false;
    for (Recompute rc : {Recompute::none, Recompute::full}) {
      for (int zero : n > 1 ? std::vector<int>{0, 2, 3} : std::vector<int>{0}) {
        if (found) break;
        if (zero > 0 && !stack_runs(card).zero23) continue;  // ZeRO is DeepSpeed's (or FSDP's): the stack must run it
        Trial t{s, {}};
        t.s.parallel.gpus = n;
        t.s.parallel.zero = train && !lora_like(s.task) ? zero : 0;
        t.s.recompute = train ? rc : Recompute::none;
        if (train && t.s.global_batch < n * t.s.micro_batch) t.s.global_batch = n * t.s.micro_batch;
        t.e = estimate(t.s);
        ++runs;
        if (fits_range(t.e, band)) {
          out.push_back(t);
          found = true;
        }
      }
      if (found || !train) break;
    }
  }
  return out;
}

// A video generator: training as an image generator trains; a clip on the fewest cards that hold
// it, in the fastest layout that fits — everything resident, the text encoders on the CPU, one
// component at a time, one block at a time on one card; FSDP with Ulysses (ring where the heads do
// not divide) over 2, 4, 8 cards — then as many copies as a day's clips need.
std::vector<Trial> video_trials(const Scenario& base, const Accelerator& card, const Constraints& c, long& runs) {
  if (base.task != Task::inference) return image_trials(base, card, c, runs);
  std::vector<Trial> out;
  for (int n : {1, 2, 4, 8}) {
    if (c.max_cards && n > *c.max_cards) break;
    std::vector<Scenario> layouts;
    Scenario s = base;
    s.gpu = &card;
    s.parallel.gpus = n;
    if (n == 1) {
      s.parallel.zero = 0;
      layouts.push_back(s);
      s.video->encoders_cpu = true;
      layouts.push_back(s);
      s.video->offload = ImageOffload::model;
      layouts.push_back(s);
      s.video->offload = ImageOffload::sequential;
      layouts.push_back(s);
    } else {
      s.parallel.zero = 3;
      s.video->offload = ImageOffload::none;
      s.video->sequence_parallel = base.model.video->heads % n == 0 ? VideoSp::ulysses : VideoSp::ring;
      layouts.push_back(s);
    }
    for (const Scenario& l : layouts) {
      Trial t{l, estimate(l)};
      ++runs;
      if (!fits_range(t.e, c.memory_band) || !t.e.s_per_clip) continue;
      if (c.clips_per_day) {
        t.replicas = static_cast<int>(std::ceil(*c.clips_per_day / (86400.0 / *t.e.s_per_clip)));
        if (c.max_cards && t.replicas * n > *c.max_cards) continue;
      }
      out.push_back(t);
      return out;
    }
  }
  return out;
}

// [SECTION] ranking
Recommendation recommend(const Scenario& base, const Catalog& catalog, const Constraints& c) {
  Recommendation rec;
  std::vector<Option> all;
  const bool train = base.task != Task::inference;
  // A camera line's inference server takes PCIe cards: the buyers' guide names the A10 and L40S
  // (../shared/seeds/000_53e277ed0031a4b8.txt, 制造业质检视觉模型), and an SXM, OAM or module card
  // comes only on an 8-card training baseboard (HGX, OAM UBB, Atlas 800T; see core/cost.cpp).
  // Unless the buyer asks for a form factor, those modules are left out of a vision job (issue 39
  // item 1: a 910C for YOLO), and the count says so.
  const bool camera_line = base.model.kind == ModelKind::vision && !train && c.form_factors.empty();
  int modules_left = 0, stacks_left = 0;
  for (const Accelerator& a : catalog.accelerators) {
    if (!card_allowed(a, c)) continue;
    if (camera_line && a.form_factor && *a.form_factor != "pcie" && *a.form_factor != "pcie_consumer") {
      ++modules_left;
      continue;
    }
    // QLoRA's NF4 is bitsandbytes; a card it does not run on cannot take the job as asked.
    if (base.task == Task::qlora && a.support.count("bitsandbytes") && a.support.at("bitsandbytes").level == "no") continue;
    std::vector<Notice> notes;
    const auto prec = train ? runnable(a, base.precision, notes) : std::optional<Precision>(base.precision);
    if (!prec) continue;
    Scenario s = base;
    s.precision = *prec;
    if (s.task == Task::inference && s.weights == WeightFormat::fp8 && !a.peak_flops(Precision::fp8_mixed)) {
      s.weights = WeightFormat::bf16;  // FP8 checkpoints must be converted where there is no FP8
      notes.push_back(notice("fp8_weights_converted"));
    }
    if (s.model.kind != ModelKind::llm) {
      const bool video = s.model.kind == ModelKind::video && s.video && s.model.video;
      for (const Trial& t : video ? video_trials(s, a, c, rec.estimates_run) : image_trials(s, a, c, rec.estimates_run)) {
        Option o;
        o.card = &a;
        o.cards = t.s.parallel.gpus * t.replicas;
        o.scenario = t.s;
        o.estimate = t.e;
        o.warnings = notes;
        CostInputs ci;
        ci.offer = c.offer;
        ci.cards = o.cards;
        ci.utilisation = c.utilisation;
        if (t.e.days) o.job_days = t.e.days;
        o.cost = cost(a, c.region, ci, o.job_days ? std::optional<double>(*o.job_days * 24) : std::nullopt);
        o.job_cny = c.budget_kind == BudgetKind::rent ? o.cost.job_rent_cny : o.cost.purchase_cny;
        if (c.budget_cny) o.within_budget = (o.job_cny ? o.job_cny : o.cost.purchase_cny) && *(o.job_cny ? o.job_cny : o.cost.purchase_cny) <= *c.budget_cny;
        if (c.deadline_days) o.meets_deadline = o.job_days && *o.job_days <= *c.deadline_days;
        if (video && c.clips_per_day && t.e.s_per_clip) {
          // The requirement as a studio states it: so many clips a day, so many cards.
          const std::string want = format_sig(*c.clips_per_day, 4), n = std::to_string(o.cards), each = format_sig(86400.0 / *t.e.s_per_clip, 3);
          o.reasons.push_back(notice("clips_cards", {want, n, a.name, each, std::to_string(t.s.parallel.gpus)}));
        }
        if (t.e.streams) {
          o.reasons.push_back(notice("streams_per_card",
                                     {format_sig(*t.e.streams, 4), format_sig(t.s.vision->camera_fps, 3)}));
          // The requirement as a factory states it: so many streams, so many cards.
          if (c.streams) {
            const std::string want = std::to_string(*c.streams), n = std::to_string(o.cards), each = format_sig(std::floor(*t.e.streams), 4);
            o.reasons.push_back(notice("streams_cards", {want, n, a.name, each}));
          }
          // What caps them: the model or the card's video decoders (the estimate's own words).
          for (const Notice& n : t.e.assumptions) {
            if (n.code == "a_decode_bound" || n.code == "a_compute_bound") o.reasons.push_back(n);
          }
        }
        explain(o, c);
        all.push_back(std::move(o));
      }
      continue;
    }
    // Smallest count that fits, then 2x, 4x and 8x it for speed; with a deadline, on until a
    // count meets it (a 7B pretrain on 1T tokens fits on 1 card but needs 64 for 30 days).
    std::optional<int> first;
    std::optional<double> card_best_days;
    const std::size_t options_before = all.size();
    std::vector<int> counts = card_counts(c.max_cards);
    for (int n : counts) {
      const bool deadline_unmet = c.deadline_days && (!card_best_days || *card_best_days > *c.deadline_days);
      if (first && n > *first * 8 && !deadline_unmet) break;
      // Quick bound: even fully sharded (ZeRO-3, optimizer offloaded) the 16-bit weights and
      // gradients of full training (4 B/param), the frozen LoRA base (its format) or QLoRA's 4-bit
      // base (0.5 B/param, not sharded) must fit.
      if (s.model.params) {
        const double per_param = s.task == Task::qlora ? 0.5 : lora_like(s.task) ? info(s.weights).element_bytes : train ? 4.0 : info(s.weights).element_bytes;
        const double shards = s.task == Task::qlora ? std::min(n, hw::kCardsPerNode) : n;  // QLoRA shards only by tensor parallelism
        if (*s.model.params * per_param / shards > *a.memory_bytes) continue;
      }
      // Even at tensor parallel 8 each step would hold n/8 sequences: beyond the largest
      // published pretraining batch (DeepSeek-V3, arXiv:2412.19437 §4.2: 15360 x 4096 = 63M
      // tokens) no recipe goes, so more cards are not a real option.
      if (train && static_cast<double>(n) / 8 * s.seq_len > kLargestBatchTokens) break;
      const auto t = best_strategy(s, a, n, c.memory_band, rec.estimates_run);
      if (!t) continue;
      if (!first) first = n;
      if (t->e.days && (!card_best_days || *t->e.days < *card_best_days)) card_best_days = t->e.days;
      Option o;
      o.card = &a;
      o.cards = n;
      o.scenario = t->s;
      o.estimate = t->e;
      o.warnings = notes;
      CostInputs ci;
      ci.offer = c.offer;
      ci.cards = n;
      ci.utilisation = c.utilisation;
      if (o.estimate.days) o.job_days = o.estimate.days;
      const std::optional<double> hours = o.job_days ? std::optional<double>(*o.job_days * 24) : std::nullopt;
      o.cost = cost(a, c.region, ci, hours);
      o.job_cny = c.budget_kind == BudgetKind::rent ? o.cost.job_rent_cny : o.cost.purchase_cny;
      if (c.budget_kind == BudgetKind::buy) o.job_cny = o.cost.purchase_cny;
      if (c.budget_cny) o.within_budget = o.job_cny && *o.job_cny <= *c.budget_cny;
      if (c.deadline_days) o.meets_deadline = o.job_days && *o.job_days <= *c.deadline_days;
      if (c.max_rack_kw && o.cost.it_power_kw / o.cost.nodes > *c.max_rack_kw) continue;
      explain(o, c);
      all.push_back(std::move(o));
    }
    if (train && all.size() == options_before && stack_runs(a).restricted()) ++stacks_left;
  }
  // A pick with more than 4x the cards of another that meets the same deadline is a cluster of
  // another scale, not an answer to this job: 128 x RTX 4090 for a 70B fine-tune that 16 x H800
  // finish sooner (issue 39 item 1, whose rule this is). The deadline is the buyer's; without one,
  // the pick's own time (another option as fast on a quarter of the cards); without a time (no
  // tokens to train), the fewest cards that fit.
  constexpr int kPlausibleCardsFactor = 4;
  {
    std::vector<bool> drop(all.size(), false);
    long dropped = 0;
    int fewest_seen = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Option& o = all[i];
      for (const Option& p : all) {
        if (p.cards * kPlausibleCardsFactor >= o.cards) continue;
        const bool same_deadline = c.deadline_days ? p.meets_deadline
                                 : o.job_days ? p.job_days && *p.job_days <= *o.job_days
                                              : true;
        if (same_deadline) {
          drop[i] = true;
          if (!fewest_seen || p.cards < fewest_seen) fewest_seen = p.cards;
        }
      }
      dropped += drop[i] ? 1 : 0;
    }
    if (dropped > 0) {
      std::vector<Option> kept_options;
      kept_options.reserve(all.size() - dropped);
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (!drop[i]) kept_options.push_back(std::move(all[i]));
      }
      all = std::move(kept_options);
      const std::string n = std::to_string(dropped), few = std::to_string(fewest_seen);
      rec.left_out.push_back(notice("left_out_count",
                                    {n, few}));
    }
  }
  if (stacks_left > 0) {
    rec.left_out.push_back(notice("left_out_stack",
                                  {std::to_string(stacks_left)}));
  }
  if (modules_left > 0) {
    rec.left_out.push_back(notice("left_out_module",
                                  {std::to_string(modules_left)}));
  }
  if (c.budget_cny) {
    const long unpriced = std::count_if(all.begin(), all.end(), [](const Option& o) { return !o.job_cny; });
    if (unpriced > 0) {
      rec.left_out.push_back(notice("left_out_unpriced", {std::to_string(unpriced)}));
    }
  }
  // Pareto front of (days, cost): no other option is both faster and cheaper.
  for (Option& o : all) {
    if (!o.job_days || !o.job_cny) continue;
    o.pareto = std::none_of(all.begin(), all.end(), [&](const Option& p) {
      return &p != &o && p.job_days && p.job_cny && *p.job_days <= *o.job_days && *p.job_cny <= *o.job_cny &&
             (*p.job_days < *o.job_days || *p.job_cny < *o.job_cny);
    });
  }
  const auto inf = 1e300;
  auto cost_of = [&](const Option& o) { return o.job_cny.value_or(o.cost.rent_cny_per_hour.value_or(inf)); };
  auto time_of = [&](const Option& o) {
    if (o.job_days) return *o.job_days;
    if (o.estimate.latency_ms) return *o.estimate.latency_ms;
    if (o.estimate.served_tokens_per_s()) return 1.0 / *o.estimate.served_tokens_per_s();
    return inf;
  };
  auto by_goal = [&](const Option& x, const Option& y) {
    switch (c.goal) {
      case Goal::fastest: return time_of(x) != time_of(y) ? time_of(x) < time_of(y) : cost_of(x) < cost_of(y);
      case Goal::lowest_purchase: return x.cost.purchase_cny.value_or(inf) < y.cost.purchase_cny.value_or(inf);
      default: {
        // At the same cost (within 0.5%: renting scales with cards x hours, so 1 card for 8 h and 8
        // cards for 1 h cost the same), the fewer cards first: one server, no network between
        // them, less to go wrong (issue 39 item 1: 8 x A100 topped a one-card QLoRA job); the
        // faster, larger options follow, and "fastest" still ranks by time.
        // Costs compared in steps of 0.5% (a bucket, so the order stays a strict weak ordering).
        auto step = [&](const Option& o) { const double c = cost_of(o); return c > 0 && c < inf ? std::floor(std::log(c) / std::log1p(0.005)) : c; };
        const double cx = step(x), cy = step(y);
        if (cx != cy) return cx < cy;
        if (x.cards != y.cards) return x.cards < y.cards;
        return time_of(x) < time_of(y);
      }
    }
  };
  // Ranked through indices: an Option carries its scenario and estimate, too heavy to shuffle. The
  // kept options in ranked order are the stable ranking of the kept ones (a stable sort keeps ties
  // in catalog order either way).
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return by_goal(all[x], all[y]); });
  for (std::size_t i : order) {
    if (all[i].pareto) rec.pareto.push_back(all[i]);
  }
  std::size_t kept = 0;
  for (const Option& o : all) kept += o.within_budget && o.meets_deadline ? 1 : 0;
  std::vector<Option> ok;
  ok.reserve(kept);
  if (kept == all.size()) {
    for (std::size_t i : order) ok.push_back(std::move(all[i]));  // `all` is not read again
  } else {
    for (std::size_t i : order) {
      if (all[i].within_budget && all[i].meets_deadline) ok.push_back(all[i]);
    }
    std::vector<Option> ranked;  // `nearest` below reads `all` in ranked order
    ranked.reserve(all.size());
    for (std::size_t i : order) ranked.push_back(std::move(all[i]));
    all = std::move(ranked);
  }
  std::sort(rec.pareto.begin(), rec.pareto.end(), [](const Option& a, const Option& b) { return *a.job_days < *b.job_days; });
  if (ok.empty()) {
    rec.nothing_fits = true;
    if (!all.empty()) {
      // The nearest: cheapest among those meeting the deadline, else the fastest.
      const Option* near = nullptr;
      for (const Option& o : all) {
        if (o.meets_deadline && (!near || cost_of(o) < cost_of(*near))) near = &o;
      }
      if (!near) near = &*std::min_element(all.begin(), all.end(), [&](const Option& x, const Option& y) { return time_of(x) < time_of(y); });
      rec.nearest = *near;
      if (c.budget_cny && near->job_cny && *near->job_cny > *c.budget_cny) {
        rec.what_it_would_take = notice("take_budget", {format_sig(*near->job_cny, 3)});
      } else if (c.deadline_days && near->job_days && *near->job_days > *c.deadline_days) {
        rec.what_it_would_take = notice("take_deadline", {format_sig(*near->job_days, 3)});
      }
    } else {
      rec.what_it_would_take = notice("take_nothing");
    }
  }
  rec.options = std::move(ok);
  return rec;
}

// [SECTION] vision line-up — the same vision job on the cards its buyers weigh.
std::vector<CardRun> vision_lineup(const Scenario& s, const Catalog& catalog) {
  std::vector<CardRun> out;
  if (s.model.kind != ModelKind::vision || !s.vision) return out;
  static const char* const kCards[] = {"nvidia-a10", "nvidia-l40s", "nvidia-l4", "nvidia-rtx-4090", "nvidia-t4", "huawei-atlas-300i-duo"};
  for (const char* id : kCards) {
    const Accelerator* card = catalog.find_accelerator(id);
    if (!card) continue;
    Scenario t = s;
    t.gpu = card;
    out.push_back({card, estimate(t), 1, std::nullopt, t});
  }
  return out;
}

std::vector<CardRun> video_lineup(const Scenario& s, const Catalog& catalog, OfferKind offer) {
  std::vector<CardRun> out;
  if (s.model.kind != ModelKind::video || !s.video || !s.model.video || s.task != Task::inference) return out;
  static const char* const kCards[] = {"nvidia-h20-96gb", "nvidia-h200-sxm-141gb", "nvidia-l20", "nvidia-l40s", "nvidia-rtx-4090",
                                       "nvidia-a800-sxm4-80gb", "huawei-ascend-910b2", "huawei-ascend-910c"};
  Constraints c;
  c.max_cards = hw::kCardsPerNode;
  long runs = 0;
  for (const char* id : kCards) {
    const Accelerator* card = catalog.find_accelerator(id);
    if (!card) continue;
    CardRun run{card, {}, 0, std::nullopt, s};
    const std::vector<Trial> t = video_trials(s, *card, c, runs);
    if (!t.empty()) {
      run.estimate = t.front().e;
      run.scenario = t.front().s;
      run.cards = t.front().s.parallel.gpus;
      CostInputs ci;
      ci.offer = offer;
      ci.cards = run.cards;
      run.rent_cny_per_hour = cost(*card, nullptr, ci, std::nullopt).rent_cny_per_hour;
    }
    out.push_back(run);
  }
  return out;
}

std::string streams_limit(const Estimate& e) {
  if (!e.streams) return "";
  for (const Notice& n : e.assumptions) {
    if (n.code == "a_decode_bound") return "decoder";
    if (n.code == "a_compute_bound") return "model";
  }
  return "unknown";
}

}  // namespace xuanka::core
