#!/usr/bin/env python3
"""Writes each card's last-level on-chip cache into catalog/accelerators.json (`l2_cache_mib`,
MiB = 2^20 bytes; NVIDIA's "MB" in its tuning guides is the same binary unit: "40 MB" on A100 is
the 41,943,040 bytes deviceQuery prints). What the product enables, not the whole die (A100's
GA100 has 48 MiB, the product 40; AD102 has 96, the RTX 4090 72). The estimator keeps a fused
vision engine's activations on chip when its batch's live set fits (core/estimator_vision.cpp).

Only primary sources: a CUDA tuning guide, a deviceQuery / device-properties dump of the named
product in a public file, or for Ascend the SoC's own CANN platform configuration (`l2_size` in
platform_config/<SoC>.ini, which CANN's compiler tiles against). Cards with no such source (A800,
L20, RTX A6000, H800, H20, H200, B200, V100 with only a 16 GB PCIe dump, Ascend 910B as a family,
910C, 950, and the other domestic cards) are left without the field, so the estimate for them does
not change.

usage: scripts/data/patch_l2.py
"""
from catalog_patch import patch_field

AMPERE_GUIDE = "docs.nvidia.com/cuda/ampere-tuning-guide §1.4.2.2 ('40 MB in Tesla A100')"
HOPPER_GUIDE = "docs.nvidia.com/cuda/hopper-tuning-guide §1.4.2.2 ('50 MB in the H100 GPU')"


def dq(where, size_bytes):
    """A deviceQuery / device-properties dump of the named product in a public file."""
    return "%s: deviceQuery L2 %d B" % (where, size_bytes)


def thamada(path, size_bytes):
    return dq("thamada/nvidia-smi@c4c8a46 " + path, size_bytes)


MT4G = "caps-tum/mt4g@%s sample_results/%s/README.md"
CANN = "hicann/runtime@681ef76 src/platform/platform_config/cann/%s.ini ([SoCInfo] l2_size)"

PATCH = {
    "nvidia-a100-pcie-40gb": (40, dq(MT4G % ("043c8c6", "NVIDIA A100-PCIE-40GB"), 41943040) + "; " + AMPERE_GUIDE),
    "nvidia-a100-pcie-80gb": (40, AMPERE_GUIDE),
    "nvidia-a100-sxm4-40gb": (40, AMPERE_GUIDE),
    "nvidia-a100-sxm4-80gb": (40, thamada("gls/A100SXMx4_deviceQuery.py", 41943040)),
    "nvidia-a10": (6, dq("aalanwyr/face2cuda@9ad8156 step2cuda/README.md", 6291456)),
    "nvidia-a40": (6, thamada("gls/A40x10_deviceQuery.py", 6291456)),
    "nvidia-rtx-3090": (6, thamada("gls/RTX3090_deviceQuery.py", 6291456)),
    "nvidia-l4": (48, thamada("gls/L4_deviceQuery.py", 50331648)),
    "nvidia-l40s": (96, thamada("gls/L40S_deviceQuery.py", 100663296)),
    "nvidia-l40": (96, "arxiv.org/abs/2606.22588 (abstract: 'The NVIDIA L40 exposes a 96 MiB L2 cache')"),
    "nvidia-rtx-4090": (72, thamada("gls/RTX4090_deviceQuery.py", 75497472)),
    "nvidia-rtx-6000-ada": (96, thamada("gls/RTX6000Ada_x8_deviceQuery.py", 100663296)),
    "nvidia-h100-pcie-80gb": (50, HOPPER_GUIDE),
    "nvidia-h100-sxm5-80gb": (50, thamada("gls/H100SXMx8_deviceQuery.py", 52428800) + "; " + HOPPER_GUIDE),
    "nvidia-h100-nvl-94gb": (60, thamada("gls/H100NVLx2_deviceQuery.py", 62914560)),
    "nvidia-t4": (4, dq("chiemon.github.io/2024/12/25/%E6%98%BE%E5%8D%A1%E4%BF%A1%E6%81%AF.html", 4194304)),
    "nvidia-a30": (24, "JakeFlasher/benchmark_flash_attention@5ebf10e results_kvcache/window-4096.md: nvbench device "
                       "dump 'NVIDIA A30 ... Number of SMs: 56 ... L2 Cache Size: 24576 KiB'"),
    # Ascend: the per-SoC CANN platform configuration in Huawei's open-source runtime (the files
    # under hicann/ge's tests are fixtures with other values and are not cited).
    "huawei-atlas-300i-duo": (16, CANN % "Ascend310P3" + " (per 310P3 chip; the card has two)"),
    "huawei-ascend-910b1": (192, CANN % "Ascend910B1"),
    "huawei-ascend-910b2": (192, CANN % "Ascend910B2"),
    "huawei-ascend-910b3": (192, CANN % "Ascend910B3"),
    "huawei-ascend-910b4": (96, CANN % "Ascend910B4" + " (the 32 GB part; Ascend910B4-1.ini, the 64 GB 910B4-1, gives 176160768)"),
    "huawei-ascend-910a": (32, CANN % "Ascend910A"),
    "amd-mi210": (8, dq(MT4G % ("231c5bc", "AMD Instinct MI210"), 8388608) + "; no Infinity Cache"),
    # MI300X: the 256 MiB Infinity Cache on the I/O dies is the chip-wide last level (the L2 is
    # 4 MiB per compute die).
    "amd-mi300x": (256, dq(MT4G % ("231c5bc", "AMD Instinct MI300X VF"), 268435456) + ", the Infinity Cache; L2 4 MiB per XCD"),
}
# The field's meaning is in catalog/README.md; no sentence is added to the notes.
patch_field("l2_cache_mib", PATCH, lambda mib: "")
