#!/usr/bin/env python3
"""Writes sustained FP16 matmul rates into catalog/accelerators.json for cards without BF16
(Turing and older), where `measured_bf16_matmul_tflops` has nothing to measure: the estimator's
GEMM efficiency at FP16 is then measured / FP16 peak. Sources per entry below.

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
}
patch_field("measured_fp16_matmul_tflops", PATCH,
            lambda tflops: "measured_fp16_matmul_tflops %g: the sustained (power-capped) FP16 GEMM rate, what continuous "
                           "training and inference run at." % tflops)
