#!/usr/bin/env bash
# setup.sh: install what Sparrow needs on Debian 12, build it, run it or test it.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   ./build-aux/setup.sh deps    install the missing Debian packages (as root, or through sudo)
#   ./build-aux/setup.sh build   configure (or reconfigure) build/ and compile
#   ./build-aux/setup.sh run     deps + build, then launch the desktop app from build/
#   ./build-aux/setup.sh test    deps + build, then the whole test suite; exits with its status
#   ./build-aux/setup.sh deb     deps, then build-deb/ (prefix /usr) and sparrow_VERSION_ARCH.deb
#
# This is the one list of the packages Sparrow builds and tests with.
set -euo pipefail

packages=(
  # build
  meson ninja-build pkg-config gcc
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev
  libsqlite3-dev libpq-dev libsecret-1-dev libxlsxwriter-dev libjson-glib-dev libcsv-dev
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
  # the hall: the PostgreSQL client library, and a server for the tests (build-aux/test-server.sh)
  postgresql
  # the C tests under memcheck (meson test --setup valgrind)
  valgrind
  # the Debian package: dpkg-shlibdeps computes its Depends; a Chinese locale to check it in
  dpkg-dev locales
  # screenshots of the window (import; build-aux/take-screenshots.sh)
  imagemagick
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

# The Debian package of what `meson install` installs (binaries, desktop file, icons,
# metainfo, GSettings schema, translations), built in build-deb/ with the prefix /usr and
# written to the checkout's top as sparrow_VERSION_ARCH.deb.  Its Depends are the libraries
# the binaries link, as dpkg-shlibdeps finds them; the schema, icon cache and desktop
# database are refreshed by the triggers of libglib2.0-0, gtk-update-icon-cache and
# desktop-file-utils, so the package needs no maintainer scripts.
deb() {
  local deb_build="$top/build-deb" stage version arch deb_file depends size
  deps
  cd "$top"
  if [ -f "$deb_build/build.ninja" ]; then
    meson setup --reconfigure "$deb_build" --prefix=/usr --buildtype=release -Dtests=false
  else
    meson setup "$deb_build" --prefix=/usr --buildtype=release -Dtests=false
  fi
  ninja -C "$deb_build"
  # Staged where dpkg-shlibdeps expects a package's files: debian/PACKAGE.
  stage="$deb_build/deb-meta/debian/sparrow"
  rm -rf "$stage"
  DESTDIR="$stage" meson install -C "$deb_build" --no-rebuild --strip --quiet
  version=$(meson introspect --projectinfo "$deb_build" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
  arch=$(dpkg --print-architecture)
  # dpkg-shlibdeps reads a debian/control (a minimal one beside the staged tree) and finds the
  # package's root by its DEBIAN folder.
  mkdir -p "$stage/DEBIAN"
  printf 'Source: sparrow\n\nPackage: sparrow\nArchitecture: any\n' \
    > "$deb_build/deb-meta/debian/control"
  depends=$(cd "$deb_build/deb-meta" \
    && dpkg-shlibdeps -O -edebian/sparrow/usr/bin/sparrow -edebian/sparrow/usr/bin/sparrow-cli \
    | sed -n 's/^shlibs:Depends=//p')
  [ -n "$depends" ] || { echo "setup.sh: dpkg-shlibdeps found no dependency" >&2; return 1; }
  size=$(du -sk --apparent-size "$stage" | cut -f1)
  cat > "$stage/DEBIAN/control" <<CONTROL
Package: sparrow
Version: $version
Architecture: $arch
Maintainer: Sparrow developers <sparrow@localhost>
Installed-Size: $size
Depends: $depends
Recommends: fonts-noto-cjk, librsvg2-common
Section: games
Priority: optional
Description: mahjong tournaments and refereeing under official competition rules
 Sparrow runs mahjong tournaments (Chinese Official / MCR, Taiwanese 16-tile and
 Guangdong rules): players, check-in, seating, every hand entered, checked and
 scored, penalties, standings and the reports.  A GTK desktop app (sparrow) and a
 command line tool (sparrow-cli), in English, simplified and traditional Chinese.
CONTROL
  deb_file="$top/sparrow_${version}_${arch}.deb"
  dpkg-deb --root-owner-group --build "$stage" "$deb_file"
  echo "setup.sh: built $deb_file"
}

# A private PostgreSQL server for the suite's postgresql tests (build-aux/test-server.sh), on
# a free loopback port, stopped and removed when the tests end; $SP_TEST_POSTGRESQL, when set,
# names a server to use instead.
start_test_server() {
  local port
  if [ -n "${SP_TEST_POSTGRESQL:-}" ]; then
    return 0
  fi
  test_server_dir=$(mktemp -d "${TMPDIR:-/tmp}/sparrow-test-server-XXXXXX")
  chmod 755 "$test_server_dir"
  trap '"$top/build-aux/test-server.sh" stop "$test_server_dir"' EXIT
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  SP_TEST_POSTGRESQL=$("$top/build-aux/test-server.sh" start "$test_server_dir" "$port")
  export SP_TEST_POSTGRESQL
  echo "setup.sh: a test server at $SP_TEST_POSTGRESQL"
}

run_tests() {
  deps
  build
  start_test_server
  # The ui suite starts its own virtual display (xvfb-run) and session bus: see tests/meson.build.
  meson test -C "$build_dir" --print-errorlogs "$@"
}

usage() {
  sed -n '5,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

case "${1:-}" in
  deps) deps ;;
  build) build ;;
  run) shift; run "$@" ;;
  test) shift; run_tests "$@" ;;
  deb) deb ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
