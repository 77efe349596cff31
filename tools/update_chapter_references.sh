#!/usr/bin/env bash
# Renders chapters 0-12 at 1280x720 and 1920x1080 (panels included) into
# tests/app/reference/WxH/chapter_K.png, and the beats tests/app/beat_shots.txt lists.
# Look at the images before committing them. Usage: tools/update_chapter_references.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
app="$build/attention-machine"
[[ -x "$app" ]] || { echo "build attention-machine first ($app not found)" >&2; exit 1; }
# An empty data folder: chapter 11 lists the saved runs, which must not depend on this machine.
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
for size in 1280x720 1920x1080; do
  mkdir -p "$root/tests/app/reference/$size"
  for k in $(seq 0 12); do
    xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --screenshot "$root/tests/app/reference/$size/chapter_$k.png" \
      --chapter "$k" --size "$size" --weights-dir "$root/weights"
  done
done
# Beats (issue 20): the ones tests/app/beat_shots.txt lists, at 1280x720.
grep -v '^#' "$root/tests/app/beat_shots.txt" | while read -r k n; do
  xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --screenshot "$root/tests/app/reference/1280x720/chapter_${k}_beat_$n.png" \
    --chapter "$k" --beat "$n" --size 1280x720 --weights-dir "$root/weights"
done
