#!/usr/bin/env python3
"""Writes the market prices of catalog/accelerators.json from the price sheet
scripts/data/sources/prices_2026-12.csv (one row per offer seen: card, kind of offer, price,
month seen, primary source; see prices_2026-12.README.md for how it was gathered).

Kinds of offer (issue 34; core/enums.h OfferKind), each its own market and never mixed:
  lease       monthly or yearly bare-metal / whole-server rent, per card-hour
  on_demand   a cloud's hourly list price
  market      community marketplaces and spot
  serverless  per-second billing
  purchase    per card (unit "card"), or an 8-card server's price (unit "server8")

Per card and kind:
  rows: CNY rows of high or medium confidence (low ones only when the kind has no other); a
        page seen in several months (its source's address) counts with its newest month only;
        seen within 12 months of the newest row of that kind (an older offer is history);
  typical = the median of the rows' midpoints, low..high = their range;
  date / oldest_date = the newest / oldest month seen; offers = the rows used;
  sources = each row's primary source (the provider's page or a dated report), with the
        aggregator that led to it after "via".
  purchase: an 8-card server's price counts as its per-card share after the default server
        platform (core/cost.cpp: 400k CNY for a baseboard server, 120k for PCIe),
        (server - platform) / 8, pooled with the per-card prices; the note says how many.
USD rows are not converted (the sheet has no dated exchange rate); the note counts them.

usage: scripts/data/apply_prices.py
"""
import csv, json, os, re, statistics
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
SHEET = "scripts/data/sources/prices_2026-12.csv"
KINDS = ["lease", "on_demand", "market", "serverless", "purchase"]
PLATFORM = {"sxm": 400000, "oam": 400000, "superchip": 400000, "module": 400000}


def month_number(m):
    y, mo = (m + "-12")[:7].split("-")[:2]
    return int(y) * 12 + int(mo)


def page(r):
    """The page a row was read on: its source's first address (else the whole source)."""
    m = re.search(r"https?://[^\s;,)]+", r["source"])
    return m.group(0).rstrip("/") if m else r["source"]


def pick(rs):
    good = [r for r in rs if r["confidence"] in ("high", "medium")]
    rs = good or rs
    if not rs:
        return rs
    # A page seen again supersedes what it showed before: per source, its newest month only.
    newest_of = defaultdict(int)
    for r in rs:
        newest_of[page(r)] = max(newest_of[page(r)], month_number(r["seen"]))
    rs = [r for r in rs if month_number(r["seen"]) == newest_of[page(r)]]
    newest = max(month_number(r["seen"]) for r in rs)
    return [r for r in rs if newest - month_number(r["seen"]) <= 12]


def median_mid(rs, f=lambda x: x):
    return statistics.median(f((float(r["lo"]) + float(r["hi"])) / 2) for r in rs)


def source_of(r):
    """The primary source, and the aggregator or copy that led to it by name (its commit and file
    stay in the sheet): "https://... (via Gavinzll/compute-market-report)"."""
    via = r.get("via") or ""
    via = "a GitHub document" if via.startswith("GitHub public doc") else re.split(r"[@:(]", via)[0].strip()
    return short_source(r["source"]) + (f" (via {via})" if via else "")


# Sources whose words before the address are a Chinese title: the catalog names them in a few
# English words (each Chinese character the page shows is a glyph of its font, ~180 bytes); the
# sheet keeps the title.
CITES = {
    "https://wanbiaoku.com/new/18be77210e1541eb9fa28bba0b8fe533": "Meiri Renwu feature (2024-02-18), repost",
    "https://esly.wang/shenghuo/84312.html": "Xinshixiang article on A100 street prices (2023), repost",
    "http://www.shctsy.cn/news/detail/72.html": "report on NVIDIA GPU spot prices in China (2023)",
    "https://soramidjourney.com/?p=5618": "Huxiu report (July 2024), English copy",
    "https://m.mydrivers.com/newsview/939506.html": "Lianhua Health (600186.SH) contract with H3C, signed 2023-09-27, as reported",
    "https://php.xlycwl.com/faq/1963438.html": "php.cn report on H200 export approval (2026-01)",
    "https://news.cnyes.com/news/id/6287740": "cnyes (Anue) 2025-12-24",
    "https://haowu.mynatapp.cc/wp/?p=10374": "haowu blog on RTX 50 China prices",
    "https://post.m.smzdm.com/": "SMZDM forum survey",
    "https://www.jygpu.com/": "jygpu.com bare-metal list",
    "https://reportify.cn/tags/product?tagValue=%E5%AF%92%E6%AD%A6%E7%BA%AA590": "reportify.cn on Cambricon MLU590 (2025-07-20)",
}


def short_source(src):
    """A source as the catalog carries it: the page's address with the few words before it that
    name it (a report's title, a filing), and a short label after it unless Chinese; the sheet keeps
    the rest."""
    m = re.search(r"https?://[^\s;,)]+", src)
    if not m:
        return src[:160]
    if m.group(0) in CITES:
        return CITES[m.group(0)] + " " + m.group(0)
    before = src[: m.start()].strip()
    if len(before) > 80:
        before = before[:80].rsplit(" ", 1)[0] + " …"
    after = re.match(r"\s*(\([^()]{1,40}\))", src[m.end():])
    if after and any(ord(ch) > 0x2E80 for ch in after.group(1)):
        after = None
    url = m.group(0) + (")" * max(before.count("(") - before.count(")"), 0))
    return " ".join(x for x in (before, url, after.group(1) if after else "") if x)


def price(rs, per_card_value=lambda x: x, digits=2):
    vals_lo = [per_card_value(float(r["lo"])) for r in rs]
    vals_hi = [per_card_value(float(r["hi"])) for r in rs]
    typical = round(median_mid(rs, per_card_value), digits)
    low, high = round(min(vals_lo), digits), round(max(vals_hi), digits)
    seen = sorted(r["seen"] for r in rs)
    conf = {r["confidence"] for r in rs}
    sources, pages = [], set()
    for r in rs:
        if page(r) in pages:  # one page, cited once
            continue
        pages.add(page(r))
        sources.append(source_of(r))
    p = {"typical": typical, "low": min(low, typical), "high": max(high, typical), "offers": len(rs), "date": seen[-1],
         "oldest_date": seen[0], "confidence": "medium" if conf & {"high", "medium"} else "low", "sources": sources}
    if p["oldest_date"] == p["date"]:
        del p["oldest_date"]  # core/catalog.cpp: the date when absent
    return p


def main():
    path = os.path.join(root, "catalog", "accelerators.json")
    doc = json.load(open(path))
    rows = list(csv.DictReader(open(os.path.join(root, SHEET))))
    by = defaultdict(list)
    for r in rows:
        assert r["offer"] in KINDS, r
        assert r["source"].strip(), f"row without a primary source: {r}"
        by[r["id"]].append(r)
    ids = {a["id"] for a in doc["accelerators"]}
    unknown = sorted(set(by) - ids)
    assert not unknown, f"price rows for cards not in the catalog: {unknown}"
    priced = 0
    for a in doc["accelerators"]:
        cny = [r for r in by.get(a["id"], []) if r["currency"] == "CNY"]
        usd = [r for r in by.get(a["id"], []) if r["currency"] != "CNY"]
        m = {}
        notes = []
        for kind in KINDS[:4]:
            rs = pick([r for r in cny if r["offer"] == kind and r["unit"] == "card_hour"])
            if rs:
                p = price(rs)
                m[kind] = {"cny_per_card_hour": p.pop("typical"), **p}
        # A server's price counts as its per-card share after the platform, pooled with per-card prices.
        platform = PLATFORM.get(a.get("form_factor") or "", 120000)
        bought = []
        for r in cny:
            if r["offer"] != "purchase":
                continue
            if r["unit"] == "server8":
                r = dict(r, lo=str(max((float(r["lo"]) - platform) / 8, 1)), hi=str(max((float(r["hi"]) - platform) / 8, 1)))
            bought.append(r)
        bought = pick(bought)
        if bought:
            p = price(bought, digits=0)
            m["purchase"] = {"cny_per_card": p.pop("typical"), **p}
            servers = sum(1 for r in bought if r["unit"] == "server8")
            if servers:
                notes.append(f"purchase: {servers} of the prices are 8-card servers', counted as their per-card share after a {platform // 10000}万 CNY platform")
        if usd:
            notes.append(f"{len(usd)} USD offer(s) in the sheet not converted")
        if not m:
            a["market"] = None
            continue
        if notes:
            m["note"] = "; ".join(notes) + "."
        a["market"] = m
        priced += 1
    with open(path, "w") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{priced} cards priced from {len(rows)} rows")


if __name__ == "__main__":
    main()
