#!/usr/bin/env python3
"""Writes measured matmul rates into catalog/accelerators.json: sustained FP16 rates for cards
without BF16 (Turing and older), where `measured_bf16_matmul_tflops` has nothing to measure (the
estimator's GEMM efficiency at FP16 is then measured / FP16 peak), and BF16 rates for cards the
main import had none for. Sources per entry below.

usage: scripts/data/patch_measured.py
"""
from catalog_patch import patch_field

PATCH = {
    # A cuBLAS FP16 GEMM of 4096 x 4096 x 4096, 100 iterations averaged: ~24 TFLOPS of the 65
    # peak; NVIDIA's moderator: "the performance of ~24T is arising due to power capping of the
    # GPU ... about 70W. It is expected behavior for approximately continuous matrix multiply
    # operations on a T4." Short runs reach ~42 (zzc0721 database, already in sources): training
    # and continuous inference run at the capped rate.
    "nvidia-t4": (24, "https://forums.developer.nvidia.com/t/about-gpu-peak-performance/264462 "
                      "(cuBLAS FP16 4096^3 GEMM, mean of 100 iterations: ~24 TFLOPS, power-capped at 70 W; "
                      "confirmed as expected for continuous matmuls by NVIDIA's moderator)"),
    # zzc0721's table of torch.matmul rates (square matrices up to 10240, the highest size's rate):
    # "NVIDIA Tesla V100-SXM2-16GB | 14.06 | | 94.84 | 10.34 | 实体机 (a physical machine)". The
    # 32 GB SXM2 part has the same GV100 SMs, clocks and 300 W limit, so the same rate: 0.76 of 125.
    "nvidia-v100-sxm2-32gb": (94.84, "https://github.com/zzc0721/torch-performance-test-data (database.md @9d82827, row "
                                     "'NVIDIA Tesla V100-SXM2-16GB': fp16 torch.matmul 94.84 TFLOPS on a physical machine; same chip, clocks and 300 W as the 32 GB part)"),
}
patch_field("measured_fp16_matmul_tflops", PATCH,
            lambda tflops: "measured_fp16_matmul_tflops %g: the sustained (power-capped) FP16 GEMM rate, what continuous "
                           "training and inference run at." % tflops)

BF16 = {
    # chsasank/device-benchmarks benchmark.py: torch.matmul of n x n bf16 matrices, n up to 6888,
    # 10 timed calls each, best size reported; README row "Nvidia A10 24GB | 14 | 54 | 56". The same
    # script reads at or a little below other measurements of cards we hold (T4 fp16 25 against the
    # forum's 24; L4 66 against zzc0721's 71; A100 80GB 237 against ml-engineering's 271; RTX 4090
    # 168 against 165), so 56 of the 125 peak (0.45) is, if anything, a low-side rate: the A10's
    # 150 W limit holds its clock well under boost in continuous tensor work, as the 72 W L4's does.
    "nvidia-a10": (56, "https://github.com/chsasank/device-benchmarks (README.md @7ccc8838, 'Matrix Multiplication FLOPS and BW' table: "
                       "Nvidia A10 24GB, 54 TFLOPS fp16 / 56 bf16, torch.matmul up to 6888^2)"),
}
patch_field("measured_bf16_matmul_tflops", BF16,
            lambda tflops: "measured_bf16_matmul_tflops %g: a measured torch.matmul rate (the 150 W card's sustained clock); "
                           "its GEMM efficiency is measured / peak." % tflops)
