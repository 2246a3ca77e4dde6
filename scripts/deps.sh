#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need, if missing.
set -euo pipefail

packages=(
  cmake g++ make ninja-build pkg-config dpkg-dev ccache lld
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost-dev
  libprotobuf-dev protobuf-compiler
  libgrpc++-dev protobuf-compiler-grpc
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libicu-dev libedit-dev
  libsqlite3-dev libpqxx-dev postgresql libssl-dev libgoogle-perftools-dev
  python3 python3-grpcio python3-protobuf
  clang libfuzzer-14-dev libclang-rt-14-dev
  chromium
)
# The browser client is built with node and npm; a node from elsewhere that
# brings its own npm is kept.
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
