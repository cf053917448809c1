#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright journeys (tests/e2e): the headless shell they run in, and the
# full browser for looking at screens by hand, unless they are already there. Needs root (or sudo). Prints the
# browser the journeys will use.
set -euo pipefail
SHELL_PATH=/usr/lib/chromium/chromium-headless-shell
need=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || need+=(chromium)
[ -x "$SHELL_PATH" ] || need+=(chromium-headless-shell)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if [ -x "$SHELL_PATH" ]; then echo "$SHELL_PATH"; else command -v chromium || command -v chromium-browser; fi
