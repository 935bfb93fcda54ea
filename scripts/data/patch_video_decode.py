#!/usr/bin/env python3
"""Writes each NVIDIA card's hardware video-decode capacity into catalog/accelerators.json
(`video_decode_1080p_fps`: frames per second of 1080p the whole card's decoders sustain), from
NVIDIA's own documents: the number of NVDEC engines on the card times one engine's 1080p H.264
rate in the Video Codec SDK 13.0 NVDEC Application Note.

The application note ("3. NVDEC Performance", table "NVDEC Decoding Performance", 1920x1080 YUV
4:2:0, Windows 11, SDK 13.0) gives frames/s per NVDEC engine, measured at each architecture's
highest video clock: H.264 771 (Turing, 1860 MHz), 748 (Ampere GA10x, 1665 MHz), 903 (Ada,
2160 MHz); HEVC decodes faster on all three (1316 / 1415 / 1641). "Hopper and GA100 GPUs contain
NVDEC with same architecture as Turing ... same as that of Turing GPUs, scaled by the clock
speed." "The decode performance ... is given per NVDEC engine ... multiply ... by the number of
NVDECs per chip to get aggregate maximum performance (applicable only when running multiple
simultaneous decode sessions)" - which camera streams are. H.264, the slower codec, is taken.
The note's clocks are the reference: a card whose video clock is lower decodes proportionally
less, so these are the decoders' ceilings; no card's own video clock has a source here.

Engines per card:
- A100 5, A30 4, H100 80 GB 7, H100 94 GB 7, H200 141 GB 7: NVIDIA's MIG User Guide, "Supported
  MIG Profiles", the full-GPU row of each product's table ("MIG 7g.40gb ... 5 NVDECs", "MIG
  4g.24gb ... 4 NVDECs", "MIG 7g.80gb ... 7 NVDECs", "MIG 7g.94gb", "MIG 7g.141gb").
- L4 4, L40 and L40S 3: NVIDIA Dynamo's "Video Decode GPU Requirements" table (it gives A100 5 and
  H100/H200 7 as the MIG guide does).
- A10 2: NVIDIA's A10 specifications, "Encode/decode: 1 encoder, 2 decoder (+AV1 decode)" (read in
  the reproduction of NVIDIA's table in a 2024 Numba GPU course notebook by F.-D. Collin and G. Durif).
- GeForce (RTX 3090, RTX 4090, RTX 4090 D): the application note, "All GeForce products consist
  of a single NVDEC". The RTX 50 series is left out: the sentence predates Blackwell GeForce.
Left without the field (no engine count with a source): V100, A40, A800, H800, H20, L20, the
workstation cards, B-series. The T4 keeps its datasheet figure (38 full-HD streams).

usage: scripts/data/patch_video_decode.py
"""
from catalog_patch import patch_field

APP_NOTE = ("docs.nvidia.com/video-technologies/video-codec-sdk/13.0/nvdec-application-note ('NVDEC Decoding Performance', "
            "1080p H.264 per engine: %s)")
TURING = APP_NOTE % "Turing 771; GA100 and Hopper have Turing's NVDEC"
AMPERE = APP_NOTE % "Ampere 748"
ADA = APP_NOTE % "Ada 903"
MIG = "docs.nvidia.com/datacenter/tesla/mig-user-guide ('%s ... %d NVDECs')"
DYNAMO = "docs.nvidia.com/dynamo video-decode-gpu-requirements ('%s | Ada Lovelace | %d engines')"
GEFORCE = "the NVDEC Application Note: 'All GeForce products consist of a single NVDEC'"
A10 = "NVIDIA A10 specifications: 'Encode/decode: 1 encoder 2 decoder (+AV1 decode)'"

PER_ENGINE = {"turing": (771, TURING), "ampere": (748, AMPERE), "ada": (903, ADA)}
CARDS = {
    "nvidia-a100-pcie-40gb": ("turing", 5, MIG % ("MIG 7g.40gb", 5)),
    "nvidia-a100-pcie-80gb": ("turing", 5, MIG % ("MIG 7g.80gb", 5)),
    "nvidia-a100-sxm4-40gb": ("turing", 5, MIG % ("MIG 7g.40gb", 5)),
    "nvidia-a100-sxm4-80gb": ("turing", 5, MIG % ("MIG 7g.80gb", 5)),
    "nvidia-a30": ("turing", 4, MIG % ("MIG 4g.24gb", 4)),
    "nvidia-h100-pcie-80gb": ("turing", 7, MIG % ("MIG 7g.80gb", 7)),
    "nvidia-h100-sxm5-80gb": ("turing", 7, MIG % ("MIG 7g.80gb", 7)),
    "nvidia-h100-nvl-94gb": ("turing", 7, MIG % ("MIG 7g.94gb", 7)),
    "nvidia-h200-sxm-141gb": ("turing", 7, MIG % ("MIG 7g.141gb", 7)),
    "nvidia-h200-nvl-141gb": ("turing", 7, MIG % ("MIG 7g.141gb", 7)),
    "nvidia-l4": ("ada", 4, DYNAMO % ("L4", 4)),
    "nvidia-l40": ("ada", 3, DYNAMO % ("L40, L40S", 3)),
    "nvidia-l40s": ("ada", 3, DYNAMO % ("L40, L40S", 3)),
    "nvidia-a10": ("ampere", 2, A10),
    "nvidia-rtx-3090": ("ampere", 1, GEFORCE),
    "nvidia-rtx-4090": ("ada", 1, GEFORCE),
    "nvidia-rtx-4090d": ("ada", 1, GEFORCE),
}

ENGINES = {}
PATCH = {}
for card, (arch, engines, count_source) in CARDS.items():
    fps, rate_source = PER_ENGINE[arch]
    ENGINES[engines * fps] = engines
    PATCH[card] = (engines * fps, count_source + "; " + rate_source)


def note(fps):
    engines = ENGINES[fps]
    return ("Video decode: %d NVDEC x %d fps of 1080p H.264 (NVDEC Application Note, at its reference clock) = %d fps, a ceiling."
            % (engines, fps // engines, fps))


patch_field("video_decode_1080p_fps", PATCH, note)
