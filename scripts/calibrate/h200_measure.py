#!/usr/bin/env python3
"""Measured calibration data for the estimator (run on a lent GPU machine; never in CI).

Random weights, nothing downloaded: models are built from their published shapes
(Hugging Face configs of Llama 3.2 1B and Llama 3.1 8B; torchvision ResNet-50 and ViT-L/16).
For each run it records the scenario in the contract's words (../shared/SCENARIO.md), what
torch.cuda.max_memory_allocated() reported (= memory.peak_allocated), what NVML shows as used
by the device (= memory.total, as nvidia-smi would show it), and median step/forward times.

Output: $OUT/measurements.jsonl (one JSON object per run, written as each run ends) and a
summary table on stdout. Every run is guarded: one failure is recorded and the next runs.
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403  run, emit, timed, clean, GIB, torch

# ---- environment and ceilings ---------------------------------------------------------------
def ceilings():
    out = {}
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16); b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    t, _ = timed(lambda: a @ b, warmup=3, iters=10)
    out["bf16_matmul_8192_tflops"] = 2 * n**3 / t / 1e12
    x = torch.empty(2 * GIB, dtype=torch.uint8, device="cuda"); y = torch.empty_like(x)
    t, _ = timed(lambda: y.copy_(x), warmup=3, iters=10)
    out["d2d_copy_gb_s_read_plus_write"] = 2 * x.numel() / t / 1e9
    del a, b, x, y
    # CUDA context + cuBLAS workspace as nvidia-smi shows it, with nothing else allocated
    clean()
    out["context_used_bytes"] = used_total()
    return out

# ---- language models -----------------------------------------------------------------------
LLAMA_32_1B = dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=16, num_attention_heads=32,
                   num_key_value_heads=8, head_dim=64, vocab_size=128256, tie_word_embeddings=True,
                   max_position_embeddings=131072)
LLAMA_31_8B = dict(hidden_size=4096, intermediate_size=14336, num_hidden_layers=32, num_attention_heads=32,
                   num_key_value_heads=8, head_dim=128, vocab_size=128256, tie_word_embeddings=False,
                   max_position_embeddings=131072)
ARCH = {  # the same shapes in the contract's words (inline architecture)
    "1b": {"name": "Llama 3.2 1B shape", "params": 1.2358e9, "layers": 16, "hidden": 2048, "heads": 32, "kv_heads": 8,
           "head_dim": 64, "ffn_hidden": 8192, "ffn_type": "gated", "vocab": 128256, "tied_embeddings": True},
    "8b": {"name": "Llama 3.1 8B shape", "params": 8.0301e9, "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
           "head_dim": 128, "ffn_hidden": 14336, "ffn_type": "gated", "vocab": 128256, "tied_embeddings": False},
}

def build_llm(shape, dtype, attn="sdpa"):
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(**shape, attn_implementation=attn)
    if getattr(cfg, "_attn_implementation", attn) != attn:
        cfg._attn_implementation = attn
    torch.manual_seed(0)
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)   # built in its own dtype: no fp32 copy inflates the peak
    try:
        with torch.device("cuda"):
            m = LlamaForCausalLM(cfg)
    finally:
        torch.set_default_dtype(old)
    return m.to(dtype)

def fused_ce_loss(m, ids, chunk=1024):
    """Loss without the full logits: each chunk of hidden states goes through the head and the
    cross-entropy under checkpoint, so only one chunk's logits exist at a time (the memory
    behaviour of fused linear cross-entropy: Liger-Kernel, Unsloth, torchtune's chunked loss)."""
    from torch.utils.checkpoint import checkpoint
    base = m.get_base_model() if hasattr(m, "get_base_model") else m
    h = base.model(input_ids=ids).last_hidden_state[:, :-1]
    y = ids[:, 1:]
    head = base.lm_head
    def part(hc, yc):
        return torch.nn.functional.cross_entropy(head(hc).float().flatten(0, 1), yc.flatten(), reduction="sum")
    total = 0
    for i in range(0, h.shape[1], chunk):
        total = total + checkpoint(part, h[:, i:i + chunk], y[:, i:i + chunk], use_reentrant=False)
    return total / y.numel()

def llm_train(shape, *, seq, mb, mode, ckpt, attn="sdpa", lora_r=16, fused=False, iters=5, loss="hf",
              adapter_fp32=True, targets=("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")):
    """mode: 'mixed' (fp32 params + bf16 autocast: HF Trainer bf16=True), 'pure' (bf16 params and
    AdamW states), 'lora' (bf16 frozen base + PEFT LoRA on every linear)."""
    loss_kind = loss
    def fn():
        dtype = torch.float32 if mode == "mixed" else torch.bfloat16
        m = build_llm(shape, dtype, attn)
        m.config.use_cache = False
        if mode == "lora":
            from peft import LoraConfig, get_peft_model
            m = get_peft_model(m, LoraConfig(r=lora_r, lora_alpha=2 * lora_r, lora_dropout=0.0, target_modules=list(targets)),
                               autocast_adapter_dtype=adapter_fp32)
        if ckpt:
            m.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        m.train()
        params = [p for p in m.parameters() if p.requires_grad]
        opt = torch.optim.AdamW(params, lr=1e-5, fused=fused) if fused else torch.optim.AdamW(params, lr=1e-5)
        ids = torch.randint(0, shape["vocab_size"], (mb, seq), device="cuda")
        torch.cuda.reset_peak_memory_stats()
        def step():
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=(mode == "mixed")):
                loss = m(input_ids=ids, labels=ids).loss if loss_kind == "hf" else fused_ce_loss(m, ids)
            loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)
        t, ts = timed(step, warmup=2, iters=iters)
        n_train = sum(p.numel() for p in params)
        del m, opt, params
        return {"step_s": t, "step_times_s": ts, "tokens_per_s": mb * seq / t, "trainable_params": n_train}
    return fn

def llm_infer(shape, *, batch, prompt, new_tokens):
    def fn():
        m = build_llm(shape, torch.bfloat16).eval()
        ids = torch.randint(0, shape["vocab_size"], (batch, prompt), device="cuda")
        m.generation_config.eos_token_id = None; m.generation_config.pad_token_id = 0
        gen = lambda n: m.generate(ids, max_new_tokens=n, min_new_tokens=n, do_sample=False, attention_mask=torch.ones_like(ids))
        torch.cuda.reset_peak_memory_stats()
        with torch.no_grad():
            tp, _ = timed(lambda: gen(1), warmup=1, iters=3)   # prefill (generate computes only the last position's logits)
            out = {"prefill_s": tp}
            if new_tokens > 1:
                tg, _ = timed(lambda: gen(new_tokens), warmup=1, iters=2)
                out.update({"generate_s": tg, "decode_tokens_per_s_total_hf_eager": batch * (new_tokens - 1) / max(1e-9, tg - tp)})
        del m
        return out
    return fn

def sc_llm(arch, task, **kw):
    s = {"model": ARCH[arch], "task": task, "gpu": "nvidia-h200-sxm-141gb"}
    s.update(kw); return s

# ---- vision --------------------------------------------------------------------------------
def vision(kind, *, batch, graph=False, size=224):
    def fn():
        import torchvision
        net = (torchvision.models.resnet50() if kind == "resnet50" else torchvision.models.vit_l_16()).cuda().half().eval()
        if kind == "resnet50": net = net.to(memory_format=torch.channels_last)
        torch.cuda.reset_peak_memory_stats()
        x = torch.randn(batch, 3, size, size, device="cuda", dtype=torch.half)
        if kind == "resnet50": x = x.to(memory_format=torch.channels_last)
        with torch.no_grad():
            if graph:
                s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
                with torch.cuda.stream(s):
                    for _ in range(3): net(x)
                torch.cuda.current_stream().wait_stream(s)
                g = torch.cuda.CUDAGraph()
                with torch.cuda.graph(g): net(x)
                f = g.replay
            else:
                f = lambda: net(x)
            t, ts = timed(f, warmup=5, iters=20)
        del net
        return {"latency_ms": t * 1e3, "fps": batch / t}
    return fn

def main():
    emit({"name": "env", **env()})
    run("ceilings", {}, ceilings)
    R = []
    # 1B full fine-tune, HF-Trainer style bf16 mixed (fp32 params, autocast), AdamW foreach vs fused
    R.append(("1b-mixed-adamw-seq2048-mb8", sc_llm("1b", "full_ft", precision="bf16_mixed", seq_len=2048, micro_batch=8),
              llm_train(LLAMA_32_1B, seq=2048, mb=8, mode="mixed", ckpt=False)))
    R.append(("1b-mixed-adamwfused-seq2048-mb8", sc_llm("1b", "full_ft", precision="bf16_mixed", seq_len=2048, micro_batch=8),
              llm_train(LLAMA_32_1B, seq=2048, mb=8, mode="mixed", ckpt=False, fused=True)))
    R.append(("1b-mixed-adamwfused-seq2048-mb8-ckpt", sc_llm("1b", "full_ft", precision="bf16_mixed", seq_len=2048, micro_batch=8, recompute="full"),
              llm_train(LLAMA_32_1B, seq=2048, mb=8, mode="mixed", ckpt=True, fused=True)))
    # attention cost: eager vs SDPA at 4k and 8k (1B, pure bf16)
    # (eager keeps the fp32 softmax output and its bf16 copy per layer: 8k without checkpointing
    # would need ~200 GB, so 8k runs with full recompute, both ways)
    for seq, ckpt in ((4096, False), (8192, True)):
        for attn in ("sdpa", "eager"):
            R.append((f"1b-pure-{attn}-seq{seq}-mb1{'-ckpt' if ckpt else ''}",
                      sc_llm("1b", "full_ft", precision="bf16", seq_len=seq, micro_batch=1, flash_attention=(attn == "sdpa"),
                             recompute="full" if ckpt else "none"),
                      llm_train(LLAMA_32_1B, seq=seq, mb=1, mode="pure", ckpt=ckpt, attn=attn, fused=True, iters=4)))
    # 8B LoRA r16 on every linear, bf16 frozen base, with and without checkpointing, 2k and 8k
    lora = {"rank": 16, "targets": "all_linear"}
    for seq, ckpt in ((2048, False), (2048, True), (8192, True)):
        R.append((f"8b-lora16-all-seq{seq}-mb1{'-ckpt' if ckpt else ''}",
                  sc_llm("8b", "lora", precision="bf16", weights="bf16", lora=lora, seq_len=seq, micro_batch=1, recompute="full" if ckpt else "none"),
                  llm_train(LLAMA_31_8B, seq=seq, mb=1, mode="lora", ckpt=ckpt, fused=True)))
    # 8B full fine-tune, pure bf16 AdamW (bf16 states), checkpointing
    R.append(("8b-pure-adamwfused-seq2048-mb4-ckpt",
              sc_llm("8b", "full_ft", precision="bf16", seq_len=2048, micro_batch=4, recompute="full"),
              llm_train(LLAMA_31_8B, seq=2048, mb=4, mode="pure", ckpt=True, fused=True, iters=4)))
    # 8B inference, bf16 weights (HF eager; decode speed of HF eager is launch-bound, kept for reference only)
    R.append(("8b-infer-b1-p2048", sc_llm("8b", "inference", weights="bf16", serving={"batch": 1, "prompt_tokens": 2048, "output_tokens": 0}),
              llm_infer(LLAMA_31_8B, batch=1, prompt=2048, new_tokens=0)))
    R.append(("8b-infer-b16-p1024-o64", sc_llm("8b", "inference", weights="bf16", serving={"batch": 16, "prompt_tokens": 1024, "output_tokens": 64}),
              llm_infer(LLAMA_31_8B, batch=16, prompt=1024, new_tokens=64)))
    # second set (2026-11-30, run b): the 8B runs whose first measurement included an fp32 build,
    # checkpointed LoRA with bf16 adapters and fused cross-entropy (today's fine-tuning recipes),
    # inference through generate() (last-position logits only)
    for seq in (2048, 8192):
        R.append((f"8b-lora16-all-seq{seq}-mb1-ckpt-v2",
                  sc_llm("8b", "lora", precision="bf16", weights="bf16", lora=lora, seq_len=seq, micro_batch=1, recompute="full"),
                  llm_train(LLAMA_31_8B, seq=seq, mb=1, mode="lora", ckpt=True, fused=True)))
        R.append((f"8b-lora16-all-bf16adapters-fusedce-seq{seq}-mb1-ckpt",
                  sc_llm("8b", "lora", precision="bf16", weights="bf16", lora=lora, seq_len=seq, micro_batch=1, recompute="full", loss="fused"),
                  llm_train(LLAMA_31_8B, seq=seq, mb=1, mode="lora", ckpt=True, fused=True, loss="fused", adapter_fp32=False)))
    R.append(("8b-lora8-qv-seq2048-mb4-ckpt",
              sc_llm("8b", "lora", precision="bf16", weights="bf16", lora={"rank": 8, "targets": "attn_qv"}, seq_len=2048, micro_batch=4, recompute="full"),
              llm_train(LLAMA_31_8B, seq=2048, mb=4, mode="lora", ckpt=True, fused=True, lora_r=8, targets=("q_proj", "v_proj"))))
    for lk in ("hf", "fused"):
        R.append((f"1b-pure-sdpa-seq2048-mb8-{lk}ce",
                  sc_llm("1b", "full_ft", precision="bf16", seq_len=2048, micro_batch=8, **({"loss": "fused"} if lk == "fused" else {})),
                  llm_train(LLAMA_32_1B, seq=2048, mb=8, mode="pure", ckpt=False, fused=True, loss=lk)))
    R.append(("1b-pure-eager-seq2048-mb4", sc_llm("1b", "full_ft", precision="bf16", seq_len=2048, micro_batch=4, flash_attention=False),
              llm_train(LLAMA_32_1B, seq=2048, mb=4, mode="pure", ckpt=False, attn="eager", fused=True)))
    for b, p, o in ((1, 2048, 1), (16, 1024, 64), (64, 2048, 16)):
        R.append((f"8b-generate-b{b}-p{p}-o{o}", sc_llm("8b", "inference", weights="bf16", serving={"batch": b, "prompt_tokens": p, "output_tokens": o}),
                  llm_infer(LLAMA_31_8B, batch=b, prompt=p, new_tokens=o)))
    import re
    only = re.compile(os.environ.get("RUNS", ".*"))
    for name, sc, fn in R:
        if only.search(name):
            run(name, sc, fn)
    if not only.search("vision"):
        print(f"done in {time.time() - T0:.0f} s; {path}"); return
    # vision, fp16, PyTorch eager and CUDA-graph replay
    for kind, model_id in (("resnet50", "resnet-50"), ("vitl16", "vit-l-16")):
        if not only.search(kind): continue
        for batch in (1, 8, 64, 256):
            for graph in ((False, True) if batch <= 8 else (False,)):
                sc = {"model": model_id, "task": "inference", "gpu": "nvidia-h200-sxm-141gb",
                      "vision": {"input": 224, "batch": batch, "precision": "fp16", "runtime": "pytorch"}}
                run(f"{kind}-fp16-b{batch}{'-cudagraph' if graph else ''}", sc,
                    vision("resnet50" if kind == "resnet50" else "vitl16", batch=batch, graph=graph))
    print(f"done in {time.time() - T0:.0f} s; {path}")

if __name__ == "__main__":
    main()
