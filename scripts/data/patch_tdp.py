#!/usr/bin/env python3
"""Writes `tdp_w` into catalog/accelerators.json for cards that had none (issue 39 item 6: buying a
910B or an H20 141GB left out the cards' electricity). No vendor datasheet for these was reachable;
each figure is the best sourced one found, and the note says what kind it is:

- Ascend 910B (Atlas 800T A2 module, a 24-core 910B1/B2-class part): 350 W, the TDP that BAAI's
  FlagPerf benchmark README gives for the module it measured (FlagOpen/FlagPerf@39866c04,
  base/benchmarks/computation-BF16/ascend/README.md, 2024-06-19: "产品名称：Atlas800T A2 … TDP：350W");
  the same files measured 364.5 W average per card under a BF16 GEMM, so 350 W is the module's
  rating, not its peak. Written on the 910B, 910B1 and 910B2 (the 24-core bins); the 910B3/B4 bins
  have no figure.
- H20 141GB (H20-3e): 500 W, the power cap nvidia-smi reports on an HGX H20 141GB (ModelCloud/
  GPTQModel issue #2220, log of 2025-11-28, driver 550.144.03: "NVIDIA H20-3e … 119W / 500W"); NVIDIA
  publishes no figure.
- MetaX C500: 350 W, the power cap mx-smi reports (TraceSmith docs, tracesmith-0.8.2
  docs/MACA_PROFILING.md: "MetaX C500 … 59W / 350W"; the same cap in other public mx-smi logs).
- Hygon DCU K100 (64 GB): 300 W, the power cap rocm-smi prints in BAAI FlagPerf's DCU training README
  (FlagOpen/FlagPerf@1b5a030398ab training/dcu/README.md). The K100_AI's hy-smi cap of 800 W (a
  PaddleNLP README) is a firmware cap far above any rating and is left out.
- Moore Threads MTT S4000: 450 W maximum board power, from the company's published S4000 data as
  ITBEAR reported it (2025-12-20: "S4000板卡数据显示 … 最大功耗为450W").

usage: scripts/data/patch_tdp.py
"""
from catalog_patch import patch_field

FLAGPERF = ("FlagOpen/FlagPerf@39866c04 base/benchmarks/computation-BF16/ascend/README.md (BAAI, 2024-06-19): "
            "'产品名称：Atlas800T A2 … TDP：350W'; measured 364.5 W average per card under BF16 GEMM in the same file")
PATCH = {
    "huawei-ascend-910b": (350, FLAGPERF),
    "huawei-ascend-910b1": (350, FLAGPERF),
    "huawei-ascend-910b2": (350, FLAGPERF),
    "nvidia-h20-141gb": (500, "ModelCloud/GPTQModel issue #2220 (nvidia-smi log of 2025-11-28, driver 550.144.03, 8 x 'NVIDIA H20-3e'): "
                              "'119W / 500W' power cap; NVIDIA publishes no TDP for the H20 141GB"),
    "metax-c500": (350, "tracesmith-0.8.2 docs/MACA_PROFILING.md (mx-smi 2.2.6, driver 3.0.11): 'MetaX C500 … 59W / 350W' power cap; "
                        "the same cap in other public mx-smi logs (MACA 2.29-3.0)"),
    "moorethreads-mtt-s4000": (450, "ITBEAR 科技资讯, 2025-12-20: '摩尔线程此前公开的S4000板卡数据显示 … 最大功耗为450W'"),
    "hygon-dcu-k100": (300, "FlagOpen/FlagPerf@1b5a030398ab training/dcu/README.md (BAAI): '加速卡型号: K100 64G' and the rocm-smi "
                            "power cap '0  53.0C  96.0W  auto  300.0W'"),
}
NOTES = {
    350: "Power 350 W: a rating or power cap, not a vendor datasheet (see sources).",
    500: "Power 500 W: the power cap nvidia-smi reports; NVIDIA publishes no TDP for it.",
    450: "Power 450 W: maximum board power from the company's published data, as reported.",
    300: "Power 300 W: the power cap rocm-smi reports in BAAI FlagPerf's DCU README; Hygon publishes no TDP here.",
}
patch_field("tdp_w", PATCH, lambda w: NOTES[w])
