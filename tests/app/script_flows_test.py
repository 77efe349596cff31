#!/usr/bin/python3
"""The four flows of the design card, driven through `attention-machine --script`
and checked against the engine's own --json output and weights/analysis.json.

Usage: script_flows_test.py APP SOURCE_DIR WORK_DIR FLOW
FLOW: chapters | predictions | drum | heads | errors | quality | loading
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


# Pictures are not compared here, so the app draws at the low tier: llvmpipe spends about
# two thirds of a high-tier app run rasterizing, and the suite runs many.
# The quality flow checks the tiers themselves and keeps the app's own default.
LOW = [] if FLOW == "quality" else ["--quality", "low"]


def run(*args, expect=0):
    p = subprocess.run([*PREFIX, APP, *args, *LOW, "--weights-dir", WEIGHTS], capture_output=True, text=True, timeout=400)
    if p.returncode != expect:
        print(p.stdout, p.stderr, file=sys.stderr)
        raise SystemExit(f"{args}: exit code {p.returncode}, expected {expect}")
    return p


def script(name, lines, *flags):
    path = os.path.join(WORK, name + ".txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    dump = os.path.join(WORK, name + ".json")
    if os.path.exists(dump):
        os.remove(dump)
    run("--script", path, "--dump-state", dump, *flags)
    with open(dump) as f:
        return json.load(f)


def engine(text, *flags):
    return json.loads(run("--json", "--text", text, *flags).stdout)


def fmt_int(n):
    """The app's thousands: a narrow no-break space (text_format.hpp)."""
    return f"{n:,}".replace(",", "\u202f")


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
    check(len(lines) == 13, f"--list-chapters printed {len(lines)} lines")
    check(lines[0].split()[0] == "0" and lines[12].split()[0] == "12", "chapters are numbered 0..12")
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
    # Chapter 0 (where the app starts) asks how sure the model is: its top five hide until Reveal.
    hidden = script("predictions_hidden", [f"text {raw}"])
    check(hidden["top5"] == [] and hidden["top5_hidden"] is True, f"chapter 0 shows its top five before Reveal: {hidden['top5']}")
    n = script("predictions_normalized", [f"text {raw}", "reveal"])
    check(n["top5_hidden"] is False, "after Reveal the top five show")
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
    # Chapter 7's question is about the probabilities: each script reveals before its dump.
    d_in = script("heads_intact", ["chapter 7", f"text {text}", "reveal"])
    d_out = script("heads_pulled", ["chapter 7", f"text {text}", f"pull {head}", "reveal"])
    d_back = script("heads_pushed", ["chapter 7", f"text {text}", f"pull {head}", f"push {head}", "reveal"])
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
        f.write("chapter 13\n")
    p = run("--script", path, expect=2)
    check(":1:" in p.stderr, f"chapter out of range names line 1: {p.stderr!r}")
elif FLOW == "grow":
    # Training inside the app through --script, in a data folder of its own.
    import filecmp
    import shutil
    data = os.path.join(WORK, "data")
    shutil.rmtree(data, ignore_errors=True)
    os.environ["XDG_DATA_HOME"] = data
    runs = os.path.join(data, "attention-machine", "runs")
    corpus = os.path.join(SOURCE, "tests", "train", "fixtures", "small_text")
    before = script("grow_before", ["chapter 11", f"screenshot {os.path.join(WORK, 'ch11_before.png')}"])
    check(before["chapter_title"] == "Grow your own", f"chapter 11 is Grow your own: {before['chapter_title']!r}")
    check(before["training"]["run"] is None, "no run before training")

    after = script("grow_after", ["chapter 11", f"train shipped steps 300 corpus {corpus} name mine", "wait-training",
                                  f"screenshot {os.path.join(WORK, 'ch11_after.png')}"])
    t = after["training"]
    check(t["run"] == "mine" and t["phase"] == "finished", f"the run finished: {t['run']} {t['phase']} {t['message']}")
    check(t["step"] == 300, f"the run reached step 300: {t['step']}")
    planned = list(range(0, 301, 25))
    check(t["checkpoints"] == planned, f"checkpoints so far: {t['checkpoints']}")
    check(after["checkpoint_steps"] == planned, f"the drum holds the run's checkpoints: {after['checkpoint_steps']}")
    check(after["run_shown"] == "mine" and after["step"] == 300, "the machine follows the newest checkpoint")
    mine = os.path.join(runs, "mine")
    check(os.path.exists(os.path.join(mine, "analysis.json")), "the analysis ran by itself")
    # attention-train with the very flags the run recorded gives the same bytes.
    with open(os.path.join(mine, "manifest.json")) as f:
        command = json.load(f)["recipe"]["command"].split()
    cli_out = os.path.join(WORK, "cli")
    shutil.rmtree(cli_out, ignore_errors=True)
    if os.path.exists(cli_out + ".state.safetensors"):
        os.remove(cli_out + ".state.safetensors")
    command[command.index("--out") + 1] = cli_out
    command[command.index("--corpus") + 1] = corpus
    trainer = os.path.join(os.path.dirname(APP), "attention-train")
    subprocess.run([trainer, *command[1:], "--log-every", "0"], check=True, capture_output=True, timeout=300)
    for step in planned:
        name = f"step_{step:06d}.safetensors"
        check(filecmp.cmp(os.path.join(mine, name), os.path.join(cli_out, name), shallow=False),
              f"{name} is attention-train's, byte for byte")

    # Closing mid-run saves the state; the next start offers to continue.
    script("grow_close", [f"train plain steps 400 corpus {corpus} name half", "chapter 11", "chapter 11", "chapter 11"])
    later = script("grow_later", ["chapter 11"])
    saved = {r["name"]: r["status"] for r in later["training"]["saved_runs"]}
    check(saved.get("half") == "closed mid-way", f"the closed run is offered to continue: {saved}")
    check("half" in later["status"] and "continue" in later["status"], f"the status line offers it: {later['status']!r}")
    check(os.path.exists(os.path.join(runs, "half", ".state.safetensors")), "its resume state is saved")
    # Continued in a later session, it ends with the bytes of an uninterrupted run.
    done = script("grow_continue", ["chapter 11", "train continue half", "wait-training"])
    check(done["training"]["phase"] == "finished" and done["training"]["step"] == 400,
          f"the continued run finished: {done['training']}")
    with open(os.path.join(runs, "half", "manifest.json")) as f:
        command = json.load(f)["recipe"]["command"].split()
    whole = os.path.join(WORK, "whole")
    shutil.rmtree(whole, ignore_errors=True)
    if os.path.exists(whole + ".state.safetensors"):
        os.remove(whole + ".state.safetensors")
    command[command.index("--out") + 1] = whole
    command[command.index("--corpus") + 1] = corpus
    subprocess.run([trainer, *command[1:], "--log-every", "0"], check=True, capture_output=True, timeout=300)
    for name in sorted(n for n in os.listdir(whole) if n.endswith(".safetensors")):
        check(filecmp.cmp(os.path.join(runs, "half", name), os.path.join(whole, name), shallow=False),
              f"continued run: {name} equals the uninterrupted run's")
elif FLOW == "quality":
    # Xvfb has Mesa's software rasteriser (llvmpipe), so Auto must pick Low there.
    plain = script("quality_default", ["chapter 1"])
    check(plain["quality"] == "high" and plain["quality_choice"] == "high",
          f"headless default: quality {plain['quality']!r}, choice {plain['quality_choice']!r}; want high, high")
    auto = script("quality_auto", ["chapter 1"], "--quality", "auto")
    check(auto["quality"] == "low", f"--quality auto under llvmpipe drew at {auto['quality']!r}, want low")
    check(auto["quality_choice"] == "auto", f"--quality auto: choice {auto['quality_choice']!r}")
    for q in ("high", "medium", "low"):
        d = script(f"quality_{q}", ["chapter 1"], "--quality", q)
        check(d["quality"] == q and d["quality_choice"] == q, f"--quality {q}: dump says {d['quality']!r} / {d['quality_choice']!r}")
    # The tier changes pixels, never numbers.
    top5_equal(script("quality_low_numbers", ["text the queen. the qu", "reveal"], "--quality", "low"), engine("the queen. the qu"),
               "low tier")
    p = run("--quality", "ultra", "--screenshot", os.path.join(WORK, "never.png"), expect=2)
    check("--quality needs auto, high, medium or low" in p.stderr, f"a bad --quality is named: {p.stderr!r}")
elif FLOW == "loading":
    # The window's loading, slowed down (AM_TEST_LOAD_DELAY_MS: each checkpoint 25 ms after
    # the one before, in the background even for a script). They arrive newest first, so
    # step 0 is the last: a frame that waited for it would dump it as loaded.
    os.environ["AM_TEST_LOAD_DELAY_MS"] = "25"
    text = "the queen. the qu"
    early_path, scrub_path = os.path.join(WORK, "loading_early.json"), os.path.join(WORK, "loading_scrub.json")
    late = script("loading", [f"text {text}", f"dump {early_path}", "step 0", f"dump {scrub_path}", "wait 9000", "reveal"])
    del os.environ["AM_TEST_LOAD_DELAY_MS"]
    with open(early_path) as f:
        early = json.load(f)
    with open(scrub_path) as f:
        scrub = json.load(f)
    steps = early["checkpoint_steps"]
    n = len(steps)
    loaded = early["checkpoints_loaded"]
    check(n == len(manifest["checkpoints"]), f"the drum lists every checkpoint at once: {n}")
    check(steps[-1] in loaded and len(loaded) < n, f"first frames: {len(loaded)} of {n} loaded, the final one among them")
    check(early["drum"]["note"] == f"(loading {len(loaded)} of {n}: steps {fmt_int(min(loaded))}\u2013{fmt_int(steps[-1])} are in)",
          f"the drum's note while loading: {early['drum']['note']!r}")
    check(scrub["step"] == 0 and 0 not in scrub["checkpoints_loaded"],
          f"a scrub to step 0 before it is read: step {scrub['step']}, loaded {len(scrub['checkpoints_loaded'])}")
    check(scrub["drum"]["label"] == "step 0 \u00b7 loading\u2026", f"the drum's label meanwhile: {scrub['drum']['label']!r}")
    check(late["checkpoints_loaded"] == steps, f"after the wait: {len(late['checkpoints_loaded'])} of {n} loaded")
    check(late["drum"]["label"] == "step 0" and "loading" not in late["drum"]["note"], f"the drum at the end: {late['drum']}")
    top5_equal(late, engine(text, "--step", "0"), "step 0 once it is in")
else:
    raise SystemExit(f"unknown flow {FLOW}")

if failures:
    raise SystemExit(f"{len(failures)} check(s) failed")
print(f"{FLOW}: all checks passed")
