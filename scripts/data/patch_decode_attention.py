#!/usr/bin/env python3
"""Writes `measured_decode_attention_floor_us` and `measured_decode_attention_gb_s` into
catalog/accelerators.json: what CANN's fused attention operator (`npu_fused_infer_attention_score`,
FIA), which vLLM-Ascend and SGLang's NPU backend call once per layer in a decode step, takes on the
Ascend 910B/910C die, measured in vLLM-Ascend's own tracker (issue 33: Ascend serving read 2-3x
faster than published).

Sources, both device time of graph-mode decode:
- vllm-project/vllm-ascend PR #15526 (2026-09-02), Atlas A3 (910C die "Ascend910_9382", CANN 9.0.0),
  graph-replay slope (N and 2N captured calls, so host dispatch is not counted): FIA costs 22.14 us at
  a true KV length of 1 (12 heads, head_dim 64, one query), 23.21 us at 137, 23.88 us at 512; "a ~22
  us floor, not KV traffic".
- vllm-project/vllm-ascend commit 070825300e (PR #11266, 2026-07-21): Qwen3-32B at TP 4, batch 8, a
  16,384-token context, FULL_DECODE_ONLY graphs: FIA kernel duration mean 171.37 us a layer. Each
  device reads 8 x 16,384 x 2 KV heads (8 / TP 4) x 128 x 2 (K, V) x 2 B = 134.2 MB a layer: net of
  the floor, 134.2 MB / (171.37 - 22.1) us = 899 GB/s an NPU, 56% of the die's 1.6 TB/s.
Cross-check, PR #15526 at KV 4,096 (12 x 64 x 2 x 2 B x 4,096 = 12.6 MB): 22.1 + 14.0 = 36.1 us
against 38.88 us measured.

A decode step's attention then takes layers x floor + the KV cache at that rate. The floor is the
operator's on every card that runs it (the 910B family and the 910C share CANN's operator and the
die); the rate is written where the die has the measured one's 1.6 TB/s (910B2, 910B3, 910C's two
dies: 2 x 899 a card), not on the 910B4 (800 GB/s) or the unspecified 910B/910B1.

usage: scripts/data/patch_decode_attention.py
"""
from catalog_patch import patch_field

FLOOR_SRC = ("vllm-project/vllm-ascend PR #15526 (2026-09-02; Atlas A3, Ascend910_9382, CANN 9.0.0, graph-replay slope): "
             "npu_fused_infer_attention_score 22.14 us at true KV 1, 23.21 us at 137, 23.88 us at 512 ('a ~22 us floor, not KV traffic')")
RATE_SRC = ("vllm-project/vllm-ascend@070825300e (PR #11266, 2026-07-21): Qwen3-32B TP 4, batch 8, 16,384-token context, FULL_DECODE_ONLY: "
            "FusedInferAttentionScore kernel duration mean 171.37 us a layer for 134.2 MB of KV an NPU: 899 GB/s net of the 22.1 us floor")
FLOOR_CARDS = ["huawei-ascend-910b", "huawei-ascend-910b1", "huawei-ascend-910b2", "huawei-ascend-910b3", "huawei-ascend-910b4",
               "huawei-ascend-910c", "huawei-ascend-910c-cm384"]
patch_field("measured_decode_attention_floor_us", {cid: (22.1, FLOOR_SRC) for cid in FLOOR_CARDS},
            lambda us: "CANN's fused attention (FIA) costs %.1f us a call before its KV traffic (910C, vLLM-Ascend PR #15526): a decode step's attention takes at least that a layer." % us)
RATE = {"huawei-ascend-910b2": (899, RATE_SRC), "huawei-ascend-910b3": (899, RATE_SRC),
        "huawei-ascend-910c": (1798, RATE_SRC), "huawei-ascend-910c-cm384": (1798, RATE_SRC)}
patch_field("measured_decode_attention_gb_s", RATE,
            lambda gb_s: "FIA reads a decode step's KV cache at %d GB/s a card, 899 an NPU (vLLM-Ascend #11266, Qwen3-32B at 16K tokens), about 56%% of the HBM's rate." % gb_s)
