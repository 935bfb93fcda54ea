#!/usr/bin/env python3
"""Dated, sourced electricity prices and PUE rules (issue 34) from
scripts/data/sources/regions_2026-12.json into catalog/regions.json (each entry: the research's
full source, quote and note, and the short citations and note the catalog carries).

Convention for every dated price: the grid company's monthly agency-purchase tariff table for
industrial and commercial users (代理购电工商业用户电价表), 1-10 kV, the flat (平段) period, low = the
two-part tariff's row, high = the single-part row; transmission, distribution, system operation and
government funds included, the capacity charge not. Where a source deviates the region's note says so.
- Beijing: 2026-07 (国网北京's table, 0.627-0.811); new data centres under 10,000 t of coal
  equivalent a year must reach PUE 1.3 (北京市发改委, 进一步加强数据中心项目节能审查若干规定, art. 7),
  and from 2026 a site above PUE 1.35 pays 0.2 CNY/kWh more on the excess (京经信发〔2024〕62号).
- Chongqing, the Chengdu-Chongqing hub (new): 国网重庆's table of 2026-07 (0.755-0.815); Sichuan's of 2025-12 in the
  note; PUE 1.25 for national hub nodes (发改高技〔2021〕1742号).
- Shaoguan (new): 广东电网's 粤北山区 table of 2026-07, 0.661 (the under-1 kV row: the 1-10 kV row was
  not found; it is normally lower); PUE 1.25 for the Shaoguan cluster (NDRC's reply, 2022).
A new region's typical PUE, where no source measures one, is the limit new sites must meet, and
its rack power the other regions' 8-20 kW; its note says so.
Regions the research found no dated price for (Zhangjiakou, Wuhu, Qinghai) are not added.

usage: scripts/data/patch_regions.py
"""
import json, os

from catalog_patch import save

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "catalog", "regions.json")
SHEET = os.path.join(ROOT, "scripts", "data", "sources", "regions_2026-12.json")


def main():
    doc = json.load(open(PATH))
    ids = [g["id"] for g in doc["regions"]]
    for s in json.load(open(SHEET)):
        g = doc["regions"][ids.index(s["id"])] if s["id"] in ids else None
        if g is None:
            g = {"id": s["id"], "name_zh": s["name_zh"], "name_en": s["name_en"], "province_zh": s["province_zh"],
                 "rack_kw": [8, 20], "sources": [], "confidence": "medium"}
            doc["regions"].append(g)
            ids.append(s["id"])
            extra = " Typical PUE: the limit new sites must meet (no measured figure found); rack power as the other regions (8-20 kW)."
        else:
            extra = ""
        g["electricity_cny_per_kwh"] = [round(x, 4) for x in s["electricity_cny_per_kwh"]]
        g["electricity_date"] = s["electricity_month"]
        g["pue_required"] = s["pue_required"]
        g["pue_typical"] = s["pue_typical"] or g.get("pue_typical") or s["pue_required"]
        for src in (s["cite_pue"], s["cite_electricity"]):
            if src not in g["sources"]:
                g["sources"].insert(0, src)
        g["note"] = s["short_note"] + extra
        g["confidence"] = "medium"
    save(doc, PATH)
    print(len(ids), "regions")


if __name__ == "__main__":
    main()
