#!/usr/bin/env python3
"""Build step: writes a JSON file without its layout whitespace (the page embeds the catalog; the
values are unchanged, so every parse of it reads the same numbers and strings). The research notes
the program never reads -- an accelerator's "disagreements", "unverified_estimates" and its
interconnect's "note", 4 KB of gzip, and a model preset's "note" (a preset is written as its id,
core/contract.cpp model_json), 4 KB -- stay in the catalog's files and are left out of the embedded
copy.
Usage: minify_json.py IN.json OUT.json"""
import json
import sys


UNREAD = ("disagreements", "unverified_estimates")  # core/catalog.cpp accepts and skips them


def minify(text):
    doc = json.loads(text)
    if isinstance(doc, dict) and isinstance(doc.get("accelerators"), list):
        for a in doc["accelerators"]:
            for k in UNREAD:
                a.pop(k, None)
            if isinstance(a.get("interconnect"), dict):
                a["interconnect"].pop("note", None)  # core/catalog.cpp accepts and skips it
    if isinstance(doc, dict) and isinstance(doc.get("models"), list):
        for m in doc["models"]:
            m.pop("note", None)
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        out = minify(f.read())
    with open(dst, "w", encoding="utf-8") as f:
        f.write(out)
