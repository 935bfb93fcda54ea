// The estimator (core layer): per-GPU memory, training time and serving speed of a scenario,
// with the assumptions it used and warnings. Every figure in base units (bytes, s, FLOP).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/notice.h"
#include "core/scenario.h"

namespace xuanka::core {

struct MemoryBreakdown {
  double weights_bytes = 0;       // parameters on this GPU, in their stored format
  double gradients_bytes = 0;
  double optimizer_bytes = 0;     // optimizer states incl. fp32 master weights
  double activations_bytes = 0;   // saved for backward (training) or the prefill peak (inference)
  double logits_bytes = 0;        // vocab x tokens buffers of the loss
  double kv_cache_bytes = 0;
  double temporary_bytes = 0;     // transient buffers (dequantised weights, backward scratch)
  double context_bytes = 0;       // CUDA/framework context
  double fragmentation_bytes = 0; // allocator cache and fragmentation
};

struct Estimate {
  MemoryBreakdown memory;
  double model_states_bytes = 0;  // memory.model_states
  double peak_allocated_bytes = 0;// memory.peak_allocated
  double total_bytes = 0;         // memory.total
  double kv_cache_per_token_bytes = 0;  // memory.kv_cache_per_token, whole model
  double cpu_offload_bytes = 0;   // host memory the offload needs, per GPU
  double params = 0, trainable_params = 0, active_params = 0;
  std::optional<bool> fits;       // none without a GPU
  std::optional<double> headroom_bytes;
  std::optional<double> capacity_bytes;  // the memory the job may use on one card (the card's); fits = total <= it
  // Training compute (none without a GPU, or for inference).
  double model_flops_per_token = 0;     // 6N + attention (+ head), per token
  double hardware_flops_per_token = 0;  // with recompute
  double hardware_flops_16bit_per_token = 0;  // the part that stays 16-bit in FP8 training: attention's two products and the output head
  double attention_flops_per_token = 0;  // of the hardware FLOPs: attention's two products (QK^T, PV), as counted (full s x s)
  std::optional<double> tokens_per_s_per_gpu, tflops_per_gpu, mfu, step_time_s;
  std::optional<double> hardware_tflops_per_gpu;  // counting recompute passes (Megatron-LM papers' convention)
  double dp_traffic_bytes_per_step = 0;  // data-parallel bytes each GPU sends per step (all-reduce, or ZeRO-3's gathers and reduce-scatters)
  int dp_ring_cards_per_server = 1;      // ranks of that ring in one server, each through its own port (the ring's ports a server)
  double dp_hide_s = 0;                  // the compute per step that ring may run under (kDpOverlap of it), s
  double cp_exposed_s_per_step = 0;      // context-parallel ring sends not hidden under attention, per step (s)
  double moe_shuffle_s_per_step = 0;     // MoE token permutation, chunk sorts and activation (memory-bound), per step (s)
  double ep_a2a_exposed_s_per_step = 0; // expert all-to-all not hidden under compute, per step (s)
  std::optional<double> gpu_hours, days;  // the ideal run: every hour trains
  // The expected run: the ideal one over the effective-training-time share a large run keeps after
  // failures, restarts, checkpoints and evaluation (effective_training_time).
  std::optional<double> gpu_hours_expected, days_expected;
  // ... and with each failure also losing half of a 3-hour checkpoint interval (BLOOM-176B's):
  // the slow end of the expected run's range (effective_training_time_slow).
  std::optional<double> gpu_hours_expected_slow, days_expected_slow;
  // ... and with every failure found and recovered by hand, as OPT-175B's 2021 run was
  // (effective_training_time_manual): not a range's end, what a run without automated recovery takes.
  std::optional<double> gpu_hours_manual, days_manual;
  // Serving (inference).
  std::optional<double> prefill_s;  // prefill of the whole batch's prompts (all first tokens come after it)
  std::optional<double> ttft_s;     // time to first token of one request at this load (queued behind the others' prompts)
  // The first token as engines that decode the prompt's last token measure it: a prefill of the
  // first n - 1 prompt tokens, then one decode step over the last (TurboMind before
  // InternLM/lmdeploy#775; its benchmark's "first token latency" times this).
  std::optional<double> ttft_decode_last_s;
  std::optional<double> decode_tokens_per_s_per_request, decode_tokens_per_s_total;  // while decoding
  // One request's time in the system at this load: its first token, then its decode stalled by
  // the other requests' prefills on the same cards (the TPOT a benchmark client sees is
  // (request_s - ttft_s) / output tokens).
  std::optional<double> request_s;
  // Output tokens/s of the whole batch served from start to end: the batch's prefill, then its
  // decode steps (static batching; what engines' "output tokens/s" throughput tables report).
  std::optional<double> output_tokens_per_s_total;
  // What a served token costs is paid at this rate: end to end (prefill included) when the
  // scenario generates tokens, else the decode rate alone.
  std::optional<double> served_tokens_per_s() const { return output_tokens_per_s_total ? output_tokens_per_s_total : decode_tokens_per_s_total; }
  std::optional<double> max_context_tokens, max_batch;
  bool max_context_model_bound = false;  // the model's own context limit binds, not memory
  // Image generation and vision (SCENARIO.md "Result paths (added)").
  std::optional<double> it_per_s;       // denoising steps/s of the batch (inference) or optimizer steps/s (training)
  std::optional<double> images_per_s;   // per GPU: images generated, or training samples
  std::optional<double> s_per_image;    // 1 / images_per_s
  std::optional<double> latency_ms;     // one call: a forward of the vision batch, or a pipeline call
  std::optional<double> fps;            // vision frames/s per card (per vision.chips dies)
  std::optional<double> streams;        // camera streams per card
  std::optional<double> train_s;        // wall seconds for image.train_steps optimizer steps
  // Video generation (SCENARIO.md "video"): one clip on parallel.gpus cards (encode, every step,
  // VAE decode), and clips per hour per card.
  std::optional<double> s_per_clip, clips_per_hour;
  std::vector<Notice> assumptions;
  std::vector<Notice> warnings;
};

// How much of an estimate to build. The assumption and warning sentences (numbers formatted into
// text) cost more than half of an estimate's time, so the recommender's search asks for the
// numbers only and builds the sentences for the layouts it keeps.
enum class Detail { full, numbers };

Estimate estimate(const Scenario& s, Detail detail = Detail::full);
// The share of a training run's hours that train on `gpus` cards, after failures, restarts and
// checkpoints: Llama 3's interruptions scaled to the cards (core/estimator.cpp).
double effective_training_time(int gpus);
// The same with each unexpected interruption also losing half of a 3-hour checkpoint interval
// (BLOOM-176B's): the slow end of a whole run's range.
double effective_training_time_slow(int gpus);
// The same when failures are found and recovered by hand, as OPT-175B's 2021 run on 992 cloud A100s
// was: 33 days of training in 56 over ~90 restarts, scaled to the cards (core/estimator.cpp).
double effective_training_time_manual(int gpus);

// What nvidia-smi would show (issue 37: one place for both estimators): the allocated peak (the
// breakdown's parts) plus the CUDA/framework context and the allocator's cache
// (hw::kContextBytes, hw::kFragmentation), against the card's memory: fits and headroom.
void memory_totals(const Scenario& s, Estimate& e);

// A training job on a card of several dies that software sees as separate NPUs (the 910C, catalog
// `dies`) with data parallel alone (ZeRO below 3, tp = pp = 1): each die holds a whole copy, and
// the memory it may use is the card's over its dies (memory_totals' capacity, a warning says so).
bool replicas_per_die(const Scenario& s);

// The servers other than its own that one token reaches in a deduplicated expert dispatch
// (parallel.ep_dedup: DeepEP's normal kernels, HybridEP), which sends it once to each server holding
// any of its experts and fans it out over that server's fast link. With the experts spread evenly,
// E / servers on each, and top-k routing that picks k distinct experts alike (the balanced routing
// the benchmarks force), a server holds none of them with probability prod_{i<k} (E - E/servers - i)
// / (E - i): (servers - 1)(1 - that). Qwen3-30B-A3B (128 experts, top 8) over two servers: 0.9969.
double dedup_servers_reached(const MoeSpec& moe, double servers);

// One all-to-all of expert parallelism (a MoE layer's dispatch or its combine) on one card of an
// expert group of `ep` cards that sends `bytes_per_card`, (ep - 1) / ep of it to other cards: over
// the fast link while the group fits the card's scale-up domain, else the share beyond that domain
// (an HGX server, an NVL72 rack) over the card's NIC, which binds (GShard, arXiv:2006.16668 §2.2;
// DeepEP's docs/legacy.md).
// `nic_gbps`: the scenario's parallel.scale_out_gbps (no default, so no caller forgets the user's network).
double ep_all_to_all_s(const Accelerator& gpu, int ep, double bytes_per_card, const std::optional<double>& nic_gbps);

}  // namespace xuanka::core
