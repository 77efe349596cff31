#!/usr/bin/python3
"""Cross-checks one beat per chapter (issue 20) against tools/reference.py: the app walks to
the beat with a script (`chapter C`, `beat N`, `dump`), and PyTorch recomputes the beat's
numbers from the same checkpoint (reference.beat_numbers). Every number within 1e-4 (relative
for numbers above 1: exp of a large score). On the trained and an early checkpoint, one with a
head pulled. Exit status 0 only if every comparison passes; 77 when torch is missing.

Usage: beats_check.py --engine build/attention-machine --weights-dir weights --work-dir DIR
"""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
try:
    import reference  # noqa: E402
except ImportError as e:  # python3-torch is missing
    print(f"skipped: {e}")
    sys.exit(77)

TOLERANCE = 1e-4
BEATS = [(1, 2), (2, 5), (3, 2), (4, 2), (5, 3), (10, 6)]
CASES = [("step_009000.safetensors", "the queen. the qu", "", None),
         ("step_000300.safetensors", "qzxv kplw qzxv kp", "L2H4", 9)]


def app_beats(engine, weights_dir, work, checkpoint, text, ablate, select):
    step = int(checkpoint[5:11])
    pulls = [f"pull {h}" for h in ablate.split(",") if h]
    lines = [f"text {text}", f"step {step}"] + pulls
    for c, b in BEATS:
        # entering a chapter puts the drum on the last checkpoint and every head back in the
        # rack: the step and the pulled heads again after it
        lines += [f"chapter {c}", f"step {step}"] + pulls + ([f"select {select}"] if select else [])
        lines += [f"beat {b}", f"dump {work}/beat_{c}.json"]
    path = os.path.join(work, "beats.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    prefix = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]
    done = subprocess.run([*prefix, engine, "--weights-dir", weights_dir, "--script", path, "--size", "640x400",
                           "--quality", "low"], capture_output=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"app failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    dumps = {}
    for c, _ in BEATS:
        with open(f"{work}/beat_{c}.json") as f:
            dumps[c] = json.load(f)
    return dumps


def differs(a, b):
    return abs(a - b) > TOLERANCE * max(1.0, abs(b))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--weights-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    args = ap.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    failures = 0
    for checkpoint, text, ablate, select in CASES:
        dumps = app_beats(args.engine, args.weights_dir, args.work_dir, checkpoint, text, ablate, select)
        model = reference.Reference.from_file(os.path.join(args.weights_dir, checkpoint)).double()
        record = model.forward_record(reference.encode(reference.normalize(text)), ablate)
        T = record["embed"].shape[0]
        query = select - 1 if select else T - 1
        for c, b in BEATS:
            d = dumps[c]
            head = d["selected_head"]
            want = reference.beat_numbers(record, c, b, int(head[1]) - 1, int(head[3]) - 1, query)
            got = d["beat"]["numbers"]
            where = f"{checkpoint} {text!r} pulled {ablate or '-'}: chapter {c} beat {b}"
            before = failures
            mixed = want.pop("mixed_values", None)
            if mixed is not None and not ablate:
                want["head_output"] = mixed  # Σ weight · value, from the reference's own values
            for name, value in want.items():
                g = got.get(name)
                if g is None:
                    print(f"FAIL {where}: no '{name}' in the dump")
                    failures += 1
                    continue
                pairs = list(zip(g, value)) if isinstance(value, list) else [(g, value)]
                if isinstance(value, list) and len(g) != len(value):
                    pairs = [(len(g), len(value))]
                bad = [(i, a, e) for i, (a, e) in enumerate(pairs) if differs(a, e)]
                if bad:
                    print(f"FAIL {where}: {name}[{bad[0][0]}] = {bad[0][1]}, reference {bad[0][2]}")
                    failures += 1
            if failures == before:
                print(f"ok   {where}: {len(want)} numbers")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
