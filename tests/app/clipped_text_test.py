#!/usr/bin/env python3
"""Nothing is clipped: at 1024x768, 1366x768 and 1920x1080 (and at font scale 1.5) every
chapter's dump has an empty clipped_text (the panels' texts measured against their boxes,
titles included, and panels whose contents run below their bottom), and the chapter's
whole title shows (issue 21, 'Layout that never clips'). The chapters walked are all of
them: their number comes from the app's own dump (chapter_count), not from this file."""
import json
import os
import shutil
import subprocess
import sys

APP, SOURCE, WORK, SIZE = sys.argv[1:5]
FONT_SCALE = sys.argv[5] if len(sys.argv) > 5 else "1"
os.makedirs(WORK, exist_ok=True)
# A fresh home for settings and the saved layout: dialogs open where a first run puts them.
HOME = os.path.join(WORK, "home")
shutil.rmtree(HOME, ignore_errors=True)
ENV = dict(os.environ, **{k: os.path.join(HOME, k.lower()) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                                                    "XDG_STATE_HOME")})


def run(lines, name):
    script = os.path.join(WORK, name)
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    # The panels are measured, not the picture: the low tier draws the machine a third as
    # slowly under llvmpipe, and what is clipped does not depend on it.
    cmd = [APP, "--script", script, "--size", SIZE, "--font-scale", FONT_SCALE, "--quality", "low",
           "--weights-dir", os.path.join(SOURCE, "weights")]
    r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 2560x1440x24"] + cmd, capture_output=True, text=True,
                       timeout=600, env=ENV)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")


# How many chapters the app has, from its own dump.
first = os.path.join(WORK, "first.json")
run(["dump " + first], "count.txt")
with open(first) as f:
    count = json.load(f).get("chapter_count")
if not isinstance(count, int) or count < 1:
    raise SystemExit(f"FAIL: the dump has no chapter_count (got {count!r})")

lines = []
for c in range(count):
    # Two frames in a row: a panel that fits only every other frame (a scroll bar coming
    # and going) is caught too.
    lines += [f"chapter {c}", "wait 50", "dump " + os.path.join(WORK, f"ch{c}.json"), "wait 1",
              "dump " + os.path.join(WORK, f"ch{c}_next.json")]
# Then the two dialogs, Settings (F2) and Help (F1), over the last chapter.
lines += ["key F2", "wait 5", "dump " + os.path.join(WORK, "settings.json"), "key F2",
          "key F1", "wait 5", "dump " + os.path.join(WORK, "help.json"), "key F1"]
run(lines, "walk.txt")
failures = []
for name in ("settings", "help"):
    with open(os.path.join(WORK, f"{name}.json")) as f:
        d = json.load(f)
    if name not in d.get("panels", {}):
        failures.append(f"{name}: the dialog did not open (panels {sorted(d.get('panels', {}))})")
    if d.get("clipped_text"):
        failures.append(f"{name} at {SIZE}, font {FONT_SCALE}: clipped {d['clipped_text']}")
for c, dump in [(c, n) for c in range(count) for n in (f"ch{c}.json", f"ch{c}_next.json")]:
    with open(os.path.join(WORK, dump)) as f:
        d = json.load(f)
    if d.get("chapter") != c:
        failures.append(f"chapter {c}: the dump says chapter {d.get('chapter')}")
    if "clipped_text" not in d:
        failures.append(f"chapter {c}: the dump has no clipped_text")
    elif d["clipped_text"]:
        failures.append(f"chapter {c} at {SIZE}, font {FONT_SCALE}: clipped {d['clipped_text']}")
    if not d.get("chapter_text"):
        failures.append(f"chapter {c}: no chapter_text")
print(f"{count} chapters walked at {SIZE}, font {FONT_SCALE} (two frames each, then Settings and Help): "
      f"{len(failures)} dumps with something clipped")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
