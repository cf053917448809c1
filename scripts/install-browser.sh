#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright journeys (tests/e2e) unless a chromium is already on PATH.
# Needs root (or sudo). Prints the browser path.
set -euo pipefail
find_chromium() { command -v chromium || command -v chromium-browser || command -v google-chrome || true; }
if [ -z "$(find_chromium)" ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null
  $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
find_chromium
