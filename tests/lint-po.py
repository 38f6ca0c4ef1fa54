#!/usr/bin/env python3
# lint-po.py: every message the program shows is translated in each catalogue of po/LINGUAS.
# The messages are extracted from po/POTFILES.in as the build's pot target does (GLib's
# keywords), each catalogue merged with them, and any message left untranslated or fuzzy is
# named with where it comes from.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import tempfile

KEYWORDS = ["_", "N_", "C_:1c,2", "NC_:1c,2", "g_dcgettext:2", "g_dngettext:2,3",
            "g_dpgettext2:2c,3"]


def untranslated(po):
    """(context, msgid, references) of each entry of @po without a translation."""
    entries, refs, ctx, msgid, msgstr, fuzzy, field = [], [], None, None, None, False, None
    lines = open(po, encoding="utf-8").read().split("\n") + [""]
    for line in lines:
        if line.startswith("#:"):
            refs.append(line[2:].strip())
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgctxt "):
            ctx, field = eval(line[8:]), "ctx"
        elif line.startswith("msgid "):
            msgid, field = eval(line[6:]), "id"
        elif line.startswith("msgid_plural"):
            field = "plural"
        elif line.startswith("msgstr"):
            value = eval(line.split(" ", 1)[1])
            msgstr = (msgstr or "") + value if field == "str" else value
            field = "str"
        elif line.startswith('"'):
            if field == "id":
                msgid += eval(line)
            elif field == "str":
                msgstr += eval(line)
        elif line.strip() == "":
            if msgid and (not msgstr or fuzzy):
                entries.append((ctx, msgid, " ".join(refs)))
            refs, ctx, msgid, msgstr, fuzzy, field = [], None, None, None, False, None
    return entries


def main():
    root = sys.argv[1]
    po_dir = os.path.join(root, "po")
    languages = open(os.path.join(po_dir, "LINGUAS")).read().split()
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "sparrow.pot")
        subprocess.run(["xgettext", "--from-code=UTF-8", "--package-name=sparrow",
                        "--files-from", os.path.join(po_dir, "POTFILES.in"), "-o", pot,
                        "--directory", root] + ["--keyword=" + k for k in KEYWORDS],
                       check=True, cwd=root)
        failed = 0
        print(f"1..{len(languages)}")
        for n, lang in enumerate(languages, 1):
            merged = os.path.join(tmp, lang + ".po")
            subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o", merged,
                            os.path.join(po_dir, lang + ".po"), pot], check=True)
            missing = untranslated(merged)
            if missing:
                failed += 1
                print(f"not ok {n} - po/{lang}.po translates every message ({len(missing)} not)")
                for ctx, msgid, refs in missing[:40]:
                    print(f"#   {refs}: {ctx + ' | ' if ctx else ''}{msgid!r}")
            else:
                print(f"ok {n} - po/{lang}.po translates every message")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
