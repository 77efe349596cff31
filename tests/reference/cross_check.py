#!/usr/bin/python3
"""Cross-checks the C++ engine against the independent PyTorch reference (tools/reference.py).

For each text (empty, one character, exactly 64, longer than 64, odd characters, with and
without pulled heads) it runs
    attention-machine --json --all-activations --text T --weights FILE [--ablate ...]
feeds the engine's ids to the reference, and compares EVERY recorded activation by name:
the two sets of names must be equal, shapes equal, max |difference| <= 1e-5, and masked
(future) scores and attention weights exactly zero. It does this for the shipped random-init
checkpoint and for a file of larger random weights written here, so attention is far from
uniform. Exit status 0 only if every comparison passes.

Usage: cross_check.py --engine build/attention-machine --weights weights/step_000000.safetensors
                      --work-dir DIR
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import reference  # noqa: E402  (the path above is where it lives)

TOLERANCE = 1e-5

TEXTS = [
    ("empty", "", ""),
    ("one character", "a", ""),
    ("exactly 64", "the quick brown fox jumps over the lazy dog, and then it sleeps.", ""),
    ("longer than 64 (100)",
     "it was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foo",
     ""),
    ("odd characters", "\u00c7a va? Na\u00efve \u2014 caf\u00e9\u2026 \u201cquotes\u201d \u2019tis 123 \U0001F642\t\nEND!!",
     ""),
    ("invalid UTF-8 bytes", "ab\udcffcd", ""),
    ("ablate L2H4,L1H2", "the quick brown fox jumps over the lazy dog, and then it sleeps.", "L2H4,L1H2"),
    ("ablate every head", "abc abc abc abc", "L1H1,L1H2,L1H3,L1H4,L2H1,L2H2,L2H3,L2H4"),
    ("ablate, longer than 64",
     "it was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foo",
     "L1H1"),
]
LOWER_BUILD_CASES = {"exactly 64", "odd characters", "ablate, longer than 64"}
ASSERT_LENGTHS = {"empty": 0, "one character": 1, "exactly 64": 64, "longer than 64 (100)": 64}


def run_engine(engine, weights, text, ablate, simd=None):
    """The engine's ids and activations; `simd` (baseline, avx2) picks a lower kernel build."""
    cmd = [engine, "--json", "--all-activations", "--text", text, "--weights", weights]
    if ablate:
        cmd += ["--ablate", ablate]
    env = dict(os.environ)
    if simd:
        env["AM_SIMD"] = simd
    # surrogateescape lets a test text carry raw invalid UTF-8 bytes to the engine.
    argv = [os.fsencode(a) if isinstance(a, str) else a for a in cmd]
    done = subprocess.run(argv, capture_output=True, timeout=60, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"engine failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    out = json.loads(done.stdout)
    acts = {name: np.asarray(e["data"], dtype=np.float64).reshape(e["shape"])
            for name, e in out["activations"].items()}
    return out["ids"], acts


def compare(engine_acts, ref_acts):
    """-> (list of problems, {name: max abs diff}). Names must match exactly: nothing is skipped."""
    problems, worst = [], {}
    missing = sorted(set(ref_acts) - set(engine_acts))
    extra = sorted(set(engine_acts) - set(ref_acts))
    if missing:
        problems.append(f"engine lacks {missing}")
    if extra:
        problems.append(f"reference lacks {extra}")
    for name in sorted(set(engine_acts) & set(ref_acts)):
        a = np.asarray(engine_acts[name], dtype=np.float64)
        b = np.asarray(ref_acts[name], dtype=np.float64)
        if a.shape != b.shape:
            problems.append(f"{name}: engine shape {list(a.shape)} != reference {list(b.shape)}")
            continue
        if not (np.isfinite(a).all() and np.isfinite(b).all()):
            problems.append(f"{name}: not finite")
            continue
        diff = float(np.max(np.abs(a - b))) if a.size else 0.0
        worst[name] = diff
        if diff > TOLERANCE:
            problems.append(f"{name}: max |diff| {diff:.3g} > {TOLERANCE:g}")
        if name.endswith((".scores", ".attn_weights")) and a.size:
            future = np.triu(np.ones(a.shape[-2:], dtype=bool), k=1)
            if np.any(a[..., future] != 0.0):
                problems.append(f"{name}: masked (future) entries are not exactly 0")
    return problems, worst


def large_random_weights(path, seed=1234):
    """Weights with larger values than the default init, so scores spread and attention is sharp."""
    rng = np.random.default_rng(seed)
    model = reference.Reference()
    tensors = {}
    for name, p in model.named_parameters():
        shape = tuple(p.shape)
        if name.endswith(("ln1.weight", "ln2.weight", "ln_f.weight")):
            value = rng.uniform(0.5, 1.5, shape)
        elif name.endswith("bias"):
            value = rng.normal(0.0, 0.2, shape)
        elif name == "embed.weight":
            value = rng.normal(0.0, 1.0, shape)
        elif name.endswith(("attn.q.weight", "attn.k.weight")):
            # ~3.5x the default init: q·k/√8 spreads over several units (scores reach
            # ~12, a mean peak attention weight of ~0.35 against ~0.08 at init), while
            # float32 rounding of such scores (~5e-6) stays well inside 1e-5.
            value = rng.normal(0.0, 0.27, shape)
        else:
            value = rng.normal(0.0, 1.0 / np.sqrt(shape[1]), shape)
        tensors[name] = value.astype(np.float32)
    reference.save_safetensors(path, tensors, {"note": "cross-check weights with large values"})
    return path


def attention_peaks(acts):
    """The largest attention weight of every row that sees more than 4 positions."""
    peaks = []
    for l in range(reference.N_LAYERS):
        w = acts[f"blocks.{l}.attn_weights"]
        peaks += [float(w[h, i, : i + 1].max()) for h in range(w.shape[0]) for i in range(4, w.shape[1])]
    return peaks


def self_test_name_mismatch(engine_acts, ref_acts):
    """A renamed, missing or reshaped tensor must fail the comparison (no silent skipping)."""
    name = sorted(ref_acts)[0]
    renamed = dict(ref_acts)
    renamed[name + "_renamed"] = renamed.pop(name)
    missing = dict(ref_acts)
    missing.pop(sorted(ref_acts)[-1])
    reshaped = dict(ref_acts)
    reshaped["logits"] = reshaped["logits"].reshape(-1)
    nudged = dict(ref_acts)
    nudged["blocks.1.mlp_post"] = nudged["blocks.1.mlp_post"] + 2 * TOLERANCE
    return all(compare(engine_acts, bad)[0] for bad in (renamed, missing, reshaped, nudged))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--weights", required=True)
    ap.add_argument("--work-dir", required=True)
    args = ap.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)

    weight_files = [
        ("random init", args.weights),
        ("large random", large_random_weights(os.path.join(args.work_dir, "cross_check_large.safetensors"))),
    ]
    failures = 0
    worst_overall = {}
    for label, path in weight_files:
        model = reference.Reference.from_file(path)
        peaks = []
        for case, text, ablate in TEXTS:
            # "\udcff" is a lone surrogate standing for the raw byte 0xFF.
            raw = text.encode("utf-8", errors="surrogateescape")
            ids, engine_acts = run_engine(args.engine, path, raw, ablate)
            ref_acts = model.forward_record(ids, ablate)
            problems, worst = compare(engine_acts, ref_acts)
            if case in ASSERT_LENGTHS and len(ids) != ASSERT_LENGTHS[case]:
                problems.append(f"engine read {len(ids)} characters, expected {ASSERT_LENGTHS[case]}")
            if case == "exactly 64" and label == "random init" and not self_test_name_mismatch(engine_acts, ref_acts):
                problems.append("self-test: a renamed/missing/reshaped/nudged tensor was NOT caught")
            if ablate and engine_acts.get("logits") is not None and len(ids) > 0:
                for (l, h) in reference.parse_ablate(ablate):
                    if np.any(engine_acts[f"blocks.{l}.head_out"][h] != 0.0):
                        problems.append(f"pulled head L{l + 1}H{h + 1} has a nonzero output")
            peaks += attention_peaks(ref_acts)
            # The same case through the lower kernel builds (AVX2, baseline): every build the
            # engine may pick on a user's machine must match the reference too.
            if label == "large random" and case in LOWER_BUILD_CASES:
                for simd in ("avx2", "baseline"):
                    _, lower_acts = run_engine(args.engine, path, raw, ablate, simd)
                    lower_problems, lower_worst = compare(lower_acts, ref_acts)
                    problems += [f"[AM_SIMD={simd}] {p}" for p in lower_problems]
                    # Without FMA the baseline build rounds differently somewhere: identical
                    # numbers would mean AM_SIMD was ignored and nothing else was tested.
                    if simd == "baseline" and all(np.array_equal(lower_acts[n], engine_acts[n])
                                                  for n in engine_acts):
                        problems.append("AM_SIMD=baseline gave bit-identical results: was it ignored?")
                    if lower_worst:
                        worst_name = max(lower_worst, key=lower_worst.get)
                        print(f"     [large random] {case:24s} AM_SIMD={simd:8s} worst {worst_name} "
                              f"{lower_worst[worst_name]:.2e}")
            for name, d in worst.items():
                worst_overall[name] = max(worst_overall.get(name, 0.0), d)
            top = max(worst.items(), key=lambda kv: kv[1]) if worst else ("-", 0.0)
            status = "ok  " if not problems else "FAIL"
            print(f"{status} [{label}] {case:24s} T={len(ids):2d}  worst {top[0]} {top[1]:.2e}")
            for p in problems:
                print(f"       {p}")
            failures += bool(problems)
        print(f"     [{label}] mean peak attention weight {np.mean(peaks):.3f}")
        if label == "large random" and np.mean(peaks) < 0.3:  # uniform over 32 would be ~0.06
            print("FAIL [large random] attention is too uniform to test the softmax well")
            failures += 1

    print("\nworst |engine - reference| per activation over every case:")
    for name in sorted(worst_overall, key=lambda n: -worst_overall[n]):
        print(f"  {name:26s} {worst_overall[name]:.3e}")
    print(f"\n{'PASS' if failures == 0 else 'FAIL'}: {failures} failing case(s); tolerance {TOLERANCE:g}")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
