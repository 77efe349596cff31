#!/usr/bin/python3
"""The four flows of the design card, driven through `attention-machine --script`
and checked against the engine's own --json output and weights/analysis.json.

Usage: script_flows_test.py APP SOURCE_DIR WORK_DIR FLOW
FLOW: chapters | predictions | drum | heads | errors
Runs under Xvfb (the caller wraps it in xvfb-run)."""
import json
import os
import subprocess
import sys

APP, SOURCE, WORK, FLOW = sys.argv[1:5]
WEIGHTS = os.path.join(SOURCE, "weights", "repeated")  # the default (first) run
os.makedirs(WORK, exist_ok=True)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


# Under `xvfb-run ctest` DISPLAY is set; run alone, each call gets its own Xvfb.
PREFIX = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]


def run(*args, expect=0):
    p = subprocess.run([*PREFIX, APP, *args, "--weights-dir", WEIGHTS], capture_output=True, text=True, timeout=120)
    if p.returncode != expect:
        print(p.stdout, p.stderr, file=sys.stderr)
        raise SystemExit(f"{args}: exit code {p.returncode}, expected {expect}")
    return p


def script(name, lines):
    path = os.path.join(WORK, name + ".txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    dump = os.path.join(WORK, name + ".json")
    if os.path.exists(dump):
        os.remove(dump)
    run("--script", path, "--dump-state", dump)
    with open(dump) as f:
        return json.load(f)


def engine(text, *flags):
    return json.loads(run("--json", "--text", text, *flags).stdout)


def p_of(engine_out, ch):
    return engine_out["probabilities"][-1][engine_out["alphabet"].index(ch)]


def top5_equal(dump, engine_out, label):
    want = engine_out["top5_next"]
    got = dump["top5"]
    check(len(got) == len(want), f"{label}: top-5 has {len(got)} entries")
    for g, w in zip(got, want):
        check(g["char"] == w["char"], f"{label}: top-5 char {g['char']!r} != engine {w['char']!r}")
        check(abs(g["p"] - w["p"]) <= 1e-6, f"{label}: P({g['char']}) {g['p']} != engine {w['p']}")


with open(os.path.join(WEIGHTS, "analysis.json")) as f:
    analysis = json.load(f)
with open(os.path.join(WEIGHTS, "manifest.json")) as f:
    manifest = json.load(f)

if FLOW == "chapters":
    lines = run("--list-chapters").stdout.splitlines()
    check(len(lines) == 11, f"--list-chapters printed {len(lines)} lines")
    check(lines[0].split()[0] == "0" and lines[10].split()[0] == "10", "chapters are numbered 0..10")
    first = script("chapters_first", ["# nothing: the app starts at chapter 0"])
    check(first["chapter"] == 0, f"starts at chapter {first['chapter']}")
    for k in (3, 9, 10):
        d = script(f"chapters_{k}", ["chapter 1", "chapter 2", f"chapter {k}"])
        check(d["chapter"] == k, f"chapter {k}: dump says {d['chapter']}")
        title = lines[k].split(None, 1)[1].strip()
        check(d["chapter_title"] == title, f"chapter {k}: title {d['chapter_title']!r} != {title!r}")
    nine = script("chapters_nine_text", ["chapter 9"])
    check(nine["text"] == "qzxv kplw qzxv kp", f"chapter 9's default text is {nine['text']!r}")
elif FLOW == "predictions":
    text = "the queen. the qu"
    d = script("predictions", ["chapter 2", f"text {text}"])
    e = engine(text)
    check(d["text"] == text, f"text in the dump: {d['text']!r}")
    check(d["top5"][0]["char"] == "e", f"favourite after {text!r} is {d['top5'][0]['char']!r}")
    check(abs(d["top5"][0]["p"] - p_of(e, "e")) <= 1e-6, f"P(e) {d['top5'][0]['p']} != engine {p_of(e, 'e')}")
    top5_equal(d, e, "predictions")
    # Normalization: capitals and a character outside the alphabet.
    raw = "The Queen! the qu"
    n = script("predictions_normalized", [f"text {raw}"])
    en = engine(raw)
    check(n["text"] == en["text"] and n["text"] != raw, f"normalized text {n['text']!r} != engine {en['text']!r}")
    check(n["read"] == en["read"], f"read {n['read']!r} != engine {en['read']!r}")
    top5_equal(n, en, "normalized")
elif FLOW == "drum":
    steps = [c["step"] for c in manifest["checkpoints"]]
    for asked in (1500, 1512, 13):
        want = min(steps, key=lambda s: (abs(s - asked), s))  # ties: the earlier
        d = script(f"drum_{asked}", ["chapter 8", f"step {asked}"])
        check(d["step"] == want, f"step {asked}: dump {d['step']}, nearest checkpoint {want}")
        e = engine(d["text"], "--step", str(asked))
        check(e["weights"]["step"] == want, f"engine step {e['weights']['step']} != {want}")
        top5_equal(d, e, f"step {asked}")
elif FLOW == "heads":
    text = "qzxv kplw qzxv kp"
    head = analysis["facts"]["induction_l2"]["head"]
    intact = engine(text)
    pulled = engine(text, "--ablate", head)
    d_in = script("heads_intact", ["chapter 7", f"text {text}"])
    d_out = script("heads_pulled", ["chapter 7", f"text {text}", f"pull {head}"])
    d_back = script("heads_pushed", ["chapter 7", f"text {text}", f"pull {head}", f"push {head}"])
    check(d_out["pulled_heads"] == [head], f"pulled heads {d_out['pulled_heads']}")
    check(d_back["pulled_heads"] == [], f"after push: {d_back['pulled_heads']}")
    top5_equal(d_in, intact, "intact")
    top5_equal(d_out, pulled, f"{head} pulled")
    top5_equal(d_back, intact, f"{head} pushed back")
    p_in, p_out = p_of(intact, "l"), p_of(pulled, "l")
    check(p_out < p_in, f"pulling {head} should lower P(l): {p_out} vs {p_in}")
    got_in = {t["char"]: t["p"] for t in d_in["top5"]}
    got_out = {t["char"]: t["p"] for t in d_out["top5"]}
    check("l" in got_in and abs(got_in["l"] - p_in) <= 1e-6, f"intact P(l) in the dump {got_in.get('l')} != {p_in}")
    if "l" in got_out:  # once 'l' falls out of the top five the engine's figure is the check
        check(abs(got_out["l"] - p_out) <= 1e-6, f"pulled P(l) in the dump {got_out['l']} != {p_out}")
    row = [a for a in analysis["ablations"] if a["pulled"] == head and a["kind"] == "single"]
    check(len(row) == 1, f"no single ablation row for {head}")
    check(d_out["nonsense_accuracy"] is not None, "nonsense accuracy was not computed")
    if row and d_out["nonsense_accuracy"] is not None:
        check(abs(d_out["nonsense_accuracy"] - row[0]["accuracy"]) <= 1e-9,
              f"accuracy shown {d_out['nonsense_accuracy']} != analysis {row[0]['accuracy']}")
    check(d_back["nonsense_accuracy"] is None or abs(d_back["nonsense_accuracy"] - analysis["nonsense"]["accuracy"]) <= 1e-9,
          f"pushed back: accuracy {d_back['nonsense_accuracy']}")
elif FLOW == "errors":
    path = os.path.join(WORK, "bad.txt")
    with open(path, "w") as f:
        f.write("chapter 2\njump 4\n")
    p = run("--script", path, "--dump-state", os.path.join(WORK, "bad.json"), expect=2)
    label = os.path.basename(path)  # the script's messages name the file as given to the user
    check(p.stderr.startswith(f"{label}:2: unknown command"), f"stderr should start with {label}:2: got {p.stderr!r}")
    check(not os.path.exists(os.path.join(WORK, "bad.json")), "no dump is written for a bad script")
    with open(path, "w") as f:
        f.write("text abc\nselect 40\n")
    p = run("--script", path, expect=2)
    check(p.stderr.startswith(f"{label}:2: select"), f"a failing command names its line: {p.stderr!r}")
    with open(path, "w") as f:
        f.write("chapter 12\n")
    p = run("--script", path, expect=2)
    check(":1:" in p.stderr, f"chapter out of range names line 1: {p.stderr!r}")
else:
    raise SystemExit(f"unknown flow {FLOW}")

if failures:
    raise SystemExit(f"{len(failures)} check(s) failed")
print(f"{FLOW}: all checks passed")
