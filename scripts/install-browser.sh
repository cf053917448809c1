#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright journeys (tests/e2e): the headless shell they run in, and the
# full browser for looking at screens by hand, unless they are already there. Needs root (or sudo). Prints the
# browser the journeys will use.
set -euo pipefail
SHELL_PATH=/usr/lib/chromium/chromium-headless-shell
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
has_chromium() { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; }
if ! has_chromium || [ ! -x "$SHELL_PATH" ]; then
  $SUDO apt-get update -qq >/dev/null
  has_chromium || $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
  # The headless shell is a saving, not a requirement: without it the journeys use the full browser.
  [ -x "$SHELL_PATH" ] || $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null ||
    echo "chromium-headless-shell could not be installed; the journeys will use the full browser" >&2
fi
if [ -x "$SHELL_PATH" ]; then echo "$SHELL_PATH"; else command -v chromium || command -v chromium-browser; fi
