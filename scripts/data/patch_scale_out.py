#!/usr/bin/env python3
"""Writes `scale_out_gbps` into catalog/accelerators.json: the network bandwidth each card has to
other servers in its vendor's reference server (one NIC port per GPU), Gb/s in one direction.
Cards without it use the DGX A100 layout, 200 Gb/s per GPU (core/hardware.h kNicBytesPerS).
The estimator reads it for data-parallel all-reduces across servers, tensor parallelism over the
network and expert-parallel all-to-alls. Sources per entry below.

usage: scripts/data/patch_scale_out.py
"""
from catalog_patch import patch_field

DGX_HOPPER = ("https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html "
              "(DGX H100/H200: four OSFP ports serving eight single-port ConnectX-7 VPI, up to 400 Gb/s InfiniBand/Ethernet: one per GPU)")
DGX_B200 = ("https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html "
            "(DGX B200: 4x OSFP ports serving 8x single-port ConnectX-7 VPI, up to 400 Gb/s: one per GPU)")
DEEPSEEK = ("https://arxiv.org/abs/2412.19437 (DeepSeek-V3 technical report §3.2.2: on their H800 cluster "
            "'cross-node GPUs are fully interconnected with IB (50 GB/s)', i.e. 400 Gb/s per GPU)")
PATCH = {
    "nvidia-h100-sxm5-80gb": (400, DGX_HOPPER),
    "nvidia-h200-sxm-141gb": (400, DGX_HOPPER),
    "nvidia-b200-hgx": (400, DGX_B200),
    "nvidia-h800-sxm5-80gb": (400, DEEPSEEK),
}
patch_field("scale_out_gbps", PATCH,
            lambda gbps: "scale_out_gbps %g: one %g Gb/s network port per GPU in the reference server." % (gbps, gbps))
