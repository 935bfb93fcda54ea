#!/usr/bin/env python3
"""Writes `measured_decode_host_us_per_layer` (microseconds) into catalog/accelerators.json: the
host time that a decode step in the serving engines' graph mode spends per attention layer,
concurrently with the graph's replay, on cards whose attention operator takes the sequence lengths
as a host list (issue 33: Ascend serving read 2-3x faster than published).

Source: vllm-project/vllm-ascend issue #13058 ("Refactor Host-Side Parameter Updates for ACL Graph
Replay"), comment of 2026-09-01 measured on a 910B3 in FULL_DECODE_ONLY graph mode, MiniCPM-o 4.5
Talker (20 decoder layers), batch 1: "Per decode step on 910B3: 3.68 ms of rebind against 1.21 ms
of replay. Twenty layers, each one graph_task_update_begin -> npu_fused_infer_attention_score.out ->
graph_task_update_end -> event.record"; "actual_seq_lengths_kv is SymInt[] in the op schema -- a host
list, not a device tensor -- so tiling is computed at dispatch". 3.68 ms / 20 = 184 us a layer.
SGLang's NPU backend does the same every step (python/sglang/srt/hardware_backend/npu/graph_runner/
npu_graph_runner.py, replay(): seq_lens copied to the host, the graph's attention updated in a thread
beside the replay, then joined). The cost is CANN's attention operator and the server's host (the
Atlas 800 A2/A3 servers' Kunpeng 920), so the 910B family and the 910C, which share both, take the
910B3's figure; the 910A (no vLLM-Ascend) and the 950 (not shipped) do not.

usage: scripts/data/patch_decode_host.py
"""
from catalog_patch import patch_field

SOURCE = ("vllm-project/vllm-ascend issue #13058, comment 2026-09-01 (910B3, FULL_DECODE_ONLY, 20-layer decoder, batch 1): "
          "'Per decode step on 910B3: 3.68 ms of rebind against 1.21 ms of replay. Twenty layers' = 184 us per attention layer; "
          "sgl-project/sglang python/sglang/srt/hardware_backend/npu/graph_runner/npu_graph_runner.py replay() updates the same way")
PATCH = {cid: (184, SOURCE) for cid in ["huawei-ascend-910b", "huawei-ascend-910b1", "huawei-ascend-910b2", "huawei-ascend-910b3",
                                       "huawei-ascend-910b4", "huawei-ascend-910c"]}
patch_field("measured_decode_host_us_per_layer", PATCH,
            lambda us: "A decode step's graph re-launches each attention layer from the host with the new sequence lengths: %d us a layer measured (910B3, vLLM-Ascend); decode steps take at least that." % us)
