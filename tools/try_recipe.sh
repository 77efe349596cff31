#!/usr/bin/env bash
# Trains one recipe into weights-runs/NAME and analyses it; prints the figures the
# recipe table in weights/README.md records. Usage: tools/try_recipe.sh NAME [attention-train flags]
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; shift
out="weights-runs/$name"
rm -rf "$out" "$out.state.safetensors"
build/attention-train --out "$out" --max-weights-mib 0 --log-every 1000 "$@"
build/attention-analyze --weights-dir "$out" >/dev/null
/usr/bin/python3 tools/summarize_run.py "$out"
