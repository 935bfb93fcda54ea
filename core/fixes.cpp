// What makes a setup fit (core layer): the smallest single changes, each estimated, in the order a
// practitioner tries them (core/recommend.h fixes_to_fit).
#include "core/recommend.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/contract.h"
#include "core/format.h"
#include "core/hardware.h"

namespace xuanka::core {

// [SECTION] fixes — one change that makes a setup fit.
std::vector<Fix> fixes_to_fit(const Scenario& s, const Catalog& catalog, std::size_t max_fixes) {
  std::vector<Fix> out;
  const Estimate now = estimate(s);
  if (!s.gpu || !now.fits || *now.fits) return out;
  const nlohmann::json base = to_json(s);
  const bool train = s.task != Task::inference;
  const bool llm = s.model.kind == ModelKind::llm;
  // Tries the edited scenarios in order; the first that fits is the fix of this kind.
  auto first_fit = [&](const std::vector<nlohmann::json>& tries, auto describe) {
    if (out.size() >= max_fixes) return;
    for (const nlohmann::json& j : tries) {
      Scenario t;
      if (!from_json(j, catalog, t).empty()) continue;  // not a valid scenario: not offered
      Estimate e = estimate(t);
      if (e.fits && *e.fits) {
        out.push_back({describe(t, e), std::move(t), std::move(e)});
        return;
      }
    }
  };
  // A fix's notice: what changed, then the memory per card it gives (the last argument).
  auto said = [](std::string code, std::vector<std::string> args, const Estimate& e) {
    args.push_back(format_sig(e.total_bytes / kBytesPerGiB, 3));
    return notice(std::move(code), std::move(args));
  };
  auto edit = [&](auto f) {
    nlohmann::json j = base;
    f(j);
    return j;
  };
  const Parallel& p = s.parallel;
  if (train) {
    std::vector<nlohmann::json> tries;  // ZeRO: shard optimizer states, then gradients, then weights (Rajbhandari et al. 2020)
    for (int z = p.zero + 1; z <= 3; ++z) tries.push_back(edit([&](nlohmann::json& j) { j["parallel"]["zero"] = z; }));
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      return said("fix_zero", {std::to_string(t.parallel.zero)}, e);
    });
    tries.clear();  // recompute: selective keeps the cheap activations (Korthikanti et al. 2022), full keeps only layer inputs
    if (s.recompute == Recompute::none) tries.push_back(edit([](nlohmann::json& j) { j["recompute"] = "selective"; }));
    if (s.recompute != Recompute::full) tries.push_back(edit([](nlohmann::json& j) { j["recompute"] = "full"; }));
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      return said(std::string("fix_recompute_") + word(t.recompute), {}, e);
    });
    if (llm && p.tp > 1 && !p.sequence_parallel) {  // sequence parallel splits the TP group's norm/dropout activations (Korthikanti et al. 2022)
      first_fit({edit([](nlohmann::json& j) { j["parallel"]["sequence_parallel"] = true; })}, [&](const Scenario&, const Estimate& e) {
        return said("fix_sequence_parallel", {}, e);
      });
    }
    tries.clear();
    for (int mb = s.micro_batch / 2; mb >= 1; mb /= 2) {
      if (s.global_batch % mb == 0) tries.push_back(edit([&](nlohmann::json& j) { j["micro_batch"] = mb; }));
    }
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      return said("fix_micro_batch", {std::to_string(t.micro_batch)}, e);
    });
    if (p.offload == Offload::none) {  // ZeRO-Offload: optimizer states and step on the CPU (Ren et al. 2021)
      first_fit({edit([](nlohmann::json& j) { j["parallel"]["offload"] = "optimizer"; })}, [&](const Scenario&, const Estimate& e) {
        return said("fix_offload", {}, e);
      });
    }
    const auto bnb = s.gpu->support.find("bitsandbytes");
    if (s.task == Task::lora && llm && !(bnb != s.gpu->support.end() && bnb->second.level == "no")) {
      // The QLoRA recipe (Dettmers et al. 2023) pairs the 4-bit base with gradient checkpointing.
      first_fit({edit([](nlohmann::json& j) { j["task"] = "qlora"; j["weights"] = "nf4"; }),
                 edit([](nlohmann::json& j) { j["task"] = "qlora"; j["weights"] = "nf4"; j["recompute"] = "full"; })},
                [&](const Scenario& t, const Estimate& e) {
                  return t.recompute == s.recompute
                             ? said("fix_qlora", {}, e)
                             : said("fix_qlora_recompute", {}, e);
                });
    }
  } else if (s.model.kind == ModelKind::video && s.video && s.model.video) {
    // A video generator (core/estimator_video.cpp), cheapest in time first: the text encoders on
    // the CPU (Wan's --t5_cpu), one component on the GPU at a time (--offload_model), the VAE
    // decoded in tiles, DiT blocks kept on the CPU and swapped in (musubi-tuner, DiffSynth), FP8
    // weights, one block at a time (enable_sequential_cpu_offload).
    const VideoOptions& o = *s.video;
    if (!o.encoders_cpu) {
      first_fit({edit([](nlohmann::json& j) { j["video"]["encoders_cpu"] = true; })},
                [&](const Scenario&, const Estimate& e) { return said("fix_vid_encoders_cpu", {}, e); });
    }
    if (o.offload == ImageOffload::none) {
      first_fit({edit([](nlohmann::json& j) { j["video"]["offload"] = "model"; })},
                [&](const Scenario&, const Estimate& e) { return said("fix_vid_model_offload", {}, e); });
    }
    if (o.vae_decode == VaeDecode::full && s.model.video->tile_px > 0) {
      first_fit({edit([](nlohmann::json& j) { j["video"]["vae_decode"] = "tiled"; })},
                [&](const Scenario&, const Estimate& e) { return said("fix_vid_tiled", {}, e); });
    }
    std::vector<nlohmann::json> tries;
    const int layers = s.model.video->layers;
    for (int n : {layers / 4, layers / 2, 3 * layers / 4}) {
      if (n > o.blocks_to_swap) tries.push_back(edit([&](nlohmann::json& j) { j["video"]["blocks_to_swap"] = n; }));
    }
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      return said("fix_vid_swap", {std::to_string(t.video->blocks_to_swap)}, e);
    });
    if (info(s.weights).stored_bytes > 1 && (!train || s.task == Task::lora)) {
      first_fit({edit([](nlohmann::json& j) { j["weights"] = "fp8"; })}, [&](const Scenario&, const Estimate& e) { return said("fix_weights", {"FP8"}, e); });
    }
    if (!train && o.offload != ImageOffload::sequential) {
      first_fit({edit([](nlohmann::json& j) { j["video"]["offload"] = "sequential"; })},
                [&](const Scenario&, const Estimate& e) { return said("fix_vid_sequential", {}, e); });
    }
  } else if (llm) {
    std::vector<nlohmann::json> tries;  // quantised weights: FP8 where the card has it, else INT8, then 4-bit
    const bool fp8 = s.gpu->peak_flops(Precision::fp8_mixed).has_value();
    for (const char* w : {fp8 ? "fp8" : "int8", "int4"}) {
      if (info(s.weights).stored_bytes > info(*from_word<WeightFormat>(w)).stored_bytes) {
        tries.push_back(edit([&](nlohmann::json& j) { j["weights"] = w; }));
      }
    }
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      std::string w = word(t.weights);
      for (char& ch : w) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      return said("fix_weights", {w}, e);
    });
    tries.clear();
    for (int b = s.serving.batch / 2; b >= 1; b /= 2) tries.push_back(edit([&](nlohmann::json& j) { j["serving"]["batch"] = b; }));
    first_fit(tries, [&](const Scenario& t, const Estimate& e) {
      return said("fix_batch", {std::to_string(t.serving.batch)}, e);
    });
  }
  // More cards: data parallel with ZeRO shards the states further; serving splits the weights
  // by tensor parallelism within one server.
  std::vector<nlohmann::json> tries;
  for (int k : {2, 4, 8}) {
    if (train) {
      tries.push_back(edit([&](nlohmann::json& j) { j["parallel"]["gpus"] = p.gpus * k; }));
    } else if (s.model.kind == ModelKind::video) {
      // FSDP shards the DiT and the text encoder; Ulysses (or ring, where the heads do not divide)
      // splits the clip's tokens (Wan's --dit_fsdp --t5_fsdp --ulysses_size).
      const bool ulysses = s.model.video && s.model.video->heads % (p.gpus * k) == 0;
      tries.push_back(edit([&](nlohmann::json& j) {
        j["parallel"]["gpus"] = p.gpus * k;
        j["parallel"]["zero"] = 3;
        j["video"]["sequence_parallel"] = ulysses ? "ulysses" : "ring";
      }));
    } else if (llm && p.tp * k <= hw::kCardsPerNode) {
      tries.push_back(edit([&](nlohmann::json& j) { j["parallel"]["gpus"] = p.gpus * k; j["parallel"]["tp"] = p.tp * k; }));
    }
  }
  first_fit(tries, [&](const Scenario& t, const Estimate& e) {
    return said("fix_cards", {std::to_string(t.parallel.gpus)}, e);
  });
  return out;
}

}  // namespace xuanka::core
