#!/usr/bin/env bash
# One screenshot test: renders a canonical view under Xvfb and compares it with
# tests/render/reference/NAME.png. Exit 77 (skipped) when Xvfb is missing.
# Usage: screenshot_test.sh APP COMPARE_TOOL OUT_DIR NAME
set -euo pipefail
app="$1" compare="$2" out_dir="$3" name="$4"
here="$(cd "$(dirname "$0")" && pwd)"
views="$here/views.tsv"
reference="$here/reference/$name.png"

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run is not installed (tools/setup.sh test): skipping $name"
  exit 77
fi
line="$(grep -P "^$name\t" "$views" || true)"
if [[ -z "$line" ]]; then
  echo "no view named $name in $views" >&2
  exit 2
fi
IFS=$'\t' read -r _ text flags <<<"$line"
mkdir -p "$out_dir"
actual="$out_dir/$name.png"
# shellcheck disable=SC2086  # flags are whitespace-separated on purpose
xvfb-run -a -s "-screen 0 1280x800x24" "$app" --screenshot "$actual" --size 960x600 --text "$text" $flags
if [[ ! -f "$reference" ]]; then
  echo "no reference image $reference: run tools/update_reference_images.sh and look at the result" >&2
  exit 1
fi
"$compare" "$reference" "$actual" --tolerance 16 --max-share 0.005 --diff "$out_dir/$name.diff.png"
