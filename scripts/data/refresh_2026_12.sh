#!/bin/sh
# The 2026-12 data refresh (issue 34), in the order the steps build on each other; each step is
# idempotent and reads its sheet in scripts/data/sources/. Run from the repository root.
set -e
d=scripts/data
python3 $d/patch_specs.py     # spec fixes; the CloudMatrix384 SuperPoD as its own card
python3 $d/add_cards.py       # new cards (sources/cards_2026-12.json)
python3 $d/apply_prices.py    # prices by kind of offer (sources/prices_2026-12.csv), new cards included
python3 $d/add_models.py      # model presets (sources/models_2026-11.json, models_2026-12.json)
python3 $d/patch_regions.py   # dated electricity prices and PUE rules (sources/regions_2026-12.json)
python3 $d/add_video_models.py # video generators (sources/video_models_2026-12.json, figures by video_arch.py)
