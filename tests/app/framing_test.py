#!/usr/bin/python3
"""Every chapter frames its focus: through one `--script` with a `dump` per chapter at one window
size, for each chapter the focus parts' projected rectangle lies inside the viewport,
fills at least half of its width or its height, meets no panel (when the dump lists
panels), and the callouts neither overlap each other nor leave the viewport; and with a 64-character
text, every chapter that frames the row of slugs keeps the whole row in view; and text typed
within a chapter (3 characters, then 49) keeps the row in view without a chapter change.

Usage: framing_test.py APP SOURCE_DIR WORK_DIR WxH   (runs under Xvfb)"""
import json
import os
import subprocess
import sys

APP, SOURCE, WORK, SIZE = sys.argv[1:5]
WEIGHTS = os.path.join(SOURCE, "weights")
os.makedirs(WORK, exist_ok=True)
PREFIX = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a", "-s", "-screen 0 2560x1440x24"]
MIN_SHARE = 0.5
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def inside(r, v):
    x, y, w, h = r
    vx, vy, vw, vh = v
    return x >= vx - 1 and y >= vy - 1 and x + w <= vx + vw + 1 and y + h <= vy + vh + 1


def overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


chapters = subprocess.run([*PREFIX, APP, "--list-chapters", "--weights-dir", WEIGHTS], capture_output=True,
                          text=True, timeout=120).stdout.splitlines()
check(len(chapters) >= 11, f"--list-chapters printed {len(chapters)} lines")
rows = []
# One launch walks every chapter: "chapter K" then "dump" (written after the next frame's
# panels are drawn), as a learner turns the pages; twelve launches cost four times as long.
numbers = [int(line.split()[0]) for line in chapters]
script = os.path.join(WORK, "chapters.txt")
dumps = {k: os.path.join(WORK, f"chapter_{k}.json") for k in numbers}
with open(script, "w") as f:
    for k in numbers:
        f.write(f"chapter {k}\ndump {dumps[k]}\n")
for path in dumps.values():
    if os.path.exists(path):
        os.remove(path)
# Framing is projection, not pixels: the low tier (a third of the high tier's time under
# llvmpipe) frames the same.
p = subprocess.run([*PREFIX, APP, "--script", script, "--size", SIZE, "--quality", "low", "--weights-dir", WEIGHTS],
                   capture_output=True, text=True, timeout=300)
if p.returncode != 0:
    print(p.stdout, p.stderr, file=sys.stderr)
    check(False, f"exit code {p.returncode}")
for k in numbers:
    dump = dumps[k]
    if not os.path.exists(dump):
        check(False, f"chapter {k}: no dump written")
        continue
    with open(dump) as f:
        d = json.load(f)
    check(d["chapter"] == k, f"chapter {k}: the dump says chapter {d['chapter']}")
    v = d.get("viewport")
    focus = d.get("focus")
    check(v is not None and focus is not None, f"chapter {k}: the dump has no viewport or focus")
    if v is None or focus is None:
        continue
    check(len(d.get("focus_parts", [])) >= 1, f"chapter {k}: no focus parts named")
    wshare, hshare = focus[2] / v[2], focus[3] / v[3]
    rows.append((k, wshare, hshare, len(d["callouts"])))
    check(inside(focus, v), f"chapter {k} at {SIZE}: focus {focus} leaves the viewport {v}")
    check(max(wshare, hshare) >= MIN_SHARE,
          f"chapter {k} at {SIZE}: focus fills {wshare:.0%} of the width and {hshare:.0%} of the height")
    for name, panel in d.get("panels", {}).items():
        check(not overlap(focus, panel), f"chapter {k} at {SIZE}: focus {focus} meets panel {name} {panel}")
    callouts = [c["rect"] for c in d["callouts"]]
    check(len(callouts) >= 1, f"chapter {k} at {SIZE}: no callout drawn")
    for c in callouts:  # text of at least 13 px plus padding
        check(c[3] >= 13, f"chapter {k} at {SIZE}: callout {c} is under 13 px tall")
    for i, a in enumerate(callouts):
        check(inside(a, v), f"chapter {k} at {SIZE}: callout {a} leaves the viewport")
        for b in callouts[i + 1:]:
            check(not overlap(a, b), f"chapter {k} at {SIZE}: callouts {a} and {b} overlap")

# Fit my text: with the longest text the model reads (64 characters), every chapter whose
# focus is the row of slugs still has the whole row in the viewport.
LONG = "the queen said that the king would come to the castle before dawn"[:64]
long_script = os.path.join(WORK, "long_text.txt")
long_dumps = {k: os.path.join(WORK, f"long_{k}.json") for k in numbers}
with open(long_script, "w") as f:
    f.write(f"text {LONG}\n")
    for k in numbers:
        f.write(f"chapter {k}\ntext {LONG}\ndump {long_dumps[k]}\n")
p = subprocess.run([*PREFIX, APP, "--script", long_script, "--size", SIZE, "--quality", "low", "--weights-dir", WEIGHTS],
                   capture_output=True, text=True, timeout=300)
check(p.returncode == 0, f"the long-text walk: exit code {p.returncode} {p.stderr[-300:]}")
slug_chapters = 0
for k in numbers:
    if not os.path.exists(long_dumps[k]):
        check(False, f"chapter {k} with {len(LONG)} characters: no dump written")
        continue
    with open(long_dumps[k]) as f:
        d = json.load(f)
    if "slugs" not in d.get("focus_parts", []) or d.get("focus") is None:
        continue
    slug_chapters += 1
    check(len(d.get("text", "")) == len(LONG), f"chapter {k}: the text is {len(d.get('text', ''))} characters")
    check(inside(d["focus"], d["viewport"]),
          f"chapter {k} at {SIZE} with {len(LONG)} characters: the slugs {d['focus']} leave the viewport {d['viewport']}")
check(slug_chapters >= 1, "no chapter frames the row of slugs")
print(f"{slug_chapters} chapters frame the row of slugs; with {len(LONG)} characters it stays in view")

# Typing in a chapter: the row of slugs framed for three characters grows to 49 as the
# learner types; the camera frames it again when it would leave the view (no chapter
# change, no Home). The text's length changes, not the chapter.
GROWN = "the cat sat on the mat and the dog sat on the log"
grow_script = os.path.join(WORK, "grow_text.txt")
grow_dumps = [os.path.join(WORK, f"grow_{i}.json") for i in range(2)]
with open(grow_script, "w") as f:
    f.write(f"chapter 0\ntext the\nwait 300\ndump {grow_dumps[0]}\n")
    f.write(f"text {GROWN}\nwait 1500\ndump {grow_dumps[1]}\n")
for path in grow_dumps:
    if os.path.exists(path):
        os.remove(path)
p = subprocess.run([*PREFIX, APP, "--script", grow_script, "--size", SIZE, "--quality", "low", "--weights-dir", WEIGHTS],
                   capture_output=True, text=True, timeout=300)
check(p.returncode == 0, f"the typing walk: exit code {p.returncode} {p.stderr[-300:]}")
for path, text in zip(grow_dumps, ["the", GROWN]):
    if not os.path.exists(path):
        check(False, f"chapter 0 with {len(text)} characters typed: no dump written")
        continue
    with open(path) as f:
        d = json.load(f)
    check(d.get("text") == text, f"chapter 0: the text is {d.get('text')!r}, not {text!r}")
    check("slugs" in d.get("focus_parts", []) and d.get("focus") is not None,
          f"chapter 0 with {len(text)} characters: the slugs are not the focus ({d.get('focus_parts')})")
    if d.get("focus") is not None:
        check(inside(d["focus"], d["viewport"]),
              f"chapter 0 at {SIZE}, {len(text)} characters typed: the focus {d['focus']} leaves the viewport "
              f"{d['viewport']}")

print(f"focus share of the viewport at {SIZE} (width / height, callouts):")
for k, ws, hs, n in rows:
    print(f"  chapter {k:2d}: {ws:4.0%} / {hs:4.0%}, {n} callouts")
if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("ok")
