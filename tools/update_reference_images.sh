#!/usr/bin/env bash
# Redraws every reference image the screenshot tests compare with:
#   tests/render/reference/NAME.png  - the machine alone, one per line of tests/render/views.tsv
#   tests/app/reference/chapter_K.png - the app with its panels (tools/update_chapter_references.sh)
# Run it after changing the renderer, the machine, the panels or the weights, then LOOK at
# the images before committing them. Usage: tools/update_reference_images.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
tool="$build/am-render-scene"
[[ -x "$tool" ]] || { echo "build am-render-scene first (cmake --build $build --target am-render-scene)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is needed (tools/setup.sh test)" >&2; exit 1; }

out="$root/tests/render/reference"
mkdir -p "$out"
while IFS=$'\t' read -r name text flags; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  # shellcheck disable=SC2086  # the flags are whitespace-separated on purpose
  AM_WEIGHTS_DIR="$root/weights" xvfb-run -a -s "-screen 0 1280x800x24" \
    "$tool" "$out/$name.png" --size 960x600 --text "$text" $flags
done <"$root/tests/render/views.tsv"

if [[ -x "$root/tools/update_chapter_references.sh" ]]; then
  "$root/tools/update_chapter_references.sh" "$build"
fi
echo "now look at $out/*.png (and tests/app/reference/*.png) before committing"
