// Host sizing (core layer): what the servers around the cards need — CPU memory, local disk for
// weights and checkpoints, and the network between servers — from stated rules with sources.
#pragma once
#include <optional>
#include <string>

#include "core/estimator.h"
#include "core/scenario.h"

namespace xuanka::core {

struct HostSizing {
  int nodes = 1, cards_per_node = 1;          // servers of up to 8 cards (HGX / Atlas 800 baseboards)
  // CPU memory per server: offload (the estimate's per-card host memory x cards) + one copy of the
  // weights while loading them, and the reference design's ratio for comparison.
  double cpu_offload_bytes_per_node = 0, cpu_loading_bytes_per_node = 0;
  double cpu_need_bytes_per_node = 0;
  double cpu_reference_bytes_per_node = 0;   // 3.2 x the server's card memory (DGX H100: 2 TB for 640 GB)
  // Disk, whole job: the weights file and, for training, resumable checkpoints.
  double weights_file_bytes = 0;
  double checkpoint_bytes = 0;               // one checkpoint: trainable weights + master weights + optimizer states
  int kept_checkpoints = 0;                  // 3 when training
  double disk_bytes = 0;                     // weights + kept checkpoints
  // Multi-server training: the gradient traffic each card sends per step (ring all-reduce,
  // ZeRO-3's extra all-gathers), and the port rate that hides it under the step's compute.
  std::optional<double> sync_bytes_per_card_step;
  std::optional<double> sync_gbit_per_s_per_card;   // Gb/s (10^9 bit/s) a card's port needs to hide it (Estimate::dp_hide_s)
  std::optional<double> nic_gbit_per_s_per_card;    // the reference design's scale-out port per card
  std::string nic_reference;                         // the reference server: "DGX H100", "DGX A100", "Atlas 800T A2"
  bool nic_given = false;                            // the scenario's parallel.scale_out_gbps: the user's cluster, no reference
  bool nic_assumed = false;                          // the catalog names none for the card: the estimator's default
                                                     // (core/hardware.h kNicBytesPerS, the DGX A100 layout)
};

// Sizing for the scenario and its estimate; nodes = ceil(gpus / 8).
HostSizing size_host(const Scenario& s, const Estimate& e);

}  // namespace xuanka::core
