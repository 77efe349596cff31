#!/usr/bin/python3
"""The run switcher through `attention-machine --script` on the shipped weights folder
(two runs): --run NAME, the script command `run NAME`, the dump's `run`, and that the
drum, the predictions and Write follow the run. Also Write's temperature and seed.

Usage: run_switcher_test.py APP SOURCE_DIR WORK_DIR. Runs under Xvfb."""
import json
import os
import subprocess
import sys

APP, SOURCE, WORK = sys.argv[1:4]
ROOT = os.path.join(SOURCE, "weights")
os.makedirs(WORK, exist_ok=True)
failures = []
PREFIX = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(*args, weights=ROOT, expect=0):
    # Runs and dumps, not pixels: the low tier keeps llvmpipe's share of each run small.
    p = subprocess.run([*PREFIX, APP, *args, "--quality", "low", "--weights-dir", weights], capture_output=True, text=True, timeout=150)
    if p.returncode != expect:
        print(p.stdout, p.stderr, file=sys.stderr)
        raise SystemExit(f"{args}: exit code {p.returncode}, expected {expect}")
    return p


def script(name, lines, *flags, weights=ROOT):
    path = os.path.join(WORK, name + ".txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    dump = os.path.join(WORK, name + ".json")
    if os.path.exists(dump):
        os.remove(dump)
    run("--script", path, "--dump-state", dump, *flags, weights=weights)
    with open(dump) as f:
        return json.load(f)


with open(os.path.join(ROOT, "runs.json")) as f:
    names = [r["name"] for r in json.load(f)["runs"]]
check(names == ["repeated", "plain"], f"runs.json lists {names}")
steps = {}
for n in names:
    with open(os.path.join(ROOT, n, "manifest.json")) as f:
        steps[n] = [c["step"] for c in json.load(f)["checkpoints"]]

TEXT = "it was a dark and stormy ni"
# 1. The default is the first run.
d = script("default", [f"text {TEXT}", "generate 30"])
check(d["run"] == "repeated", f"default run is {d['run']}")
check(d["step"] == steps["repeated"][-1], f"default step {d['step']}")
repeated_written = d["generated"]

# 2. `run plain` switches everything: the dump, the top-5 (from the plain weights), Write.
d = script("to_plain", [f"text {TEXT}", "step 25", "run plain", "generate 30", "reveal"])  # chapter 0 hides its top five until Reveal
check(d["run"] == "plain", f"after 'run plain' the dump says {d['run']}")
check(d["step"] in steps["plain"], f"step {d['step']} is not one of the plain run's checkpoints")
check(d["step"] == 0, f"step 25 snaps to the plain run's nearest checkpoint, 0 (tie goes earlier): got {d['step']}")
want = json.loads(run("--json", "--text", TEXT, "--run", "plain", "--step", str(d["step"])).stdout)["top5_next"]
check([g["char"] for g in d["top5"]] == [g["char"] for g in want], f"top-5 {d['top5']} != plain engine {want}")
d = script("plain_end", [f"text {TEXT}", "run plain", "generate 30"])
check(d["generated"] != repeated_written, f"both runs wrote the same: {d['generated']!r}")
plain_written = d["generated"]

# 3. --run NAME opens a run; `run repeated` switches back.
d = script("flag", [f"text {TEXT}", "generate 30"], "--run", "plain")
check(d["run"] == "plain" and d["generated"] == plain_written, f"--run plain: {d['run']} {d['generated']!r}")
d = script("back", [f"text {TEXT}", "run repeated", "generate 30"], "--run", "plain")
check(d["run"] == "repeated" and d["generated"] == repeated_written, f"back to repeated: {d['run']} {d['generated']!r}")

# 4. Temperature and seed: recorded, and the same seed writes the same text. (On the
# plain run: the repeated run is so sure of its copies that a draw rarely differs.)
a = script("t1", [f"text {TEXT}", "run plain", "generate 30 temperature 0.8 seed 3"])
b = script("t2", [f"text {TEXT}", "run plain", "generate 30 temperature 0.8 seed 3"])
c = script("t3", [f"text {TEXT}", "run plain", "generate 30 temperature 0.8 seed 4"])
check(abs(a["generated_temperature"] - 0.8) < 1e-6 and a["generated_seed"] == 3, f"dump records {a}")
check(a["generated"] == b["generated"], "the same seed wrote different text")
check(a["generated"] != c["generated"], "seeds 3 and 4 wrote the same text")
check(a["generated"] != plain_written, "temperature 0.8 wrote the greedy text")
check(script("t0", [f"text {TEXT}", "generate 30"])["generated_temperature"] == 0, "greedy is temperature 0")

# 5. Errors: an unknown run, in a script and on the command line.
bad = os.path.join(WORK, "bad.txt")
with open(bad, "w") as f:
    f.write("run nosuch\n")
p = run("--script", bad, expect=2)
check("no run named 'nosuch'" in p.stderr and "repeated, plain" in p.stderr, f"script error: {p.stderr!r}")
p = subprocess.run([*PREFIX, APP, "--json", "--text", "ab", "--run", "nosuch", "--weights-dir", ROOT],
                   capture_output=True, text=True, timeout=120)
check(p.returncode != 0 and "no run named 'nosuch'" in p.stderr, f"--run nosuch: {p.returncode} {p.stderr!r}")

# 6. A folder holding a single run still opens; the run is named after the folder.
d = script("single", [f"text {TEXT}"], weights=os.path.join(ROOT, "plain"))
check(d["run"] == "plain", f"single-run folder: run {d['run']}")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("run switcher: all checks passed")
