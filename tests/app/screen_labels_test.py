#!/usr/bin/env python3
"""The machine's engraved labels get screen twins a learner can read (issue 21): at 1280x720
in chapters 2 and 6 the dump's screen_labels hold at least MIN_LABELS labels, each drawn at
13 px or more, inside the viewport, overlapping no other twin, no callout and not the
beat's caption card."""
import json
import os
import shutil
import subprocess
import sys

APP, SOURCE, WORK = sys.argv[1:4]
SIZE = sys.argv[4] if len(sys.argv) > 4 else "1280x720"
CHAPTERS = (2, 6)
MIN_LABELS = 8  # 30 and 61 were drawn when this test was written
os.makedirs(WORK, exist_ok=True)
HOME = os.path.join(WORK, "home")
shutil.rmtree(HOME, ignore_errors=True)
ENV = dict(os.environ, **{k: os.path.join(HOME, k.lower()) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                                                    "XDG_STATE_HOME")})


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check(c, d):
    failures = []
    labels = d.get("screen_labels")
    if not isinstance(labels, list):
        return [f"chapter {c}: the dump has no screen_labels"]
    if len(labels) < MIN_LABELS:
        failures.append(f"chapter {c}: {len(labels)} screen labels drawn, fewer than {MIN_LABELS}")
    vx, vy, vw, vh = d["viewport"]
    boxes = [(l["x"], l["y"], l["w"], l["h"]) for l in labels]
    # Rounded to whole pixels in the dump: half a pixel of slack.
    taken = [tuple(c["rect"]) for c in d.get("callouts", [])]
    if d.get("beat_view", {}).get("caption"):
        taken.append(tuple(d["beat_view"]["caption"]))
    for i, (l, b) in enumerate(zip(labels, boxes)):
        if l["px"] < 13:
            failures.append(f"chapter {c}: '{l['text']}' drawn at {l['px']} px")
        if b[0] < vx or b[1] < vy or b[0] + b[2] > vx + vw or b[1] + b[3] > vy + vh:
            failures.append(f"chapter {c}: '{l['text']}' at {b} leaves the viewport {d['viewport']}")
        for k in range(i):
            if overlaps(b, boxes[k]):
                failures.append(f"chapter {c}: '{l['text']}' {b} overlaps '{labels[k]['text']}' {boxes[k]}")
        for t in taken:
            shrunk = (t[0] + 0.5, t[1] + 0.5, t[2] - 1, t[3] - 1)
            if overlaps(b, shrunk):
                failures.append(f"chapter {c}: '{l['text']}' {b} covers a callout or the caption {t}")
    return failures


lines = []
for c in CHAPTERS:
    lines += [f"chapter {c}", "wait 30", "dump " + os.path.join(WORK, f"ch{c}.json")]
script = os.path.join(WORK, "walk.txt")
with open(script, "w") as f:
    f.write("\n".join(lines) + "\n")
cmd = [APP, "--script", script, "--size", SIZE, "--quality", "low", "--weights-dir", os.path.join(SOURCE, "weights")]
r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 2560x1440x24"] + cmd, capture_output=True, text=True,
                   timeout=300, env=ENV)
if r.returncode != 0:
    raise SystemExit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
failures = []
for c in CHAPTERS:
    with open(os.path.join(WORK, f"ch{c}.json")) as f:
        d = json.load(f)
    n = len(d.get("screen_labels") or [])
    print(f"chapter {c} at {SIZE}: {n} screen labels")
    failures += check(c, d)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
