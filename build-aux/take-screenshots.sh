#!/bin/bash
# take-screenshots.sh: the metainfo's screenshots (data/screenshots/*.png) of the real window at
# 1280×800, on a virtual display: a database made with sparrow-cli (two tournaments, 16 players,
# session 1 drawn and 9 hands played at each table), then the list, Players, Sessions and
# Standings pages.  Needs xvfb-run, dbus-run-session, xdotool and imagemagick.
# Usage: build-aux/take-screenshots.sh BUILD_DIR   (from the source root)
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=${1:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cli="$build/app/sparrow-cli --db $work/event.db"

$cli tournament create --name "Club Night 14" --rules taiwan --sessions 2 \
  --venue "Dragon Gate club room" --starts 2026-06-12 >/dev/null
for n in "Ingrid Holm" "鄭雅文" "Tomás Ruiz" "Aiko Mori" "林志明" "Kim Larsen" "黃美玲" "Pablo Ortiz"; do
  $cli --tournament "Club Night 14" players add "$n" >/dev/null
done
cat > "$work/players.csv" <<'CSV'
name,club,country,team
张伟,Beijing MC,CN,Dragons
李娜,Beijing MC,CN,Dragons
Anna Berg,Stockholm Sparrows,SE,Vikings
Jean Dupont,Paris Mahjong,FR,Bleus
鄭雅文,台北麻將會,TW,Phoenix
Tomás Ruiz,Madrid MJ,ES,Toros
Aiko Mori,Tokyo Riichi,JP,Sakura
Ingrid Holm,Oslo MJ,NO,Vikings
王芳,Shanghai MC,CN,Pearls
Marco Rossi,Roma MJ,IT,Azzurri
Eva Novak,Praha MJ,CZ,Bohemia
陈静,Guangzhou MC,CN,Pearls
Sam Lee,London MJ,GB,Lions
Olga Ivanova,Moskva MJ,RU,Bears
Lena Vogel,Berlin MJ,DE,Adler
黄勇,Shenzhen MC,CN,Dragons
CSV
$cli tournament create --name "Spring Open 2026" --rules mcr --sessions 5 \
  --venue "Hall 2, Stockholm" --starts 2026-05-01 --ends 2026-05-03 >/dev/null
$cli players import "$work/players.csv" >/dev/null
$cli players checkin --all >/dev/null
$cli seating draw --session 1 --seed 7 >/dev/null
winds=(E S W N)
froms=(S W N E)
for t in 1 2 3 4; do
  for h in 1 2 3 4 5 6 7 8 9; do
    w=${winds[$(( (h + t) % 4 ))]}
    f=${froms[$(( (h * t) % 4 ))]}
    [ "$w" = "$f" ] && f=self
    $cli hand add --session 1 --table $t --winner $w --from $f --fan $(( 8 + (h * t * 3) % 20 )) >/dev/null
  done
done

# The window at the screen's size, on the list (no tournament reopened).
mkdir -p "$work/config/glib-2.0/settings"
printf '[org/sparrow/Sparrow]\nwindow-width=1280\nwindow-height=800\n' \
  > "$work/config/glib-2.0/settings/keyfile"

shoot () {
  local name=$1 steps=$2
  SPARROW_DB=$work/event.db GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=keyfile \
  XDG_CONFIG_HOME=$work/config \
  xvfb-run -a -s '-screen 0 1280x800x24' dbus-run-session -- bash -c \
    "$build/app/sparrow & sleep 4; $steps; sleep 1.5; import -window root $work/$name.png; kill %1"
  convert "$work/$name.png" -strip -define png:compression-level=9 "data/screenshots/$name.png"
}
# Double-click the first tournament (the newest), then the page switcher's buttons.
open='xdotool mousemove 300 99 click --repeat 2 --delay 80 1; sleep 1.5'
shoot list true
shoot players "$open"
shoot sessions "$open; xdotool mousemove 640 28 click 1"
shoot standings "$open; xdotool mousemove 765 28 click 1"
