#!/usr/bin/env python3
"""Writes the spec fixes of issue 34 into catalog/accelerators.json from the sheet
scripts/data/sources/spec_fixes_2026-12.json: one entry per figure, each {item, id, field (a dotted
path: "dense_tflops.fp8", "interconnect", "support.bf16"), old, new, source, quote, note}. The new
value replaces the old one; the source's citation (up to its first aside) joins the card's sources.

The figures (each with its source and quote in the sheet):
- B300: INT8 153.5 dense (NVIDIA's Blackwell Ultra datasheet, HGX B300 per GPU: 307 TOPS sparse / 2),
  memory bandwidth 7,700 GB/s (same table); FP4 14,000 dense confirmed.
- Ascend 950DT: the 36-core part from Huawei's Ascend 950 whitepaper (Table 3-1): FP8 973, FP4 1,946,
  BF16/FP16 486, TF32 243 dense; UB 2,016 GB/s.
- Ascend 950PR: from CANN's platform configuration (28 cores, 1.65 GHz) and Huawei's msmodeling
  Atlas 350 profile: BF16/FP16 378.5, FP8/INT8 756.9, FP4 1,513.9, TF32 189; 1,400 GB/s; a 4-card UB
  full mesh (3 x 53 GB/s a direction).
- MetaX C500: BF16 supported (BAAI FlagPerf trains Llama3-8B in bf16 on it), a PCIe card, 4-card
  MetaXLink groups (OpenCloudOS's MetaX deployment guide).
- MTT S5000: 8 cards as direct peers (Moore Threads' MUSA SDK 5.2 install guide).
- Ascend 910A: 310 W (Huawei's 2019-08-23 launch).
- Hygon K100_AI: the note's BW200 figures corrected (each was one row off).
- Ascend 910C: 8 packages in one HCCS domain, an Atlas 800 A3 server (Huawei's msmodeling); the
  384-card domain holds only inside a CloudMatrix 384 SuperPoD (the catalog's
  huawei-ascend-910c-cm384 entry, chosen on purpose).
- Kunlunxin R300: an OAM module, 8 on an R480 board in 2 rings at 200 GB/s; 125 TFLOPS FP16 and
  32 GB each, a board's 1 PFLOPS and 256 GB / 8 (FlagPerf's Kunlunxin README, vendor text).
- H200: the export and import status as of the newest dated reports (2026-01).

usage: scripts/data/patch_specs.py
"""
import json, os, re

from catalog_patch import save

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "catalog", "accelerators.json")
SHEET = os.path.join(ROOT, "scripts", "data", "sources", "spec_fixes_2026-12.json")


def cite(source):
    """The citation a card carries: the source up to its first aside (what was quoted and how it was
    read stay in the sheet)."""
    return re.split(r" ?\. PDF| ; | \(stored copy| \(as stored", source)[0].strip()


def main():
    doc = json.load(open(PATH))
    cards = {a["id"]: a for a in doc["accelerators"]}
    done = 0
    sheet = json.load(open(SHEET))
    for p in [p for p in sheet if "clone_of" not in p]:
        a = cards[p["id"]]
        *path, last = p["field"].split(".")
        node = a
        for k in path:
            if not isinstance(node.get(k), dict):
                node[k] = {}
            node = node[k]
        if isinstance(p["new"], dict) and isinstance(node.get(last), dict):
            node[last] = {**node[last], **p["new"]}
        else:
            node[last] = p["new"]
        src = cite(p["source"])
        if src not in a["sources"]:
            a["sources"].append(src)
        done += 1
    # New entries copied from a patched one with some fields set (a SuperPoD as its own card).
    for p in [p for p in sheet if "clone_of" in p]:
        a = json.loads(json.dumps(cards[p["clone_of"]]))
        a["id"] = p["id"]
        for path, value in p["set"].items():
            *keys, last = path.split(".")
            node = a
            for k in keys:
                node = node[k]
            node[last] = value
        a["sources"].append(cite(p["source"]))
        if p["id"] in cards:
            doc["accelerators"][[x["id"] for x in doc["accelerators"]].index(p["id"])] = a
        else:
            doc["accelerators"].insert([x["id"] for x in doc["accelerators"]].index(p["clone_of"]) + 1, a)
        cards[p["id"]] = a
        done += 1
    save(doc, PATH)
    print("patched", done)


if __name__ == "__main__":
    main()
