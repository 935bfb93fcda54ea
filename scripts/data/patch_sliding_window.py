#!/usr/bin/env python3
"""Writes each sliding-window model's local attention into catalog/models.json as
`sliding_window: {window, layers}` (core/catalog.h SlidingWindowSpec): the window in tokens and how
many of the layers use it, read from the model's Hugging Face config.json (its catalog `source`):
`sliding_window` with `layer_types` (gpt-oss: alternating sliding_attention / full_attention) or
`sliding_window_pattern` (Gemma 3: every 6th layer global, the rest local); Gemma 2 from Google's own
model definitions (alternating local and global layers).

usage: scripts/data/patch_sliding_window.py
"""
import json, os

from catalog_patch import ROOT, save

PATH = os.path.join(ROOT, "catalog", "models.json")

# id: (window, local layers, how the count follows from the source; documentation only)
TABLE = {
    "gpt-oss-120b": (128, 18, "sliding_window 128; layer_types alternate sliding_attention / full_attention over 36 layers: 18 local"),
    "gpt-oss-20b": (128, 12, "sliding_window 128; layer_types alternate sliding_attention / full_attention over 24 layers: 12 local"),
    # Mistral 7B v0.1: "SWA ... window size W = 4096" in every layer (Jiang et al. 2023, arXiv:2310.06825
    # §2 and Table 1: window_size 4096; its config.json: sliding_window 4096).
    "mistral-7b": (4096, 32, "sliding_window 4096; every one of the 32 layers local"),
    # Gemma 2: google-deepmind/gemma@7691fd4 gemma/gm/nn/_gemma.py, Gemma2_9B / Gemma2_27B:
    # attention_types (LOCAL_SLIDING, GLOBAL) x layers / 2, sliding_window_size 4096 (the HF configs'
    # sliding_window 4096; transformers' Gemma2Attention: local where layer_idx is even).
    "gemma-2-9b": (4096, 21, "sliding_window 4096; (LOCAL_SLIDING, GLOBAL) alternating over 42 layers: 21 local"),
    "gemma-2-27b": (4096, 23, "sliding_window 4096; (LOCAL_SLIDING, GLOBAL) alternating over 46 layers: 23 local"),
    "gemma-3-1b": (512, 22, "sliding_window 512; sliding_window_pattern 6 over 26 layers: layers 6, 12, 18, 24 global, 22 local"),
    "gemma-3-4b": (1024, 29, "sliding_window 1024; sliding_window_pattern 6 over 34 layers: 5 global, 29 local"),
    "gemma-3-12b": (1024, 40, "sliding_window 1024; sliding_window_pattern 6 over 48 layers: 8 global, 40 local"),
    "gemma-3-27b": (1024, 52, "sliding_window 1024; sliding_window_pattern 6 over 62 layers: 10 global, 52 local"),
}
OLD = ("Not expressible: layer_types alternate", "Not expressible: 5:1 local:global interleave")
NEW = ("Expressed as sliding_window (its config's layers and window): layer_types alternate",
       "Expressed as sliding_window (its config's layers and window): 5:1 local:global interleave")


def main():
    doc = json.load(open(PATH))
    done = 0
    for m in doc["models"]:
        if m["id"] not in TABLE:
            continue
        window, layers, why = TABLE[m["id"]]
        assert layers <= m["layers"], m["id"]
        m["sliding_window"] = {"window": window, "layers": layers}
        note = m.get("note", "")
        for old, new in zip(OLD, NEW):
            note = note.replace(old, new)
        m["note"] = note
        done += 1
    assert done == len(TABLE), "a sliding-window model is missing from the catalog"
    save(doc, PATH)
    print(f"sliding windows written for {done} models")


if __name__ == "__main__":
    main()
