#!/usr/bin/env python3
"""Adds the accelerators buyers in China ask about that the catalog lacked (issue 34), from
scripts/data/sources/cards_2026-12.json (one catalog entry per card, every figure with its source
in the entry's sources and notes; a figure no primary source gives is null, and the notes say so):
Alibaba T-Head Zhenwu 810E (PPU), Enflame S60, MetaX C550 and C600, and the aftermarket RTX 4090
48GB (unofficial: a reworked clamshell board NVIDIA does not sell); Hygon's BW1000, which machines
report as "BW200, UBB BW1000", is named on the BW200's entry ("alias_of"). An entry already in the
catalog is replaced. Prices go through the price sheet (apply_prices.py).

usage: scripts/data/add_cards.py
"""
import json, os, re

from catalog_patch import save

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "catalog", "accelerators.json")
SHEET = os.path.join(ROOT, "scripts", "data", "sources", "cards_2026-12.json")


def cite(source):
    """A source as the catalog carries it: its title and address, without the quotes and asides
    that follow (the sheet keeps them): each Chinese character the page shows is a glyph in its
    font subset, about 180 bytes of the page."""
    return re.split(r" \(not opened| \(stored| \(as quoted| \(quoted| \('| \(efsmi| ; |: '|, as quoted", source)[0].strip()


def has_cjk(text):
    return any(ord(ch) > 0x2E80 for ch in text)


def compact(c):
    """The entry as the page carries it (the sheet keeps every quote): sources as citations, at
    most four, without Chinese quotes; notes to their first sentences (~300 characters); a support
    level nobody verified said in two words."""
    cites = []
    for x in c["sources"]:
        x = cite(x)
        x = re.sub(r" \([^()]*\)", lambda m: "" if has_cjk(m.group(0)) else m.group(0), x)
        if has_cjk(x):
            x = "".join(ch for ch in x if ord(ch) <= 0x2E80 or ch in "国产卡").strip()
        cites.append(x[:160])
    c["sources"] = list(dict.fromkeys(cites))[:4]
    n = c.get("notes") or ""
    if len(n) > 300:
        cut = n.rfind(". ", 0, 300)
        c["notes"] = n[: cut + 1] if cut > 0 else n[:300]
    for s in c.get("support", {}).values():
        if s.get("level") == "unknown":
            s["zh"], s["en"] = "未核实", "Not verified"
    for k in ("disagreements", "unverified_estimates"):
        c.pop(k, None)
    return c


def main():
    doc = json.load(open(PATH))
    ids = [a["id"] for a in doc["accelerators"]]
    for c in json.load(open(SHEET)):
        if "alias_of" in c:
            # Another name of a card the catalog has (Hygon's BW1000 is the BW200 chip's baseboard
            # product): the entry's name says both, its notes and sources gain the evidence.
            t = doc["accelerators"][ids.index(c["alias_of"])]
            t["name"], t["name_zh"] = c["name"], c["name_zh"]
            if c["note"] not in t["notes"]:
                t["notes"] += " " + c["note"]
            t["sources"] += [x for x in c["sources"] if x not in t["sources"]]
            continue
        c = compact(c)
        c["market"] = None
        if c["id"] in ids:
            doc["accelerators"][ids.index(c["id"])] = c
        else:
            doc["accelerators"].append(c)
            ids.append(c["id"])
    save(doc, PATH)
    print(len(ids), "accelerators")


if __name__ == "__main__":
    main()
