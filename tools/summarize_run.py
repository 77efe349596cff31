#!/usr/bin/env python3
"""Prints one recipe's measured figures (from its manifest.json and analysis.json)
in the shape of the recipe table in weights/README.md. Usage: summarize_run.py DIR"""
import json
import sys
from pathlib import Path


def main() -> int:
    run = Path(sys.argv[1])
    manifest = json.loads((run / "manifest.json").read_text())
    analysis = json.loads((run / "analysis.json").read_text())
    series = {c["step"]: c for c in analysis["checkpoints"]}

    def acc_at(step):
        if not series:
            return None
        nearest = min(series, key=lambda s: abs(s - step))
        return series[nearest]["nonsense_accuracy"]

    marks = [250, 500, 750, 1000, 1500, 2000, 4000, max(series)]
    curve = "  ".join(f"@{s}: {acc_at(s):.2f}" for s in marks)
    nonsense = analysis["nonsense"]
    words = "/".join(f"{w['accuracy']:.2f}" for w in nonsense["by_words"])
    facts = analysis["facts"]
    phase = facts.get("phase_change", {})
    heads = analysis["head_scores"]
    prev = facts["previous_l1"]
    ind = facts["induction_l2"]
    drops = {a["pulled"]: a["drop"] for a in analysis["ablations"]}
    recipe = manifest.get("recipe", {})
    command = recipe.get("command", json.dumps(recipe, sort_keys=True))
    print(f"run {run.name}: {command}")
    print(f"  accuracy {curve}")
    print(f"  final {nonsense['accuracy']:.3f}  by words 2-6 {words}")
    if phase.get("found"):
        b, a = phase["before"], phase["after"]
        print(f"  phase change {b['accuracy']:.2f}@{b['step']} -> {a['accuracy']:.2f}@{a['step']}"
              f" ({a['step'] - b['step']} steps)")
    else:
        print("  phase change: not found")
    print(f"  prev head {prev['head']} {prev['score']:.2f}  induction head {ind['head']} {ind['score']:.2f}")
    print("  drops " + " ".join(f"{h} {d * 100:+.1f}" for h, d in drops.items()))
    print(f"  bits/char {analysis['bits_per_char']:.3f} (bigram {analysis['bigram_bits_per_char']:.3f})"
          f"  P(l|demo) {analysis['demo']['p']:.2f}")
    by_class = series[max(series)].get("nonsense_accuracy_by_next_class")
    if by_class:
        print("  by next class " + json.dumps(by_class))
    return 0


if __name__ == "__main__":
    sys.exit(main())
