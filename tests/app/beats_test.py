#!/usr/bin/python3
"""Every beat of every chapter that has beats, walked with `beat N` and read from the
state dump, checked against the engine's own tensors (--json --all-activations) to 1e-5:
embedding + position = sum, the products sum to the dot, dot / sqrt(8) is the recorded
score, exp / exp_sum are the recorded weights, before + attention = after, and the
MLP's and the read-out's numbers. On two texts, two checkpoints and with a head pulled.

Usage: beats_test.py APP SOURCE_DIR WORK_DIR CASE     (CASE: trained | untrained_pulled)
Runs under Xvfb (the caller wraps it in xvfb-run)."""
import json
import math
import os
import re
import subprocess
import sys

APP, SOURCE, WORK, CASE = sys.argv[1:5]
WEIGHTS = os.path.join(SOURCE, "weights", "repeated")
os.makedirs(WORK, exist_ok=True)
TOL = 1e-5
CHAPTERS = [0, 1, 2, 3, 4, 5, 7, 10]
CASES = {
    # text, checkpoint step (None: the last), pulled heads, selected place (one-based; None: the last)
    "trained": ("the queen. the qu", None, "", None),
    "untrained_pulled": ("qzxv kplw qzxv kp", 0, "L2H4", 9),
}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


PREFIX = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]


def run(*args):
    p = subprocess.run([*PREFIX, APP, *args, "--weights-dir", WEIGHTS], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print(p.stdout, p.stderr, file=sys.stderr)
        raise SystemExit(f"{args}: exit code {p.returncode}")
    return p


def close(a, b, what):
    if isinstance(a, list) or isinstance(b, list):
        check(len(a) == len(b), f"{what}: {len(a)} numbers, expected {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            if abs(x - y) > TOL:
                check(False, f"{what}[{i}]: {x} != {y}")
                return
        return
    check(abs(a - b) <= TOL, f"{what}: {a} != {b}")


text, step, pulled, select = CASES[CASE]
engine_args = ["--json", "--all-activations", "--text", text]
if step is not None:
    engine_args += ["--step", str(step)]
if pulled:
    engine_args += ["--ablate", pulled]
eng = json.loads(run(*engine_args).stdout)
acts = eng["activations"]
T = len(eng["read"])


def tensor(name):
    return acts[name]["data"], acts[name]["shape"]


def row(name, *index):
    """The innermost row of a tensor at the leading indices (all but the last axis)."""
    data, shape = tensor(name)
    assert len(index) == len(shape) - 1, (name, index, shape)
    offset = 0
    for i, n in zip(index, shape[:-1]):
        offset = offset * n + i
    width = shape[-1]
    return data[offset * width:(offset + 1) * width]


# One script: every chapter's beats in turn, a dump after each.
lines = [f"text {text}"]
if step is not None:
    lines.append(f"step {step}")
if pulled:
    lines += [f"pull {h}" for h in pulled.split(",")]
dumps = []
counts = {}
# The beat counts come from the app itself: a first dump per chapter.
probe = [*lines]
# Entering a chapter puts the drum on the last checkpoint and every head back in the
# rack: the step and the pulled heads are set again after it.
again = ([f"step {step}"] if step is not None else []) + ([f"pull {h}" for h in pulled.split(",")] if pulled else [])
for c in CHAPTERS:
    probe += [f"chapter {c}", *again] + ([f"select {select}"] if select else []) + [f"dump {WORK}/count_{c}.json"]
with open(os.path.join(WORK, "probe.txt"), "w") as f:
    f.write("\n".join(probe) + "\n")
run("--script", os.path.join(WORK, "probe.txt"), "--size", "640x400", "--quality", "low")
for c in CHAPTERS:
    with open(f"{WORK}/count_{c}.json") as f:
        d = json.load(f)
    counts[c] = d["beat"]["count"]
    check(d["beat"]["index"] == -1, f"chapter {c}: entering shows no beat")
    check(counts[c] >= 3, f"chapter {c}: only {counts[c]} beats")
for c in CHAPTERS:
    lines += [f"chapter {c}", *again] + ([f"select {select}"] if select else [])
    for b in range(counts[c]):
        path = f"{WORK}/beat_{c}_{b}.json"
        lines += [f"beat {b}", f"dump {path}"]
        dumps.append((c, b, path))
with open(os.path.join(WORK, "beats.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")
run("--script", os.path.join(WORK, "beats.txt"), "--size", "640x400", "--quality", "low")

q = (select - 1) if select else T - 1
SQRT8 = math.sqrt(8.0)
for c, b, path in dumps:
    with open(path) as f:
        d = json.load(f)
    beat, where = d["beat"], f"chapter {c} beat {b}"
    n = beat["numbers"]
    check(beat["index"] == b and beat["count"] == counts[c], f"{where}: index/count {beat['index']}/{beat['count']}")
    check(len(beat["caption"]) > 20, f"{where}: caption {beat['caption']!r}")
    check(not re.search(r"[0-9]{6,}\.", beat["caption"]), f"{where}: a number too long to read in {beat['caption']!r}")
    check(d["step"] == (step if step is not None else eng["weights"]["step"]), f"{where}: step {d['step']}")
    head = d["selected_head"]  # "L1H2"
    l, h = int(head[1]) - 1, int(head[3]) - 1
    if c == 1:
        close(n["embedding"], row("embed", q), f"{where} embedding")
        close(n["position"], row("pos", q), f"{where} position")
        close(n["sum"], row("x0", q), f"{where} sum")
        close([a + p for a, p in zip(n["embedding"], n["position"])], n["sum"], f"{where} embedding + position")
    if c == 2:
        L, H, qp, kp = n["layer"] - 1, n["head"] - 1, n["query_position"] - 1, n["key_position"] - 1
        check(qp == q and kp == b and (L, H) == (l, h), f"{where}: places {qp},{kp} head {L},{H}")
        close(n["query"], row(f"blocks.{L}.q", H, qp), f"{where} query")
        close(n["key"], row(f"blocks.{L}.k", H, kp), f"{where} key")
        close(n["products"], [x * y for x, y in zip(n["query"], n["key"])], f"{where} products")
        close(sum(n["products"]), n["dot"], f"{where} products sum to the dot")
        close(n["dot"] / SQRT8, n["score"], f"{where} dot / sqrt 8")
        close(n["score"], row(f"blocks.{L}.scores", H, qp)[kp], f"{where} score is the recorded one")
    if c == 3:
        close(n["scores"], row(f"blocks.{l}.scores", h, q)[:q + 1], f"{where} scores")
        close([e / n["exp_sum"] for e in n["exp"]], n["weights"], f"{where} exp / exp_sum")
        close(n["weights"], row(f"blocks.{l}.attn_weights", h, q)[:q + 1], f"{where} weights")
        close(sum(n["exp"]), n["exp_sum"], f"{where} exp_sum")
        # The bars as shown: exp(score - shift) (shift 0, or the largest score when plain exp would be
        # unreadable); divided by their sum they are the same weights.
        check(n["shift"] in (0.0, max(n["scores"])), f"{where}: shift {n['shift']}")
        close(n["bars"], [math.exp(s - n["shift"]) for s in n["scores"]], f"{where} bars")
        close(sum(n["bars"]), n["bars_sum"], f"{where} bars_sum")
        close([e / n["bars_sum"] for e in n["bars"]], n["weights"], f"{where} bars / bars_sum")
        check(n["bars_sum"] < 1e5, f"{where}: bars add up to {n['bars_sum']}")
    if c == 4:
        close(n["weights"], row(f"blocks.{l}.attn_weights", h, q)[:q + 1], f"{where} weights")
        close(n["head_output"], row(f"blocks.{l}.head_out", h, q), f"{where} head_output")
        close(n["attention_out"], row(f"blocks.{l}.attn_out", q), f"{where} attention_out")
        before = row("x0", q) if l == 0 else row(f"blocks.{l - 1}.resid_mlp", q)
        close(n["stream_before"], before, f"{where} stream_before")
        close(n["stream_after"], row(f"blocks.{l}.resid_attn", q), f"{where} stream_after")
        close([x + y for x, y in zip(n["stream_before"], n["attention_out"])], n["stream_after"],
              f"{where} before + attention = after")
    if c == 5:
        close(n["mlp_pre"], row("blocks.1.mlp_pre", q), f"{where} mlp_pre")
        close(n["mlp_post"], row("blocks.1.mlp_post", q), f"{where} mlp_post")
        close(n["mlp_out"], row("blocks.1.mlp_out", q), f"{where} mlp_out")
        close(n["probabilities"], row("probs", q), f"{where} probabilities")
        close([0.5 * x * (1 + math.erf(x / math.sqrt(2))) for x in n["mlp_pre"]], n["mlp_post"], f"{where} GELU")
    if c == 10:
        typed = T if b == 0 else b
        check(n["dot_products_with_cache"] == 8 * typed * (typed + 1) // 2, f"{where}: with cache")
        check(n["dot_products_without_cache"] == sum(8 * k * (k + 1) // 2 for k in range(1, typed + 1)),
              f"{where}: without cache")
        check(n["scores_computed"] == (T * (T + 1) // 2 if b == 0 else b), f"{where}: scores computed")
        check(n["cached_keys"] == (0 if b == 0 else b - 1), f"{where}: cached keys")

print(f"{len(dumps)} beats checked, {len(failures)} failures")
sys.exit(1 if failures else 0)
