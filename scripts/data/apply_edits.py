#!/usr/bin/env python3
"""Applies scripts/data/sources/catalog_edits_2026-12.json to catalog/accelerators.json: the edits
once made by hand, kept as a sheet so that scripts/data/build_catalog rebuilds the catalog from its
sources (the last step). "add": whole card entries, each placed after the card its id extends (the
longest id that is a prefix of it, else at the end); "set": {id, field, value, why, and for a figure
its source and the sentence its note adds}.

usage: scripts/data/apply_edits.py
"""
import json, os

from catalog_patch import PATH, save

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHEET = os.path.join(ROOT, "scripts", "data", "sources", "catalog_edits_2026-12.json")


def main():
    doc = json.load(open(PATH))
    sheet = json.load(open(SHEET))
    cards = doc["accelerators"]
    for new in sheet["add"]:
        if any(a["id"] == new["id"] for a in cards):
            continue
        # "nvidia-h100-sxm-96gb-500w" goes after "nvidia-h100-sxm5-80gb": the card sharing the longest
        # start of its id.
        def shared(a):
            n = 0
            while n < min(len(a["id"]), len(new["id"])) and a["id"][n] == new["id"][n]:
                n += 1
            return n
        best = max(range(len(cards)), key=lambda i: (shared(cards[i]), i))
        cards.insert(best + 1, new)
    by_id = {a["id"]: a for a in cards}
    for e in sheet["set"]:
        a = by_id[e["id"]]
        a[e["field"]] = e["value"]
        if e.get("source") and e["source"] not in a["sources"]:
            a["sources"].append(e["source"])
        if e.get("note") and e["note"] not in a.get("notes", ""):
            a["notes"] = (a.get("notes") or "") + " " + e["note"]
    save(doc)
    print("added", len(sheet["add"]), "set", len(sheet["set"]))


if __name__ == "__main__":
    main()
