#!/usr/bin/env bash
# SIGINT / SIGTERM end the interactive app cleanly: exit status 0, and the settings and
# the panel layout are written to the config folder, as when the window is closed.
# Usage: signal_test.sh APP INT|TERM WORK_DIR   (needs a display: run under with_display.sh)
set -euo pipefail
app="$1" sig="$2" work="$3"
rm -rf "$work"
config="$work/config/attention-machine"
mkdir -p "$config"
# A setting that is not the default: it must survive the load → save round trip.
printf '{"font_scale": 1.25}\n' >"$config/settings.json"
before=$(date -r "$config/settings.json" +%s%N)
XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" "$app" --size 800x500 >"$work/out.log" 2>&1 &
pid=$!
# The window is up once X knows it; then let it draw a few frames.
if command -v xdotool >/dev/null 2>&1; then
  for _ in $(seq 1 120); do
    if xdotool search --pid "$pid" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.5
  done
fi
sleep 2
if ! kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: the app ended before the signal"; cat "$work/out.log"; exit 1
fi
kill -s "$sig" "$pid"
status=0
for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: still running 30 s after SIG$sig"; kill -9 "$pid"; exit 1
fi
wait "$pid" || status=$?
cat "$work/out.log"
[[ $status -eq 0 ]] || { echo "FAIL: exit status $status after SIG$sig (want 0)"; exit 1; }
[[ -s "$config/layout.ini" ]] || { echo "FAIL: no layout.ini saved"; exit 1; }
after=$(date -r "$config/settings.json" +%s%N)
[[ "$after" != "$before" ]] || { echo "FAIL: settings.json was not rewritten"; exit 1; }
grep -q '"font_scale": *1.25' "$config/settings.json" || { echo "FAIL: settings.json lost font_scale"; cat "$config/settings.json"; exit 1; }
grep -q "signal" "$work/out.log" || { echo "FAIL: the app did not say it saw the signal"; exit 1; }
[[ -s "$work/state/attention-machine/last-view.json" ]] || { echo "FAIL: the view was not kept for the next start"; exit 1; }
echo "ok: SIG$sig → exit 0, settings, layout and view saved"
