#!/usr/bin/python3
"""An independent PyTorch reference of the Attention Machine's model.

It shares no code with the C++ engine: the safetensors file is parsed with
struct/json/numpy, and the model is built from PyTorch's own layers
(nn.Embedding, nn.LayerNorm, nn.Linear, F.gelu, torch.softmax). Its
parameters carry the SAME names as the tensors in our files, so gradients
from autograd can be compared with the trainer's by name.

Importable API:
    load_safetensors(path) -> dict[str, torch.Tensor]
    Reference(tensors)                 an nn.Module; forward(ids[B, T]) -> logits[B, T, 30]
    Reference.loss(ids[B, T+1])        mean next-character cross-entropy over all positions
    Reference.forward_record(ids, ablate) -> dict[str, np.ndarray]  (names as am::Activations)
    beat_numbers(record, chapter, index, layer, head, query) -> a beat's numbers (the app's dump)
    parse_ablate("L2H4,L1H2") -> set of zero-based (layer, head)
    attribute(model, ids, target, ablate) -> direct logit attribution at the last place
    patched_logits(model, ids, patches, ablate) -> last-place logits with head outputs replaced
    head_patching(model, clean, corrupted, ablate) -> the head x position patching map

Command line (run with Debian's /usr/bin/python3, which has torch and numpy):
    reference.py --weights FILE (--text TEXT | --ids 3,1,4) [--ablate L2H4,L1H2] [--json]
    reference.py --weights FILE --bench [--ids ..]   median µs (wall and CPU) of a forward of
                                                     64 characters (or of --ids), one thread
"""

import argparse
import functools
import json
import math
import re
import statistics
import struct
import sys
import time
import unicodedata

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ALPHABET = "abcdefghijklmnopqrstuvwxyz .,'"
VOCAB = 30
D_MODEL = 32
N_LAYERS = 2
N_HEADS = 4
D_HEAD = 8
D_MLP = 128
CONTEXT = 64
LAYER_NORM_EPS = 1e-5
POSITION_BASE = 10000.0

# --------------------------------------------------------------------------- loading

_DTYPES = {"F32": np.dtype("<f4"), "F16": np.dtype("<f2"), "BF16": np.dtype("<u2")}


def load_safetensors(path):
    """Reads a .safetensors file into {name: float32 torch.Tensor} (no `safetensors` package)."""
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 8:
        raise ValueError(f"{path}: too short to be a safetensors file")
    (header_len,) = struct.unpack("<Q", blob[:8])
    if 8 + header_len > len(blob):
        raise ValueError(f"{path}: header runs past the end of the file")
    header = json.loads(blob[8:8 + header_len].decode("utf-8"))
    data = memoryview(blob)[8 + header_len:]
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        dtype = _DTYPES.get(entry["dtype"])
        if dtype is None:
            raise ValueError(f"{path}: {name} has unsupported dtype {entry['dtype']}")
        begin, end = entry["data_offsets"]
        raw = np.frombuffer(data[begin:end], dtype=dtype)
        if entry["dtype"] == "BF16":  # bfloat16 is the top half of a float32
            values = (raw.astype(np.uint32) << 16).view(np.float32)
        else:
            values = raw.astype(np.float32)
        tensors[name] = torch.from_numpy(values.reshape(entry["shape"]).copy())
    return tensors


def save_safetensors(path, tensors, metadata=None):
    """Writes {name: array} as F32 safetensors (header space-padded to a multiple of 8)."""
    header = {}
    if metadata:
        header["__metadata__"] = {k: str(v) for k, v in metadata.items()}
    chunks, offset = [], 0
    for name, value in tensors.items():
        array = np.ascontiguousarray(np.asarray(value, dtype="<f4"))
        header[name] = {"dtype": "F32", "shape": list(array.shape),
                        "data_offsets": [offset, offset + array.nbytes]}
        chunks.append(array.tobytes())
        offset += array.nbytes
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for chunk in chunks:
            f.write(chunk)


# --------------------------------------------------------------------------- text

def normalize(text):
    """The engine's normalizer for ordinary text; the cross-check passes the engine's ids instead."""
    text = unicodedata.normalize("NFKD", text)
    out = []
    for ch in text:
        if unicodedata.combining(ch):
            continue
        ch = ch.lower()
        if ch in "\u2018\u2019\u201b\u02bc":
            ch = "'"
        elif ch in "!?;:\u2026":
            ch = "."
        elif ch.isspace() or ch == "-" or "\u2010" <= ch <= "\u2015" or ch == "\u2212":
            ch = " "
        for c in {"\u00e6": "ae", "\u0153": "oe", "\u00df": "ss"}.get(ch, ch):
            if c not in ALPHABET:
                continue
            if c in " ." and out and out[-1] == c:
                continue  # runs of spaces or full stops collapse
            out.append(c)
    return "".join(out)


def encode(normalized):
    return [ALPHABET.index(c) for c in normalized]


def parse_ablate(text):
    """"L2H4,L1H2" (one-based) -> {(1, 3), (0, 1)} (zero-based)."""
    heads = set()
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        m = re.fullmatch(r"[lL](\d+)[hH](\d+)", part)
        if not m or not (1 <= int(m[1]) <= N_LAYERS and 1 <= int(m[2]) <= N_HEADS):
            raise ValueError(f"not a head: {part!r} (expected L1H1..L{N_LAYERS}H{N_HEADS})")
        heads.add((int(m[1]) - 1, int(m[2]) - 1))
    return heads


def position_encoding(T):
    """PE[p, 2i] = sin(p / 10000^(2i/32)), PE[p, 2i+1] = cos(...); computed in double like the engine."""
    pe = np.zeros((T, D_MODEL), dtype=np.float64)
    i = np.arange(D_MODEL // 2, dtype=np.float64)
    freq = np.power(POSITION_BASE, -2.0 * i / D_MODEL)
    angle = np.arange(T, dtype=np.float64)[:, None] * freq[None, :]
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return torch.from_numpy(pe.astype(np.float32))


# --------------------------------------------------------------------------- model

class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.k = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.v = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.o = nn.Linear(D_MODEL, D_MODEL, bias=False)

    def forward(self, x, pulled, rec):
        # x: [B, T, 32] -> [B, T, 32]; pulled: zero-based heads whose output is zeroed
        B, T, _ = x.shape

        def heads(t):  # [B, T, 32] -> [B, H, T, 8]
            return t.view(B, T, N_HEADS, D_HEAD).transpose(1, 2)

        q, k, v = heads(self.q(x)), heads(self.k(x)), heads(self.v(x))
        future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(D_HEAD)       # [B, H, T, T]
        weights = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        head_out = weights @ v                                      # [B, H, T, 8]
        if pulled:
            keep = torch.ones(N_HEADS)
            keep[list(pulled)] = 0.0
            head_out = head_out * keep.view(1, N_HEADS, 1, 1)
        out = self.o(head_out.transpose(1, 2).reshape(B, T, D_MODEL))
        rec(q=q, k=k, v=v, scores=scores.masked_fill(future, 0.0), attn_weights=weights,
            head_out=head_out, attn_out=out)
        return out


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(D_MODEL, D_MLP)
        self.proj = nn.Linear(D_MLP, D_MODEL)

    def forward(self, x, rec):
        pre = self.fc(x)                        # [B, T, 128]
        post = F.gelu(pre)                      # exact (erf) GELU
        out = self.proj(post)                   # [B, T, 32]
        rec(mlp_pre=pre, mlp_post=post, mlp_out=out)
        return out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D_MODEL, eps=LAYER_NORM_EPS)
        self.attn = Attention()
        self.ln2 = nn.LayerNorm(D_MODEL, eps=LAYER_NORM_EPS)
        self.mlp = Mlp()

    def forward(self, x, pulled, rec):
        h = self.ln1(x)
        rec(ln1=h)
        x = x + self.attn(h, pulled, rec)
        rec(resid_attn=x)
        h = self.ln2(x)
        rec(ln2=h)
        x = x + self.mlp(h, rec)
        rec(resid_mlp=x)
        return x


def _no_record(*_, **__):
    pass


class Reference(nn.Module):
    """The model; parameter names equal the safetensors tensor names (e.g. blocks.0.attn.q.weight)."""

    def __init__(self, tensors=None):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D_MODEL)
        self.blocks = nn.ModuleList(Block() for _ in range(N_LAYERS))
        self.ln_f = nn.LayerNorm(D_MODEL, eps=LAYER_NORM_EPS)
        self.unembed = nn.Linear(D_MODEL, VOCAB)
        if tensors is not None:
            self.load_state_dict(tensors, strict=True)  # exactly our names and shapes

    @classmethod
    def from_file(cls, path):
        return cls(load_safetensors(path))

    def forward(self, ids, pulled=frozenset(), rec=_no_record):
        """ids: [B, T] long (T <= 64) -> logits [B, T, 30]. `pulled`: zero-based (layer, head)."""
        T = ids.shape[1]
        if T > CONTEXT:
            raise ValueError(f"at most {CONTEXT} positions; got {T}")
        embed = self.embed(ids)                              # [B, T, 32]
        pos = position_encoding(T)                           # [T, 32]
        x = embed + pos
        rec(None, embed=embed, pos=pos.expand_as(embed), x0=x)
        for l, block in enumerate(self.blocks):
            layer_pulled = {h for (pl, h) in pulled if pl == l}
            x = block(x, layer_pulled, functools.partial(rec, l))
        h = self.ln_f(x)
        logits = self.unembed(h)
        rec(None, ln_f=h, logits=logits, probs=torch.softmax(logits, dim=-1))
        return logits

    def loss(self, ids_batch):
        """ids_batch: [B, T+1] (e.g. [B, 65]) -> mean cross-entropy of predicting ids[:, 1:]."""
        ids_batch = torch.as_tensor(ids_batch, dtype=torch.long)
        logits = self(ids_batch[:, :-1])
        return F.cross_entropy(logits.reshape(-1, VOCAB), ids_batch[:, 1:].reshape(-1))

    @torch.no_grad()
    def forward_record(self, ids, ablate=frozenset()):
        """ids: list of ints (only the last 64 are read) -> {activation name: np.ndarray}.
        `ablate` is a set of zero-based (layer, head) or a string like "L2H4,L1H2".
        Names and shapes are those of am::Activations (q/k/v/head_out [H, T, 8], ...)."""
        if isinstance(ablate, str):
            ablate = parse_ablate(ablate)
        ids = list(ids)[-CONTEXT:]
        record = {}

        def rec(layer, **tensors):
            prefix = "" if layer is None else f"blocks.{layer}."
            for name, t in tensors.items():
                record[prefix + name] = t[0].detach().numpy().copy()  # float32 (float64 after .double())

        self(torch.tensor([ids], dtype=torch.long).view(1, len(ids)), ablate, rec)
        return record


# --------------------------------------------------------------------------- beats (issue 20)
# The numbers each chapter's beat quotes (the app's dump, beat.numbers), recomputed from a
# reference record with torch's own operations: products and their sum, exp and its sum.

def beat_numbers(record, chapter, index, layer, head, query):
    """record: forward_record's output; chapter 1..5 or 10; index: the beat (0-based);
    layer, head, query: zero-based (the lifted plate and the query place).
    -> {name: float or list}, with the names of the app's beat.numbers."""
    t = lambda name: torch.as_tensor(record[name], dtype=torch.float64)  # noqa: E731
    T = record["embed"].shape[0]
    out = {}
    if chapter == 1:
        out.update(embedding=t("embed")[query], position=t("pos")[query], sum=t("x0")[query])
    elif chapter == 2:
        key = min(index, query)
        q, k = t(f"blocks.{layer}.q")[head, query], t(f"blocks.{layer}.k")[head, key]
        products = q * k
        dot = products.sum()
        out.update(layer=layer + 1, head=head + 1, query_position=query + 1, key_position=key + 1, query=q, key=k,
                   products=products, dot=dot, score=dot / math.sqrt(D_HEAD))
    elif chapter == 3:
        scores = t(f"blocks.{layer}.scores")[head, query, :query + 1]
        e = torch.exp(scores)
        out.update(scores=scores, exp=e, exp_sum=e.sum(), weights=e / e.sum())
    elif chapter == 4:
        w = t(f"blocks.{layer}.attn_weights")[head, query, :query + 1]
        v = t(f"blocks.{layer}.v")[head, :query + 1]
        before = t("x0")[query] if layer == 0 else t(f"blocks.{layer - 1}.resid_mlp")[query]
        added = t(f"blocks.{layer}.attn_out")[query]
        out.update(weights=w, head_output=t(f"blocks.{layer}.head_out")[head, query], attention_out=added,
                   stream_before=before, stream_after=before + added)
        out["mixed_values"] = (w[:, None] * v).sum(0)  # what the head's output is, unless the head is pulled
    elif chapter == 5:
        last = N_LAYERS - 1
        pre = t(f"blocks.{last}.mlp_pre")[query]
        out.update(mlp_pre=pre, mlp_post=F.gelu(pre), mlp_out=t(f"blocks.{last}.mlp_out")[query],
                   probabilities=t("probs")[query])
    elif chapter == 10:
        typed = T if index == 0 else index
        cells = lambda n: n * (n + 1) // 2  # noqa: E731
        heads = N_LAYERS * N_HEADS
        out.update(scores_computed=cells(T) if index == 0 else typed, cached_keys=0 if index == 0 else typed - 1,
                   dot_products_with_cache=heads * cells(typed),
                   dot_products_without_cache=sum(heads * cells(n) for n in range(1, typed + 1)))
    return {name: (v.tolist() if isinstance(v, torch.Tensor) and v.dim() > 0 else float(v)) for name, v in out.items()}


# --------------------------------------------------------------------------- attribution and patching
# Written from the definitions (issue 22), not from the engine's code: the stream at the last
# place is embed + pos + each head's output through its columns of o.weight + each MLP's
# output; ln_f with its σ frozen at the real pass is linear, so each part, centred, scaled
# by γ/σ and read out, is a term; what is left is β read out plus the read-out's bias.

def _head_names():
    return [f"L{l + 1}H{h + 1}" for l in range(N_LAYERS) for h in range(N_HEADS)]


@torch.no_grad()
def attribute(model, ids, target, ablate=frozenset()):
    """-> (logit, {part: term}, {head: [term per source position]}) for `target` at the last
    place. Terms in float64 from the model's own recorded tensors."""
    rec = {k: torch.from_numpy(v).double() for k, v in model.forward_record(ids, ablate).items()}
    if isinstance(ablate, str):
        ablate = parse_ablate(ablate)
    last = len(ids[-CONTEXT:]) - 1
    final = rec[f"blocks.{N_LAYERS - 1}.resid_mlp"][last]
    sigma = torch.sqrt(final.var(unbiased=False) + LAYER_NORM_EPS)
    gamma = model.ln_f.weight.double()
    readout = model.unembed.weight.double()[target]

    def term(v):  # a [32] part of the stream -> its share of the score
        return float(((v - v.mean()) * gamma / sigma) @ readout)

    parts = {"embed": term(rec["embed"][last]), "pos": term(rec["pos"][last])}
    by_source = {}
    for l, block in enumerate(model.blocks):
        w_o = block.attn.o.weight.double()  # [32 out, 32 in]
        for h in range(N_HEADS):
            name = f"L{l + 1}H{h + 1}"
            cols = w_o[:, h * D_HEAD:(h + 1) * D_HEAD]
            if (l, h) in ablate:
                parts[name], by_source[name] = 0.0, [0.0] * (last + 1)
                continue
            parts[name] = term(cols @ rec[f"blocks.{l}.head_out"][h, last])
            weights = rec[f"blocks.{l}.attn_weights"][h, last]
            values = rec[f"blocks.{l}.v"][h]
            by_source[name] = [float(weights[j]) * term(cols @ values[j]) for j in range(last + 1)]
    for l in range(N_LAYERS):
        parts[f"mlp{l + 1}"] = term(rec[f"blocks.{l}.mlp_out"][last])
    parts["bias"] = float(model.ln_f.bias.double() @ readout + model.unembed.bias.double()[target])
    return float(rec["logits"][last, target]), parts, by_source


@torch.no_grad()
def patched_logits(model, ids, patches, ablate=frozenset()):
    """The last place's logits [30] when, for each (layer, head, position) -> [8] in
    `patches`, that head's output (before o) is replaced during the pass."""
    if isinstance(ablate, str):
        ablate = parse_ablate(ablate)
    ids = torch.tensor([list(ids)[-CONTEXT:]], dtype=torch.long)
    T = ids.shape[1]
    future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    x = model.embed(ids)[0] + position_encoding(T).to(model.embed.weight.dtype)   # [T, 32]
    for l, block in enumerate(model.blocks):
        a = block.attn
        h_in = block.ln1(x)
        split = lambda t: t.view(T, N_HEADS, D_HEAD).transpose(0, 1)           # [H, T, 8]
        q, k, v = split(a.q(h_in)), split(a.k(h_in)), split(a.v(h_in))
        w = torch.softmax((q @ k.transpose(-1, -2) / math.sqrt(D_HEAD)).masked_fill(future, float("-inf")), -1)
        out = (w @ v).clone()                                                   # [H, T, 8]
        for h in range(N_HEADS):
            if (l, h) in ablate:
                out[h] = 0.0
        for (pl, ph, pp), value in patches.items():
            if pl == l:
                out[ph, pp] = value
        x = x + a.o(out.transpose(0, 1).reshape(T, D_MODEL))
        x = x + block.mlp.proj(F.gelu(block.mlp.fc(block.ln2(x))))
    return model.unembed(model.ln_f(x))[-1]


@torch.no_grad()
def head_patching(model, clean, corrupted, ablate=frozenset()):
    """-> (clean favourite, corrupted favourite, {head: [share per position]}): the metric is
    logit(clean favourite) - logit(corrupted favourite) at the last place (the clean
    runner-up when both favour the same); a share is how much of its clean - corrupted
    difference one head output, copied from the clean pass, brings back."""
    clean_logits = patched_logits(model, clean, {}, ablate)
    corrupted_logits = patched_logits(model, corrupted, {}, ablate)
    good = int(torch.argmax(clean_logits))
    bad = int(torch.argmax(corrupted_logits))
    if bad == good:
        bad = int(torch.argsort(clean_logits, descending=True)[1])
    metric = lambda logits: float(logits[good] - logits[bad])
    base, gap = metric(corrupted_logits), metric(clean_logits) - metric(corrupted_logits)
    clean_heads = model.forward_record(clean, ablate)
    T = len(list(clean)[-CONTEXT:])
    shares = {}
    for l in range(N_LAYERS):
        for h in range(N_HEADS):
            row = []
            for p in range(T):
                value = torch.from_numpy(clean_heads[f"blocks.{l}.head_out"][h, p]).to(model.embed.weight.dtype)
                row.append((metric(patched_logits(model, corrupted, {(l, h, p): value}, ablate)) - base) / gap)
            shares[f"L{l + 1}H{h + 1}"] = row
    return good, bad, shares


# --------------------------------------------------------------------------- command line

def bench(model, ids=None, repeats=400):
    """Medians over `repeats` no-grad forwards of `ids` (default: 64 characters) on one
    thread: (wall-clock µs, this thread's CPU µs). CPU time is what to compare on a busy
    machine."""
    torch.set_num_threads(1)
    if not ids:
        ids = [(7 * t + 3) % VOCAB for t in range(CONTEXT)]
    ids = torch.tensor([list(ids)[-CONTEXT:]], dtype=torch.long)
    wall, cpu = [], []
    with torch.no_grad():
        for i in range(repeats + 50):
            start_wall, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
            model(ids)
            if i >= 50:  # the first calls warm caches and allocators
                wall.append(time.perf_counter_ns() - start_wall)
                cpu.append(time.thread_time_ns() - start_cpu)
    return statistics.median(wall) / 1e3, statistics.median(cpu) / 1e3


def main(argv):
    ap = argparse.ArgumentParser(description="PyTorch reference of the Attention Machine's model")
    ap.add_argument("--weights", required=True, help="a .safetensors checkpoint")
    ap.add_argument("--text", help="text to read (normalized like the engine's normalizer)")
    ap.add_argument("--ids", help="comma-separated ids instead of --text")
    ap.add_argument("--ablate", default="", help="heads to pull out, e.g. L2H4,L1H2 (one-based)")
    ap.add_argument("--json", action="store_true", help="print ids and every activation as JSON")
    ap.add_argument("--bench", action="store_true",
                    help="print median µs of a forward of 64 characters (or of --ids/--text)")
    args = ap.parse_args(argv)

    model = Reference.from_file(args.weights)
    if args.ids is not None:
        ids = [int(s) for s in args.ids.split(",") if s.strip()]
        if any(not 0 <= i < VOCAB for i in ids):
            ap.error(f"ids must be in [0, {VOCAB})")
    else:
        ids = encode(normalize(args.text or ""))
    ids = ids[-CONTEXT:]
    if args.bench:
        wall_us, cpu_us = bench(model, ids if (args.ids or args.text) else None)
        print(f"reference_forward_us {wall_us:.1f}")
        print(f"reference_forward_cpu_us {cpu_us:.1f}")
        return 0
    try:
        pulled = parse_ablate(args.ablate)
    except ValueError as e:
        ap.error(str(e))
    record = model.forward_record(ids, pulled)
    if args.json:
        out = {"ids": ids, "activations": {
            name: {"shape": list(a.shape), "data": a.reshape(-1).tolist()} for name, a in record.items()}}
        json.dump(out, sys.stdout)
        print()
    else:
        print("read:", repr("".join(ALPHABET[i] for i in ids)))
        if ids:
            p = record["probs"][-1]
            top = np.argsort(-p, kind="stable")[:5]
            print("next:", ", ".join(f"{ALPHABET[i]!r} {p[i]:.4f}" for i in top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
