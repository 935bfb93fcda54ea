// The scenario contract as a struct (core layer): ../shared/SCENARIO.md. Parsing and printing
// live in core/contract.h.
#pragma once
#include <optional>
#include <string>

#include "core/catalog.h"

namespace xuanka::core {

struct Parallel {
  int gpus = 1, tp = 1, pp = 1, cp = 1, ep = 1;
  int zero = 0;                     // ZeRO stage 0..3 (FSDP full shard = 3)
  Offload offload = Offload::none;
  bool sequence_parallel = false;
  int dp() const { return gpus / (tp * pp * cp); }
};

struct Serving {
  int batch = 1;
  double prompt_tokens = 512, output_tokens = 512;
  WeightFormat kv_dtype = WeightFormat::bf16;  // fp16 | bf16 | fp8 | int8
};

struct Scenario {
  ModelArch model;
  std::string model_id;             // preset id, or the inline name
  bool model_preset = false;        // `model` was a preset id (printed back as the id)
  Task task = Task::pretrain;
  Precision precision = Precision::bf16_mixed;
  Optimizer optimizer = Optimizer::adamw;
  int lora_rank = 8;
  LoraTargets lora_targets = LoraTargets::attn_qv;
  WeightFormat weights = WeightFormat::bf16;
  double seq_len = 2048;            // tokens
  int micro_batch = 1;
  int global_batch = 1;             // sequences per optimizer step
  Recompute recompute = Recompute::none;
  bool flash_attention = true;
  Parallel parallel;
  const Accelerator* gpu = nullptr; // none: no fit verdict and no time
  std::optional<double> tokens;     // training tokens
  Serving serving;
  std::optional<double> mfu;        // override of the utilisation model, 0..1
};


}  // namespace xuanka::core
