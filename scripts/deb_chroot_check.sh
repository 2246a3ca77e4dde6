#!/usr/bin/env bash
# Installs the Debian packages (cpack -G DEB) into a clean Debian 12 system
# made with debootstrap, and checks that they work there: apt resolves every
# dependency from Debian alone, the installed game-host finds its plugins by
# itself and serves all of them, and the browser client with them, the
# installed game-client plays a CPU demo of each game against it, and the
# -dev package builds the out-of-tree Reversi plugin, which that game-host
# then serves too.
#
#   scripts/deb_chroot_check.sh [BUILD_DIR]      as root; needs the network
#                                                to a Debian mirror
# No container engine runs on the machines we build on, so a chroot is the
# clean system. It is made afresh in a temporary folder and removed after.
set -euo pipefail

build=$(realpath "${1:-build}")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
[[ $(id -u) -eq 0 ]] || { echo "$0: run as root (debootstrap and chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap

root=$(mktemp -d /tmp/club-clean-root.XXXXXX)
cleanup() {
  umount -l "$root/proc" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT

step() { echo "== $*"; }

step "packages from $build"
(cd "$build" && cpack -G DEB >/dev/null)
runtime=$(ls "$build"/club-games_*_amd64.deb)
dev=$(ls "$build"/club-games-dev_*_amd64.deb)
ls -l "$runtime" "$dev"
for deb in "$runtime" "$dev"; do echo "$(basename "$deb") depends on: $(dpkg-deb -f "$deb" Depends)"; done

step "a clean Debian 12 (debootstrap --variant=minbase) in $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
  { tail -20 "$root.debootstrap.log"; exit 1; }
rm -f "$root.debootstrap.log"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mkdir -p "$root/tmp/debs"
cp "$runtime" "$dev" "$root/tmp/debs/"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

step "apt-get install of both packages, dependencies from Debian only"
chmod 755 "$root/tmp/debs" && chmod 644 "$root"/tmp/debs/*.deb  # apt reads them as _apt
in_root apt-get update -q >/dev/null
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  "/tmp/debs/$(basename "$runtime")" >/dev/null
in_root dpkg -L club-games | grep -E '^/usr/(bin|lib/club-games/plugins)/.|^/usr/share/club-games/web/[^/]*$'

step "the installed game-host serves the first-party games and the browser client with no options but --listen and --http"
in_root sh -c 'game-host --listen 127.0.0.1:50777 --http 127.0.0.1:50779 >/tmp/host.log 2>&1 & echo $! >/tmp/host.pid'
for _ in $(seq 50); do grep -q "web client on" "$root/tmp/host.log" 2>/dev/null && break; sleep 0.2; done
cat "$root/tmp/host.log"
grep -q "browser client from /usr/share/club-games/web" "$root/tmp/host.log"
# The chroot shares this machine's network: the page is read from outside it.
curl -sf http://127.0.0.1:50779/play/ | grep -q 'src="app.js"'
echo "the browser client's page: $(curl -sf http://127.0.0.1:50779/play/app.js | wc -c) bytes of app.js," \
  "$(curl -sf http://127.0.0.1:50779/play/strings/pt.json | grep -c '"')" lines of Portuguese words
for game in uttt tictactoe; do
  result=$(in_root game-client --host 127.0.0.1:50777 --mode demo --game "$game" --level novato \
    --cpu-ms 20 --lang en --color never </dev/null | grep "^Result: ")
  echo "$game demo in the installed game-client: $result"
done
in_root sh -c 'kill $(cat /tmp/host.pid)'

step "the -dev package builds the out-of-tree Reversi plugin"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  "/tmp/debs/$(basename "$dev")" g++ make >/dev/null
cp -r "$(dirname "$0")/../examples/reversi_plugin" "$root/tmp/reversi"
in_root sh -c 'cmake -S /tmp/reversi -B /tmp/reversi-build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null &&
  cmake --build /tmp/reversi-build -j "$(nproc)" >/dev/null'
plugin=$(in_root sh -c 'find /tmp/reversi-build -maxdepth 1 -name "*.so" | head -n 1')
echo "built $plugin"
in_root sh -c "mkdir -p /tmp/plugins && cp /usr/lib/club-games/plugins/*.so $plugin /tmp/plugins/"
in_root sh -c 'game-host --listen 127.0.0.1:50778 --plugins /tmp/plugins >/tmp/host2.log 2>&1 & echo $! >/tmp/host2.pid'
for _ in $(seq 50); do grep -q "listening on" "$root/tmp/host2.log" 2>/dev/null && break; sleep 0.2; done
cat "$root/tmp/host2.log"
result=$(in_root game-client --host 127.0.0.1:50778 --mode demo --game reversi --level novato \
  --cpu-ms 20 --lang en --color never </dev/null | grep "^Result: ")
echo "reversi demo in the installed game-client: $result"
in_root sh -c 'kill $(cat /tmp/host2.pid)'
step "PASS"
