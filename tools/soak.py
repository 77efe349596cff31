#!/usr/bin/env python3
"""Soak test: drives the real app through N seeded random script actions in one process.

Every script command appears (chapter, text, step, pull, push, select, head, generate,
screenshot, and resize/key/wait when the app knows them); texts include invalid UTF-8
and 10 kB pastes; steps include values no checkpoint has, up to the int64 limit.
A screenshot every READ_EVERY actions marks the place: when the app prints "wrote",
we read its RSS. Growth is judged on medians of several readings (single readings
swing with the allocator): the median around action 1,000 against the median of the
last readings. Fails on a crash, a GL error, a failed script, or growth >= the limit.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

READ_EVERY = 100
MEDIAN_OF = 5
HEADS = [f"L{l}H{h}" for l in (1, 2) for h in (1, 2, 3, 4)]
WORDS = "the queen said to the king that a dark and stormy night was coming".split()
ALPHABET = "abcdefghijklmnopqrstuvwxyz .,'"


def app_commands(app):
    """The script words this build knows, read from a deliberately bad script's message."""
    known = set()
    bad = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"soak-probe-{os.getpid()}.txt")
    with open(bad, "w") as f:
        f.write("no-such-command\n")
    out = subprocess.run([app, "--script", bad, "--size", "320x200"], capture_output=True, text=True, timeout=300)
    os.unlink(bad)
    m = re.search(r"known: ([^)]*)\)", out.stderr + out.stdout)
    if m:
        known = {w.strip() for w in m.group(1).split(",")}
    return known


class Generator:
    def __init__(self, seed, known, steps, shot, size):
        self.r = random.Random(seed)
        self.size = size
        self.dump = os.path.join(os.path.dirname(shot), "soak_step_dump.json")
        self.known = known
        self.steps = steps
        self.shot = shot
        self.plain_length = None  # length of the current text when we know it exactly

    def plain_text(self, n):
        text = " ".join(self.r.choice(WORDS) for _ in range(n))
        self.plain_length = len(text)
        return "text " + text

    def text(self):
        kind = self.r.randrange(6)
        self.plain_length = None
        if kind == 0:
            return self.plain_text(self.r.randint(1, 12))
        if kind == 1:  # any characters of the alphabet
            return "text " + "".join(self.r.choice(ALPHABET) for _ in range(self.r.randint(0, 80)))
        if kind == 2:  # invalid UTF-8 and control bytes (never a line break)
            data = bytes(self.r.choice([0xFF, 0xC3, 0x80, 0xE2, 0x28, 0x01, 0x7F, 0x41, 0x20])
                         for _ in range(self.r.randint(1, 60)))
            return b"text " + data  # bytes: written as they are
        if kind == 3:  # a 10 kB paste
            return "text " + "".join(self.r.choice(ALPHABET + "ÀéÜß’!?;:-") for _ in range(10_000))
        if kind == 4:  # accents, curly quotes, punctuation the normalizer folds
            return "text " + self.r.choice(["Ça va? Très bien!", "l’été — déjà", "À…Z; ¿qué?", "ÆØÅ æøå"])
        return "text "  # empty

    def step(self):
        kind = self.r.randrange(4)
        if kind == 0:
            return f"step {self.r.choice(self.steps)}"
        if kind == 1:
            return f"step {self.r.randint(0, 12000)}"
        if kind == 2:
            return f"step {self.r.choice([0, 2**63 - 1, 2**62, 9001])}"
        return f"step {self.r.randrange(0, 2**63)}"

    def action(self):
        """One or two script lines (a select or generate first sets a text it fits)."""
        choices = ["chapter", "text", "step", "pull", "push", "select", "head", "generate"]
        if "resize" in self.known:
            choices.append("resize")
        # Not "focus text": while the text box holds the keyboard, a later "text" line is
        # overwritten by the box's own buffer (found by this soak; left to the text box's owner).
        for extra in ("key", "wait", "dump"):
            if extra in self.known:
                choices.append(extra)
        c = self.r.choice(choices)
        if c == "chapter":
            self.plain_length = None  # the chapter brings its own example text
            return [f"chapter {self.r.randrange(0, 11)}"]
        if c == "text":
            return [self.text()]
        if c == "step":
            return [self.step()]
        if c in ("pull", "push", "head"):
            return [f"{c} {self.r.choice(HEADS)}"]
        if c == "resize":
            # Every resize re-creates the frame's GL targets, whatever the size; larger sizes
            # would only make every later frame cost llvmpipe more (CI's budget, issue 13).
            return [f"resize {self.r.randint(320, 640)}x{self.r.randint(200, 400)}"]
        if c == "key":
            self.plain_length = None  # Left/Right turn the chapter, which brings its own text
            return [f"key {self.r.choice(['Left', 'Right', 'Home', 'F1', 'F11', 'Space', 'Escape'])}"]
        if c == "wait":
            return [f"wait {self.r.randint(0, 30)}"]
        if c == "focus":
            self.plain_length = None  # keys typed into the text box change the text
            return ["focus text"]
        if c == "dump":
            return [f"dump {self.dump}"]
        lines = []
        if self.plain_length is None:
            lines.append(self.plain_text(self.r.randint(2, 14)))
        if c == "select":
            lines.append(f"select {self.r.randint(1, min(self.plain_length, 64))}")
        else:
            lines.append(f"generate {self.r.randint(1, 40)}")
            self.plain_length = None  # what was written may join the text
        return lines

    def script(self, n):
        lines, actions = [], 0
        while actions < n:
            for line in self.action():
                lines.append(line)
                actions += 1
                if actions % READ_EVERY == 0:
                    # Every reading at the same window size: the frame's render targets take
                    # 64-83 MB per megapixel, which would otherwise swing the readings.
                    if "resize" in self.known:
                        lines.append(f"resize {self.size}")
                    lines.append(f"screenshot {self.shot}")
        return lines


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def median_kb(readings, around):
    """Median of MEDIAN_OF readings centred on reading `around` (0-based)."""
    lo = max(0, min(around - MEDIAN_OF // 2, len(readings) - MEDIAN_OF))
    return statistics.median(readings[lo:lo + MEDIAN_OF])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("app")
    ap.add_argument("actions", type=int)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--work", default="build/soak")
    ap.add_argument("--weights-dir", default=None)
    ap.add_argument("--size", default="320x200")  # the smallest picture: the soak is about memory, not pixels
    ap.add_argument("--max-growth", type=float, default=5.0, help="percent")
    ap.add_argument("--baseline", type=int, default=1000,
                    help="growth is measured from the readings up to this many actions (a multiple of 100)")
    ap.add_argument("--app-arg", action="append", default=[], help="one more argument for the app (repeatable)")
    a = ap.parse_args()
    if a.actions < 2 * READ_EVERY:
        sys.exit(f"soak: need at least {2 * READ_EVERY} actions")
    os.makedirs(a.work, exist_ok=True)
    known = app_commands(a.app)
    steps = [0, 25, 1000, 4000, 9000]
    shot = os.path.abspath(os.path.join(a.work, "soak_shot.png"))
    lines = Generator(a.seed, known, steps, shot, a.size).script(a.actions)
    script = os.path.join(a.work, f"soak_{a.actions}_{a.seed}.txt")
    with open(script, "wb") as f:
        for line in lines:
            f.write((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n")
    print(f"soak: {a.actions} actions ({len(lines)} lines, seed {a.seed}) in {script}; "
          f"extra commands known: {sorted(known & {'resize', 'key', 'wait', 'focus', 'dump'})}", flush=True)

    # Line-buffered stdout (stdbuf), so each "wrote" line arrives when the screenshot is
    # written and the RSS read then belongs to that place in the script.
    cmd = ["stdbuf", "-oL", a.app, "--script", script, "--size", a.size, "--dump-state", os.path.join(a.work, "soak_dump.json")]
    if a.weights_dir:
        cmd += ["--weights-dir", a.weights_dir]
    cmd += a.app_arg
    err_path = os.path.join(a.work, "soak_stderr.log")
    started = time.monotonic()
    with open(err_path, "w") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True, errors="replace")
        readings, peak = [], 0
        csv = open(os.path.join(a.work, "soak_rss.csv"), "w")  # every reading, as it comes
        csv.write("actions,rss_kb,seconds\n")
        for line in proc.stdout:
            if line.startswith("wrote "):
                kb = rss_kb(proc.pid)
                readings.append(kb)
                peak = max(peak, kb)
                csv.write(f"{len(readings) * READ_EVERY},{kb},{time.monotonic() - started:.1f}\n")
                csv.flush()
                done = len(readings) * READ_EVERY
                if done % 1000 == 0:
                    print(f"soak: {done} actions, RSS {kb / 1024:.0f} MB, {time.monotonic() - started:.0f} s", flush=True)
        rc = proc.wait()
        csv.close()
    with open(err_path, errors="replace") as f:
        stderr = f.read()
    failures = []
    if rc != 0:
        failures.append(f"the app exited with status {rc}" + (" (crash)" if rc < 0 else ""))
    gl_errors = len(re.findall(r"GL_INVALID|GL_OUT_OF_MEMORY|GL error", stderr))
    if gl_errors:
        failures.append(f"{gl_errors} GL error(s)")
    if "runtime error" in stderr or "Sanitizer" in stderr:
        failures.append("a sanitizer report")
    expected = a.actions // READ_EVERY
    if len(readings) < expected:
        failures.append(f"only {len(readings)} of {expected} screenshots were written")
    base = a.baseline
    if base >= MEDIAN_OF * READ_EVERY and len(readings) >= base // READ_EVERY + MEDIAN_OF:
        at_base = median_kb(readings, base // READ_EVERY - 1 - MEDIAN_OF // 2)
        at_end = median_kb(readings, len(readings) - 1)
        growth = 100.0 * (at_end - at_base) / at_base
        print(f"soak: median RSS {at_base / 1024:.0f} MB (actions {base - (MEDIAN_OF - 1) * READ_EVERY}-{base}) -> "
              f"{at_end / 1024:.0f} MB (last {MEDIAN_OF} readings, to {len(readings) * READ_EVERY}): "
              f"{growth:+.1f} %; single readings {readings[base // READ_EVERY - 1] / 1024:.0f} MB at {base}, "
              f"{readings[-1] / 1024:.0f} MB at the end; peak {peak / 1024:.0f} MB; {gl_errors} GL errors; "
              f"{time.monotonic() - started:.0f} s")
        if growth >= a.max_growth:
            failures.append(f"RSS grew {growth:.1f} % (limit {a.max_growth} %)")
    elif readings:
        print(f"soak: RSS {readings[0] / 1024:.0f} -> {readings[-1] / 1024:.0f} MB, peak {peak / 1024:.0f} MB "
              f"(too short to judge growth on medians)")
    if failures:
        print("soak: FAILED: " + "; ".join(failures), file=sys.stderr)
        print(stderr[-3000:], file=sys.stderr)
        sys.exit(1)
    print("soak: passed")


if __name__ == "__main__":
    main()
