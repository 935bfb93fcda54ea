// The contract's simple fields (core layer): the table of core/fields.h. Each row's range and
// meaning is the contract's (../shared/SCENARIO.md, README "Scenario fields").
#include "core/fields.h"

#include "core/scenario.h"

namespace xuanka::core {

namespace {
constexpr unsigned bit(Task t) { return 1u << static_cast<int>(t); }
constexpr unsigned bit(ModelKind k) { return 1u << static_cast<int>(k); }
constexpr unsigned kTraining = bit(Task::pretrain) | bit(Task::full_ft) | bit(Task::lora) | bit(Task::qlora);
constexpr unsigned kServing = bit(Task::inference);
constexpr unsigned kAllTasks = kTraining | bit(Task::inference);
constexpr unsigned kLlm = bit(ModelKind::llm);
constexpr unsigned kDiffusion = bit(ModelKind::diffusion), kVideo = bit(ModelKind::video), kVision = bit(ModelKind::vision);

// An optional member of an optional object: its value when both are there.
template <class T, class M>
std::optional<double> member(const std::optional<T>& o, const std::optional<M> T::*m) {
  if (!o || !((*o).*m)) return std::nullopt;
  return static_cast<double>(*((*o).*m));
}
}  // namespace

const std::vector<FieldRow>& field_rows() {
  static const std::vector<FieldRow> rows = {
      // An override of the utilisation model: a training step is the model's FLOPs at this share
      // of the card's dense peak, with no communication or overhead added (core/estimator.cpp).
      // The contract takes it for any task (SCENARIO.md); the page offers it where it counts.
      {"", "mfu", 0.001, 1.0, false, 0.4, kTraining | kServing, kLlm, "est.mfu", "MFU（留空用模型）", "MFU (empty: the model)",
       [](const Scenario& s) { return s.mfu; }, [](Scenario& s, double v) { s.mfu = v; }},
      // The cluster's network per card to other servers (Gb/s, one direction): what the collectives
      // between servers run over (core/estimator.cpp scale_out_bytes_per_s). Unset: the card's
      // reference server in the catalog (scale_out_gbps), else the DGX A100 layout.
      {"parallel", "scale_out_gbps", 1, 6400, false, 200, kAllTasks, kLlm | kVideo, "est.scale_out", "每卡跨机网络（Gb/s）",
       "Cross-server Gb/s per card",
       [](const Scenario& s) { return s.parallel.scale_out_gbps; }, [](Scenario& s, double v) { s.parallel.scale_out_gbps = v; }},
      // The share of prompt tokens whose KV cache the engine already holds (vLLM's automatic prefix
      // caching, SGLang's RadixAttention): they are not prefilled again.
      {"serving", "prefix_cache_hit", 0.0, 1.0, false, 0.5, kServing, kLlm, "est.prefix_hit", "前缀缓存命中率（0-1）", "Prefix-cache hit rate (0-1)",
       [](const Scenario& s) { return s.serving.prefix_cache_hit > 0 ? std::optional<double>(s.serving.prefix_cache_hit) : std::nullopt; },
       [](Scenario& s, double v) { s.serving.prefix_cache_hit = v; }},
      // The share of each card's memory the engine takes (vLLM's --gpu-memory-utilization, 0.9 when
      // unset; SGLang's --mem-fraction-static): the weights, activations, non-PyTorch memory and KV
      // cache all come out of it (vLLM docs, "GPU memory calculation": requested_memory =
      // total_gpu_memory x gpu_memory_utilization). Unset here: the whole card, as before.
      {"serving", "gpu_memory_utilization", 0.05, 1.0, false, 0.9, kServing, kLlm, "est.gpu_mem_util", "引擎可用显存比例（0-1）",
       "Engine's memory share (0-1)",
       [](const Scenario& s) { return s.serving.gpu_memory_utilization; }, [](Scenario& s, double v) { s.serving.gpu_memory_utilization = v; }},
      // Image generation (SCENARIO.md "image"): each written back with the model's default when unset.
      {"image", "steps", 1, 10000, true, 30, kAllTasks, kDiffusion, "est.img_steps", "采样步数", "Denoising steps",
       [](const Scenario& s) { return s.image ? std::optional<double>(s.image->steps.value_or(static_cast<int>(s.model.image_defaults.steps))) : std::nullopt; },
       [](Scenario& s, double v) { s.image->steps = static_cast<int>(v); }},
      {"image", "text_len", 1, 4096, true, 77, kAllTasks, kDiffusion, "", "文本长度（token）", "Text length (tokens)",
       [](const Scenario& s) { return s.image ? std::optional<double>(s.image->text_len.value_or(s.model.image_defaults.text_len)) : std::nullopt; },
       [](Scenario& s, double v) { s.image->text_len = v; }},
      {"image", "train_steps", 1, 1e9, true, 1000, kTraining, kDiffusion, "est.img_train_steps", "训练步数", "Training steps",
       [](const Scenario& s) { return member(s.image, &ImageOptions::train_steps); }, [](Scenario& s, double v) { s.image->train_steps = v; }},
      // Video generation (SCENARIO.md "video"): each written back with the model's script's default when unset.
      {"video", "frames", 1, 2001, true, 81, kAllTasks, kVideo, "est.vid_frames", "帧数", "Frames",
       [](const Scenario& s) { return s.video && s.model.video ? std::optional<double>(s.video->frames.value_or(s.model.video->frames)) : std::nullopt; },
       [](Scenario& s, double v) { s.video->frames = v; }},
      {"video", "fps", 1, 240, false, 16, kAllTasks, kVideo, "est.vid_fps", "帧率（帧/秒）", "Frames per second",
       [](const Scenario& s) { return s.video && s.model.video ? std::optional<double>(s.video->fps.value_or(s.model.video->fps)) : std::nullopt; },
       [](Scenario& s, double v) { s.video->fps = v; }},
      {"video", "steps", 1, 1000, true, 40, kAllTasks, kVideo, "est.vid_steps", "采样步数", "Denoising steps",
       [](const Scenario& s) {
         return s.video && s.model.video ? std::optional<double>(s.video->steps.value_or(static_cast<int>(s.model.video->steps))) : std::nullopt;
       },
       [](Scenario& s, double v) { s.video->steps = static_cast<int>(v); }},
      {"video", "text_len", 1, 4096, true, 512, kAllTasks, kVideo, "", "文本长度（token）", "Text length (tokens)",
       [](const Scenario& s) { return s.video && s.model.video ? std::optional<double>(s.video->text_len.value_or(s.model.video->text_len)) : std::nullopt; },
       [](Scenario& s, double v) { s.video->text_len = v; }},
      {"video", "blocks_to_swap", 0, 10000, true, 10, kAllTasks, kVideo, "est.vid_swap", "放在 CPU 上的 DiT 块", "DiT blocks kept on the CPU",
       [](const Scenario& s) { return s.video ? std::optional<double>(s.video->blocks_to_swap) : std::nullopt; },
       [](Scenario& s, double v) { s.video->blocks_to_swap = static_cast<int>(v); }},
      {"video", "train_steps", 1, 1e9, true, 1000, kTraining, kVideo, "est.vid_train_steps", "训练步数", "Training steps",
       [](const Scenario& s) { return member(s.video, &VideoOptions::train_steps); }, [](Scenario& s, double v) { s.video->train_steps = v; }},
      // Vision inference (SCENARIO.md "vision").
      {"vision", "camera_fps", 0.1, 1000, false, 25, kAllTasks, kVision, "est.vis_fps", "每路摄像头帧率", "Frames/s per camera",
       [](const Scenario& s) { return s.vision ? std::optional<double>(s.vision->camera_fps) : std::nullopt; },
       [](Scenario& s, double v) { s.vision->camera_fps = v; }},
      {"vision", "chips", 1, 64, true, 2, kAllTasks, kVision, "est.vis_chips", "使用的芯片数（多芯卡）", "Chips used (multi-chip cards)",
       [](const Scenario& s) { return member(s.vision, &VisionOptions::chips); }, [](Scenario& s, double v) { s.vision->chips = static_cast<int>(v); }},
  };
  return rows;
}

const FieldRow* find_field(std::string_view path) {
  // Compared piece by piece: the page asks by path every frame, so no string is built.
  for (const FieldRow& r : field_rows()) {
    const std::string_view section = r.section, key = r.key;
    const bool match = section.empty() ? path == key
                                       : path.size() == section.size() + 1 + key.size() && path.substr(0, section.size()) == section &&
                                             path[section.size()] == '.' && path.substr(section.size() + 1) == key;
    if (match) return &r;
  }
  return nullptr;
}

}  // namespace xuanka::core
