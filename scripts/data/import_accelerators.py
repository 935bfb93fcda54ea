#!/usr/bin/python3
"""One-off data import (kept for provenance): ../shared/reference/accelerators.json ->
catalog/accelerators.json in the catalog schema (catalog/README.md).

Numbers are taken as they are from the reference, which cites its sources per entry. Fields the
reference does not carry are added here by explicit rules, each rule stating its basis below:
domestic vendor, form-factor class, fast-domain size, PCIe generation, cooling class, the
support matrix (from ../shared/reference/ecosystem_notes.md), and market prices (only where a
seed article gives them). Run: scripts/data/import_accelerators.py REF.json OUT.json
"""
import json
import re
import sys

DOMESTIC = ("Huawei", "Cambricon", "Hygon", "Kunlunxin", "Moore Threads", "Iluvatar")
SEED_PRICES = "../shared/seeds/003_1d8eaca09b56b69e.txt (Shenzhen price table: 正规渠道单卡参考价 / 算力租赁参考价)"
SEED_V100 = "../shared/seeds/001_7e6612eb34847a5a.txt (卡型对比表: 典型价格)"
# id -> (purchase CNY lo, hi), (rent CNY per card-hour lo, hi), source, note
MARKET = {
    "nvidia-a100-sxm4-80gb": ([60000, 90000], [15, 25], SEED_PRICES,
                              "The seed says 'A100 80GB' without form factor; 001 gives 8-10万 for the same card."),
    "nvidia-h800-sxm5-80gb": ([100000, 150000], [25, 40], SEED_PRICES, "The seed says 'H800 80GB'."),
    "nvidia-h100-sxm5-80gb": ([150000, 200000], [35, 50], SEED_PRICES,
                              "The seed says 'H100 80GB 15-20+万'; the upper bound is open ('+'). Mostly grey-market in China."),
    "huawei-ascend-910b": ([40000, 70000], [10, 18], SEED_PRICES, "The seed's row is '国产卡（910B等）'."),
    "nvidia-v100-sxm2-32gb": ([20000, 30000], None, SEED_V100, "The seed says 'V100 32GB' without form factor; no rental price given."),
}


def form_class(ff):
    f = (ff or "").lower()
    if "superchip" in f: return "superchip"
    if "sxm" in f: return "sxm"
    if "oam" in f: return "oam"
    if "consumer" in f: return "pcie_consumer"
    if "pcie" in f: return "pcie"
    if "module" in f or "mezzanine" in f: return "module"
    return None


def pcie_gen(host):
    m = re.search(r"(?:Gen|PCIe )\s*([345])", host or "")
    return int(m.group(1)) if m and "unverified" not in (host or "") else None


def interconnect(a):
    ic = a["interconnect"] or {}
    up = ic.get("scale_up") or ""
    u = up.lower()
    bw = ic.get("scale_up_gb_s_bidirectional")
    if not up:
        kind, domain = "pcie", 1
    elif "nvlink" in u:
        kind = "nvlink_capped" if "capped" in u else "nvlink"
        if "72-gpu" in u: domain = 72
        elif "nvswitch" in u or a["id"].startswith("nvidia-b100"): domain = 8
        elif "4-way" in u: domain = 4
        else: domain = 2  # bridge pairs
    elif "hccs" in u or "ub " in u:
        kind = "hccs"
        domain = 384 if "384" in up else (8 if "8-npu" in u else None)
    elif "infinity fabric" in u:
        kind = "infinity_fabric"
        domain = 8 if "8-gpu" in u else (4 if "4 gpus" in u else None)
    elif "roce" in u:
        kind = "roce_on_chip"; domain = 8
    elif "mlu-link" in u:
        kind = "mlulink"; domain = 4 if "4-card" in u else None
    elif "mtlink" in u:
        kind = "mtlink"; domain = None
    elif "xpu link" in u:
        kind = "xpulink"; domain = 8 if "8-module" in u else None
    else:
        kind = "other"; domain = None
    return {
        "kind": kind,
        "name": up or "PCIe only",
        "gb_s_bidirectional": bw,
        "domain_cards": domain,
        "note": ic.get("note"),
    }


def lvl(level, zh, en):
    return {"level": level, "zh": zh, "en": en}


def support(a):
    v = a["vendor"]
    cc = a.get("cuda_compute_capability")
    fp8 = a.get("fp8_tflops_dense") is not None
    bf16 = a.get("bf16_tflops_dense") is not None
    i = a["id"]
    if v == "NVIDIA":
        ccv = float(cc) if cc else 0
        geforce = i.startswith("nvidia-rtx-3") or i.startswith("nvidia-rtx-4") or i.startswith("nvidia-rtx-5")
        s = {
            "bf16": lvl("yes", "支持 BF16（Ampere 及以后）", "BF16 supported (Ampere and later)") if ccv >= 8.0
                    else lvl("no", "无 BF16：用 FP16 混合精度（需 loss scaling）", "No BF16: use FP16 mixed precision (loss scaling)"),
            "fp8": lvl("yes", "支持 FP8（Transformer Engine）", "FP8 supported (Transformer Engine)") if fp8
                   else lvl("no", "无 FP8 张量核", "No FP8 tensor cores"),
            "flash_attention": lvl("yes", "FlashAttention-2 支持（sm80+）" + ("；FA3 仅 Hopper" if ccv >= 9.0 and ccv < 10 else ""),
                                   "FlashAttention-2 supported (sm80+)" + ("; FA3 is Hopper-only" if ccv >= 9.0 and ccv < 10 else ""))
                               if ccv >= 8.0 else lvl("no", "FlashAttention-2 需要 sm80+，V100 不支持", "FlashAttention-2 needs sm80+; not on V100"),
            "bitsandbytes": lvl("yes", "bitsandbytes / QLoRA 可用", "bitsandbytes / QLoRA works"),
            "deepspeed_zero": lvl("yes", "DeepSpeed ZeRO 1-3 / offload", "DeepSpeed ZeRO 1-3 / offload"),
            "megatron": lvl("yes", "Megatron-LM / Megatron-Core", "Megatron-LM / Megatron-Core"),
            "vllm": lvl("yes", "vLLM / SGLang / TensorRT-LLM", "vLLM / SGLang / TensorRT-LLM") if ccv >= 8.0
                    else lvl("partial", "vLLM 旧版支持 sm70；新引擎需 sm80+", "vLLM: older releases support sm70; the newer engine needs sm80+"),
            "torch_compile": lvl("yes", "torch.compile / Triton", "torch.compile / Triton") if ccv >= 8.0
                             else lvl("partial", "Triton 对 sm70 支持有限", "Triton support for sm70 is limited"),
        }
        if geforce:
            s["megatron"] = lvl("partial", "可运行；无 NVLink 时张量并行走 PCIe，较慢", "Runs; without NVLink tensor parallelism goes over PCIe and is slow") if "nvlink" not in (a["interconnect"]["scale_up"] or "").lower() else s["megatron"]
        return s
    if v.startswith("Huawei"):
        no_bf16 = i in ("huawei-ascend-910a", "huawei-atlas-300i-duo")
        infer_only = i == "huawei-atlas-300i-duo"
        return {
            "bf16": lvl("no", "910A / 310P 无 BF16：仅 FP16（需 loss scaling）", "No BF16 on 910A / 310P: FP16 only (loss scaling)") if no_bf16
                    else lvl("yes", "BF16 支持（910B 及以后）", "BF16 supported (910B and later)"),
            "fp8": lvl("no", "无 FP8（FP8 从昇腾 950 开始）：FP8 权重需转 BF16 或 W8A8 INT8", "No FP8 (starts with Ascend 950): convert FP8 checkpoints to BF16 or W8A8 INT8"),
            "flash_attention": lvl("partial", "不能安装 flash-attn；Transformers 走 torch_npu.npu_fusion_attention，直接调用 flash_attn 的代码需移植",
                                   "flash-attn cannot be installed; Transformers maps FA2 to torch_npu.npu_fusion_attention; code importing flash_attn needs porting"),
            "bitsandbytes": lvl("no", "bitsandbytes 官方后端无昇腾：QLoRA 需改用其他量化方案", "bitsandbytes has no official Ascend backend: QLoRA needs another quantiser"),
            "deepspeed_zero": lvl("no", "推理卡，不用于训练", "Inference card, not for training") if infer_only
                              else lvl("yes", "DeepSpeed 原生 NPU 加速器：ZeRO 1-3 / offload", "DeepSpeed native NPU accelerator: ZeRO 1-3 / offload"),
            "megatron": lvl("no", "推理卡", "Inference card") if infer_only
                        else lvl("partial", "经 MindSpeed / MindSpeed-LLM 适配", "Through the MindSpeed / MindSpeed-LLM adaptation layer"),
            "vllm": lvl("partial", "vLLM-Ascend：300I Duo 为实验支持；或 MindIE", "vLLM-Ascend: experimental on 300I Duo; or MindIE") if infer_only
                    else (lvl("no", "vLLM-Ascend 不支持 910（一代）；用 MindIE", "vLLM-Ascend does not support the first-gen 910; use MindIE") if i == "huawei-ascend-910a"
                          else lvl("yes", "vLLM-Ascend（A2/A3）或 MindIE", "vLLM-Ascend (A2/A3) or MindIE")),
            "torch_compile": lvl("no", "300I Duo 无 Triton", "No Triton on 300I Duo") if infer_only
                             else lvl("partial", "torch.compile 经 torchair；Triton 经 triton-ascend（A2/A3，约 85% API）", "torch.compile through torchair; Triton through triton-ascend (A2/A3, ~85% of the API)"),
        }
    if v == "Cambricon":
        return {
            "bf16": lvl("yes", "BF16 支持", "BF16 supported"),
            "fp8": lvl("no", "MLU370 无 FP8", "No FP8 on MLU370") if "370" in i else lvl("unknown", "FP8 未经证实", "FP8 unverified"),
            "flash_attention": lvl("partial", "需 torch_mlu 自带的融合注意力；flash-attn CUDA 包不可用", "Needs torch_mlu's fused attention; the flash-attn CUDA package does not run"),
            "bitsandbytes": lvl("no", "不支持 bitsandbytes / QLoRA", "bitsandbytes / QLoRA not supported"),
            "deepspeed_zero": lvl("unknown", "未核实", "Not verified"),
            "megatron": lvl("unknown", "未核实", "Not verified"),
            "vllm": lvl("partial", "需厂商适配版本", "Needs the vendor's adapted build"),
            "torch_compile": lvl("partial", "MLU Triton（triton 3.2.0+mlu）", "MLU Triton (triton 3.2.0+mlu)"),
        }
    if v.startswith("Hygon"):
        return {
            "bf16": lvl("yes", "BF16 支持", "BF16 supported") if bf16 else lvl("unknown", "未核实", "Not verified"),
            "fp8": lvl("no", "未见 FP8", "No FP8 documented"),
            "flash_attention": lvl("partial", "需 DCU 专用构建（未核实）", "Needs a DCU-specific build (unverified)"),
            "bitsandbytes": lvl("partial", "需 DCU 专用构建（未核实）", "Needs a DCU-specific build (unverified)"),
            "deepspeed_zero": lvl("partial", "ROCm/HIP 兼容（DTK）；需厂商 DAS 版 PyTorch", "ROCm/HIP-compatible (DTK); needs the vendor's DAS PyTorch build"),
            "megatron": lvl("partial", "经 hipify 移植，改动不大", "Ports through hipify with modest changes"),
            "vllm": lvl("partial", "厂商 DAS 版 vLLM", "Vendor DAS build of vLLM"),
            "torch_compile": lvl("unknown", "未核实", "Not verified"),
        }
    if v.startswith("Kunlunxin"):
        return {
            "bf16": lvl("partial", "BF16 默认以 FP32 速度运行，需 XMLIR_MATMUL_FAST_MODE=1", "BF16 runs at FP32 speed unless XMLIR_MATMUL_FAST_MODE=1"),
            "fp8": lvl("unknown", "FP8 未知", "FP8 unknown"),
            "flash_attention": lvl("partial", "需厂商融合算子；CUDA 内核不可移植", "Needs the vendor's fused ops; CUDA kernels do not port"),
            "bitsandbytes": lvl("no", "不支持 bitsandbytes / QLoRA", "bitsandbytes / QLoRA not supported"),
            "deepspeed_zero": lvl("unknown", "未核实", "Not verified"),
            "megatron": lvl("unknown", "未核实", "Not verified"),
            "vllm": lvl("partial", "vLLM-Kunlun 插件", "vLLM-Kunlun plugin"),
            "torch_compile": lvl("partial", "XPU Triton（FlagTree）", "XPU Triton (FlagTree)"),
        }
    if v.startswith("Moore"):
        return {
            "bf16": lvl("yes", "BF16 支持", "BF16 supported"),
            "fp8": lvl("no", "S4000 无 FP8", "No FP8 on S4000"),
            "flash_attention": lvl("partial", "需 torch_musa 适配", "Needs torch_musa support"),
            "bitsandbytes": lvl("no", "不支持", "Not supported"),
            "deepspeed_zero": lvl("unknown", "未核实", "Not verified"),
            "megatron": lvl("unknown", "未核实", "Not verified"),
            "vllm": lvl("partial", "需自定义引擎", "Needs a custom engine"),
            "torch_compile": lvl("partial", "MUSA Triton", "MUSA Triton"),
        }
    if v.startswith("Iluvatar"):
        return {
            "bf16": lvl("yes", "BF16 支持", "BF16 supported"),
            "fp8": lvl("no", "无 FP8", "No FP8"),
            "flash_attention": lvl("partial", "CUDA 兼容工具链；warp 大小 64，内核需检查", "CUDA-compatible toolchain; warp size 64, kernels need review"),
            "bitsandbytes": lvl("unknown", "未核实", "Not verified"),
            "deepspeed_zero": lvl("unknown", "未核实", "Not verified"),
            "megatron": lvl("partial", "DeepSpark 中的 Megatron-LM 配方", "Megatron-LM recipes in DeepSpark"),
            "vllm": lvl("yes", "vLLM（GPUStack 支持）", "vLLM (supported by GPUStack)"),
            "torch_compile": lvl("unknown", "未核实", "Not verified"),
        }
    if v == "AMD":
        return {
            "bf16": lvl("yes", "BF16 支持", "BF16 supported"),
            "fp8": lvl("partial", "FP8（FNUZ 格式，按库核实）", "FP8 (FNUZ flavour; verify per library)") if fp8 else lvl("no", "CDNA2 无 FP8", "No FP8 on CDNA2"),
            "flash_attention": lvl("yes", "ROCm/CK 或 Triton 后端", "Through ROCm/CK or Triton back ends"),
            "bitsandbytes": lvl("yes", "bitsandbytes 官方支持 AMD", "bitsandbytes officially supports AMD"),
            "deepspeed_zero": lvl("yes", "DeepSpeed（ROCm）", "DeepSpeed (ROCm)"),
            "megatron": lvl("yes", "Megatron（ROCm 分支）", "Megatron (ROCm fork)"),
            "vllm": lvl("yes", "vLLM / SGLang ROCm", "vLLM / SGLang ROCm"),
            "torch_compile": lvl("yes", "torch.compile / Triton（ROCm）", "torch.compile / Triton (ROCm)"),
        }
    # Intel Gaudi
    return {
        "bf16": lvl("yes", "BF16 支持", "BF16 supported"),
        "fp8": lvl("yes", "FP8 支持" + ("（Gaudi 3 的 FP8 峰值等于 BF16）" if "gaudi3" in i else ""), "FP8 supported" + (" (Gaudi 3's FP8 peak equals its BF16 peak)" if "gaudi3" in i else "")),
        "flash_attention": lvl("partial", "Habana 融合 SDPA；flash-attn CUDA 包不可用", "Habana fused SDPA; the flash-attn CUDA package does not run"),
        "bitsandbytes": lvl("yes", "bitsandbytes 列出 Gaudi 支持", "bitsandbytes lists Gaudi as supported"),
        "deepspeed_zero": lvl("yes", "DeepSpeed-Gaudi 分支", "DeepSpeed-Gaudi fork"),
        "megatron": lvl("partial", "Megatron-DeepSpeed Gaudi 分支", "Megatron-DeepSpeed Gaudi fork"),
        "vllm": lvl("yes", "vLLM HPU 插件", "vLLM HPU plugin"),
        "torch_compile": lvl("partial", "torch.compile（HPU 后端）；无 Triton", "torch.compile (HPU back end); no Triton"),
    }


def china_note(a):
    i = a["id"]
    if i.startswith("huawei-"):
        return {"zh": "CANN / torch_npu / PyTorch 版本必须成套匹配；集合通信用 HCCL（不是 NCCL）；自定义 CUDA 内核需用 Ascend C 或 triton-ascend 重写；用 npu-smi 监控。",
                "en": "CANN / torch_npu / PyTorch versions must match as a set; collectives use HCCL (not NCCL); custom CUDA kernels must be rewritten in Ascend C or triton-ascend; monitor with npu-smi."}
    if i.startswith(("cambricon-", "hygon-", "kunlunxin-", "moorethreads-", "iluvatar-")):
        return {"zh": "国产卡：框架需厂商适配版本；CUDA 自定义内核不可直接运行；上线前在目标模型上实测。",
                "en": "Domestic card: frameworks need the vendor's adapted builds; custom CUDA kernels do not run as they are; benchmark the target model before committing."}
    return None


def cooling(tdp):
    if tdp is None: return None
    if tdp >= 1000: return "liquid"
    if tdp >= 600: return "air_or_liquid"
    return "air"


def convert(a):
    dense = {
        "fp32": a["fp32_tflops"], "tf32": a["tf32_tflops_dense"], "fp16": a["fp16_tflops_dense"],
        "bf16": a["bf16_tflops_dense"], "fp8": a["fp8_tflops_dense"], "int8_tops": a["int8_tops_dense"],
        "fp4": a["fp4_tflops_dense"],
    }
    ic = a["interconnect"] or {}
    m = MARKET.get(a["id"])
    out = {
        "id": a["id"],
        "vendor": a["vendor"],
        "name": a["name"],
        "domestic": a["vendor"].startswith(DOMESTIC),
        "architecture": a["architecture"],
        "release_year": a["release_year"],
        "tensor_core_generation": a["tensor_core_generation"],
        "compute_capability": a["cuda_compute_capability"],
        "memory_gib": a["memory_gb"],
        "memory_type": a["memory_type"],
        "memory_bandwidth_gb_s": a["memory_bandwidth_gb_s"],
        "dense_tflops": dense,
        "sparsity_2to4": bool(a["sparsity_2to4"]),
        "measured_bf16_matmul_tflops": a["measured_bf16_matmul_tflops"],
        "interconnect": interconnect(a),
        "host_link": {"name": ic.get("host_interface"), "pcie_gen": pcie_gen(ic.get("host_interface")),
                      "gb_s_bidirectional": ic.get("host_gb_s_bidirectional")},
        "tdp_w": a["tdp_w"],
        "form_factor": form_class(a["form_factor"]),
        "form_factor_note": a["form_factor"],
        "cooling": cooling(a["tdp_w"]),
        "software_stack": a["software_stack"],
        "support": support(a),
        "export_control": a["export_control_notes"],
        "china_notes": china_note(a),
        "market": None if m is None else {
            "purchase_cny": m[0], "rent_cny_per_card_hour": m[1], "source": m[2], "date": "2025", "note": m[3],
            "confidence": "low"},
        "notes": " ".join(x for x in [a.get("vendor_headline_note"), a.get("accumulate_note"), a.get("tdp_note"), a.get("notes")] if x),
        "disagreements": a.get("disagreements") or [],
        "unverified_estimates": a.get("unverified_estimates") or {},
        "sources": a["sources"],
        "confidence": a["confidence"],
    }
    return out


def main():
    ref = json.load(open(sys.argv[1], encoding="utf-8"))
    cat = {"schema_version": 1,
           "about": "xuanka accelerator catalog. Units and conventions: catalog/README.md. Imported from the researched reference (../shared/reference/accelerators.json) by scripts/data/import_accelerators.py, whose rules add the derived fields.",
           "accelerators": [convert(a) for a in ref]}
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(cat, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("accelerators:", len(cat["accelerators"]))


if __name__ == "__main__":
    main()
