#!/usr/bin/env python3
# lint-layers.py: the house's layers (STYLE.md), checked on every #include.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a source file includes a header its layer may not use.

  core/     glib and the C library only (no gio, GTK, libadwaita, SQLite, xlsxwriter, cairo,
            json-glib): quoted includes must name a header of core/ itself
  db/       the only layer that includes <sqlite3.h> and <csv.h> (files are read in the store);
            in it, <sqlite3.h> only in the SQLite backend (sp-db-sqlite.c/.h, sp-db-locks.c)
            and the station's outbox, a file of its own (sp-outbox.c)
  reports/  the only layer that includes <xlsxwriter.h> and <cairo-pdf.h>
  web/      the only layer that includes <libsoup/soup.h> and <qrencode.h> (ui/ draws the QR
            code through web/'s SpWebQr); it reads the store through db/'s operations, and
            never includes the reports' or the ui's headers
  ui/, app/ the only layers that include <gtk/gtk.h> or <adwaita.h>, and never app/cli/

A test or benchmark named test-<layer>-*.c or bench-<layer>-*.c is held to its layer's rules;
other files under tests/ to those of core/'s users (nothing of sqlite3, xlsxwriter, GTK).

Usage: lint-layers.py SOURCE_ROOT     check the tree, print one line per fault
       lint-layers.py --self-test     check that each rule catches what it should
"""
import os
import re
import sys
import tempfile

LAYERS = ("core", "db", "reports", "web", "ui", "app")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
C_LIBRARY = {
    "assert.h", "complex.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h",
    "iso646.h", "limits.h", "locale.h", "math.h", "setjmp.h", "signal.h", "stdalign.h",
    "stdarg.h", "stdatomic.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h",
    "stdnoreturn.h", "string.h", "tgmath.h", "threads.h", "time.h", "uchar.h", "wchar.h",
    "wctype.h",
}
GTK_HEADERS = ("gtk/gtk.h", "adwaita.h")
WEB_HEADERS = ("libsoup/soup.h", "qrencode.h")


def layer_of(relpath):
    """The layer whose rules apply to a file: its folder, or its name's layer under tests/."""
    parts = relpath.split("/")
    if parts[0] == "app" and len(parts) > 1 and parts[1] == "cli":
        return "cli"
    if parts[0] in LAYERS:
        return parts[0]
    match = re.match(r"(?:sp-)?(?:test|bench)-([a-z]+)[-.]", parts[-1])
    if match and match.group(1) in LAYERS:
        return match.group(1)
    return "tests"


# The SQLite backend's files: the rest of the store reaches SQLite through sp-db-backend.h.
# The station's outbox (sp-outbox.c) is a SQLite file of its own, not a store: it calls SQLite.
SQLITE_BACKEND = {"sp-db-sqlite.c", "sp-db-sqlite.h", "sp-db-locks.c", "sp-outbox.c"}


def faults_of_include(relpath, layer, kind, header, own_headers):
    if layer == "core":
        if kind == '"':
            # Tests of the core may also include their fixtures from tests/.
            if relpath.startswith("core/") and os.path.basename(header) not in own_headers:
                return "core/ may include only its own headers"
        elif not (header == "glib.h" or header.startswith("glib/") or header in C_LIBRARY):
            return "core/ may use glib only"
    if header == "sqlite3.h" and layer != "db":
        return "only db/ may include <sqlite3.h>"
    if (header == "sqlite3.h" and relpath.startswith("db/")
            and os.path.basename(relpath) not in SQLITE_BACKEND):
        return "in db/ only the SQLite backend (%s) may include <sqlite3.h>" % (
            ", ".join(sorted(SQLITE_BACKEND)))
    if header == "csv.h" and layer != "db":
        return "only db/ may include <csv.h>: CSV files are read by the store's operations"
    if header in ("xlsxwriter.h", "cairo-pdf.h") and layer != "reports":
        return "only reports/ may include <%s>" % header
    if header in WEB_HEADERS and layer != "web":
        return "only web/ may include <%s>" % header
    if layer == "web" and kind == '"' and (os.path.basename(header).startswith("sp-report")
                                          or header == "sp-reports.h"
                                          or os.path.basename(header).startswith("sp-ui")):
        return "web/ uses core/ and db/, not %s" % header
    if header in GTK_HEADERS and layer not in ("ui", "app"):
        where = "app/cli/" if layer == "cli" else "%s/" % layer
        return "only ui/ and app/ (not app/cli/) may include <%s>, not %s" % (header, where)
    return None


def check_tree(root):
    faults = []
    core_dir = os.path.join(root, "core")
    own_headers = set(os.listdir(core_dir)) if os.path.isdir(core_dir) else set()
    for top in LAYERS + ("tests",):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(folder, name)
                relpath = os.path.relpath(path, root).replace(os.sep, "/")
                layer = layer_of(relpath)
                with open(path, encoding="utf-8", errors="replace") as source:
                    for number, line in enumerate(source, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        kind, header = match.groups()
                        fault = faults_of_include(relpath, layer, kind, header, own_headers)
                        if fault:
                            shown = "<%s>" % header if kind == "<" else '"%s"' % header
                            faults.append("%s:%d: includes %s: %s" % (relpath, number, shown, fault))
    return faults


def self_test():
    """Each rule must catch its own fault in a small tree, and a clean tree must pass."""
    cases = {
        "core/sp-bad-gio.c": "#include <gio/gio.h>\n",
        "core/sp-bad-gtk.c": "#include <gtk/gtk.h>\n",
        "core/sp-bad-json.c": "#include <json-glib/json-glib.h>\n",
        "core/sp-bad-cairo.c": "#include <cairo.h>\n",
        "core/sp-bad-other-layer.c": '#include "sp-db.h"\n',
        "db/sp-bad-xlsx.c": "#include <xlsxwriter.h>\n",
        "db/sp-db-rows.c": "#include <sqlite3.h>\n",
        "reports/sp-bad-sqlite.c": "#include <sqlite3.h>\n",
        "ui/sp-bad-pdf.c": "#include <cairo-pdf.h>\n",
        "app/cli/sp-bad-gtk.c": "#include <gtk/gtk.h>\n",
        "db/sp-bad-adw.c": "  #  include <adwaita.h>\n",
        "tests/test-core-bad.c": "#include <sqlite3.h>\n",
        "app/cli/sp-bad-csv.c": "#include <csv.h>\n",
        "web/sp-bad-gtk.c": "#include <gtk/gtk.h>\n",
        "web/sp-bad-sqlite.c": "#include <sqlite3.h>\n",
        "web/sp-bad-reports.c": '#include "sp-reports.h"\n',
        "ui/sp-bad-soup.c": "#include <libsoup/soup.h>\n",
        "app/cli/sp-bad-qr.c": "#include <qrencode.h>\n",
        "tests/test-db-bad-soup.c": "#include <libsoup/soup.h>\n",
    }
    clean = {
        "core/sp-good.h": "#pragma once\n#include <glib.h>\n#include <glib/gstdio.h>\n",
        "core/sp-good.c": '#include <string.h>\n#include <stdio.h>\n#include "sp-good.h"\n',
        "db/sp-good-db.c": "#include <gio/gio.h>\n#include <csv.h>\n",
        "db/sp-db-sqlite.c": "#include <sqlite3.h>\n",
        "reports/sp-good-xlsx.c": "#include <xlsxwriter.h>\n#include <cairo-pdf.h>\n",
        "ui/sp-good-window.c": "#include <adwaita.h>\n",
        "app/sp-good-app.c": "#include <gtk/gtk.h>\n",
        "app/cli/sp-good-cli.c": "#include <json-glib/json-glib.h>\n",
        "tests/test-db-good.c": "#include <sqlite3.h>\n",
        "tests/test-ui-good.c": "#include <adwaita.h>\n",
        "tests/sp-test-ui.h": "#include <adwaita.h>\n",
        "tests/test-core-good.c": '#include "sp-fixtures.h"\n#include <glib.h>\n',
        "web/sp-good-web.c": ('#include <libsoup/soup.h>\n#include <qrencode.h>\n'
                              '#include "sp-db.h"\n'),
        "tests/test-web-good.c": "#include <libsoup/soup.h>\n",
    }
    failures = 0
    with tempfile.TemporaryDirectory() as root:
        for files in (clean, cases):
            for relpath, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(root, relpath)), exist_ok=True)
                with open(os.path.join(root, relpath), "w", encoding="utf-8") as out:
                    out.write(text)
        faults = check_tree(root)
    for relpath in cases:
        if not any(fault.startswith(relpath + ":") for fault in faults):
            print("not ok: no fault reported for %s" % relpath)
            failures += 1
    for relpath in clean:
        for fault in faults:
            if fault.startswith(relpath + ":"):
                print("not ok: a fault reported for a clean file: %s" % fault)
                failures += 1
    print("%d rules checked, %d failures" % (len(cases) + len(clean), failures))
    return 1 if failures else 0


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if argv[1] == "--self-test":
        return self_test()
    faults = check_tree(argv[1])
    for fault in faults:
        print(fault)
    print("%d faults" % len(faults))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
