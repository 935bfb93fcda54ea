// A runnable configuration for a scenario (core layer): the DeepSpeed JSON, the PyTorch FSDP
// wrapping, the Megatron-LM launch arguments, the vLLM serve line or MindIE's config.json that
// sets up what the estimate describes. Every option name is the framework's own, at the version
// named in the output.
#pragma once
#include <string>
#include <vector>

#include "core/json_reader.h"
#include "core/notice.h"
#include "core/scenario.h"

namespace xuanka::core {

struct RunConfig {
  std::string framework;   // deepspeed | fsdp | megatron | vllm | mindie
  std::string version;     // the framework version whose documented options are used
  std::string text;        // the file or command line
  std::vector<Notice> notes;  // what the user must still supply or check
};

// The frameworks a scenario can be written for: training without tensor/pipeline/context
// parallelism -> deepspeed, and fsdp for a language model; pretraining or full fine-tuning of a
// language model -> megatron; language-model inference -> vllm and sglang (sglang first when serving.engine is sglang), and mindie
// on a Huawei card for one server without expert parallelism.
std::vector<std::string> run_config_frameworks(const Scenario& s);
// The configuration for `framework`; a diagnostic at "framework" when it does not fit the scenario.
Diagnostics run_config(const Scenario& s, const std::string& framework, RunConfig& out);

}  // namespace xuanka::core
