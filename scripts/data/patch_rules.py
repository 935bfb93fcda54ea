#!/usr/bin/env python3
"""Writes the 2026 rules into the catalog: US export-control status of H200/MI325X-class and
Blackwell parts and of the H20, and the data-centre PUE limits of the regions. Every text cites
its documents (research notes: scripts/data/sources/rules_2026-11.md).

usage: scripts/data/patch_rules.py
"""
import json, os
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))

acc_path = os.path.join(root, "catalog", "accelerators.json")
acc = json.load(open(acc_path))
H200 = ("Licence required for China/Macau. From 2026-01-15 (BIS final rule 'Revision to License Review Policy for Advanced "
        "Computing Commodities', released 2026-01-13) exports FROM THE US of H200/MI325X-class chips (TPP < 21,000 and DRAM "
        "bandwidth < 6,500 GB/s) are reviewed case by case: US supply certification, China volume at most 50% of US shipments, "
        "KYC, US third-party testing; reexports and in-country transfers stay presumption of denial; a 25% US duty applies "
        "(Proclamation of 2026-01-14). China's side: in January 2026 customs reportedly told agents H200s are 'not permitted' "
        "(Reuters): check the current status before planning a purchase.")
H20 = ("US licence required from April 2025; licences granted in August 2025 with 15% of China revenue to the US government. "
       "China's CAC summoned NVIDIA over alleged H20 'backdoor' risks (2025-07-31) and Chinese firms were told to avoid H20 "
       "(August 2025); NVIDIA reportedly halted H20 production (The Information, 2025-08-22). Existing H20 stock still trades and rents in China.")
BLACKWELL = (" Above the January-2026 case-by-case thresholds (DRAM bandwidth > 6,500 GB/s): exports to China remain under a presumption of denial.")
RULE_SOURCES = [
    "https://www.cov.com/en/news-and-insights/insights/2026/01/us-commerce-department-revises-license-review-policy-for-exports-of-certain-advanced-computing-commodities-to-china-and-macau (BIS rule of 2026-01-13/15)",
    "https://www.morganlewis.com/pubs/2026/01/bis-revises-export-review-policy-for-advanced-ai-chips-destined-for-china-and-macau (TPP 21,000 and 6,500 GB/s thresholds)"]
for a in acc["accelerators"]:
    i = a["id"]
    if i in ("nvidia-h200-sxm-141gb", "nvidia-h200-nvl-141gb", "amd-mi325x"):
        a["export_control"] = H200
        a["sources"] += [s for s in RULE_SOURCES if s not in a["sources"]]
    elif i in ("nvidia-h20-96gb", "nvidia-h20-141gb"):
        a["export_control"] = H20
        src = "https://www.trtworld.com/article/25c7203cf45e (H20 licence, April 2025); https://gmteight.com/content/detail/299822 (August 2025 licences, 15% revenue share)"
        if src not in a["sources"]:
            a["sources"].append(src)
    elif i in ("nvidia-b200-hgx", "nvidia-gb200-per-gpu", "nvidia-b300", "nvidia-gb300-per-gpu", "nvidia-b100"):
        base = a.get("export_control") or "Licence required for China (US advanced-computing rules)."
        if BLACKWELL.strip() not in base:
            a["export_control"] = base + BLACKWELL
        a["sources"] += [s for s in RULE_SOURCES[1:] if s not in a["sources"]]
with open(acc_path, "w") as f:
    json.dump(acc, f, ensure_ascii=False, indent=1)
    f.write("\n")

reg_path = os.path.join(root, "catalog", "regions.json")
reg = json.load(open(reg_path))
PLAN_1742 = ("发改高技〔2021〕1742号 (NDRC, CAC, MIIT, NEA, 2021-11-30): by 2025 new large and super-large data centres average PUE < 1.3, "
             "national hub nodes < 1.25; http://zslijia.com/article/54057.html (Yangtze River Delta hub: PUE within 1.25)")
for g in reg["regions"]:
    if g["id"] == "beijing":
        g["pue_required"] = 1.35
        g["note"] = ("《北京市存量数据中心优化工作方案（2024-2027年）》(2024-11-15): annual average PUE <= 1.35 by 2027; from 2026 a "
                     "differential electricity price for PUE above 1.35 (+0.2 CNY/kWh, +0.5 beyond double the excess, as reported).")
        g["sources"].append("https://chinastarmarket.cn/detail/1860079 (财联社 2024-11-15, Beijing data-centre plan 2024-2027)")
    elif g["id"] in ("zhejiang-hangzhou", "zhejiang-ningbo", "shanghai", "jiangsu-nanjing", "jiangsu-suzhou", "jiangsu-wuxi"):
        # Yangtze River Delta national hub (长三角枢纽): new large DCs at hub nodes below 1.25.
        g["pue_required"] = 1.25
        g["note"] = ((g.get("note") or "") + " National hub (长三角枢纽) limit for new large data centres: PUE < 1.25 (发改高技〔2021〕1742号); "
                     "the Jiangsu seed's 1.4 applies to existing sites.").strip()
        g["sources"].append(PLAN_1742)
    elif g["id"] == "guangdong-shenzhen":
        g["pue_required"] = 1.25
        g["note"] = ((g.get("note") or "") + " Guangdong-Hong Kong-Macao hub: new large DCs PUE < 1.25 (发改高技〔2021〕1742号).").strip()
        g["sources"].append(PLAN_1742)
with open(reg_path, "w") as f:
    json.dump(reg, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("rules written")
