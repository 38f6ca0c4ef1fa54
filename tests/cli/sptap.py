# sptap.py: what the CLI tests share: running sparrow-cli and reporting TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
import subprocess
import sys

_count = 0
_failures = 0


def command(cli, timeout):
    """A run(*args, stdin=None) -> (returncode, stdout, stderr) for the program @cli."""
    def run(*args, stdin=None):
        p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout,
                           input=stdin)
        return p.returncode, p.stdout, p.stderr
    return run


def check(name, condition, detail=""):
    """One TAP test point: ok when @condition holds, else not ok with @detail."""
    global _count, _failures
    _count += 1
    if condition:
        print(f"ok {_count} - {name}")
    else:
        _failures += 1
        # A TAP line is one line: a detail that spans lines is joined up.
        print(f"not ok {_count} - {name} {detail}".replace("\n", " "))


def skip(name, reason):
    """One TAP test point that could not run here, with the reason."""
    global _count
    _count += 1
    print(f"ok {_count} - {name} # SKIP {reason}".replace("\n", " "))


def finish():
    """Prints the plan and exits, failing if any test point failed."""
    print(f"1..{_count}")
    sys.exit(1 if _failures else 0)
