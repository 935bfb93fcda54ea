#!/usr/bin/python3
"""One-off data authoring (kept for provenance): writes catalog/regions.json.
Electricity: industrial (large-industry / general-industry) tariff ranges in CNY/kWh incl. tax,
as published in each provincial grid's monthly agency-purchase price (代理购电价格) tables; these
move monthly, so ranges are wide and confidence is low unless a seed article states them.
PUE: the policy limit for new data centres, and a typical figure for existing sites."""
import json

SEED_JS = "../shared/seeds/001_7e6612eb34847a5a.txt (江苏: 电力成本均价约0.7-0.9元/度; 苏州、无锡 PUE 要求 1.4)"
SEED_SZ = "../shared/seeds/003_1d8eaca09b56b69e.txt (深圳: 单机柜功率密度通常 10-20kW 才带得动 H 系列)"
HUB = "NDRC et al., 全国一体化大数据中心协同创新体系算力枢纽实施方案 (2021): national hub data centres PUE <= 1.25 (eastern hubs) / <= 1.2 (western hubs)"
GRID = "provincial grid agency-purchase tariff tables (国网/南网 代理购电价格, 2024-2025), industrial 1-10 kV, approximate range"


def r(id, zh, en, prov_zh, lo, hi, pue_typ, pue_req, rack_lo, rack_hi, sources, conf, note=None):
    d = {"id": id, "name_zh": zh, "name_en": en, "province_zh": prov_zh,
         "electricity_cny_per_kwh": [lo, hi], "pue_typical": pue_typ, "pue_required": pue_req,
         "rack_kw": [rack_lo, rack_hi], "sources": sources, "confidence": conf}
    if note: d["note"] = note
    return d


regions = [
    r("zhejiang-hangzhou", "杭州", "Hangzhou", "浙江", 0.6, 0.85, 1.4, 1.3, 8, 20, [GRID, HUB], "low",
      "Seed 000 notes Zhejiang's hot, humid climate favours liquid cooling to lower PUE."),
    r("zhejiang-ningbo", "宁波", "Ningbo", "浙江", 0.6, 0.85, 1.4, 1.3, 8, 20, [GRID, HUB], "low"),
    r("jiangsu-nanjing", "南京", "Nanjing", "江苏", 0.7, 0.9, 1.4, 1.4, 8, 20, [SEED_JS, GRID], "medium"),
    r("jiangsu-suzhou", "苏州", "Suzhou", "江苏", 0.7, 0.9, 1.35, 1.4, 8, 20, [SEED_JS], "medium",
      "Seed 001: Suzhou and Wuxi enforce PUE 1.4; 400-700 W cards need liquid or high-efficiency air cooling."),
    r("jiangsu-wuxi", "无锡", "Wuxi", "江苏", 0.7, 0.9, 1.35, 1.4, 8, 20, [SEED_JS], "medium"),
    r("guangdong-shenzhen", "深圳", "Shenzhen", "广东", 0.65, 0.9, 1.4, 1.3, 10, 20, [SEED_SZ, GRID, HUB], "medium",
      "Seed 003: racks of 10-20 kW are needed for H-series; most start-ups rent by the card-hour first."),
    r("shanghai", "上海", "Shanghai", "上海", 0.65, 0.9, 1.4, 1.3, 8, 20, [GRID, HUB], "low"),
    r("beijing", "北京", "Beijing", "北京", 0.65, 0.9, 1.4, 1.3, 8, 20, [GRID, HUB], "low"),
    r("guizhou", "贵州（贵安）", "Guizhou (Gui'an)", "贵州", 0.35, 0.5, 1.25, 1.2, 6, 15, [GRID, HUB], "low",
      "Western hub of 东数西算: cool climate, cheaper power, longer network paths to the east."),
    r("inner-mongolia", "内蒙古（和林格尔）", "Inner Mongolia (Horinger)", "内蒙古", 0.28, 0.4, 1.2, 1.2, 6, 15, [GRID, HUB], "low"),
    r("ningxia", "宁夏（中卫）", "Ningxia (Zhongwei)", "宁夏", 0.3, 0.4, 1.2, 1.2, 6, 15, [GRID, HUB], "low"),
    r("gansu", "甘肃（庆阳）", "Gansu (Qingyang)", "甘肃", 0.3, 0.4, 1.2, 1.2, 6, 15, [GRID, HUB], "low"),
]
doc = {"schema_version": 1,
       "about": "xuanka regions: electricity CNY/kWh (industrial, range), PUE typical and required for new sites, rack power kW (range). See catalog/README.md.",
       "regions": regions}
with open("catalog/regions.json", "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("regions:", len(regions))
