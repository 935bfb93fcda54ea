#!/usr/bin/env python3
"""Writes the Ascend 910B parts' HBM bandwidth into catalog/accelerators.json
(`memory_bandwidth_gb_s`, GB/s = 10^9 B/s), issue 33: without it DeepSeek or Qwen on a 910B got no
first-token time and no decode speed.

Huawei publishes no datasheet figure for the 910B's bandwidth; its CANN operator repositories' A2-to-950
migration guide gives 1.6 TB/s for the 910B2 (below). The other source is Huawei's own
performance model in the Ascend GitHub organisation, MindStudio's msmodeling (TensorCast), whose
device profiles (vendor "HUAWEI") give each Atlas 800 A2 part, named by its peak, its memory and its
bandwidth: the 64 GB parts (376T, 313T, 280T: their BF16 peaks 353.9 / 294.9 / 245.8 TFLOPS are
the 910B2 / 910B3 / 910B4-64G figures) 1.6, the 32 GB PCIe part (910B4) 0.8; its A3 design note
says "memory: 64 GB @ 1.6 TB/s" for one 910C die, which agrees with the catalog's 3.2 TB/s for the
two-die package. The profiles write 1.6 * 1024**4 B/s; the design note says TB/s: taken as
1,600 GB/s, the lower reading. 910B1 has no profile and is left without the field, and so is the
family entry huawei-ascend-910b.

usage: scripts/data/patch_ascend_bandwidth.py
"""
from catalog_patch import patch_field

MS = "Ascend/msmodeling@84fec853 tensor_cast/device.py"
NOTE = "Ascend/msmodeling@84fec853 docs/design/a3_roce_device_profile_design.md:71 ('64 GB @ 1.6 TB/s', one 910C die)"

# Huawei's CANN operator repositories state it for the 910B2 in their A2-to-950 migration guide:
# "Atlas A2（以 Ascend910B2 为例）... Memory 带宽 1.6TB/s" (table 一, 硬件架构及规格参数对比).
CANN_GUIDE = "gitcode.com/cann/ops-nn/blob/master/docs/zh/develop/cross_platform_migration_guide.md (Huawei CANN: 'Atlas A2（以 Ascend910B2 为例）' 'Memory 带宽 1.6TB/s')"

PATCH = {
    "huawei-ascend-910b2": (1600, CANN_GUIDE + "; " + MS + " ATLAS_800_A2_376T_64G (L219, memory_bandwidth_bytes_ps=1.6 * (1024**4) at L233); " + NOTE),
    "huawei-ascend-910b3": (1600, MS + " ATLAS_800_A2_313T_64G (L242, 1.6 * (1024**4) at L256); " + NOTE),
    "huawei-ascend-910b4": (800, MS + " ATLAS_800_A2_280T_32G_PCIE (L311, 0.8 * (1024**4) at L325): the 32 GB part"),
}
patch_field("memory_bandwidth_gb_s", PATCH, lambda gb_s: "HBM bandwidth %d GB/s from Huawei's msmodeling device profile (no datasheet figure published)." % gb_s)
