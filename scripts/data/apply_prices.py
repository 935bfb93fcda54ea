#!/usr/bin/env python3
"""Writes the market prices of catalog/accelerators.json from the price sheet
scripts/data/sources/prices_2026-11.csv (one row per card, kind and source, with the month the
price was seen; see prices_2026-11.README.md for how it was gathered).

Per card:
  rent: CNY per card-hour rows of medium confidence (low ones only when a card has no other);
        range = lowest..highest, typical = the median of the rows' midpoints (bare-metal,
        marketplace and big-cloud list prices differ 2-10x; the median is what most offers charge).
  purchase: per-card rows; where only 8-card server prices exist, the per-card share after the
        default server platform (core/cost.cpp: 400k CNY for a baseboard server, 120k for PCIe):
        (server - platform) / 8, stated in the note.
  date: the newest month a price was seen; oldest_date the oldest; purchase_date the newest
        month of the purchase rows used (a purchase can be years older than the rents).
USD rows are not converted (no dated exchange rate in the sheet); cards with only USD rows keep
no price and their note says so. Cards without rows keep what they had.

usage: scripts/data/apply_prices.py
"""
import csv, json, os, statistics
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
path = os.path.join(root, "catalog", "accelerators.json")
doc = json.load(open(path))
rows = list(csv.DictReader(open(os.path.join(here, "sources", "prices_2026-11.csv"))))
by = defaultdict(list)
for r in rows:
    by[r["id"]].append(r)

PLATFORM = {"sxm": 400000, "oam": 400000, "superchip": 400000, "module": 400000}
SHEET = "scripts/data/sources/prices_2026-11.csv"

def pick(rs):
    med = [r for r in rs if r["confidence"] in ("high", "medium")]
    return med or rs

def median_mid(rs):
    return round(statistics.median((float(r["lo"]) + float(r["hi"])) / 2 for r in rs), 2)

changed = 0
for a in doc["accelerators"]:
    rs = [r for r in by.get(a["id"], []) if r["currency"] == "CNY"]
    usd = [r for r in by.get(a["id"], []) if r["currency"] != "CNY"]
    if not rs:
        if usd and not a.get("market"):
            a["market"] = None
        continue
    rent = pick([r for r in rs if r["kind"] == "rent" and r["unit"] == "card_hour"])
    card = pick([r for r in rs if r["kind"] == "purchase_card"])
    server = pick([r for r in rs if r["kind"] == "purchase_server8"])
    m = {"purchase_cny": None, "rent_cny_per_card_hour": None}
    notes = []
    used = rent + card + (server if not card else [])
    if rent:
        m["rent_cny_per_card_hour"] = [min(float(r["lo"]) for r in rent), max(float(r["hi"]) for r in rent)]
        m["rent_typical_cny_per_card_hour"] = median_mid(rent)
        notes.append(f"rent: {len(rent)} offer(s), median {m['rent_typical_cny_per_card_hour']} CNY per card-hour")
    if card:
        m["purchase_cny"] = [min(float(r["lo"]) for r in card), max(float(r["hi"]) for r in card)]
        m["purchase_typical_cny"] = median_mid(card)
        notes.append(f"purchase: {len(card)} listing(s) per card")
    elif server:
        platform = PLATFORM.get(a.get("form_factor") or "", 120000)
        lo = (min(float(r["lo"]) for r in server) - platform) / 8
        hi = (max(float(r["hi"]) for r in server) - platform) / 8
        if hi > 0:
            m["purchase_cny"] = [round(max(lo, 0)), round(hi)]
            m["purchase_typical_cny"] = round((median_mid(server) - platform) / 8)
            notes.append(f"purchase: per-card share of {len(server)} 8-card server price(s) after a {platform // 10000}万 CNY platform")
    if usd:
        notes.append(f"{len(usd)} USD offer(s) in the sheet not converted")
    bought = card or server
    if m["purchase_cny"] and bought:
        m["purchase_date"] = max(r["seen"] for r in bought)  # the purchase's own month (it can be older than the rents)
    seen = sorted(r["seen"] for r in used)
    m["source"] = f"{SHEET} ({len(used)} rows: " + "; ".join(sorted({r['source'].split(' (')[0][:80] for r in used})) + ")"
    m["date"] = seen[-1]
    m["oldest_date"] = seen[0]
    m["note"] = "; ".join(notes) + ". Rent ranges span bare-metal monthly leases, GPU marketplaces and big-cloud list prices."
    conf = {r["confidence"] for r in used}
    m["confidence"] = "medium" if conf & {"high", "medium"} else "low"
    a["market"] = m
    changed += 1

with open(path, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"{changed} cards priced from {len(rows)} rows")
