#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and start Transformer Explorer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh
APP=${BUILD_DIR:-build}/app/transformer-explorer
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "${QT_QPA_PLATFORM:-}" != "offscreen" ]; then
  echo "No display found: showing the command-line explorer instead of the window." >&2
  echo "(Run this script from a desktop session, or under xvfb-run, to open the window.)" >&2
  "$APP" presets
  echo
  exec "$APP" size --preset llama-2-7b
fi
exec "$APP" "$@"
