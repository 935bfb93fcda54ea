#!/usr/bin/env python3
"""Writes the Ascend 910B1, 910B3 and 910B4 dense FP16/BF16 peaks into catalog/accelerators.json,
derived from each SoC's own CANN platform configuration (hicann/runtime, the files CANN's compiler
models the chip with): ai_core_cnt cube units, each a 16 x 16 x 16 multiply-add per cycle
(cube_m_size, cube_n_size, cube_k_size), at cube_freq MHz; support_bf16=1, and the cube runs BF16
at the FP16 rate. The same rule gives the 910B2 24 x 8192 x 1.8 GHz = 353.9 TFLOPS, the 354 the
catalog already has from verl's flops counter, which checks it.

usage: scripts/data/patch_ascend_peaks.py
"""
import json
from catalog_patch import PATH

INI = "hicann/runtime@681ef76 src/platform/platform_config/cann/%s.ini"
# SoC: (ai_core_cnt, cube_freq MHz), read from the files ([SoCInfo], [AICoreSpec]).
SOC = {"huawei-ascend-910b1": ("Ascend910B1", 24, 1850),
       "huawei-ascend-910b3": ("Ascend910B3", 20, 1800),
       "huawei-ascend-910b4": ("Ascend910B4", 20, 1500)}

doc = json.load(open(PATH))
for a in doc["accelerators"]:
    if a["id"] not in SOC:
        continue
    soc, cores, mhz = SOC[a["id"]]
    tflops = round(cores * 16 * 16 * 16 * 2 * mhz * 1e6 / 1e12, 1)
    a["dense_tflops"]["fp16"] = tflops
    a["dense_tflops"]["bf16"] = tflops
    src = (INI % soc) + " (ai_core_cnt=%d, cube_m/n/k_size=16, cube_freq=%d, support_bf16=1): %d x 8192 FLOP/clk x %.2f GHz = %.1f TFLOPS FP16/BF16 dense" % (
        cores, mhz, cores, mhz / 1000, tflops)
    if src not in a["sources"]:
        a["sources"].append(src)
    a.get("unverified_estimates", {}).pop("fp16_tflops_dense", None)
    if a["id"] == "huawei-ascend-910b1":  # the file states its core count: 24, not the 25 guessed
        a.get("unverified_estimates", {}).pop("ai_cores", None)
        a["notes"] = a["notes"].replace("No documented core count or TFLOPS found. Top 910B bin; often quoted as ~400+ TFLOPS FP16 in Chinese blogs - unverified.",
                                        "Top 910B bin: 24 AI cores at the highest cube clock (its CANN platform configuration); ~400+ TFLOPS FP16 in Chinese blogs is unverified.")
    note = "FP16/BF16 %.1f TFLOPS derived from the chip's CANN platform configuration (%d cube cores x 16^3 MAC/clk x %d MHz; the same rule gives the 910B2's 354)." % (tflops, cores, mhz)
    if note not in a.get("notes", ""):
        a["notes"] = (a.get("notes") or "") + " " + note
    print(a["id"], tflops)
with open(PATH, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
