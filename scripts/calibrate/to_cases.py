#!/usr/bin/env python3
"""Turns measurements (scripts/calibrate/h200_measure.py output) into validation cases in the
contract's format (../shared/SCENARIO.md "Validation case").

usage: scripts/calibrate/to_cases.py tests/vectors/measured/*.jsonl > tests/vectors/validation_measured.jsonl

Tolerances follow ../shared/validation/README.md's classes: measured memory with every setting
known 0.15; throughput 0.25."""
import json, sys

# Runs of the first set whose peak is the fp32 build of the 8B model (8.03e9 x 4 B = 29.9 GiB,
# 30.96 GiB peak), not the job. The script then built each model in its own dtype (set b) and
# measured them again. Their step times stand (a build does not change a step's time).
BUILD_PEAK = {"8b-lora16-all-seq2048-mb1-ckpt", "8b-lora16-all-seq8192-mb1-ckpt", "8b-infer-b1-p2048", "8b-infer-b16-p1024-o64"}

def describe(sc, name):
    if "image" in sc:
        if sc["task"] == "inference":
            return ("diffusers denoiser in its 16-bit type, one denoising step of the pipeline's batch (CFG doubles SD's), "
                    "SDPA attention; time of the step only (text encoders and VAE not run).")
        return ("diffusers denoiser, latents and text embeddings cached (random tensors), " +
                ("fp32 parameters under autocast (accelerate mixed precision), " if sc["task"] == "full_ft" else
                 "frozen 16-bit base with PEFT LoRA on to_q/to_k/to_v/to_out.0 in fp32, ") +
                ("eager attention (AttnProcessor), " if sc.get("flash_attention") is False else "SDPA attention, ") +
                ("gradient checkpointing, " if sc.get("recompute") == "full" else "") + "fused torch AdamW, MSE loss.")
    if "vision" in sc:
        v = sc["vision"]
        return (f"torchvision model, PyTorch {'CUDA-graph replay' if 'cudagraph' in name else 'eager'} forward in fp16"
                f"{' (channels_last)' if sc['model'] == 'resnet-50' else ''}, batch {v['batch']}, {v['input']} px; "
                "frames/s = batch / median forward time.")
    if sc["task"] == "inference":
        return ("HF transformers generate() (prefill computes only the last position's logits), bf16 weights, "
                "SDPA attention, DynamicCache.")
    parts = ["HF transformers LlamaForCausalLM", "eager attention (fp32 softmax)" if sc.get("flash_attention") is False else "SDPA attention"]
    if sc.get("precision") == "bf16_mixed":
        parts.append("fp32 parameters under bf16 autocast (HF Trainer bf16=True), torch AdamW")
    elif sc["task"] == "full_ft":
        parts.append("bf16 parameters and AdamW states")
    if sc["task"] == "lora":
        parts.append("PEFT LoRA, bf16 frozen base, " + ("bf16 adapters" if "bf16adapters" in name else "fp32 adapters (PEFT's autocast_adapter_dtype default)"))
    if sc.get("recompute") == "full":
        parts.append("non-reentrant gradient checkpointing of every decoder layer")
    parts.append("fused cross-entropy (head + loss per 1024-token chunk under checkpoint)" if sc.get("loss") == "fused"
                 else "HF loss over the full vocabulary (logits upcast to fp32)")
    return "; ".join(parts) + "."

out = []
for src_file in sys.argv[1:]:
    recs = [json.loads(l) for l in open(src_file) if l.strip()]
    env = next(r for r in recs if r["name"] == "env")
    stack = f"torch {env['torch']}, transformers {env['transformers']}, peft {env['peft']}, torchvision {env['torchvision']}"
    source = f"measured: scripts/calibrate/h200_measure.py on one {env['gpu']} ({stack}); raw record in {src_file}"
    for r in recs:
        sc, name = r.get("scenario"), r["name"]
        if r.get("error") or not sc or "component" in sc:
            continue   # failed runs; VAE-only runs have no scenario of the contract
        if "cudagraph" in name:
            continue   # CUDA-graph replay is no runtime of the contract (pytorch means eager)
        if "lora" in sc and "image" not in sc and "dtype" not in sc["lora"]:
            # What ran: PEFT's default fp32 adapters (autocast_adapter_dtype), or bf16 where the
            # run says so; the contract's default for pure bf16 would be bf16 adapters.
            sc = dict(sc, lora=dict(sc["lora"], dtype="bf16" if "bf16adapters" in name else "fp32"))
        what = describe(sc, name) + " Random weights in the published shape; median of the timed steps after warm-up."
        def case(kind, compare, value, unit, tol, how):
            out.append({"id": f"h200-{name}-{compare.split('.')[1]}", "kind": kind, "scenario": sc, "compare": compare,
                        "published": {"value": value, "unit": unit}, "tolerance": tol, "source": source, "notes": what + " " + how})
        if "vision" in sc:
            case("vision_infer_speed", "compute.fps", round(r["fps"], 1), "fps", 0.25, "")
            continue
        if "image" in sc:
            if sc["task"] == "inference":
                case("image_infer_speed", "compute.it_per_s", round(r["it_per_s"], 3), "it_per_s", 0.25, "it/s = 1 / median step time.")
            else:
                case("image_train_mem", "memory.peak_allocated", round(r["peak_allocated_bytes"] / 2**30, 3), "GiB", 0.15,
                     "Peak = torch.cuda.max_memory_allocated() over the timed steps (only the denoiser resident).")
                case("image_train_speed", "compute.it_per_s", round(r["it_per_s"], 3), "it_per_s", 0.25,
                     "it/s = 1 / median optimizer step (forward, backward, AdamW step), micro-batch = global batch.")
            continue
        if name not in BUILD_PEAK:
            case("train_mem" if sc["task"] != "inference" else "infer_mem", "memory.peak_allocated",
                 round(r["peak_allocated_bytes"] / 2**30, 3), "GiB", 0.15, "Peak = torch.cuda.max_memory_allocated().")
        if sc["task"] != "inference":
            case("throughput", "compute.tokens_per_s_per_gpu", round(r["tokens_per_s"], 1), "tokens_per_s_per_gpu", 0.25,
                 "tokens/s = micro_batch x seq_len / median step time (forward, backward, optimizer step).")
for c in out:
    print(json.dumps(c, ensure_ascii=False))
