#!/bin/sh
# valgrind-wrapper.sh: the test wrapper of `meson test --setup valgrind`.  The C test programs
# run under valgrind's memcheck, any error or definitely lost block failing the test; the Python
# scripts that drive sparrow-cli run as they are (valgrind on the interpreter would check Python,
# not Sparrow, and sparrow-cli is a child it does not follow).
# SPDX-License-Identifier: GPL-3.0-or-later
case "${1##*/}" in
  python*) exec "$@" ;;
esac
exec valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
  --num-callers=40 --suppressions="$(dirname "$0")/valgrind.supp" "$@"
