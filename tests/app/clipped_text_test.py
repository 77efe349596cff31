#!/usr/bin/env python3
"""Nothing is clipped: at 1024x768, 1366x768 and 1920x1080 every chapter's dump has an
empty clipped_text (the panels' texts measured against their boxes, titles included), and
the chapter's whole title shows (issue 21, 'Layout that never clips')."""
import json
import os
import subprocess
import sys

APP, SOURCE, WORK, SIZE = sys.argv[1:5]
FONT_SCALE = sys.argv[5] if len(sys.argv) > 5 else "1"
os.makedirs(WORK, exist_ok=True)
lines = []
for c in range(12):
    lines += [f"chapter {c}", "wait 50", "dump " + os.path.join(WORK, f"ch{c}.json")]
script = os.path.join(WORK, "walk.txt")
with open(script, "w") as f:
    f.write("\n".join(lines) + "\n")
cmd = [APP, "--script", script, "--size", SIZE, "--font-scale", FONT_SCALE,
       "--weights-dir", os.path.join(SOURCE, "weights")]
r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 2560x1440x24"] + cmd, capture_output=True, text=True,
                   timeout=600)
if r.returncode != 0:
    raise SystemExit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
failures = []
for c in range(12):
    with open(os.path.join(WORK, f"ch{c}.json")) as f:
        d = json.load(f)
    if "clipped_text" not in d:
        failures.append(f"chapter {c}: the dump has no clipped_text")
    elif d["clipped_text"]:
        failures.append(f"chapter {c} at {SIZE}, font {FONT_SCALE}: clipped {d['clipped_text']}")
    if not d.get("chapter_text"):
        failures.append(f"chapter {c}: no chapter_text")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
