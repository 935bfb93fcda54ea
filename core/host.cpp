// Host sizing (core layer). Rules and their sources:
// - Servers of up to 8 cards: NVIDIA HGX/DGX baseboards and Huawei Atlas 800T A2 hold 8.
// - CPU memory: the estimate's offload per card x cards, plus one copy of the weights in their
//   stored format while loading — Transformers' big-model loading (low_cpu_mem_usage) peaks at
//   about one model size in host memory (huggingface.co/docs/transformers/big_models), and
//   FSDP's sync_module_states / DeepSpeed's zero.Init load it once per server, not per card.
//   For comparison, NVIDIA's DGX H100 ships 2 TB of system memory for 8 x 80 GB = 640 GB of GPU
//   memory (DGX H100 User Guide, "Hardware Overview"): 3.2 x.
// - Checkpoints: what resumes training — the trainable weights in the training precision, the
//   fp32 master weights and the optimizer states (ZeRO, Rajbhandari et al. 2020 §3.1: 2Ψ + 12Ψ
//   of the 16Ψ per parameter under mixed-precision Adam; gradients are not saved). LoRA saves only
//   the adapters and their states (PEFT's save_pretrained). Three are kept (the newest, the one
//   before in case the newest is damaged, one milestone: our stated rule; the Hugging Face Trainer's
//   save_total_limit sets it).
// - Network: a ring all-reduce sends 2(n-1)/n of the gradient bytes per card per step (Patarasuk &
//   Yuan 2009; NCCL's "bus bandwidth" convention); ZeRO-3 adds a parameter all-gather in forward and
//   in backward, 1.5 x the data-parallel volume (ZeRO §7.2.2). The rate is that volume over the
//   compute the estimator lets it hide under, over the ring's ports in a server (see size_host).
//   Reference ports: the catalog's scale_out_gbps and scale_out_server, sourced per card (DGX H100/B200: one 400 Gb/s ConnectX-7 per GPU; DGX A100:
//   one 200 Gb/s ConnectX-6; Atlas 800T A2: one 200GE RoCE port per NPU), the figure the estimator
//   charges its cross-server traffic at.
#include "core/host.h"

#include <algorithm>
#include <cmath>

#include "core/enums.h"
#include "core/hardware.h"

namespace xuanka::core {

HostSizing size_host(const Scenario& s, const Estimate& e) {
  HostSizing h;
  const int gpus = std::max(1, s.parallel.gpus);
  h.nodes = (gpus + hw::kCardsPerNode - 1) / hw::kCardsPerNode;
  h.cards_per_node = std::min(gpus, hw::kCardsPerNode);
  const bool training = s.task != Task::inference;
  // The weights file: inference and QLoRA in their stored format; training from a 16-bit (or fp32) checkpoint.
  const double params = e.params;
  const double file_bytes_per_param = (!training || s.task == Task::qlora) ? info(s.weights).stored_bytes
                                                                            : (s.precision == Precision::fp32 ? 4.0 : 2.0);
  h.weights_file_bytes = params * file_bytes_per_param;
  h.cpu_offload_bytes_per_node = e.cpu_offload_bytes * h.cards_per_node;
  h.cpu_loading_bytes_per_node = h.weights_file_bytes;
  h.cpu_need_bytes_per_node = h.cpu_offload_bytes_per_node + h.cpu_loading_bytes_per_node;
  if (s.gpu && s.gpu->memory_bytes) h.cpu_reference_bytes_per_node = 3.2 * *s.gpu->memory_bytes * h.cards_per_node;
  h.disk_bytes = h.weights_file_bytes;
  if (training) {
    const StateBytes sb = state_bytes(s.precision, s.optimizer);  // core/enums.h: named once
    const double per_trainable = sb.weight + sb.optimizer();         // a checkpoint: weights, master and states
    h.checkpoint_bytes = e.trainable_params * per_trainable;
    h.kept_checkpoints = 3;
    h.disk_bytes += h.kept_checkpoints * h.checkpoint_bytes;
    // Data-parallel traffic across servers: what the estimator counted (the gradient all-reduce, or
    // ZeRO-3's gathers and reduce-scatters in every micro-batch). What hides it is the estimator's
    // own rule: the ring runs under the step's compute (Estimate::dp_hide_s), at the link's
    // efficiency (hw::kLinkEfficiency), and it enters each server once, its ranks there sharing the
    // traffic each over its own port (NCCL's bus bandwidth between servers is the ports' sum: 4 x 200
    // Gb/s for 8 A100s measure 85-96 GB/s, NVIDIA/nccl-tests issues #119 and #175;
    // Estimate::dp_ring_cards_per_server). A port's need: the card's traffic over those ranks, within
    // that compute (the ring's per-step latency left out).
    if (h.nodes > 1 && e.dp_traffic_bytes_per_step > 0 && e.dp_hide_s > 0) {
      h.sync_bytes_per_card_step = e.dp_traffic_bytes_per_step;
      h.sync_gbit_per_s_per_card = e.dp_traffic_bytes_per_step * 8.0 / 1e9 / e.dp_hide_s / std::max(1, e.dp_ring_cards_per_server) / hw::kLinkEfficiency;
    }
  }
  // The cluster's own port where the scenario names it (parallel.scale_out_gbps), else the card's
  // reference port, as the estimator reads it (catalog scale_out_gbps and its server).
  if (h.nodes > 1 && s.parallel.scale_out_gbps) {
    h.nic_gbit_per_s_per_card = *s.parallel.scale_out_gbps;
    h.nic_given = true;
  } else if (h.nodes > 1 && s.gpu && s.gpu->scale_out_bytes_per_s) {
    h.nic_gbit_per_s_per_card = *s.gpu->scale_out_bytes_per_s * 8.0 / 1e9;
    h.nic_reference = s.gpu->scale_out_server;
  } else if (h.nodes > 1 && s.gpu) {
    h.nic_gbit_per_s_per_card = hw::kNicBytesPerS * 8.0 / 1e9;  // what the estimator charged the sync at
    h.nic_reference = hw::kNicReferenceServer;
    h.nic_assumed = true;
  }
  return h;
}

}  // namespace xuanka::core
