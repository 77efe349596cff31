#!/usr/bin/env bash
# One screenshot test: draws a canonical view of the machine (no panels) with
# am-render-scene and compares it with tests/render/reference/NAME.png.
# Usage: screenshot_test.sh RENDER_SCENE COMPARE_TOOL OUT_DIR NAME
# Under `xvfb-run ctest` DISPLAY is set; alone, it starts an Xvfb for the run.
# Exits 77 (skipped) when there is no display and no xvfb-run.
set -euo pipefail
tool="$1" compare="$2" out_dir="$3" name="$4"
here="$(cd "$(dirname "$0")" && pwd)"
reference="$here/reference/$name.png"

line="$(grep -P "^$name\t" "$here/views.tsv" || true)"
if [[ -z "$line" ]]; then
  echo "no view named $name in $here/views.tsv" >&2
  exit 2
fi
IFS=$'\t' read -r _ text flags <<<"$line"
prefix=()
if [[ -z "${DISPLAY:-}" ]]; then
  if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "no display and no xvfb-run (tools/setup.sh test installs it): skipping $name"
    exit 77
  fi
  prefix=(xvfb-run -a -s "-screen 0 1280x800x24")
fi
mkdir -p "$out_dir"
actual="$out_dir/$name.png"
rm -f "$actual"
# shellcheck disable=SC2086  # the flags are whitespace-separated on purpose
AM_WEIGHTS_DIR="$here/../../weights" "${prefix[@]}" "$tool" "$actual" --size 960x600 --text "$text" $flags
if [[ ! -f "$reference" ]]; then
  echo "no reference image $reference: run tools/update_reference_images.sh and look at the result" >&2
  exit 1
fi
"$compare" "$reference" "$actual" --tolerance 16 --max-share 0.005 --diff "$out_dir/$name.diff.png"
