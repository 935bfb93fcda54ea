#!/usr/bin/env python3
"""Adds accelerators researched after the reference import (scripts/data/import_accelerators.py)
to catalog/accelerators.json: scripts/data/sources/accelerators_2026-11.json holds each entry with
its sources (datasheets, vendor pages, measured reports), written in the catalog's schema.
An id already in the catalog is replaced by the researched entry.

usage: scripts/data/add_accelerators.py
"""
import json, os
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
path = os.path.join(root, "catalog", "accelerators.json")
doc = json.load(open(path))
new = json.load(open(os.path.join(here, "sources", "accelerators_2026-11.json")))
ids = {a["id"]: i for i, a in enumerate(doc["accelerators"])}
for a in new:
    if a["id"] in ids:
        doc["accelerators"][ids[a["id"]]] = a
    else:
        doc["accelerators"].append(a)
with open(path, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"{len(new)} entries merged; {len(doc['accelerators'])} accelerators")
