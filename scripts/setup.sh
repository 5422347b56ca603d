#!/usr/bin/env bash
# Installs what is missing (Debian 12), then configures and builds incrementally into ./build.
# Sourced by scripts/run.sh and scripts/test.sh; safe to run again: a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev libxkbcommon-dev libeigen3-dev libopenblas-openmp-dev
  fonts-noto-cjk fonts-dejavu-core poppler-utils
  help2man appstream desktop-file-utils file
)
# scripts/fuzz.sh adds clang, libFuzzer (libclang-rt-14-dev) and clang's OpenMP runtime here, and
# TX_SETUP_NO_BUILD=1 stops after the packages.
read -r -a extra <<<"${TX_EXTRA_PACKAGES:-}"
PACKAGES+=("${extra[@]}")

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[ "${TX_SETUP_NO_BUILD:-0}" = 1 ] && exit 0

BUILD_DIR=${BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
