#!/usr/bin/python3
"""One-off data authoring (kept for provenance): writes catalog/models.json. Every architecture
number is copied from the model's published config.json / model card named in `source`."""
import json

HF = "https://huggingface.co/{}/blob/main/config.json"


def llm(id, name, repo, params, L, h, heads, kv, ffn, vocab, tied, ctx, ffn_type="gated", head_dim=None,
        moe=None, mla=None, qkv_bias=False, active=None, note=None):
    m = {"id": id, "name": name, "kind": "llm", "params": params, "layers": L, "hidden": h, "heads": heads,
         "kv_heads": kv, "head_dim": head_dim if head_dim else h // heads, "ffn_hidden": ffn, "ffn_type": ffn_type,
         "vocab": vocab, "tied_embeddings": tied, "qkv_bias": qkv_bias, "max_context": ctx}
    if moe: m["moe"] = moe
    if mla: m["mla"] = mla
    if active: m["active_params"] = active
    m["source"] = HF.format(repo)
    if note: m["note"] = note
    m["confidence"] = "high"
    return m


def other(id, name, kind, params, components, source, note=None):
    m = {"id": id, "name": name, "kind": kind, "params": params, "components": components, "source": source}
    if note: m["note"] = note
    m["confidence"] = "high"
    return m


models = [
    llm("llama-2-7b", "Llama 2 7B", "meta-llama/Llama-2-7b-hf", 6.74e9, 32, 4096, 32, 32, 11008, 32000, False, 4096),
    llm("llama-2-13b", "Llama 2 13B", "meta-llama/Llama-2-13b-hf", 13.0e9, 40, 5120, 40, 40, 13824, 32000, False, 4096),
    llm("llama-2-70b", "Llama 2 70B", "meta-llama/Llama-2-70b-hf", 69.0e9, 80, 8192, 64, 8, 28672, 32000, False, 4096),
    llm("llama-3.1-8b", "Llama 3.1 8B", "meta-llama/Llama-3.1-8B", 8.03e9, 32, 4096, 32, 8, 14336, 128256, False, 131072),
    llm("llama-3.1-70b", "Llama 3.1 70B", "meta-llama/Llama-3.1-70B", 70.6e9, 80, 8192, 64, 8, 28672, 128256, False, 131072),
    llm("llama-3.1-405b", "Llama 3.1 405B", "meta-llama/Llama-3.1-405B", 405e9, 126, 16384, 128, 8, 53248, 128256, False, 131072),
    llm("llama-3.2-1b", "Llama 3.2 1B", "meta-llama/Llama-3.2-1B", 1.24e9, 16, 2048, 32, 8, 8192, 128256, True, 131072, head_dim=64),
    llm("llama-3.2-3b", "Llama 3.2 3B", "meta-llama/Llama-3.2-3B", 3.21e9, 28, 3072, 24, 8, 8192, 128256, True, 131072, head_dim=128),
    llm("qwen2.5-0.5b", "Qwen2.5 0.5B", "Qwen/Qwen2.5-0.5B", 0.49e9, 24, 896, 14, 2, 4864, 151936, True, 32768, qkv_bias=True),
    llm("qwen2.5-1.5b", "Qwen2.5 1.5B", "Qwen/Qwen2.5-1.5B", 1.54e9, 28, 1536, 12, 2, 8960, 151936, True, 32768, qkv_bias=True),
    llm("qwen2.5-7b", "Qwen2.5 7B", "Qwen/Qwen2.5-7B", 7.61e9, 28, 3584, 28, 4, 18944, 152064, False, 131072, qkv_bias=True),
    llm("qwen2.5-14b", "Qwen2.5 14B", "Qwen/Qwen2.5-14B", 14.7e9, 48, 5120, 40, 8, 13824, 152064, False, 131072, qkv_bias=True),
    llm("qwen2.5-32b", "Qwen2.5 32B", "Qwen/Qwen2.5-32B", 32.5e9, 64, 5120, 40, 8, 27648, 152064, False, 131072, qkv_bias=True),
    llm("qwen2.5-72b", "Qwen2.5 72B", "Qwen/Qwen2.5-72B", 72.7e9, 80, 8192, 64, 8, 29568, 152064, False, 131072, qkv_bias=True),
    llm("qwen3-8b", "Qwen3 8B", "Qwen/Qwen3-8B", 8.2e9, 36, 4096, 32, 8, 12288, 151936, False, 131072, head_dim=128),
    llm("qwen3-32b", "Qwen3 32B", "Qwen/Qwen3-32B", 32.8e9, 64, 5120, 64, 8, 25600, 151936, False, 131072, head_dim=128),
    llm("qwen3-30b-a3b", "Qwen3 30B-A3B", "Qwen/Qwen3-30B-A3B", 30.5e9, 48, 2048, 32, 4, 6144, 151936, False, 131072,
        head_dim=128, active=3.3e9,
        moe={"experts": 128, "top_k": 8, "shared_experts": 0, "expert_ffn_hidden": 768, "dense_layers": 0},
        note="ffn_hidden (intermediate_size 6144) is unused: every layer is MoE (decoder_sparse_step 1, mlp_only_layers [])."),
    llm("qwen3-235b-a22b", "Qwen3 235B-A22B", "Qwen/Qwen3-235B-A22B", 235e9, 94, 4096, 64, 4, 12288, 151936, False, 131072,
        head_dim=128, active=22e9,
        moe={"experts": 128, "top_k": 8, "shared_experts": 0, "expert_ffn_hidden": 1536, "dense_layers": 0},
        note="ffn_hidden (intermediate_size 12288) is unused: every layer is MoE."),
    llm("deepseek-v3", "DeepSeek-V3", "deepseek-ai/DeepSeek-V3", 671e9, 61, 7168, 128, 128, 18432, 129280, False, 163840,
        head_dim=128, active=37e9,
        moe={"experts": 256, "top_k": 8, "shared_experts": 1, "expert_ffn_hidden": 2048, "dense_layers": 3},
        mla={"kv_lora_rank": 512, "qk_rope_head_dim": 64, "q_lora_rank": 1536, "qk_nope_head_dim": 128, "v_head_dim": 128},
        note="671B main model; the HF checkpoint's 685B adds the 14B multi-token-prediction module. Weights ship in FP8 (block-wise scales)."),
    llm("deepseek-r1-distill-qwen-7b", "DeepSeek-R1-Distill-Qwen-7B", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", 7.62e9, 28, 3584, 28, 4, 18944, 152064, False, 131072, qkv_bias=True),
    llm("deepseek-r1-distill-qwen-32b", "DeepSeek-R1-Distill-Qwen-32B", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", 32.8e9, 64, 5120, 40, 8, 27648, 152064, False, 131072, qkv_bias=True),
    llm("glm-4-9b", "GLM-4-9B", "THUDM/glm-4-9b", 9.4e9, 40, 4096, 32, 2, 13696, 151552, False, 8192, qkv_bias=True),
    llm("baichuan2-13b", "Baichuan2-13B", "baichuan-inc/Baichuan2-13B-Base", 13.9e9, 40, 5120, 40, 40, 13696, 125696, False, 4096),
    llm("yi-34b", "Yi-34B", "01-ai/Yi-34B", 34.4e9, 60, 7168, 56, 8, 20480, 64000, False, 4096),
    llm("internlm2.5-7b", "InternLM2.5-7B", "internlm/internlm2_5-7b", 7.74e9, 32, 4096, 32, 8, 14336, 92544, False, 32768),
    llm("mistral-7b", "Mistral 7B", "mistralai/Mistral-7B-v0.1", 7.24e9, 32, 4096, 32, 8, 14336, 32000, False, 32768),
    llm("mixtral-8x7b", "Mixtral 8x7B", "mistralai/Mixtral-8x7B-v0.1", 46.7e9, 32, 4096, 32, 8, 14336, 32000, False, 32768,
        active=12.9e9, moe={"experts": 8, "top_k": 2, "shared_experts": 0, "expert_ffn_hidden": 14336, "dense_layers": 0}),
    llm("gemma-2-9b", "Gemma 2 9B", "google/gemma-2-9b", 9.24e9, 42, 3584, 16, 8, 14336, 256000, True, 8192, head_dim=256),
    llm("gemma-2-27b", "Gemma 2 27B", "google/gemma-2-27b", 27.2e9, 46, 4608, 32, 16, 36864, 256000, True, 8192, head_dim=128),
    llm("phi-3-mini", "Phi-3-mini (4K)", "microsoft/Phi-3-mini-4k-instruct", 3.82e9, 32, 3072, 32, 32, 8192, 32064, False, 4096),
    llm("bert-large", "BERT-large (uncased)", "google-bert/bert-large-uncased", 336e6, 24, 1024, 16, 16, 4096, 30522, True, 512,
        ffn_type="plain", qkv_bias=True, note="Encoder (bidirectional attention); counted with the LLM shape formula plus biases and position embeddings (512 x 1024)."),
    other("stable-diffusion-1.5", "Stable Diffusion 1.5", "diffusion", 1.066e9,
          [{"name": "UNet", "params": 859.5e6}, {"name": "CLIP ViT-L/14 text encoder", "params": 123.1e6}, {"name": "VAE", "params": 83.7e6}],
          "https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5 (model card; component counts from the diffusers checkpoints)"),
    other("sdxl", "Stable Diffusion XL 1.0 (base)", "diffusion", 3.47e9,
          [{"name": "UNet", "params": 2.567e9}, {"name": "CLIP ViT-L text encoder", "params": 123.1e6},
           {"name": "OpenCLIP ViT-bigG text encoder", "params": 694.7e6}, {"name": "VAE", "params": 83.7e6}],
          "arXiv:2307.01952 (SDXL, Table 1: UNet 2.6B, text encoders 817M); https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0"),
    other("flux.1-dev", "FLUX.1 [dev]", "diffusion", 16.9e9,
          [{"name": "Rectified-flow transformer", "params": 11.9e9}, {"name": "T5-XXL text encoder", "params": 4.76e9},
           {"name": "CLIP ViT-L text encoder", "params": 123.1e6}, {"name": "VAE", "params": 83.8e6}],
          "https://huggingface.co/black-forest-labs/FLUX.1-dev (model card: 12B-parameter rectified flow transformer)"),
    other("yolov8n", "YOLOv8n (detect)", "vision", 3.2e6, [], "https://docs.ultralytics.com/models/yolov8/ (performance table: params 3.2M, 8.7 GFLOPs at 640)"),
    other("yolov8s", "YOLOv8s (detect)", "vision", 11.2e6, [], "https://docs.ultralytics.com/models/yolov8/ (params 11.2M, 28.6 GFLOPs at 640)"),
    other("yolov8m", "YOLOv8m (detect)", "vision", 25.9e6, [], "https://docs.ultralytics.com/models/yolov8/ (params 25.9M, 78.9 GFLOPs at 640)"),
    other("yolov8l", "YOLOv8l (detect)", "vision", 43.7e6, [], "https://docs.ultralytics.com/models/yolov8/ (params 43.7M, 165.2 GFLOPs at 640)"),
    other("yolov8x", "YOLOv8x (detect)", "vision", 68.2e6, [], "https://docs.ultralytics.com/models/yolov8/ (params 68.2M, 257.8 GFLOPs at 640)"),
    other("resnet-50", "ResNet-50", "vision", 25.6e6, [], "https://pytorch.org/vision/stable/models/generated/torchvision.models.resnet50.html (25,557,032 params, 4.09 GFLOPS)"),
    other("vit-l-16", "ViT-L/16", "vision", 304.3e6, [], "https://pytorch.org/vision/stable/models/generated/torchvision.models.vit_l_16.html (304,326,632 params); arXiv:2010.11929 Table 1 (307M)"),
]

doc = {"schema_version": 1,
       "about": "xuanka model presets. Architecture numbers from each model's published config (source). Units: counts; context in tokens. See catalog/README.md.",
       "models": models}
with open("catalog/models.json", "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("models:", len(models))
