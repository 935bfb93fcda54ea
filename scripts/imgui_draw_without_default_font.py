#!/usr/bin/python3
"""Build step: a copy of Dear ImGui 1.86's imgui_draw.cpp without its built-in ProggyClean font.

Usage: imgui_draw_without_default_font.py IN/imgui_draw.cpp OUT/imgui_draw.cpp

The page never uses ImGui's default font: ui/fonts.cpp adds the Noto Sans CJK subset before the
atlas is built. But ImFontAtlas::Build() calls AddFontDefault() when no font was added, so the
linker keeps the font's 11,980-character base85 literal (proggy_clean_ttf_compressed_data_base85,
~9.7 KB of the gzip'd page: base85 of compressed data barely compresses). This copy replaces that
literal with an empty string and makes AddFontDefault() stop at an IM_ASSERT if it is ever
reached. Nothing else in the file changes; the script fails if the source does not look as
expected (another ImGui version), so the build does not silently ship a different patch.
"""
import re
import sys

src, out = sys.argv[1], sys.argv[2]
with open(src, encoding="utf-8") as f:
    text = f.read()
literal = re.compile(r'static const char proggy_clean_ttf_compressed_data_base85\[11980 \+ 1\] =\n(?:    ".*"\n)+?    ".*";\n')
if len(literal.findall(text)) != 1:
    sys.exit("imgui_draw_without_default_font: the ProggyClean literal of Dear ImGui 1.86 was not found once in " + src)
text = literal.sub('static const char proggy_clean_ttf_compressed_data_base85[1] = "";  // removed by xuanka (scripts/imgui_draw_without_default_font.py)\n', text)
getter = "static const char* GetDefaultCompressedFontDataTTFBase85()\n{\n"
if text.count(getter) != 1:
    sys.exit("imgui_draw_without_default_font: GetDefaultCompressedFontDataTTFBase85 not found once in " + src)
text = text.replace(getter, getter + '    IM_ASSERT(0 && "xuanka ships no default font: add a font before the atlas is built");\n')
with open(out, "w", encoding="utf-8") as f:
    f.write(text)
