#!/bin/sh
# Photographs every game's rules page in every locale in headless Chromium
# at a phone and a desktop width, to look at them before publishing.
#
#   localization/tools/screenshot_pages.sh [BUILD_DIR [OUT_DIR]]
#
# BUILD_DIR holds bin/rules-page (default: build); the pages and PNGs go to
# OUT_DIR (default: BUILD_DIR/rules-screenshots). GAMES (default
# "uttt tictactoe"), LOCALES (default "en es pt de") and HEIGHT (default
# 2400) can be set in the environment; raise HEIGHT to see a whole page.
set -eu

build=${1:-build}
out=${2:-$build/rules-screenshots}
games=${GAMES:-uttt tictactoe}
locales=${LOCALES:-en es pt de}
height=${HEIGHT:-2400}
browser=${CHROMIUM:-/usr/bin/chromium}

mkdir -p "$out"
for game in $games; do
  for lang in $locales; do
    page="$out/$game-$lang.html"
    "$build/bin/rules-page" --game "$game" --lang "$lang" --format html > "$page"
    for target in phone:390 desktop:1280; do
      name=${target%%:*}
      width=${target#*:}
      profile=$(mktemp -d)
      "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" --window-size="$width,$height" \
        --screenshot="$out/$game-$lang-$name.png" "file://$(realpath "$page")" \
        > "$profile.log" 2>&1 || { cat "$profile.log" >&2; rm -rf "$profile" "$profile.log"; exit 1; }
      rm -rf "$profile" "$profile.log"
      echo "$out/$game-$lang-$name.png"
    done
  done
done
