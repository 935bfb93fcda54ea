#!/usr/bin/env python3
"""Adds the video generators (issue 38) to catalog/models.json: the shapes, encoders, VAEs and
sampling defaults in scripts/data/sources/video_models_2026-12.json (each read from the model's
own repository at the commit its source names), with the figures scripts/data/video_arch.py
derives from the code (the DiT's per-token bytes, the VAE's FLOPs and live bytes).

usage: scripts/data/add_video_models.py
"""
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import video_arch  # noqa: E402

root = os.path.dirname(os.path.dirname(here))
path = os.path.join(root, "catalog", "models.json")
doc = json.load(open(path))
vae = video_arch.vae_figures()
ids = {m["id"]: i for i, m in enumerate(doc["models"])}
for s in json.load(open(os.path.join(here, "sources", "video_models_2026-12.json"))):
    dit = dict(s["dit"])
    dit.update(video_arch.dit_figures(dit.pop("family"), dit["dim"], dit["ffn_dim"]))
    v = dict(s["vae"])
    fig = vae[v.pop("figures")]
    for k in ("decode_mflops_per_px", "encode_mflops_per_px", "decode_live_bytes_per_px", "tile_px"):
        if k in fig:
            v[k] = fig[k]
    total = dit["params"] * dit.get("experts", 1) + sum(e["params"] for e in s["encoders"]) + v["params"]
    m = {"id": s["id"], "name": s["name"], "kind": "video", "params": total, "source": s["source"], "confidence": "high",
         "video": {"dit": dit, "encoders": s["encoders"], "vae": v, "defaults": s["defaults"]}}
    if s["id"] in ids:
        doc["models"][ids[s["id"]]] = m
    else:
        doc["models"].append(m)
with open(path, "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
