#!/usr/bin/env bash
# Soak test: tools/soak.sh N [SEED] drives the real app (build/attention-machine, or
# $AM_APP) through N seeded random script actions under Xvfb (or the current display),
# and reports RSS after 1,000 actions and after N. Fails on a crash, a GL error, a failed
# script, or RSS growth >= 5 % (medians of several readings). See tools/soak.py.
# AM_APP, AM_SOAK_DIR and AM_SOAK_APP_ARGS override the app, the work folder and add flags.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
actions="${1:-2000}"
seed="${2:-13}"
app="${AM_APP:-$repo/build/attention-machine}"
work="${AM_SOAK_DIR:-$repo/build/soak}"
if [[ ! -x "$app" ]]; then
  echo "soak: no app at $app (build first, or set AM_APP)" >&2
  exit 1
fi
run=(/usr/bin/python3 "$repo/tools/soak.py" "$app" "$actions" --seed "$seed" --work "$work")
# AM_SOAK_APP_ARGS: more arguments for the app, e.g. "--quality low" where the build has it.
for arg in ${AM_SOAK_APP_ARGS:-}; do run+=(--app-arg="$arg"); done
# AM_SOAK_MAX_GROWTH: the RSS growth limit in percent (soak.py's default, 5, when unset).
if [[ -n "${AM_SOAK_MAX_GROWTH:-}" ]]; then run+=(--max-growth "$AM_SOAK_MAX_GROWTH"); fi
# AM_SOAK_BASELINE: the action count growth is measured from (soak.py's default, 1000).
if [[ -n "${AM_SOAK_BASELINE:-}" ]]; then run+=(--baseline "$AM_SOAK_BASELINE"); fi
if [[ -n "${DISPLAY:-}" ]]; then exec "${run[@]}"; fi
exec xvfb-run -a -s "-screen 0 1920x1080x24" "${run[@]}"
