#!/usr/bin/env python3
"""Writes the image-generation and vision presets of catalog/models.json from their architectures
(scripts/data/diffusion_arch.py, scripts/data/vision_arch.py) and their published counts.
Every other entry of models.json is left as it is.

usage: scripts/data/make_image_models.py   (rewrites catalog/models.json in place)
"""
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import diffusion_arch as D  # noqa: E402
import vision_arch as V     # noqa: E402

root = os.path.dirname(os.path.dirname(here))
path = os.path.join(root, "catalog", "models.json")
doc = json.load(open(path))

DIFFUSERS = "huggingface/diffusers config.json of the checkpoint (unet/transformer, text_encoder, vae); figures derived by scripts/data/diffusion_arch.py and checked against H200 measurements (tests/vectors/measured/h200_diffusion_2026-11-30.jsonl)"


def denoiser(c, arch, ref_px, ref_text_len=0, patch_px=0):
    d = D.describe("", c, ref_px)
    out = {"arch": arch, "ref_px": ref_px}
    if arch == "dit":
        out.update({"ref_text_len": ref_text_len, "patch_px": patch_px})
    out.update({k: d[k] for k in ("linear_gflops", "conv_gflops", "attention_gflops", "attention_kernel_gflops", "kernels", "act_lora_bytes", "act_full_bytes", "ckpt_bytes",
                                   "ckpt_block_lora_bytes", "ckpt_block_full_bytes", "score_elements", "ckpt_block_score_elements", "infer_peak_bytes", "lora_io",
                                   "largest_layer_params")})
    return out


def vae(zc, force_upcast):
    c = D.vae_decoder(64, zc)
    # Encoder MACs at 512 px: 566 G (onnx-tool's count of the SD VAE encoder, ThanatosShinji/onnx-tool README)
    return {"ref_px": 512, "latent_channels": zc, "decode_gflops": round(2 * (c.mac + c.attn_mac) / 1e9, 1), "encode_gflops": 1132.0,
            "decode_peak_elements": c.infer_peak, "force_upcast": force_upcast}


clip_l = {"name": "CLIP ViT-L/14 text encoder", "role": "text_encoder", "params": 123060480, "tokens": 77}
sd15_unet = D.unet([320, 640, 1280, 1280], [1, 1, 1, 0], [1, 1, 1, 1], 768, [8, 8, 8, 8], 64, False, 1)
sdxl_unet = D.unet([320, 640, 1280], [0, 1, 1], [0, 2, 10], 2048, [5, 10, 20], 128, True, 10, add_embed=2816)
flux_tr = D.flux(4096, 512)
entries = {
    "stable-diffusion-1.5": {
        "params": 859520964 + 123060480 + 83653863,
        "image_defaults": {"resolution": 512, "steps": 50, "cfg": True, "text_len": 77},
        "components": [
            {"name": "UNet", "role": "denoiser", "params": sd15_unet.params, "denoiser": denoiser(sd15_unet, "unet", 512)},
            clip_l,
            {"name": "VAE (AutoencoderKL, 4 latent channels)", "role": "vae", "params": 83653863, "vae": vae(4, False)}],
        "source": "https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5; " + DIFFUSERS,
    },
    "sdxl": {
        "params": 2567463684 + 123060480 + 694659840 + 83653863,
        "image_defaults": {"resolution": 1024, "steps": 50, "cfg": True, "text_len": 77},
        "components": [
            {"name": "UNet", "role": "denoiser", "params": sdxl_unet.params, "denoiser": denoiser(sdxl_unet, "unet", 1024)},
            clip_l,
            {"name": "OpenCLIP ViT-bigG/14 text encoder", "role": "text_encoder", "params": 694659840, "tokens": 77},
            {"name": "VAE (AutoencoderKL, 4 latent channels; decodes in fp32: force_upcast)", "role": "vae", "params": 83653863, "vae": vae(4, True)}],
        "source": "arXiv:2307.01952 (SDXL, Table 1); https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0; " + DIFFUSERS,
    },
    "flux.1-dev": {
        "params": 11901396032 + 4762310656 + 123060480 + 83819683,
        "image_defaults": {"resolution": 1024, "steps": 28, "cfg": False, "text_len": 512},
        "components": [
            {"name": "Rectified-flow transformer (19 double + 38 single blocks)", "role": "denoiser", "params": flux_tr.params,
             "denoiser": denoiser(flux_tr, "dit", 1024, 512, 16)},
            # transformers keeps T5's feed-forward output projections (wo) in fp32 when the model is
            # loaded in fp16 or quantised (T5PreTrainedModel._keep_in_fp32_modules = ["wo"]):
            # 24 layers x 10240 x 4096 = 1,006,632,960 parameters.
            {"name": "T5-XXL text encoder (encoder only)", "role": "text_encoder", "params": 4762310656, "tokens": 512,
             "keep_fp32_params": 24 * 10240 * 4096},
            dict(clip_l),
            {"name": "VAE (AutoencoderKL, 16 latent channels)", "role": "vae", "params": 83819683, "vae": vae(16, False)}],
        "source": "https://huggingface.co/black-forest-labs/FLUX.1-dev; black-forest-labs/flux src/flux/util.py (depth 19, depth_single_blocks 38, hidden 3072, 24 heads); " + DIFFUSERS,
    },
}
vis = {o["name"]: o for o in (V.describe(f"yolov8{k}", V.yolov8(d, w, m), 640, 0, 0) for k, d, w, m in (
    ("n", 0.33, 0.25, 1024), ("s", 0.33, 0.50, 1024), ("m", 0.67, 0.75, 768), ("l", 1.00, 1.00, 512), ("x", 1.00, 1.25, 512)))}
vis["resnet-50"] = V.describe("resnet-50", V.resnet50(), 224, 0, 0)
vis["vit-l-16"] = V.describe("vit-l-16", V.vit(), 224, 0, 0)

for m in doc["models"]:
    if m["id"] in entries:
        e = entries[m["id"]]
        m["params"] = e["params"]
        m["image_defaults"] = e["image_defaults"]
        m["components"] = e["components"]
        m["source"] = e["source"]
    elif m["id"] in vis:
        o = vis[m["id"]]
        m["params"] = o["params"]
        m.pop("components", None)
        m["vision"] = {"arch": "vit" if m["id"].startswith("vit") else "cnn", "gflops": o["gflops"], "gflops_input": o["gflops_input"],
                       "act_melements": o["act_melements"], "kernels_eager": o["kernels_eager"], "kernels_fused": o["kernels_fused"],
                       "live_melements": o["live_melements"]}
        if o.get("fused_layers"): m["vision"]["fused_layers"] = o["fused_layers"]
        if o.get("eager_layers") and m["vision"]["arch"] == "cnn": m["vision"]["eager_layers"] = o["eager_layers"]
        m["source"] = m["source"].split("; figures derived")[0] + "; figures derived by scripts/data/vision_arch.py from the architecture (params equal the published count)"

with open(path, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
