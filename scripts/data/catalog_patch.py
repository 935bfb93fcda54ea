"""Shared by the scripts that write one sourced field into catalog/accelerators.json: load the
catalog, set the field on each listed card with its source and a note, write it back in the
catalog's own layout (indent 1, UTF-8)."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "catalog", "accelerators.json")


def save(doc, path=PATH):
    """Writes a catalog file back in its own layout (indent 1, UTF-8, a final newline)."""
    with open(path, "w") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def patch_field(field, patch, note_of):
    """patch: {card id: (value, source)}; note_of(value) -> the sentence added to the card's notes."""
    doc = json.load(open(PATH))
    for a in doc["accelerators"]:
        if a["id"] in patch:
            value, src = patch[a["id"]]
            a[field] = value
            if src not in a["sources"]:
                a["sources"].append(src)
            note = note_of(value)
            if note not in a.get("notes", ""):
                a["notes"] = (a.get("notes") or "") + " " + note
    save(doc)
    print("patched", len(patch))
