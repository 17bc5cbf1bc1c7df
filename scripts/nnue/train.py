#!/usr/bin/env python3
"""Trains the learned evaluation of battaglie (crates/battaglie-ai/src/nnue.rs) on
the positions `battaglie nnue-data` writes, on the CPU with numpy alone.

The network: sparse one-hot features -> an accumulator of HIDDEN units (bias plus
one column per active feature) -> clipped ReLU (0 to 1) -> one output per side to
move. Its output y is in logits of the side to move's expected result, added to the
material difference: p = sigmoid(y + material / SCALE), SCALE = 1602 centi-pieces
(the winning-chance scale of crates/battaglie-ai/src/chance.rs). So the network
learns what the position is worth beyond the material, in centi-pieces y * SCALE.

The target is the game's result for the side to move (1 a win, 0.5 a draw, 0 a
loss), blended with the search's reported score when the data has one:
t = LAMBDA * result + (1 - LAMBDA) * sigmoid(score / SCALE). The loss is the cross
entropy of p against t; Adam; the games are split (not the positions: positions of
one game are alike) into training and validation, and the weights of the epoch with
the best validation loss are written, quantised, in the format nnue.rs documents.

    python3 scripts/nnue/train.py positions.bin -o net.nnue [--hidden 32] [--epochs 25]
"""

import argparse
import struct
import sys
import time

import numpy as np

DATA_MAGIC = b"BTLNDAT1"
NET_MAGIC = b"BTLNNUE1"
SCALE = 1602.0
QA = 127
QB = 64
ROW = np.dtype(
    [
        ("battle", "u1"),
        ("side", "u1"),
        ("result", "u1"),
        ("n", "u1"),
        ("material", "<i4"),
        ("score", "<i4"),
        ("game", "<u4"),
    ]
)
NO_SCORE = -(2**31)


class DataError(Exception):
    """A positions file that is not what `battaglie nnue-data` writes."""


def load(path):
    """The positions of a data file: (rows, inputs, features, offsets)."""
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < 16 or buf[:8] != DATA_MAGIC:
        raise DataError(f"{path}: not a battaglie positions file (no {DATA_MAGIC!r} magic)")
    inputs, count = struct.unpack_from("<II", buf, 8)
    end = 16 + ROW.itemsize * count
    if len(buf) < end:
        raise DataError(f"{path}: {count} positions announced, the file is too short")
    rows = np.frombuffer(buf, dtype=ROW, count=count, offset=16)
    total = int(rows["n"].astype(np.int64).sum())
    if len(buf) != end + 2 * total:
        raise DataError(f"{path}: {len(buf)} bytes, its rows make {end + 2 * total}")
    feats = np.frombuffer(buf, dtype="<u2", count=total, offset=end).astype(np.int64)
    if total and feats.max() >= inputs:
        raise DataError(f"{path}: a feature index beyond the {inputs} inputs")
    offsets = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(rows["n"], out=offsets[1:])
    return rows, inputs, feats, offsets


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


class Net:
    def __init__(self, inputs, hidden, rng):
        self.W = (rng.standard_normal((inputs, hidden)) * 0.05).astype(np.float32)
        self.b = np.full(hidden, 0.25, dtype=np.float32)
        self.v = (rng.standard_normal((2, hidden)) * 0.05).astype(np.float32)
        self.c = np.zeros(2, dtype=np.float32)

    def params(self):
        return [self.W, self.b, self.v, self.c]

    def forward(self, feats, offsets, sides):
        """The output y (logits) per position, and what backward needs."""
        gathered = self.W[feats]
        acc = np.add.reduceat(gathered, offsets[:-1], axis=0) + self.b
        h = np.clip(acc, 0.0, 1.0)
        y = np.einsum("ij,ij->i", h, self.v[sides]) + self.c[sides]
        return y, (acc, h)

    def backward(self, feats, offsets, sides, cache, gy):
        acc, h = cache
        gv = np.zeros_like(self.v)
        np.add.at(gv, sides, gy[:, None] * h)
        gc = np.bincount(sides, weights=gy, minlength=2).astype(np.float32)
        gacc = gy[:, None] * self.v[sides] * ((acc > 0) & (acc < 1))
        gb = gacc.sum(axis=0)
        rows = np.repeat(np.arange(len(sides)), np.diff(offsets))
        gW = np.zeros_like(self.W)
        np.add.at(gW, feats, gacc[rows])
        return [gW, gb, gv, gc]


def batch(feats, offsets, idx):
    """The features and offsets of the positions `idx`."""
    starts, ends = offsets[idx], offsets[idx + 1]
    lens = ends - starts
    off = np.zeros(len(idx) + 1, dtype=np.int64)
    np.cumsum(lens, out=off[1:])
    take = np.repeat(starts - off[:-1], lens) + np.arange(off[-1])
    return feats[take], off


def bce(p, t):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-(t * np.log(p) + (1 - t) * np.log(1 - p)).mean())


def predict(net, feats, offsets, rows, idx, size=4096):
    out = np.empty(len(idx), dtype=np.float64)
    for i in range(0, len(idx), size):
        j = idx[i : i + size]
        f, off = batch(feats, offsets, j)
        y, _ = net.forward(f, off, rows["side"][j].astype(np.int64))
        out[i : i + size] = y
    return out


def quantise(net):
    W = np.clip(np.rint(net.W * QA), -32768, 32767).astype("<i2")
    b = np.clip(np.rint(net.b * QA), -32768, 32767).astype("<i2")
    v = np.clip(np.rint(net.v * QB), -32768, 32767).astype("<i2")
    c = np.rint(net.c * QA * QB).astype("<i4")
    return W, b, v, c


def quantised_output(q, feats, offsets, sides):
    """The quantised network's output in logits, as nnue.rs computes it."""
    W, b, v, c = (a.astype(np.int64) for a in q)
    acc = np.add.reduceat(W[feats], offsets[:-1], axis=0) + b
    h = np.clip(acc, 0, QA)
    dot = (h * v[sides]).sum(axis=1) + c[sides]
    return dot / (QA * QB)


def write(path, q, inputs):
    W, b, v, c = q
    with open(path, "wb") as f:
        f.write(NET_MAGIC)
        f.write(struct.pack("<III", inputs, W.shape[1], int(SCALE)))
        f.write(W.tobytes())
        f.write(b.tobytes())
        f.write(v.tobytes())
        f.write(c.tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="files from `battaglie nnue-data`")
    ap.add_argument("-o", "--out", required=True, help="the network file to write")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=25)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--l2", type=float, default=1e-4, help="weight decay per step")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.2,
                    help="weight of the result in the target (the rest: the search score)")
    ap.add_argument("--valid", type=float, default=0.15, help="share of games held out")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not 1 <= args.hidden <= 256:
        sys.exit("--hidden must be 1 to 256")

    parts = []
    for i, path in enumerate(args.data):
        try:
            rows, inputs, feats, offsets = load(path)
        except (OSError, DataError) as e:
            sys.exit(f"train.py: {e}")
        parts.append((rows, inputs, feats, offsets, i))
    if len({p[1] for p in parts}) != 1:
        sys.exit("train.py: the files were written for different feature sets")
    inputs = parts[0][1]
    rows = np.concatenate([p[0] for p in parts])
    feats = np.concatenate([p[2] for p in parts])
    offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(rows["n"], out=offsets[1:])
    # Games are numbered per file: tell the files apart.
    games = np.concatenate([p[0]["game"].astype(np.int64) * len(parts) + p[4] for p in parts])

    rng = np.random.default_rng(args.seed)
    unique = np.unique(games)
    held = set(rng.choice(unique, size=max(1, int(len(unique) * args.valid)), replace=False))
    is_valid = np.array([g in held for g in games])
    train_idx, valid_idx = np.flatnonzero(~is_valid), np.flatnonzero(is_valid)
    result = rows["result"].astype(np.float64) / 2.0
    has_score = rows["score"] != NO_SCORE
    searched = sigmoid(np.where(has_score, rows["score"], 0) / SCALE)
    target = np.where(has_score, args.lam * result + (1 - args.lam) * searched, result)
    material = rows["material"].astype(np.float64) / SCALE
    print(f"{len(rows)} positions from {len(unique)} games; "
          f"training {len(train_idx)}, validation {len(valid_idx)} ({len(held)} games); "
          f"{int(has_score.sum())} with a search score; features {inputs}, hidden {args.hidden}")

    scored = has_score[valid_idx]

    def report(name, p_valid):
        r, t = result[valid_idx], target[valid_idx]
        print(f"  {name:<22} validation: loss vs target {bce(p_valid, t):.4f}, "
              f"vs result {bce(p_valid, r):.4f}, "
              f"vs result where searched {bce(p_valid[scored], r[scored]):.4f}")

    report("constant 50%", np.full(len(valid_idx), 0.5))
    report("material alone", sigmoid(material[valid_idx]))
    if scored.any():
        r = result[valid_idx][scored]
        print(f"  {'search score':<22} validation: vs result where searched "
              f"{bce(searched[valid_idx][scored], r):.4f}")

    net = Net(inputs, args.hidden, rng)
    m = [np.zeros_like(p) for p in net.params()]
    s = [np.zeros_like(p) for p in net.params()]
    beta1, beta2, eps, step = 0.9, 0.999, 1e-8, 0
    best, best_params = float("inf"), None
    sides_all = rows["side"].astype(np.int64)
    for epoch in range(1, args.epochs + 1):
        began = time.time()
        order = rng.permutation(train_idx)
        losses = []
        for i in range(0, len(order), args.batch):
            j = order[i : i + args.batch]
            f, off = batch(feats, offsets, j)
            sides = sides_all[j]
            y, cache = net.forward(f, off, sides)
            p = sigmoid(y + material[j])
            losses.append(bce(p, target[j]))
            gy = ((p - target[j]) / len(j)).astype(np.float32)
            grads = net.backward(f, off, sides, cache, gy)
            step += 1
            lr = args.lr * min(1.0, step / 200)
            for k, (param, g) in enumerate(zip(net.params(), grads)):
                m[k] = beta1 * m[k] + (1 - beta1) * g
                s[k] = beta2 * s[k] + (1 - beta2) * g * g
                mh = m[k] / (1 - beta1**step)
                sh = s[k] / (1 - beta2**step)
                param -= (lr * mh / (np.sqrt(sh) + eps)).astype(np.float32)
                param *= np.float32(1 - args.l2)
        yv = predict(net, feats, offsets, rows, valid_idx)
        pv = sigmoid(yv + material[valid_idx])
        vloss = bce(pv, target[valid_idx])
        mark = ""
        if vloss < best:
            best, mark = vloss, " *"
            best_params = [p.copy() for p in net.params()]
        print(f"epoch {epoch:>3}: training loss {np.mean(losses):.4f}, validation loss "
              f"{vloss:.4f} (vs result {bce(pv, result[valid_idx]):.4f}), "
              f"{time.time() - began:.1f} s{mark}")

    net.W, net.b, net.v, net.c = best_params
    yv = predict(net, feats, offsets, rows, valid_idx)
    report("network (float)", sigmoid(yv + material[valid_idx]))
    q = quantise(net)
    f, off = batch(feats, offsets, valid_idx)
    yq = quantised_output(q, f, off, sides_all[valid_idx])
    report("network (quantised)", sigmoid(yq + material[valid_idx]))
    print(f"  output on validation: mean {np.mean(yq) * SCALE:+.0f} cp, "
          f"spread (std) {np.std(yq) * SCALE:.0f} cp; max |float - quantised| "
          f"{np.max(np.abs(yq - yv)) * SCALE:.1f} cp")
    write(args.out, q, inputs)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
