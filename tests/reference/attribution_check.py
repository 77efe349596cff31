#!/usr/bin/python3
"""Cross-checks the engine's attribution and head patching (issue 22) against tools/reference.py.

For each set of weights (the repeated run before its phase change and at its end, the plain
run at its end), each text and with and without pulled heads, it runs
    attention-machine --json --text T --weights FILE --attribute top --corrupt auto [--ablate ...]
and recomputes in PyTorch (float64, the reference's own code): the logit, every component,
every head's by-source list and every head x position patching share. Criteria:
  components and by-source terms  |engine - reference| <= 1e-4
  patching shares                 |engine - reference| * |clean - corrupted metric| <= 1e-4
                                  (a share is a ratio: compared in logit units)
  the components add up to the logit (engine) within 1e-4.
Exit status 0 only if every comparison passes.

Usage: attribution_check.py --engine build/attention-machine --weights-dir weights
"""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import reference  # noqa: E402

TOLERANCE = 1e-4
WEIGHTS = [("repeated", "step_000300.safetensors"), ("repeated", "step_009000.safetensors"),
           ("plain", "step_009000.safetensors")]
TEXTS = [("qzxv kplw qzxv kp", ""), ("the cat sat. the ca", ""), ("qzxv kplw qzxv kp", "L2H4,L1H2")]


def engine_json(engine, weights, text, ablate):
    cmd = [engine, "--json", "--text", text, "--weights", weights, "--attribute", "top", "--corrupt", "auto"]
    if ablate:
        cmd += ["--ablate", ablate]
    done = subprocess.run(cmd, capture_output=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"engine failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return json.loads(done.stdout)


def check(engine, path, text, ablate):
    out = engine_json(engine, path, text, ablate)
    problems, worst = [], 0.0
    ids = out["ids"]
    model = reference.Reference.from_file(path).double()
    attribution = out["attribution"]
    target = reference.ALPHABET.index(attribution["target"])
    logit, parts, by_source = reference.attribute(model, ids, target, ablate)
    if abs(sum(attribution["components"].values()) - attribution["logit"]) > TOLERANCE:
        problems.append("the engine's components do not add up to its logit")
    pairs = [("logit", attribution["logit"], logit)]
    pairs += [(name, attribution["components"][name], value) for name, value in parts.items()]
    if set(attribution["components"]) != set(parts):
        problems.append(f"component names differ: {sorted(attribution['components'])} vs {sorted(parts)}")
    for head, row in by_source.items():
        pairs += [(f"{head} from {j + 1}", a, b) for j, (a, b) in enumerate(zip(attribution["by_source"][head], row))]
        if len(attribution["by_source"][head]) != len(row):
            problems.append(f"{head}: by_source has {len(attribution['by_source'][head])} places, expected {len(row)}")
    for name, a, b in pairs:
        worst = max(worst, abs(a - b))
        if abs(a - b) > TOLERANCE:
            problems.append(f"{name}: engine {a:.6f}, reference {b:.6f}")

    patching = out["patching"]
    corrupted = reference.encode(patching["corrupted"])
    good, bad, shares = reference.head_patching(model, ids, corrupted, ablate)
    metric = patching["metric"]
    if reference.ALPHABET[good] != metric["clean_favourite"] or reference.ALPHABET[bad] != metric["corrupted_favourite"]:
        problems.append(f"favourites differ: reference {reference.ALPHABET[good]!r}/{reference.ALPHABET[bad]!r}, "
                        f"engine {metric['clean_favourite']!r}/{metric['corrupted_favourite']!r}")
    gap = abs(metric["clean"] - metric["corrupted"])
    worst_share = 0.0
    for head, row in shares.items():
        for p, (a, b) in enumerate(zip(patching["heads"][head], row)):
            worst_share = max(worst_share, abs(a - b) * gap)
            if abs(a - b) * gap > TOLERANCE:
                problems.append(f"patching {head} at {p + 1}: engine {a:.6f}, reference {b:.6f} (gap {gap:.3f})")
    status = "ok  " if not problems else "FAIL"
    print(f"{status} {os.path.basename(path):26s} {text!r:22s} ablate={ablate or '-':10s} "
          f"target {attribution['target']!r} worst term {worst:.2e}, worst share x gap {worst_share:.2e}")
    for p in problems[:20]:
        print(f"       {p}")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--weights-dir", required=True, help="the folder holding runs.json")
    args = ap.parse_args()
    failures = 0
    for run, file in WEIGHTS:
        for text, ablate in TEXTS:
            failures += bool(check(args.engine, os.path.join(args.weights_dir, run, file), text, ablate))
    print(f"\n{'PASS' if failures == 0 else 'FAIL'}: {failures} failing case(s); tolerance {TOLERANCE:g}")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
