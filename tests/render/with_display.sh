#!/usr/bin/env bash
# Runs a command with a display: the current one (e.g. under `xvfb-run ctest`), else
# a fresh Xvfb. Exits 77 (skipped) when there is neither.
set -euo pipefail
if [[ -n "${DISPLAY:-}" ]]; then exec "$@"; fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "no display and no xvfb-run (tools/setup.sh test installs it): skipping"
  exit 77
fi
exec xvfb-run -a -s "-screen 0 1280x800x24" "$@"
