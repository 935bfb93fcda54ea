#!/usr/bin/python3
"""Build step: carry the page's WebAssembly gzip-compressed instead of as a plain base64 data URI.

Usage: pack_wasm.py IN.html OUT.html [EMBED_TEMPLATE.js OUT_EMBED.js]

Emscripten's -sSINGLE_FILE writes the wasm as one `data:application/octet-stream;base64,` URI.
base64 hides the byte structure from gzip: the 1.94 MB wasm gzips to 690 KB, its base64 to
955 KB (measured on the page of 2026-12-01). This step takes that URI out, leaves it empty,
and puts base64(gzip -9 (wasm)) in a <script type="application/octet-stream"
id="xuanka-wasm-gz"> block; base64 of already-compressed bytes costs almost nothing more once
the page itself is gzipped. web/glue.js instantiates from that block (Module.instantiateWasm,
emscripten src/preamble.js) through the browser's DecompressionStream("gzip"), or through its
own small inflater where a browser lacks it. The page stays one file that opens from file://.

With the template (web/embed.js) it also writes the <div> embed: one script holding the same
gzip'd wasm as {bytes, base64} and the page's runtime (emscripten's script, web/glue.js inside it)
wrapped in a function, so that a host page can mount the calculator into an element without an
iframe. The page and the embed come from one link and cannot differ.

The output is byte-for-byte reproducible: gzip's header carries mtime 0 and no file name.
"""
import base64
import gzip
import re
import sys

URI = re.compile(r'data:application/octet-stream;base64,([A-Za-z0-9+/=]+)')
MARK = "<!-- xuanka-wasm-gz -->"
SCRIPT = re.compile(r'<script>(.*?)</script>', re.S)
RUNTIME_START = 'var Module=typeof Module!="undefined"?Module:{};'


def write_embed(html, wasm_bytes, packed, template_path, out_path):
    runtimes = [m.group(1) for m in SCRIPT.finditer(html) if m.group(1).lstrip().startswith(RUNTIME_START)]
    if len(runtimes) != 1:
        sys.exit("pack_wasm: expected exactly one emscripten runtime script (starting %r), found %d"
                 % (RUNTIME_START, len(runtimes)))
    with open(template_path, encoding="utf-8") as f:
        js = f.read()
    for mark in ("/*{{WASM_GZ}}*/null", "/*{{RUNTIME}}*/"):
        if js.count(mark) != 1:
            sys.exit("pack_wasm: expected %s once in %s" % (mark, template_path))
    js = js.replace("/*{{WASM_GZ}}*/null", '{"bytes":%d,"base64":"%s"}' % (wasm_bytes, packed))
    js = js.replace("/*{{RUNTIME}}*/", runtimes[0].strip())
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(js)
    print("pack_wasm: <div> embed %s: %d bytes" % (out_path, len(js.encode("utf-8"))))


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit("usage: pack_wasm.py IN.html OUT.html [EMBED_TEMPLATE.js OUT_EMBED.js]")
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        html = f.read()
    found = URI.findall(html)
    if len(found) != 1:
        sys.exit("pack_wasm: expected exactly one wasm data URI in %s, found %d" % (src, len(found)))
    if html.count(MARK) != 1:
        sys.exit("pack_wasm: expected the marker %s once in %s (web/shell.html)" % (MARK, src))
    wasm = base64.b64decode(found[0])
    if wasm[:4] != b"\0asm":
        sys.exit("pack_wasm: the data URI in %s is not a WebAssembly module" % src)
    packed = base64.b64encode(gzip.compress(wasm, compresslevel=9, mtime=0)).decode("ascii")
    html = URI.sub("data:application/octet-stream;base64,", html)
    block = ('<script type="application/octet-stream" id="xuanka-wasm-gz" data-bytes="%d">%s</script>'
             % (len(wasm), packed))
    html = html.replace(MARK, block)
    with open(dst, "w", encoding="utf-8") as f:
        f.write(html)
    if len(sys.argv) == 5:
        write_embed(html, len(wasm), packed, sys.argv[3], sys.argv[4])
    print("pack_wasm: wasm %d bytes -> gzip %d bytes (base64 %d)"
          % (len(wasm), len(packed) * 3 // 4, len(packed)))


if __name__ == "__main__":
    main()
