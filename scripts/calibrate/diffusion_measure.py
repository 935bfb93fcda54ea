#!/usr/bin/env python3
"""Measured calibration data for image generation (run on a lent GPU machine; never in CI).

Random weights, nothing downloaded: Stable Diffusion 1.5 and SDXL UNets, their VAE and the
FLUX.1-dev transformer are built from their published configs (diffusers config.json files;
the shapes are in scripts/data/diffusion_arch.md). diffusers is not on the GPU machine, so its
source is carried there (PYTHONPATH, not part of this repository). Latents and text embeddings
are random tensors of the right shape: the recipes that cache latents and text embeddings.

For each run: the scenario in the contract's words (../shared/SCENARIO.md, "Image generation"),
torch.cuda.max_memory_allocated() over the timed steps (= memory.peak_allocated of the
denoiser's step, components not involved in the step not resident), and the median step time.
Output: $OUT/measurements.jsonl, one JSON object per run.
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403  run, emit, timed, clean, GIB, torch, env

GPU = "nvidia-h200-sxm-141gb"
# torch 2.11's cuDNN attention backend failed in FLUX's backward on the H200 (mha_graph.execute,
# then an illegal address, 2026-11-30); the flash and memory-efficient SDPA backends are what
# diffusers users get on most cards, so the cuDNN one is switched off for the FLUX runs.
if os.environ.get("NO_CUDNN_SDP"):
    torch.backends.cuda.enable_cudnn_sdp(False)

SD15_UNET = dict(sample_size=64, in_channels=4, out_channels=4, layers_per_block=2, block_out_channels=(320, 640, 1280, 1280),
                 down_block_types=("CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "DownBlock2D"),
                 up_block_types=("UpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D"),
                 cross_attention_dim=768, attention_head_dim=8)
SDXL_UNET = dict(sample_size=128, in_channels=4, out_channels=4, layers_per_block=2, block_out_channels=(320, 640, 1280),
                 down_block_types=("DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"),
                 up_block_types=("CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "UpBlock2D"),
                 transformer_layers_per_block=(1, 2, 10), cross_attention_dim=2048, attention_head_dim=(5, 10, 20),
                 use_linear_projection=True, addition_embed_type="text_time", addition_time_embed_dim=256,
                 projection_class_embeddings_input_dim=2816)
VAE = dict(in_channels=3, out_channels=3, latent_channels=4, layers_per_block=2, block_out_channels=(128, 256, 512, 512),
           down_block_types=("DownEncoderBlock2D",) * 4, up_block_types=("UpDecoderBlock2D",) * 4)
FLUX = dict(patch_size=1, in_channels=64, num_layers=19, num_single_layers=38, attention_head_dim=128, num_attention_heads=24,
            joint_attention_dim=4096, pooled_projection_dim=768, guidance_embeds=True, axes_dims_rope=(16, 56, 56))
LORA_ATTN = ["to_k", "to_q", "to_v", "to_out.0"]   # diffusers' training scripts' default targets

def build(cls, cfg, dtype):
    torch.manual_seed(0)
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device("cuda"):
            m = cls(**cfg)
    finally:
        torch.set_default_dtype(old)
    return m.to(dtype)

def unet_inputs(kind, b, px):
    lat = px // 8
    x = torch.randn(b, 4, lat, lat, device="cuda")
    t = torch.randint(0, 1000, (b,), device="cuda")
    if kind == "sd15":
        return dict(sample=x, timestep=t, encoder_hidden_states=torch.randn(b, 77, 768, device="cuda"))
    return dict(sample=x, timestep=t, encoder_hidden_states=torch.randn(b, 77, 2048, device="cuda"),
                added_cond_kwargs={"text_embeds": torch.randn(b, 1280, device="cuda"), "time_ids": torch.randn(b, 6, device="cuda")})

def flux_inputs(b, px, text_len=512):
    n = (px // 16) ** 2
    return dict(hidden_states=torch.randn(b, n, 64, device="cuda"), encoder_hidden_states=torch.randn(b, text_len, 4096, device="cuda"),
                pooled_projections=torch.randn(b, 768, device="cuda"), timestep=torch.rand(b, device="cuda"),
                img_ids=torch.zeros(n, 3, device="cuda"), txt_ids=torch.zeros(text_len, 3, device="cuda"),
                guidance=torch.full((b,), 3.5, device="cuda"))

def cast_inputs(d, dtype):
    out = {}
    for k, v in d.items():
        if isinstance(v, dict): out[k] = cast_inputs(v, dtype)
        elif torch.is_floating_point(v) and k not in ("img_ids", "txt_ids"): out[k] = v.to(dtype)
        else: out[k] = v
    return out

def denoiser(kind):
    from diffusers import UNet2DConditionModel, FluxTransformer2DModel
    return (FluxTransformer2DModel, FLUX) if kind == "flux" else (UNet2DConditionModel, SD15_UNET if kind == "sd15" else SDXL_UNET)

def train(kind, *, px, b, mode, ckpt, eager=False, rank=4, fp16=True, iters=4):
    """mode 'full': fp32 parameters under autocast (accelerate mixed precision), torch AdamW.
    mode 'lora': frozen base in the 16-bit type, PEFT LoRA on the attention projections in fp32."""
    def fn():
        cls, cfg = denoiser(kind)
        half = torch.float16 if fp16 else torch.bfloat16
        m = build(cls, cfg, torch.float32 if mode == "full" else half)
        if eager:
            from diffusers.models.attention_processor import AttnProcessor
            m.set_attn_processor(AttnProcessor())
        if mode == "lora":
            from peft import LoraConfig
            m.requires_grad_(False)
            m.add_adapter(LoraConfig(r=rank, lora_alpha=rank, init_lora_weights="gaussian", target_modules=LORA_ATTN))
            for p in m.parameters():
                if p.requires_grad: p.data = p.data.float()
        if ckpt:
            m.enable_gradient_checkpointing()
        m.train()
        params = [p for p in m.parameters() if p.requires_grad]
        opt = torch.optim.AdamW(params, lr=1e-5, fused=True)
        inp = flux_inputs(b, px) if kind == "flux" else unet_inputs(kind, b, px)
        target = torch.randn_like(inp["hidden_states" if kind == "flux" else "sample"])
        torch.cuda.reset_peak_memory_stats()
        def step():
            with torch.autocast("cuda", dtype=half):
                out = m(**inp).sample
            loss = torch.nn.functional.mse_loss(out.float(), target.float())
            loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)
        t, ts = timed(step, warmup=2, iters=iters)
        n_train = sum(p.numel() for p in params)
        n_all = sum(p.numel() for p in m.parameters())
        del m, opt, params
        return {"step_s": t, "step_times_s": ts, "it_per_s": 1.0 / t, "trainable_params": n_train, "params": n_all}
    return fn

def infer_step(kind, *, px, b, cfg_scale=True, iters=8):
    """One denoising step of a pipeline call: the denoiser on 2 x b latents with CFG, b without."""
    def fn():
        cls, cfg = denoiser(kind)
        dtype = torch.bfloat16 if kind == "flux" else torch.float16
        m = build(cls, cfg, dtype).eval()
        n = 2 * b if cfg_scale else b
        inp = cast_inputs(flux_inputs(n, px) if kind == "flux" else unet_inputs(kind, n, px), dtype)
        weights = sum(p.numel() * p.element_size() for p in m.parameters())
        torch.cuda.reset_peak_memory_stats()
        with torch.no_grad():
            t, ts = timed(lambda: m(**inp), warmup=2, iters=iters)
        del m
        return {"step_s": t, "it_per_s": 1.0 / t, "weights_bytes": weights}
    return fn

def vae_decode(*, px, b, dtype, latent_channels=4):
    def fn():
        from diffusers import AutoencoderKL
        cfg = dict(VAE, latent_channels=latent_channels)
        v = build(AutoencoderKL, cfg, dtype).eval()
        z = torch.randn(b, latent_channels, px // 8, px // 8, device="cuda", dtype=dtype)
        weights = sum(p.numel() * p.element_size() for p in v.parameters())
        torch.cuda.reset_peak_memory_stats()
        with torch.no_grad():
            t, ts = timed(lambda: v.decode(z).sample, warmup=1, iters=3)
        del v
        return {"step_s": t, "latency_ms": t * 1e3, "weights_bytes": weights}
    return fn

def sc(model, task, **kw):
    s = {"model": model, "task": task, "gpu": GPU}
    s.update(kw)
    return s

def main():
    emit({"name": "env", **env()})
    img = lambda px, **k: dict({"resolution": px, "cache_latents": True, "cache_text_embeddings": True}, **k)
    lora = {"rank": 4, "targets": "attn"}
    R = [
        ("sd15-full-fp16-b1", sc("stable-diffusion-1.5", "full_ft", precision="fp16_mixed", micro_batch=1, image=img(512)),
         train("sd15", px=512, b=1, mode="full", ckpt=False)),
        ("sd15-full-fp16-b1-ckpt", sc("stable-diffusion-1.5", "full_ft", precision="fp16_mixed", micro_batch=1, recompute="full", image=img(512)),
         train("sd15", px=512, b=1, mode="full", ckpt=True)),
        ("sd15-full-fp16-b4", sc("stable-diffusion-1.5", "full_ft", precision="fp16_mixed", micro_batch=4, image=img(512)),
         train("sd15", px=512, b=4, mode="full", ckpt=False)),
        ("sd15-lora4-fp16-b1-eager", sc("stable-diffusion-1.5", "lora", precision="fp16_mixed", weights="fp16", lora=lora, micro_batch=1,
                                        flash_attention=False, image=img(512)),
         train("sd15", px=512, b=1, mode="lora", ckpt=False, eager=True)),
        ("sd15-lora4-fp16-b4", sc("stable-diffusion-1.5", "lora", precision="fp16_mixed", weights="fp16", lora=lora, micro_batch=4, image=img(512)),
         train("sd15", px=512, b=4, mode="lora", ckpt=False)),
        ("sdxl-lora4-bf16-b1", sc("sdxl", "lora", precision="bf16_mixed", weights="bf16", lora=lora, micro_batch=1, image=img(1024)),
         train("sdxl", px=1024, b=1, mode="lora", ckpt=False, fp16=False)),
        ("sdxl-lora4-bf16-b1-ckpt", sc("sdxl", "lora", precision="bf16_mixed", weights="bf16", lora=lora, micro_batch=1, recompute="full", image=img(1024)),
         train("sdxl", px=1024, b=1, mode="lora", ckpt=True, fp16=False)),
        ("sdxl-full-bf16-b1-ckpt", sc("sdxl", "full_ft", precision="bf16_mixed", micro_batch=1, recompute="full", image=img(1024)),
         train("sdxl", px=1024, b=1, mode="full", ckpt=True, fp16=False, iters=3)),
        ("flux-lora4-bf16-b1-ckpt", sc("flux.1-dev", "lora", precision="bf16_mixed", weights="bf16", lora=lora, micro_batch=1, recompute="full", image=img(1024)),
         train("flux", px=1024, b=1, mode="lora", ckpt=True, fp16=False, iters=3)),
        ("flux-lora4-bf16-b1-512-ckpt", sc("flux.1-dev", "lora", precision="bf16_mixed", weights="bf16", lora=lora, micro_batch=1, recompute="full", image=img(512)),
         train("flux", px=512, b=1, mode="lora", ckpt=True, fp16=False, iters=3)),
        # inference: one denoising step of the whole batch (CFG doubles SD's), and the VAE decode
        ("sd15-infer-step-b1", sc("stable-diffusion-1.5", "inference", weights="fp16", image={"resolution": 512, "batch": 1}),
         infer_step("sd15", px=512, b=1)),
        ("sd15-infer-step-b4", sc("stable-diffusion-1.5", "inference", weights="fp16", image={"resolution": 512, "batch": 4}),
         infer_step("sd15", px=512, b=4)),
        ("sdxl-infer-step-b1", sc("sdxl", "inference", weights="fp16", image={"resolution": 1024, "batch": 1}),
         infer_step("sdxl", px=1024, b=1)),
        ("flux-infer-step-b1", sc("flux.1-dev", "inference", weights="bf16", image={"resolution": 1024, "batch": 1, "cfg": False}),
         infer_step("flux", px=1024, b=1, cfg_scale=False, iters=5)),
        ("vae-decode-512-b1-fp16", {"component": "vae", "resolution": 512, "batch": 1, "dtype": "fp16"}, vae_decode(px=512, b=1, dtype=torch.float16)),
        ("vae-decode-512-b4-fp16", {"component": "vae", "resolution": 512, "batch": 4, "dtype": "fp16"}, vae_decode(px=512, b=4, dtype=torch.float16)),
        ("vae-decode-1024-b1-fp32", {"component": "vae", "resolution": 1024, "batch": 1, "dtype": "fp32"}, vae_decode(px=1024, b=1, dtype=torch.float32)),
        ("vae16-decode-1024-b1-bf16", {"component": "vae", "resolution": 1024, "batch": 1, "dtype": "bf16", "latent_channels": 16},
         vae_decode(px=1024, b=1, dtype=torch.bfloat16, latent_channels=16)),
    ]
    import re
    only = re.compile(os.environ.get("RUNS", ".*"))
    for name, s, fn in R:
        if only.search(name):
            run(name, s, fn)
    print(f"done in {time.time() - T0:.0f} s")

if __name__ == "__main__":
    main()
