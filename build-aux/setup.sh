#!/usr/bin/env bash
# setup.sh: install what Sparrow needs on Debian 12, build it, run it or test it.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   ./build-aux/setup.sh deps    install the missing Debian packages (as root, or through sudo)
#   ./build-aux/setup.sh build   configure (or reconfigure) build/ and compile
#   ./build-aux/setup.sh run     deps + build, then launch the desktop app from build/
#   ./build-aux/setup.sh test    deps + build, then the whole test suite; exits with its status
#
# This is the one list of the packages Sparrow builds and tests with.
set -euo pipefail

packages=(
  # build
  meson ninja-build pkg-config gcc
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev
  libsqlite3-dev libxlsxwriter-dev libjson-glib-dev libcsv-dev
  libpango1.0-dev libcairo2-dev libcrypt-dev
  gettext libxml2-utils
  # the players' view: its server and its QR codes
  libsoup-3.0-dev libqrencode-dev
  # checks of the desktop file and metainfo
  desktop-file-utils appstream
  # the ui tests: a virtual display, a private session bus, the accessibility bus
  xvfb xauth dbus at-spi2-core
  # icons and the fonts of the three languages
  librsvg2-common shared-mime-info fonts-noto-cjk
  # the reports tests: pdfinfo, pdftotext and pdftoppm
  poppler-utils
  # the lint tests
  python3
  # the reports tests: opening the exported workbooks
  python3-openpyxl
  # the end-to-end tests: the app driven through the accessibility bus, the pointer and the keys
  python3-pyatspi xdotool
  # the players' view's end-to-end test: its pages in a real browser, headless
  chromium
  # the C tests under memcheck (meson test --setup valgrind)
  valgrind
)

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir="$top/build"

missing_packages() {
  local package
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' \
      || printf '%s\n' "$package"
  done
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

deps() {
  local missing
  missing=$(missing_packages)
  if [ -z "$missing" ]; then
    echo "setup.sh: every package is installed"
    return 0
  fi
  echo "setup.sh: installing" $missing
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  # shellcheck disable=SC2086 # one word per package
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
}

build() {
  cd "$top"
  if [ -f "$build_dir/build.ninja" ]; then
    meson setup --reconfigure "$build_dir"
  else
    meson setup "$build_dir"
  fi
  ninja -C "$build_dir"
}

run() {
  deps
  build
  # The schema compiled in the build folder, so that the window keeps its size uninstalled.
  GSETTINGS_SCHEMA_DIR="$build_dir/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}" \
    exec "$build_dir/app/sparrow" "$@"
}

run_tests() {
  deps
  build
  # The ui suite starts its own virtual display (xvfb-run) and session bus: see tests/meson.build.
  meson test -C "$build_dir" --print-errorlogs "$@"
}

usage() {
  sed -n '5,8s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

case "${1:-}" in
  deps) deps ;;
  build) build ;;
  run) shift; run "$@" ;;
  test) shift; run_tests "$@" ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
