// The Estimate view's inputs as the user edits them (ui layer, no ImGui): text for numbers (the
// phone keyboard edits text), words for enums. They become the scenario contract JSON
// (../shared/SCENARIO.md), which core parses and checks — so a bad entry gets core's error,
// naming the field — and which is also the share link's state. The form expresses every field
// of the contract: from_contract(core::to_json(s)) then to_contract gives the same scenario.
#pragma once
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/enums.h"

namespace xuanka::ui {

struct ScenarioForm {
  std::string model = "qwen2.5-7b";        // preset id, or "custom" for the architecture below
  // A custom architecture (model == "custom"), the contract's inline form.
  std::string arch_name = "my-model", arch_layers = "32", arch_hidden = "4096", arch_heads = "32",
              arch_kv_heads = "8", arch_ffn = "14336", arch_vocab = "128256", arch_ffn_type = "gated";
  std::string arch_head_dim;               // empty: hidden / heads
  std::string arch_params;                 // empty: counted from the shape
  bool arch_tied = false;                  // tied input and output embeddings
  nlohmann::json arch_extra = nlohmann::json::object();  // fields the page does not edit (moe, mla, ...), kept as given
  // An inline vision or image model from a link (model == kLinkModel): SCENARIO.md's inline
  // vision and diffusion forms, kept whole and shown read-only (the page edits only a language
  // model's shape); null when the link brought none.
  nlohmann::json link_model;
  std::string task = "lora";
  std::string precision = "bf16_mixed";
  std::string optimizer = "adamw";
  std::string lora_rank = "16";
  std::string lora_targets = "all_linear";
  std::string lora_dropout;                // empty: none (PEFT's default, 0)
  std::string lora_dtype;                  // empty: the contract's default (fp32 under mixed precision, PEFT)
  std::string loss;                        // empty: the contract's default (full cross-entropy)
  std::string weights;                     // empty: the contract's default
  std::string seq_len = "4096";
  std::string micro_batch = "1";
  std::string global_batch;                // empty: micro_batch x data-parallel size
  std::string recompute = "none";
  bool flash_attention = true;
  std::string gpus = "1", tp = "1", pp = "1", cp = "1", ep = "1", zero = "0";
  std::string vp = "1";  // virtual pipeline stages per card (interleaved 1F1B), training with pp > 1
  std::string offload = "none";
  bool sequence_parallel = false;
  bool ep_overlap = false;  // the expert all-to-all under the other micro-batch's compute (training, ep > 1)
  bool ep_dedup = false;    // DeepEP/HybridEP: a token crosses once to each other server (training; a prompt's in serving; ep > 1)
  std::string gpu = "nvidia-a100-sxm4-80gb";
  std::string tokens_billion = "1";        // training tokens, in billions (10^9); empty: no time
  std::string serving_batch = "1", prompt_tokens = "2048", output_tokens = "512";
  std::string kv_dtype;                    // empty: default
  // Serving at scale (SCENARIO.md "LLM serving at scale"); empty text = absent (the default).
  std::string engine;                      // empty: vllm
  std::string spec_method, spec_draft_tokens, spec_accept_length;  // method empty: no speculative decoding
  std::string pool_role, prefill_gpus, prefill_tp, prefill_ep;     // role empty and prefill_gpus empty: one pool
  std::string serving_offload = "none", cpu_memory_gb_s, cpu_tflops;
  // The table's simple fields (core/fields.h), their text by contract path ("serving.prefix_cache_hit");
  // absent or empty: the contract's default.
  std::map<std::string, std::string> fields = {{"vision.camera_fps", "25"}};
  // Image generation (models of kind diffusion): SCENARIO.md "image"; empty text = the default.
  std::string img_resolution;              // "1024" or "512x768"
  std::string img_batch;
  std::string img_cfg;                     // "" default | "on" | "off"
  std::string img_runtime = "pytorch", img_vae_decode = "full", img_offload = "none";
  bool img_train_te = false, img_cache_latents = false, img_cache_text = false, img_prior = false, img_ema = false;
  // Video generation (models of kind video): SCENARIO.md "video"; empty text = the model's default.
  std::string vid_resolution;              // "1280x720"
  std::string vid_cfg;                     // "" default | "on" | "off"
  std::string vid_offload = "none", vid_vae_decode = "full", vid_sp = "ulysses", vid_attention = "flash";
  bool vid_encoders_cpu = false, vid_cache_latents = false, vid_cache_text = false;
  // Vision inference (models of kind vision): SCENARIO.md "vision".
  std::string vis_input;                   // "640" or "1280x720"
  std::string vis_batch = "1";             // a count or "auto"
  std::string vis_precision = "fp16", vis_runtime = "pytorch", vis_scope = "model";
  std::string vis_camera_res = "1080p";
};

// The model choice that stands for the form's link_model.
inline constexpr const char* kLinkModel = "link-model";

// The form as the scenario contract for a model of `kind` (llm | diffusion | video | vision: the fields
// that apply to it). Numbers that do not parse stay strings, so core reports them.
nlohmann::json to_contract(const ScenarioForm& f, core::ModelKind kind = core::ModelKind::llm);
// Fills the form from a contract object (share link, a recommendation pick); a field the object
// does not name is reset to the form's default, so the form shows exactly that scenario.
void from_contract(const nlohmann::json& j, ScenarioForm& f);
// The kind of model the form holds (llm | diffusion | video | vision): a preset's, the link model's, or a
// language model's for a custom architecture. `preset_kind` is the catalog's kind for f.model, or
// none when f.model is not a preset.
core::ModelKind form_model_kind(const ScenarioForm& f, std::optional<core::ModelKind> preset_kind);
// The model's name for people: a preset's name is the catalog's (`preset_name`, empty when not a
// preset); a custom architecture's or a link model's is its own.
std::string form_model_name(const ScenarioForm& f, const std::string& preset_name);

// The Estimate form row that edits the contract field at `path` ("scenario.parallel.tp" ->
// "est.tp"), or "" when no row edits it; so an error is drawn under the field it names.
std::string form_row_for(const std::string& path);

// A number as people type it: ASCII or full-width digits (１０２４), thousands separators
// ("4,096", "4，096"), a 万 (10^4) or 亿 (10^8) suffix ("1万", "1.5亿"), surrounding spaces.
// Returns the number, or nothing when the text is not one.
std::optional<double> parse_number_text(const std::string& s);
// The shortest text that reads back to exactly `v`.
std::string number_text(double v);

}  // namespace xuanka::ui
