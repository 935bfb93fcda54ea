#!/usr/bin/env python3
"""Writes `measured_weight_read_gb_s` (GB/s = 10^9 B/s) into catalog/accelerators.json: the rate at
which a decode-sized GEMM measurably streams its weights, for cards where that is well below the
datasheet bandwidth x 0.8 that the estimator otherwise takes (issue 33: dense models on the H20
decoded about 2x faster than published).

Source: alibaba/InferSim@7505de9 bench_data/gemm/{h20,h800}/data.csv (2025-10-29), DeepGEMM's
fp8_gemm_nt timed with bench_kineto (kernel_benchmark/deepgemm_gemm.py) on an H20 and an H800. At
m = 16 tokens the kernel reads the k x n FP8 weight matrix once; bytes / latency:
  H20,  m 16, k 4096,  n 24576: 53.425 us -> 100,663,296 B / 53.425 us = 1,884 GB/s (47% of 4,000)
  H800, m 16, k 7168,  n 36864: 98.722 us -> 264,241,152 B / 98.722 us = 2,677 GB/s (80% of 3,350)
The H800's figure is the estimator's 0.80 memory efficiency, so the H800 needs no field; the H20
reads at 1,884 GB/s, the largest shape's rate (smaller shapes pay a few us of fixed cost). Why:
the H20 keeps the H100's die with 78 of its SMs enabled; a kernel's bandwidth is the bytes it keeps
in flight over the memory latency (Little's law), and the same kernel per SM reaches about the same
20-24 GB/s on both cards (1,884 / 78 = 24; 2,677 / 132 = 20), too little on 78 SMs for 4.0 TB/s.

usage: scripts/data/patch_weight_read.py
"""
from catalog_patch import patch_field

PATCH = {
    "nvidia-h20-96gb": (1884, "alibaba/InferSim@7505de9 bench_data/gemm/h20/data.csv: DeepGEMM FP8 m 16 k 4096 n 24576 in "
                              "53.425 us = 1,884 GB/s of weights (bench_data/gemm/h800/data.csv: m 16 k 7168 n 36864 in 98.722 us = "
                              "2,677 GB/s on H800, 0.80 of its 3.35 TB/s)"),
    # The H20 141GB (H20-3e, 4.8 TB/s) keeps the 78 SMs: sgl-project/sglang PR #39306 times SGLang's
    # block-FP8 GEMM for one token on it, n 25600 k 6144 with the H20-tuned config, 78.25 us:
    # 157,286,400 B / 78.25 us = 2,010 GB/s (42% of 4.8 TB/s).
    "nvidia-h20-141gb": (2010, "sgl-project/sglang pull request #39306 (block-FP8 GEMM tuning, H20-3e): row '| 25600 | 6144 | 686.84 | 91.34 | 78.25 |' "
                               "(us; the last column with the H20 config): 25600 x 6144 FP8 weights in 78.25 us = 2,010 GB/s"),
}
patch_field("measured_weight_read_gb_s", PATCH,
            lambda gb_s: "A decode-sized GEMM streams weights at %d GB/s measured (78 SMs keep too few loads in flight for 4.0 TB/s); decode's weight reads use it." % gb_s)
