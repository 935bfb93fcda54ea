#!/usr/bin/env python3
"""Writes `name_zh` and `vendor_zh` into catalog/accelerators.json: what the Chinese page shows for
a card whose English name carries English words ("(family; Atlas 800T A2 module)", "(China)",
"(Workstation / Server Edition)", issue 39 item 7) and for its maker. Brand names are the makers'
own Chinese ones: 昇腾 (Huawei's Ascend, hiascend.com), 思元 (Cambricon's MLU line, cambricon.com),
昆仑芯 (Kunlunxin, kunlunxin.com), 天垓 (Iluvatar CoreX's BI line, iluvatar.com); model numbers,
server names (Atlas, HGX, CloudMatrix) and memory sizes stay as written. "(China)" on a GeForce
D model reads 中国特供版, the name Chinese retailers and NVIDIA China's own pages use for the
4090 D and 5090 D. A card without an entry shows its English name, which has no English words.

usage: scripts/data/patch_names_zh.py
"""
import json
from catalog_patch import PATH

NAMES = {
    "nvidia-rtx-4090d": "GeForce RTX 4090 D 24GB（中国特供版）",
    "nvidia-rtx-5090d": "GeForce RTX 5090 D 32GB（中国特供版）",
    "nvidia-rtx-5090d-v2": "GeForce RTX 5090 D V2 24GB（中国特供版）",
    "nvidia-b200-hgx": "B200（HGX B200，按单卡计）",
    "nvidia-gb200-per-gpu": "GB200 NVL72（按单卡计）",
    "nvidia-b300": "B300 / Blackwell Ultra（HGX B300，按单卡计）",
    "nvidia-gb300-per-gpu": "GB300 NVL72（按单卡计）",
    "nvidia-rtx-pro-6000-blackwell": "RTX PRO 6000 Blackwell 96GB（工作站版 / 服务器版）",
    "huawei-ascend-910a": "昇腾 910 / 910A（Atlas 300T 训练卡 / Atlas 800 9000）",
    "huawei-ascend-910b": "昇腾 910B（系列；Atlas 800T A2 模组）",
    "huawei-ascend-910b1": "昇腾 910B1",
    "huawei-ascend-910b2": "昇腾 910B2（含 910B2C）",
    "huawei-ascend-910b3": "昇腾 910B3",
    "huawei-ascend-910b4": "昇腾 910B4（32GB；910B4-1 为 64GB）",
    "huawei-ascend-910c": "昇腾 910C（Atlas A3 / CloudMatrix384）",
    "huawei-atlas-300i-duo": "Atlas 300I Duo（2 颗昇腾 310P3）96GB / 48GB",
    "huawei-ascend-950pr": "昇腾 950PR（Atlas 350 加速卡）",
    "huawei-ascend-950dt": "昇腾 950DT（路线图；Atlas 950 超节点）",
    "cambricon-mlu370-x8": "思元 370 MLU370-X8 48GB",
    "cambricon-mlu590": "思元 590 MLU590（M9 / M9D / H8 型号）",
    "kunlunxin-r300": "昆仑芯 R300 / R200（第二代昆仑芯，XPU-R）",
    "kunlunxin-p800": "昆仑芯 P800（OAM 与 PCIe）",
    "iluvatar-bi-v150": "天垓 150 / BI-V150 64GB",
    "hygon-dcu-bw200": "DCU BW200 64GB（深算三号）",
    "hygon-dcu-z100": "DCU Z100 / Z100L（深算一号）",
    "metax-c500": "曦云 C500 64GB（MXC500）",
}
VENDORS = {
    "Huawei (HiSilicon)": "华为（海思）",
    "Cambricon": "寒武纪",
    "Hygon (海光)": "海光",
    "Kunlunxin (昆仑芯, Baidu)": "昆仑芯（百度）",
    "Moore Threads (摩尔线程)": "摩尔线程",
    "Iluvatar CoreX (天数智芯)": "天数智芯",
    "MetaX (沐曦)": "沐曦",
    "Biren (壁仞)": "壁仞",
    "Intel (Habana Labs)": "英特尔（Habana Labs）",
}

doc = json.load(open(PATH))
n = 0
for a in doc["accelerators"]:
    if a["id"] in NAMES:
        a["name_zh"] = NAMES[a["id"]]
        n += 1
    if a["vendor"] in VENDORS:
        a["vendor_zh"] = VENDORS[a["vendor"]]
with open(PATH, "w") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("named", n)
