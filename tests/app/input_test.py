#!/usr/bin/python3
"""The frame and its input, driven through `attention-machine --script` and checked in
the --dump-state output: taps within one frame, keys while the text box has the
keyboard, real X key events during a `wait` (sent with xdotool), and the layout after
each resize.

Usage: input_test.py APP SOURCE_DIR WORK_DIR CASE
CASE: keys | focused | xdotool | resize | presentation
Runs under Xvfb (ctest under xvfb-run); alone, it starts one for itself."""
import json
import os
import shutil
import subprocess
import sys
import time

APP, SOURCE, WORK, CASE = sys.argv[1:5]
if not os.environ.get("DISPLAY"):
    # xdotool must talk to the app's X server: run the whole test under one Xvfb.
    os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, *sys.argv])
WEIGHTS = os.path.join(SOURCE, "weights")
os.makedirs(WORK, exist_ok=True)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def write_script(name, lines):
    path = os.path.join(WORK, name + ".txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def start(name, lines, *flags):
    path = write_script(name, lines)
    dump = os.path.join(WORK, name + ".json")
    if os.path.exists(dump):
        os.remove(dump)
    # Frames and input, not pixels: the low tier keeps llvmpipe's share of each run small.
    p = subprocess.Popen([APP, "--script", path, "--dump-state", dump, "--quality", "low", "--weights-dir", WEIGHTS,
                          *flags],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p, dump


def finish(p, dump, timeout=150):
    out, err = p.communicate(timeout=timeout)
    if p.returncode != 0:
        print(out, err, file=sys.stderr)
        raise SystemExit(f"exit code {p.returncode}")
    with open(dump) as f:
        return json.load(f)


def app_window(p):
    """The X window ids of this app's own window (other tests may run theirs on the same
    X server), once it exists; [] after ten seconds without one."""
    for _ in range(100):
        window = subprocess.run(["xdotool", "search", "--all", "--pid", str(p.pid), "--name", "Attention Machine"],
                                capture_output=True, text=True).stdout.split()
        if window:
            return window
        time.sleep(0.1)
    return []


def script(name, lines, *flags):
    return finish(*start(name, lines, *flags))


def area(r):
    return r[2] * r[3]


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_frame(d, w, h, label):
    """The bars and the viewport tile the window; the machine keeps >= 50 % of it (55 % at the
    bars' usual sizes; a bar whose panels do not fit grows, down to half: frame_layout.hpp)."""
    check(d["window"] == [w, h], f"{label}: window {d['window']}, expected {[w, h]}")
    v = d["viewport"]
    bars = [d["panels"][k] for k in ("left", "right", "bottom") if k in d["panels"]]
    check(len(bars) == 3, f"{label}: bars {sorted(d['panels'])}")
    check(area(v) + sum(area(b) for b in bars) == w * h, f"{label}: bars and viewport do not tile the window")
    for b in bars:
        check(not overlaps(b, v), f"{label}: bar {b} covers the viewport {v}")
    share = area(v) / (w * h)
    check(share >= 0.50, f"{label}: viewport is {share:.1%} of the window")
    check(v[0] + v[2] <= w and v[1] + v[3] <= h and min(v) >= 0, f"{label}: viewport {v} leaves the window")
    return share


if CASE == "keys":
    # Five taps, each a press and its release inside one frame: five chapters.
    d = script("keys", ["key Right"] * 5)
    check(d["chapter"] == 5, f"five 'key Right' lines: chapter {d['chapter']}, expected 5")
    d = script("keys_back", ["chapter 4"] + ["key Left"] * 2 + ["key F1"])
    check(d["chapter"] == 2, f"two 'key Left' from 4: chapter {d['chapter']}")
    check("help" in d["panels"], f"F1 opens the help dialog: panels {sorted(d['panels'])}")
    # F12 from a script saves the window to the pictures folder, as the user's F12 does.
    pictures = os.path.join(WORK, "pictures")
    shutil.rmtree(pictures, ignore_errors=True)
    os.makedirs(pictures)
    os.environ["XDG_PICTURES_DIR"] = pictures
    script("keys_f12", ["chapter 3", "key F12"])
    shots = [f for f in os.listdir(pictures) if f.endswith(".png")]
    check(len(shots) == 1, f"'key F12' saved {len(shots)} screenshots in {pictures}")
    del os.environ["XDG_PICTURES_DIR"]
elif CASE == "focused":
    d = script("focused", ["focus text"] + ["key Right"] * 5 + ["key Space", "key F11"])
    check(d["chapter"] == 0, f"keys while the text box has the keyboard turned to chapter {d['chapter']}")
    # The function keys type nothing: F11 and F12 (and Ctrl+S) work while typing.
    check(d["presentation"] is True, "F11 while typing did not switch presentation mode")
    pictures = os.path.join(WORK, "pictures_typing")
    shutil.rmtree(pictures, ignore_errors=True)
    os.makedirs(pictures)
    os.environ["XDG_PICTURES_DIR"] = pictures
    script("focused_f12", ["focus text", "wait 200", "key F12", "wait 200"])
    shots = [f for f in os.listdir(pictures) if f.endswith(".png")]
    check(len(shots) == 1, f"F12 while typing saved {len(shots)} screenshots")
    del os.environ["XDG_PICTURES_DIR"]
    # A scripted text while the box holds the keyboard is the text, not the box's old copy.
    d = script("focused_text", ["focus text", "wait 200", "text the queen said", "key a", "wait 200"])
    check(d["text"] == "the queen said", f"a text set while the box has the keyboard became {d['text']!r}")
elif CASE == "xdotool":
    if shutil.which("xdotool") is None:
        raise SystemExit("xdotool is missing: tools/setup.sh test installs it (Debian package xdotool)")
    p, dump = start("xdotool", ["wait 9000"], "--size", "1280x720")
    window = app_window(p)
    check(bool(window), "xdotool found no window named Attention Machine")
    if window:
        time.sleep(1.0)
        # Real X key events, as a user taps: each press and release arrive together.
        for _ in range(5):
            subprocess.run(["xdotool", "key", "--window", window[0], "Right"], capture_output=True)
            time.sleep(0.6)
    d = finish(p, dump)
    check(d["chapter"] == 5, f"five xdotool taps during the wait turned to chapter {d['chapter']}, expected 5")
    # In the text box: Ctrl+A, typing and three Backspaces, each press and release sent
    # together (so several arrive between two frames); every one must reach the box.
    p, dump = start("xdotool_text", ["focus text", "wait 7000"], "--size", "1280x720")
    window = app_window(p)
    check(bool(window), "xdotool found no window for the text box test")
    if window:
        time.sleep(1.5)
        for args in (["key", "ctrl+a"], ["type", "--delay", "20", "the kings"], ["key", "BackSpace", "BackSpace", "BackSpace"],
                     ["key", "Return"]):
            subprocess.run(["xdotool", args[0], "--window", window[0], *args[1:]], capture_output=True)
            time.sleep(0.5)
    d = finish(p, dump)
    check(d["text"] == "the ki", f"Ctrl+A, 'the kings' and three Backspaces in the text box gave {d['text']!r}")
    # Esc leaves the box and keeps what was typed: the next arrow turns the chapter.
    p, dump = start("xdotool_escape", ["focus text", "wait 6000"], "--size", "1280x720")
    window = app_window(p)
    check(bool(window), "xdotool found no window for the Esc test")
    if window:
        time.sleep(1.5)
        for args in (["key", "ctrl+a"], ["type", "--delay", "20", "the kings"], ["key", "Escape"], ["key", "Right"]):
            subprocess.run(["xdotool", args[0], "--window", window[0], *args[1:]], capture_output=True)
            time.sleep(0.5)
    d = finish(p, dump)
    check(d["text"] == "the kings", f"Esc threw the typed text away: {d['text']!r}")
    check(d["chapter"] == 1, f"after Esc, Right turned to chapter {d['chapter']}, expected 1")
elif CASE == "resize":
    sizes = [(1280, 800), (1920, 1080), (1024, 640)]
    lines = []
    for i, (w, h) in enumerate(sizes):
        if i > 0:
            lines.append(f"resize {w}x{h}")
        lines.append("dump " + os.path.join(WORK, f"resize_{w}x{h}.json"))
    last = script("resize", lines, "--size", "1280x800")
    previous = None
    for w, h in sizes:
        with open(os.path.join(WORK, f"resize_{w}x{h}.json")) as f:
            d = json.load(f)
        check_frame(d, w, h, f"{w}x{h}")
        # Columns are a share of the width (within their limits): they follow the window.
        if previous and w > previous["window"][0]:
            check(d["panels"]["left"][2] > previous["panels"]["left"][2], f"{w}x{h}: left column did not widen")
        previous = d
    check(last["window"] == [1024, 640], f"final dump window {last['window']}")
    # Known answers (tests/ui/test_frame_layout.cpp computes the same at a 16 px font).
    with open(os.path.join(WORK, "resize_1920x1080.json")) as f:
        big = json.load(f)
    check(big["viewport"] == [384, 0, 1248, 950], f"1920x1080 viewport {big['viewport']}")
    # A dump that cannot be written stops the script with its line, exit code 2.
    bad = write_script("bad_dump", ["chapter 2", "dump " + os.path.join(WORK, "no", "such", "dir", "x.json")])
    r = subprocess.run([APP, "--script", bad, "--weights-dir", WEIGHTS], capture_output=True, text=True, timeout=150)
    check(r.returncode == 2, f"unwritable dump: exit code {r.returncode}, expected 2")
    check("bad_dump.txt:2: dump: " in r.stderr, f"unwritable dump: stderr {r.stderr!r}")
elif CASE == "presentation":
    for w, h in [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440)]:
        d = script(f"presentation_{w}", ["chapter 7", "key F11"], "--size", f"{w}x{h}")
        check(d["presentation"] is True, f"{w}x{h}: F11 did not start presentation mode")
        check(d["viewport"] == [0, 0, w, h], f"{w}x{h}: presentation viewport {d['viewport']}")
        check(area(d["viewport"]) / (w * h) >= 0.95, f"{w}x{h}: presentation viewport below 95 %")
        check(not any(k in d["panels"] for k in ("left", "right", "bottom")), f"{w}x{h}: bars shown: {d['panels']}")
        back = script(f"presentation_back_{w}", ["key F11", "key F11"], "--size", f"{w}x{h}")
        check(back["presentation"] is False, f"{w}x{h}: F11 twice leaves presentation mode on")
        check_frame(back, w, h, f"{w}x{h} after F11 twice")
else:
    raise SystemExit(f"unknown case {CASE}")

if failures:
    raise SystemExit(f"{len(failures)} failure(s)")
print("ok")
