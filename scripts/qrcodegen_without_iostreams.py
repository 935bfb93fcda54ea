#!/usr/bin/python3
"""Build step: a copy of nayuki's QR Code generator 1.8.0 (qrcodegen.cpp) without <sstream>.

Usage: qrcodegen_without_iostreams.py IN/qrcodegen.cpp OUT/qrcodegen.cpp

QrCode::encodeSegments builds the text of its data_too_long exception with a std::ostringstream.
That one stream pulls libc++'s whole iostream and locale machinery into the page (money_get,
time_get, codecvt, num_put and their tables): 74.5 KB of the wasm's code, about 30 KB of the
gzip'd page (measured 2026-12-03 on the page of 0323a98 with --profiling-funcs). The page never
reaches that line — core/qr.cpp refuses a text longer than version 40-L holds before calling the
library, and the page is built without exceptions, so the throw would abort anyway — and nothing
else in xuanka uses iostreams (core/search.cpp and core/smi_parse.cpp avoid them for this reason).
This copy throws the same exception with a fixed message instead. Nothing else changes; the script
fails if the source does not look as expected (another version), so the build never silently ships
a different patch.
"""
import sys

src, out = sys.argv[1], sys.argv[2]
with open(src, encoding="utf-8") as f:
    text = f.read()
start_mark = "\t\t\tstd::ostringstream sb;\n"
end_mark = "\t\t\tthrow data_too_long(sb.str());\n"
include = "#include <sstream>\n"
if text.count(start_mark) != 1 or text.count(end_mark) != 1 or text.count(include) != 1:
    sys.exit("qrcodegen_without_iostreams: the ostringstream block of qrcodegen 1.8.0 was not found once in " + src)
start, end = text.index(start_mark), text.index(end_mark) + len(end_mark)
text = (text[:start]
        + '\t\t\tthrow data_too_long(dataUsedBits == -1 ? "Segment too long" : "Data too long");'
        + "  // xuanka: fixed text (scripts/qrcodegen_without_iostreams.py)\n"
        + text[end:])
text = text.replace(include, "")
if "ostringstream" in text or "<sstream>" in text:
    sys.exit("qrcodegen_without_iostreams: a stream is still used after the patch of " + src)
with open(out, "w", encoding="utf-8") as f:
    f.write(text)
