#!/usr/bin/python3
"""Prints what the page weighs, part by part, against the page-weight budget (issue 13).

Usage: page_budget.py [--report-only] [PAGE.html [BUILD_DIR [SOURCE_DIR]]]
  defaults: dist/xuanka.html, build/wasm, .

The budget is on the page's gzip -9 bytes: what a server sends (and what a phone downloads)
when it compresses, and close to what a saved copy costs. Each part is also gzipped on its
own, so the parts do not add up exactly to the whole (gzip shares no dictionary across them):
  - code:       the wasm's code section (ImGui, nlohmann/json, libc++, xuanka)
  - font:       the Noto Sans CJK SC subset (build/wasm/ui/font_data.cpp)
  - catalog:    catalog/*.json as embedded
  - strings:    ui/strings.inc, core/notices.inc (both languages' interface strings and notices)
  - other data: the rest of the wasm's data section (licence texts, tables, libc++ data)
  - JS + HTML:  the page without the wasm block (emscripten's runtime, web/glue.js, the shell)
Exit status 1 when the page is over the budget (scripts/test fails then), unless --report-only
(the build's own report after linking).
"""
import base64
import glob
import gzip
import json
import os
import re
import sys

BUDGET_GZIP_BYTES = 700_000  # issue 13: <= 700 KB gzip with the image and vision workloads


def gz(data):
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def leb128(buf, i):
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def wasm_sections(wasm):
    """(id, bytes) for each section (WebAssembly core spec 5.5.2)."""
    i, out = 8, []
    while i < len(wasm):
        sid = wasm[i]
        size, i = leb128(wasm, i + 1)
        out.append((sid, wasm[i:i + size]))
        i += size
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--report-only"]
    report_only = len(args) != len(sys.argv) - 1
    page = args[0] if len(args) > 0 else "dist/xuanka.html"
    build = args[1] if len(args) > 1 else "build/wasm"
    src = args[2] if len(args) > 2 else "."
    html = open(page, encoding="utf-8").read()
    total_raw, total_gz = len(html.encode()), gz(html.encode())
    m = re.search(r'<script type="application/octet-stream" id="xuanka-wasm-gz"[^>]*>([^<]*)</script>', html)
    if not m:
        sys.exit("page_budget: no packed wasm block in %s (scripts/pack_wasm.py)" % page)
    wasm = gzip.decompress(base64.b64decode(m.group(1)))
    shell = (html[:m.start()] + html[m.end():]).encode()
    sections = dict(wasm_sections(wasm))
    code, data = sections.get(10, b""), sections.get(11, b"")

    parts = [("code (wasm code section)", len(code), gz(code))]
    font_cpp = os.path.join(build, "ui", "font_data.cpp")
    font_gz = font_raw = 0
    if os.path.exists(font_cpp):
        text = open(font_cpp).read()
        body = text[text.index("kFontOtf[] = {") + 14:text.index("};")]
        font = bytes(int(x) for x in body.replace("\n", "").split(",") if x)
        font_raw, font_gz = len(font), gz(font)
        parts.append(("font (CJK subset, OTF)", font_raw, font_gz))
    # As embedded: without layout whitespace (scripts/minify_json.py).
    catalog = b"".join(json.dumps(json.load(open(p, encoding="utf-8")), ensure_ascii=False, separators=(",", ":")).encode()
                       for p in sorted(glob.glob(os.path.join(src, "catalog", "*.json"))))
    parts.append(("catalog (catalog/*.json)", len(catalog), gz(catalog)))
    strings = b"".join(open(os.path.join(src, *f), "rb").read() for f in (("ui", "strings.inc"), ("core", "notices.inc")))
    parts.append(("strings (ui/strings.inc, core/notices.inc)", len(strings), gz(strings)))
    other = len(data) - font_raw - len(catalog) - len(strings)
    parts.append(("other data (licences, tables)", max(other, 0),
                  max(gz(data) - font_gz - gz(catalog) - gz(strings), 0)))
    parts.append(("JS + HTML (runtime, glue, shell)", len(shell), gz(shell)))

    print("page weight: %s" % page)
    print("  %-34s %10s %10s" % ("part", "bytes", "gzip -9"))
    for name, raw, packed in parts:
        print("  %-34s %10d %10d" % (name, raw, packed))
    print("  %-34s %10d %10d" % ("whole page", total_raw, total_gz))
    verdict = "within" if total_gz <= BUDGET_GZIP_BYTES else "OVER"
    print("budget: %d B gzip, %s (%+d B)" % (BUDGET_GZIP_BYTES, verdict, total_gz - BUDGET_GZIP_BYTES))
    # The <div> embed beside the page (the same wasm and runtime; scripts/pack_wasm.py), held to
    # the same budget: a host page pays for it as the iframe's page is paid for.
    embed = os.path.join(os.path.dirname(page), "xuanka-embed.js")
    embed_ok = True
    if os.path.exists(embed):
        js = open(embed, "rb").read()
        embed_ok = gz(js) <= BUDGET_GZIP_BYTES
        print("<div> embed %s: %d B, gzip %d B, %s" % (embed, len(js), gz(js), "within" if embed_ok else "OVER"))
    return 0 if report_only or (total_gz <= BUDGET_GZIP_BYTES and embed_ok) else 1


if __name__ == "__main__":
    sys.exit(main())
