#!/bin/sh
# valgrind-wrapper.sh: the test wrapper of `meson test --setup valgrind`.  The C test programs
# run under valgrind's memcheck, any error or definitely lost block failing the test; the Python
# scripts that drive sparrow-cli run as they are (valgrind on the interpreter would check Python,
# not Sparrow).  With SPARROW_VALGRIND_CLI=1 the sparrow-cli those scripts are given runs under
# memcheck instead, each command of theirs (slow: a second or more per command); an error makes
# it exit 99 with valgrind's report on its stderr, which the script's checks then show.
# SPDX-License-Identifier: GPL-3.0-or-later
supp="$(cd "$(dirname "$0")" && pwd)/valgrind.supp"
case "${1##*/}" in
  python*)
    if [ "${SPARROW_VALGRIND_CLI:-}" != 1 ]; then
      exec "$@"
    fi
    shims=$(mktemp -d "${TMPDIR:-/tmp}/sparrow-valgrind-XXXXXX")
    trap 'rm -rf "$shims"' EXIT
    program="$1"
    shift
    for argument in "$@"; do
      case "${argument##*/}" in
        sparrow-cli)
          cli=$(cd "$(dirname "$argument")" && pwd)/sparrow-cli
          printf '#!/bin/sh\nexec valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --num-callers=40 --suppressions="%s" "%s" "$@"\n' \
            "$supp" "$cli" > "$shims/sparrow-cli"
          chmod +x "$shims/sparrow-cli"
          argument="$shims/sparrow-cli"
          ;;
      esac
      set -- "$@" "$argument"
      shift
    done
    "$program" "$@"
    exit $?
    ;;
esac
exec valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
  --num-callers=40 --suppressions="$supp" "$@"
