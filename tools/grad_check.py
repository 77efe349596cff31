#!/usr/bin/python3
"""Checks the trainer's hand-written gradients against PyTorch autograd.

The C++ side (train_grad_dump, built with the tests) writes one batch, the weights it
is evaluated at, and the trainer's mean loss and gradients. Here the independent
reference model (tools/reference.py, which shares no code with the C++ engine) is built
from the same weights in float64, runs the same batch, and autograd gives the exact
gradients. Every tensor must agree:

    max |ours - torch| <= 1e-4 * max |torch|      (per tensor)

and the losses must agree to 1e-6 relative. Exit status: 0 pass, 1 fail, 77 torch is not
installed (ctest reports the test as skipped).

Usage:
    grad_check.py --dump-exe build/tests/train/train_grad_dump --work-dir DIR
    grad_check.py --dir DIR                      (files already written)
    grad_check.py --bench [--batch 48] [--weights FILE] [--repeats 20]
        median ms of one PyTorch training step (forward, backward, AdamW) of a
        batch of 64-character windows on one thread; prints "reference_train_step_ms X"

Run it with Debian's /usr/bin/python3, which has torch and numpy.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

TOLERANCE = 1e-4
LOSS_TOLERANCE = 1e-6
SKIP = 77

try:
    import numpy as np
    import torch
except ImportError as e:  # the check cannot run without them; say so plainly
    print(f"SKIPPED: PyTorch/numpy not importable by {sys.executable} ({e}); "
          "install python3-torch or run with /usr/bin/python3")
    sys.exit(SKIP)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402  (tools/reference.py, beside this file)


def compare(work_dir):
    weights = reference.load_safetensors(os.path.join(work_dir, "weights.safetensors"))
    ours = reference.load_safetensors(os.path.join(work_dir, "grads.safetensors"))
    ids = reference.load_safetensors(os.path.join(work_dir, "batch.safetensors"))["ids"]
    our_loss = float(read_metadata(os.path.join(work_dir, "grads.safetensors"))["loss"])

    model = reference.Reference(weights).double()
    batch = ids.round().long()
    loss = model.loss(batch)
    loss.backward()
    print(f"batch {tuple(batch.shape)}; loss: ours {our_loss:.9f}, torch (float64) {loss.item():.9f}")

    failures = []
    loss_error = abs(our_loss - loss.item()) / abs(loss.item())
    if loss_error > LOSS_TOLERANCE:
        failures.append(f"loss differs by {loss_error:.2e} relative")
    names = [name for name, _ in model.named_parameters()]
    if sorted(names) != sorted(ours):
        failures.append(f"tensor names differ: {sorted(set(names) ^ set(ours))}")
    print(f"{'tensor':28s} {'max|torch|':>11s} {'max|diff|/max':>14s} {'‖diff‖/‖torch‖':>15s}")
    for name, param in model.named_parameters():
        if name not in ours:
            continue
        ref = param.grad.detach().numpy()
        mine = ours[name].numpy().astype(np.float64)
        if mine.shape != ref.shape:
            failures.append(f"{name}: shape {mine.shape} vs {ref.shape}")
            continue
        scale = float(np.abs(ref).max())
        worst = float(np.abs(mine - ref).max()) / max(scale, 1e-30)
        norm_error = float(np.linalg.norm(mine - ref)) / max(float(np.linalg.norm(ref)), 1e-30)
        flag = "" if worst <= TOLERANCE and scale > 0 else "   <-- FAIL"
        print(f"{name:28s} {scale:11.3e} {worst:14.2e} {norm_error:15.2e}{flag}")
        if flag:
            failures.append(f"{name}: max|diff| is {worst:.2e} of max|torch| (limit {TOLERANCE:g})")
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print(f"PASS: all {len(names)} gradients within {TOLERANCE:g} of autograd (relative to each tensor's largest)")
    return 0


def read_metadata(path):
    import json
    import struct
    with open(path, "rb") as f:
        (length,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(length))
    return header.get("__metadata__", {})


def bench(batch_size, weights_path, repeats):
    """Median ms of one float32 training step of the reference on one thread."""
    torch.set_num_threads(1)
    torch.manual_seed(0)
    if weights_path:
        model = reference.Reference.from_file(weights_path)
    else:
        model = reference.Reference()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.99), weight_decay=0.01)
    generator = torch.Generator().manual_seed(0)
    batch = torch.randint(0, reference.VOCAB, (batch_size, reference.CONTEXT + 1), generator=generator)
    times = []
    for i in range(repeats + 3):
        start = time.perf_counter()
        optimizer.zero_grad(set_to_none=True)
        loss = model.loss(batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        if i >= 3:  # the first steps warm caches and allocators
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dump-exe", help="the train_grad_dump executable to run first")
    ap.add_argument("--work-dir", help="folder for the dumped files (with --dump-exe)")
    ap.add_argument("--dir", help="compare files already dumped here")
    ap.add_argument("--bench", action="store_true", help="time the reference's training step instead")
    ap.add_argument("--batch", type=int, default=48, help="windows per step for --bench (default 48)")
    ap.add_argument("--weights", help="weights for --bench (default: PyTorch's own initialisation)")
    ap.add_argument("--repeats", type=int, default=20, help="timed steps for --bench (default 20)")
    args = ap.parse_args(argv)

    if args.bench:
        print(f"reference_train_step_ms {bench(args.batch, args.weights, args.repeats):.3f}")
        return 0
    if args.dump_exe:
        if not args.work_dir:
            ap.error("--dump-exe needs --work-dir")
        done = subprocess.run([args.dump_exe, args.work_dir], capture_output=True, text=True, timeout=60)
        print(done.stdout, end="")
        if done.returncode != 0:
            print(f"FAIL: {args.dump_exe} exited with {done.returncode}:\n{done.stderr}")
            return 1
        return compare(args.work_dir)
    if args.dir:
        return compare(args.dir)
    ap.error("give --dump-exe and --work-dir, --dir, or --bench")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
