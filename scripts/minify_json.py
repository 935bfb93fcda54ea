#!/usr/bin/env python3
"""Build step: writes a JSON file without its layout whitespace (the page embeds the catalog; the
values are unchanged, so every parse of it reads the same numbers and strings).
Usage: minify_json.py IN.json OUT.json"""
import json
import sys


def minify(text):
    return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        out = minify(f.read())
    with open(dst, "w", encoding="utf-8") as f:
        f.write(out)
