#!/usr/bin/env bash
# One chapter's screenshot (panels included) compared with tests/app/reference/WxH/chapter_K.png,
# or with a beat: one of its beats, at its end state, with .../chapter_K_beat_N.png.
# Usage: chapter_screenshot_test.sh APP COMPARE_TOOL OUT_DIR K WxH [N]   (run inside xvfb-run)
set -euo pipefail
app="$1" compare="$2" out_dir="$3/$5" chapter="$4" size="$5" beat="${6:-}"
here="$(cd "$(dirname "$0")" && pwd)"
name="chapter_$chapter${beat:+_beat_$beat}"
reference="$here/reference/$size/$name.png"
mkdir -p "$out_dir"
actual="$out_dir/$name.png"
beat_flag=()
[[ -z "$beat" ]] || beat_flag=(--beat "$beat")
rm -f "$actual"
prefix=()  # under `xvfb-run ctest` DISPLAY is set; alone, start an Xvfb for this run
[[ -n "${DISPLAY:-}" ]] || prefix=(xvfb-run -a -s "-screen 0 1920x1080x24")
# An empty data folder: chapter 11 lists the saved runs, which must not depend on this machine.
export XDG_DATA_HOME="$out_dir/data-$chapter"
rm -rf "$XDG_DATA_HOME"
"${prefix[@]}" "$app" --screenshot "$actual" --chapter "$chapter" "${beat_flag[@]}" --size "$size" \
  --weights-dir "$here/../../weights"
if [[ ! -f "$reference" ]]; then
  echo "no reference image $reference: run tools/update_chapter_references.sh and look at the result" >&2
  exit 1
fi
"$compare" "$reference" "$actual" --tolerance 16 --max-share 0.005 --diff "$out_dir/$name.diff.png"
