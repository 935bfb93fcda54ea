#!/usr/bin/env python3
"""Adds the 2026 open-model presets (scripts/data/sources/models_2026-11.json: each entry from
the model's own config.json, with its sources; see models_2026-11.README.md; and
scripts/data/sources/models_2026-12.json, issue 34: DeepSeek-R1, Llama 4 Scout and Maverick,
Gemma 3 1B-27B, Kimi K2.5, MiniMax-M2.5, GLM-5.1, Qwen3.5 397B/122B/35B, each where its Hugging
Face config.json could be read, verbatim or in agreeing copies, as its source says) to
catalog/models.json, and the Qwen3 context note. A 2026-12 entry's catalog source is its config's
address (where it was read, and the model card, stay in the sheet).

Where a vendor's published total or active count is a rounded headline, or counts active
parameters another way (OpenAI excludes the input embedding; GLM, MiniMax, ERNIE round), the entry
carries `counts_note`: the catalog test then holds the total to 5% and does not compare the
active count (the shape's own count is what the estimator uses).

usage: scripts/data/add_models.py
"""
import json, os, re
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
path = os.path.join(root, "catalog", "models.json")
doc = json.load(open(path))
new = json.load(open(os.path.join(here, "sources", "models_2026-11.json")))
for m in json.load(open(os.path.join(here, "sources", "models_2026-12.json"))):
    m = dict(m, source=re.match(r".*?https://\S+?config\.json", m["source"]).group(0))
    new.append(m)
ROUNDED = {
    "glm-4.5": "Zhipu's '32B active' is rounded; the shape gives 33.6B active (embeddings and the dense first layers included).",
    "glm-4.5-air": "Zhipu's '12B active' is rounded; the shape gives 13.4B active.",
    "glm-4.6": "Zhipu's '32B active' is rounded; the shape gives 33.6B active.",
    "glm-4.7": "Zhipu's '32B active' is rounded; the shape gives 33.6B active.",
    "glm-4.7-flash": "'3B active' is a headline; the shape gives 3.9B active including embeddings.",
    "kimi-k2-instruct": "Moonshot's '1T total' is rounded; the shape gives 1.026T.",
    "kimi-k2-thinking": "Moonshot's '1T total' is rounded; the shape gives 1.026T.",
    "qwen3-next-80b-a3b": "'3B active' is rounded; the shape gives 3.24B.",
    "gpt-oss-120b": "OpenAI's 5.1B active excludes the input embedding (the shape with it: 5.71B).",
    "gpt-oss-20b": "OpenAI's 3.6B active excludes the input embedding (the shape with it: 4.19B).",
    "minimax-m2": "MiniMax's '10B active' is rounded; the shape gives 11.0B.",
    "ernie-4.5-21b-a3b": "Baidu's '21B / 3B' are headlines; the shape gives 21.8B / 3.35B.",
}
ids = {m["id"]: i for i, m in enumerate(doc["models"])}
for m in new:
    if m["id"] in ROUNDED:
        m["counts_note"] = ROUNDED[m["id"]]
    if m["id"] in ids:
        doc["models"][ids[m["id"]]] = m
    else:
        doc["models"].append(m)
# Qwen3's shipped configs: max_position_embeddings 40960 (32768 output + 8192 prompt), native
# training length 32768, 131072 only with YaRN (factor 4) added by hand (Qwen3 model cards).
for m in doc["models"]:
    if m["id"] in ("qwen3-8b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b"):
        m["max_context"] = 40960
        context = "Context: the config's max_position_embeddings is 40960 (32768 native + prompt); 131072 only with YaRN scaling (factor 4) enabled by hand (Qwen3 model card)."
        if context not in m.get("note", ""):
            m["note"] = (m.get("note", "") + " " if m.get("note") else "") + context
with open(path, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"{len(new)} models merged; {len(doc['models'])} presets")
