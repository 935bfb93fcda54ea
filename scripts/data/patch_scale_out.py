#!/usr/bin/env python3
"""Writes `scale_out_gbps` into catalog/accelerators.json: the network bandwidth each card has to
other servers in its vendor's reference server (one NIC port per GPU), Gb/s in one direction.
`scale_out_server` names the reference server. Cards without it use the DGX A100 layout, 200 Gb/s
per GPU (core/hardware.h kNicBytesPerS).
The estimator reads it for data-parallel all-reduces across servers, tensor parallelism over the
network and expert-parallel all-to-alls. Sources per entry below.

usage: scripts/data/patch_scale_out.py
"""
from catalog_patch import patch_field

DGX_HOPPER = ("https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html "
              "(DGX H100/H200: four OSFP ports serving eight single-port ConnectX-7 VPI, up to 400 Gb/s InfiniBand/Ethernet: one per GPU)")
DGX_B200 = ("https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html "
            "(DGX B200: 4x OSFP ports serving 8x single-port ConnectX-7 VPI, up to 400 Gb/s: one per GPU)")
DGX_A100 = ("https://docs.nvidia.com/dgx/dgxa100-user-guide/introduction-to-dgxa100.html "
            "(DGX A100 hardware overview: 8x single-port ConnectX-6 VPI, 200 Gb/s HDR InfiniBand, for the compute fabric: one per GPU)")
ATLAS_A2 = ("https://www.hiascend.com/document/detail/zh/mindcluster/730/deployer/deployerug/deployer_0025.html "
            "(Atlas 800T A2 / Atlas 900 A2 PoD: 8 NPU network ports per training node, one per NPU, the parameter-plane RoCE network); "
            "200GE per port: the catalog's 910B interconnect source")
DEEPSEEK = ("https://arxiv.org/abs/2412.19437 (DeepSeek-V3 technical report §3.2.2: on their H800 cluster "
            "'cross-node GPUs are fully interconnected with IB (50 GB/s)', i.e. 400 Gb/s per GPU)")
# card id: (Gb/s per card, the reference server it is read from, source)
PATCH = {
    "nvidia-h100-sxm5-80gb": (400, "DGX H100", DGX_HOPPER),
    "nvidia-h200-sxm-141gb": (400, "DGX H200", DGX_HOPPER),
    "nvidia-b200-hgx": (400, "DGX B200", DGX_B200),
    "nvidia-h800-sxm5-80gb": (400, "DeepSeek-V3 H800", DEEPSEEK),
    "nvidia-a100-sxm4-40gb": (200, "DGX A100", DGX_A100),
    "nvidia-a100-sxm4-80gb": (200, "DGX A100", DGX_A100),
    "nvidia-a800-sxm4-80gb": (200, "DGX A100", DGX_A100),
    "huawei-ascend-910b": (200, "Atlas 800T A2", ATLAS_A2),
    "huawei-ascend-910b1": (200, "Atlas 800T A2", ATLAS_A2),
    "huawei-ascend-910b2": (200, "Atlas 800T A2", ATLAS_A2),
    "huawei-ascend-910b3": (200, "Atlas 800T A2", ATLAS_A2),
}
patch_field("scale_out_gbps", {k: (g, src) for k, (g, _, src) in PATCH.items()},
            lambda gbps: "scale_out_gbps %g: one %g Gb/s network port per GPU in the reference server." % (gbps, gbps))
# The server the figure is read from: the host sizing names it beside the figure.
patch_field("scale_out_server", {k: (server, src) for k, (_, server, src) in PATCH.items()},
            lambda server: "Its scale-out figure is read from the %s." % server)
