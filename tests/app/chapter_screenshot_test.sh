#!/usr/bin/env bash
# One chapter's screenshot (panels included) compared with tests/app/reference/WxH/chapter_K.png.
# Usage: chapter_screenshot_test.sh APP COMPARE_TOOL OUT_DIR K WxH   (run inside xvfb-run)
set -euo pipefail
app="$1" compare="$2" out_dir="$3/$5" chapter="$4" size="$5"
here="$(cd "$(dirname "$0")" && pwd)"
reference="$here/reference/$size/chapter_$chapter.png"
mkdir -p "$out_dir"
actual="$out_dir/chapter_$chapter.png"
rm -f "$actual"
prefix=()  # under `xvfb-run ctest` DISPLAY is set; alone, start an Xvfb for this run
[[ -n "${DISPLAY:-}" ]] || prefix=(xvfb-run -a -s "-screen 0 1920x1080x24")
# An empty data folder: chapter 11 lists the saved runs, which must not depend on this machine.
export XDG_DATA_HOME="$out_dir/data-$chapter"
rm -rf "$XDG_DATA_HOME"
"${prefix[@]}" "$app" --screenshot "$actual" --chapter "$chapter" --size "$size" --weights-dir "$here/../../weights"
if [[ ! -f "$reference" ]]; then
  echo "no reference image $reference: run tools/update_chapter_references.sh and look at the result" >&2
  exit 1
fi
"$compare" "$reference" "$actual" --tolerance 16 --max-share 0.005 --diff "$out_dir/chapter_$chapter.diff.png"
