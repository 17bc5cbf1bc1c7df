"""Trains a policy on the factored actions against the random player, on CPU, in numpy.

    python python/examples/train_factored.py [--minutes 25] [--battle washita] [--out DIR]

The policy scores each choice of a step (a source square; then a direction for each
piece) by a linear function of what the board looks like around the square the
choice names: the observation planes of the 3x3 squares around it, and how far the
nearest enemy stack is. A softmax over the step's legal choices (its mask) picks one.
It learns by REINFORCE with a baseline, from the result and the material reward
(`shaping`), against the random player, in the battle's own rules (the quiet limit
of 100 plies). Every few minutes it plays 200 games against the random player and 20
against the engine at level 1 with the learning off, and writes the learning curve
(`curve.png`, `curve.csv`) and the weights (`policy.npz`) into `--out`.

A game ends "ahead" when the agent won, or when it ended otherwise (a quiet draw,
repetition) with the agent having eliminated more pieces than it lost.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import numpy as np

import battaglie as b
from battaglie.gym import FactoredBattaglieEnv

Trace = tuple[str, int, np.ndarray, np.ndarray]
"""One choice as the update needs it: the step, the piece kind, the legal choices, the
gradient of the choice's log-probability."""

#: Row and column steps of the directions (north is the next rank, east the next file).
STEPS = {1: (1, 0), 2: (0, 1), 3: (-1, 0), 4: (0, -1)}
FAR = 20.0
#: The weight of the approach reward: the battles start 12 files apart, and at the
#: quiet limit of 100 plies a policy that does not close in never meets the enemy, so
#: neither the result nor the material reward ever pays it.
APPROACH = 0.5

#: The observation planes the features read: the first 12 (the repetition plane came
#: after the runs docs/python.md reports, and the features stay those runs').
PLANES = 12


class Features:
    """The features of every choice of a step, from the observation."""

    def __init__(self, scenario: b.Scenario, side: str):
        self.h, self.w = scenario.height, scenario.width + 1
        self.limit = scenario.stack_limit
        self.mine, self.theirs = (slice(0, 3), slice(3, 6)) if side == "army" else (slice(3, 6), slice(0, 3))
        self.size = PLANES * 9 + 3
        rows, cols = np.indices((self.h, self.w))
        self.rows, self.cols = rows.ravel(), cols.ravel()

    def board(self, planes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each square's 3x3 patch of planes, (squares, 108), and its distance to the
        nearest enemy stack, (squares,)."""
        padded = np.zeros((PLANES, self.h + 2, self.w + 2), np.float32)
        padded[:, 1:-1, 1:-1] = planes[:PLANES]
        patches = np.stack(
            [padded[:, dr : dr + self.h, dc : dc + self.w] for dr in range(3) for dc in range(3)], axis=1
        ).reshape(PLANES * 9, -1).T
        enemy = planes[self.theirs].sum(axis=0).ravel() > 0
        if enemy.any():
            er, ec = self.rows[enemy], self.cols[enemy]
            dist = np.abs(self.rows[:, None] - er).astype(np.float32) + np.abs(self.cols[:, None] - ec)
            near = dist.min(axis=1)
        else:
            near = np.full(self.h * self.w, FAR, np.float32)
        return patches, near

    def closing(self, planes: np.ndarray) -> float:
        """How close the agent's nearest stack stands to an enemy stack (0 far, 1 next
        to it): the potential of the example's approach reward."""
        _, near = self.board(planes)
        mine = planes[self.mine].sum(axis=0).ravel() > 0
        return float(1.0 - near[mine].min() / FAR) if mine.any() else 0.0

    def square(self, patches: np.ndarray, near: np.ndarray, r: int, c: int, source: int) -> np.ndarray:
        """One choice's features: the patch of the square it names, its distance to the
        enemy, the change of that distance from the source, and a constant."""
        if not (0 <= r < self.h and 0 <= c < self.w):
            return np.zeros(self.size, np.float32)
        s = r * self.w + c
        return np.concatenate([patches[s], [near[s] / FAR, (near[s] - near[source]) / 4.0, 1.0]])

    def sources(self, planes: np.ndarray, mask: np.ndarray) -> np.ndarray:
        patches, near = self.board(planes)
        out = np.zeros((len(mask), self.size), np.float32)
        for s in np.flatnonzero(mask):
            if s < self.h * self.w:
                out[s] = self.square(patches, near, int(s) // self.w, int(s) % self.w, int(s))
        return out

    def kind(self, planes: np.ndarray, source: int, piece: int) -> int:
        """The kind (0 Foot, 1 Mounted, 2 Vehicle) of the `piece`-th piece of the stack."""
        counts = np.rint(planes[self.mine].reshape(3, -1)[:, source] * self.limit).astype(int)
        return int(np.searchsorted(np.cumsum(counts), piece, side="right"))

    def directions(self, planes: np.ndarray, source: int) -> np.ndarray:
        patches, near = self.board(planes)
        r, c = divmod(source, self.w)
        out = np.zeros((5, self.size), np.float32)
        out[0] = self.square(patches, near, r, c, source)
        for d, (dr, dc) in STEPS.items():
            out[d] = self.square(patches, near, r + dr, c + dc, source)
        return out


class Policy:
    """Linear scores: one weight vector for the squares, one per piece kind and
    direction for the directions; Adam on REINFORCE's gradient."""

    def __init__(self, size: int, seed: int, lr: float) -> None:
        rng = np.random.default_rng(seed)
        self.w = {"source": rng.normal(0, 0.01, size), "direction": rng.normal(0, 0.01, (3, 5, size))}
        self.m = {k: np.zeros_like(v) for k, v in self.w.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.w.items()}
        self.t = 0
        self.lr = lr

    def weights(self, step: str, kind: int) -> np.ndarray:
        return self.w["source"] if step == "source" else self.w["direction"][kind]

    def choose(
        self, step: str, kind: int, feats: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy: bool = False
    ) -> tuple[int, Trace]:
        legal = np.flatnonzero(mask)
        w = self.weights(step, kind)
        logits = feats[legal] @ w.T if step == "source" else np.einsum("ij,ij->i", feats[legal], w[legal])
        p = np.exp(logits - logits.max())
        p /= p.sum()
        i = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        grad = -p[:, None] * feats[legal]
        grad[i] += feats[legal][i]
        return int(legal[i]), (step, kind, legal, grad)

    def update(self, traces: list[Trace], advantages: np.ndarray) -> None:
        g = {k: np.zeros_like(v) for k, v in self.w.items()}
        for (step, kind, legal, grad), adv in zip(traces, advantages):
            if step == "source":
                g["source"] += adv * grad.sum(axis=0)
            else:
                g["direction"][kind][legal] += adv * grad
        self.t += 1
        for k in self.w:
            self.m[k] = 0.9 * self.m[k] + 0.1 * g[k]
            self.v[k] = 0.999 * self.v[k] + 0.001 * g[k] ** 2
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            self.w[k] += self.lr * m / (np.sqrt(v) + 1e-8)


def play(
    env: FactoredBattaglieEnv, feats: Features, policy: Policy, rng: np.random.Generator, seed: int, greedy: bool = False
) -> tuple[list[Trace], list[float], bool, float]:
    """One game: (traces, rewards per step, whether it ended ahead, the agent's points)."""
    obs, _ = env.reset(seed=seed)
    traces: list[Trace] = []
    rewards: list[float] = []
    side = env.core.agent
    start = lead(env.core.game(), side)
    closing = feats.closing(obs["observation"])
    while True:
        prefix = env.choices()
        planes = obs["observation"]
        if not prefix:
            choice, trace = policy.choose("source", 0, feats.sources(planes, obs["action_mask"]), obs["action_mask"], rng, greedy)
        else:
            kind = feats.kind(planes, prefix[0], len(prefix) - 1)
            mask = obs["action_mask"][:5]
            choice, trace = policy.choose("direction", kind, feats.directions(planes, prefix[0]), mask, rng, greedy)
        obs, reward, terminated, truncated, info = env.step(choice)
        traces.append(trace)
        closer = feats.closing(obs["observation"])
        rewards.append(reward + APPROACH * (closer - closing))
        closing = closer
        if terminated or truncated:
            break
    outcome = env.core.outcome
    assert outcome is not None, "the game is over"
    won = outcome.winner == side
    ahead = won or (outcome.winner is None and lead(env.core.game(), side) > start)
    return traces, rewards, ahead, outcome.points(side)


def lead(game: b.Game, side: str) -> int:
    other = "indians" if side == "army" else "army"
    return game.position.piece_count(side) - game.position.piece_count(other)


def evaluate(
    args: argparse.Namespace, policy: Policy, feats: Features, opponent: str, games: int, seed: int
) -> tuple[float, float]:
    env = FactoredBattaglieEnv(args.battle, opponent=opponent, side=args.side)
    rng = np.random.default_rng(seed)
    results = [play(env, feats, policy, rng, seed + i, greedy=False)[2:] for i in range(games)]
    return float(np.mean([a for a, _ in results])), float(np.sum([p for _, p in results]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=25.0, help="training time (evaluations excluded)")
    parser.add_argument("--battle", default="washita")
    parser.add_argument("--side", default="army")
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.95, help="discount per step")
    parser.add_argument("--every", type=float, default=5.0, help="minutes between evaluations")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("train-factored"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    scenario = b.Scenario(args.battle)
    feats = Features(scenario, args.side)
    policy = Policy(feats.size, args.seed, args.lr)
    env = FactoredBattaglieEnv(args.battle, opponent="random", side=args.side, shaping=1.0)
    rng = np.random.default_rng(args.seed)
    curve: list[tuple[float, int, float, float]] = []
    began = time.perf_counter()

    def checkpoint(trained: float, games: int) -> None:
        ahead, _ = evaluate(args, policy, feats, "random", args.eval_games, 10**6)
        _, points = evaluate(args, policy, feats, "level:1", 20, 2 * 10**6)
        curve.append((trained / 60, games, ahead, points))
        print(f"{trained / 60:6.1f} min {games:7d} games: ahead of random {ahead:.1%}, "
              f"{points:.1f} points of 20 against level 1", flush=True)

    trained, games, next_eval = 0.0, 0, 0.0
    while trained < args.minutes * 60:
        if trained >= next_eval * 60:
            checkpoint(trained, games)
            next_eval += args.every
        start = time.process_time()
        traces, advantages = [], []
        batch = [play(env, feats, policy, rng, args.seed * 10**7 + games + i) for i in range(args.batch)]
        returns = []
        for t, rewards, _, _ in batch:
            g = discounted(np.asarray(rewards), args.gamma)
            returns.append(g)
            traces += t
        flat = np.concatenate(returns)
        advantages = (flat - flat.mean()) / (flat.std() + 1e-6)
        policy.update(traces, advantages)
        games += args.batch
        trained += time.process_time() - start
    checkpoint(trained, games)
    print(f"{(time.perf_counter() - began) / 60:.1f} minutes of wall-clock time in all, evaluations included")

    np.savez(args.out / "policy.npz", source=policy.w["source"], direction=policy.w["direction"])
    with open(args.out / "curve.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["minutes", "games", "ahead_vs_random", "points_vs_level1_of_20"])
        writer.writerows(curve)
    plot(curve, args.out / "curve.png")


def discounted(rewards: np.ndarray, gamma: float) -> np.ndarray:
    """The discounted return from each step on. Undiscounted, the winning-chance rewards
    of a game add up to the same number whatever was played between the start and a
    draw; the discount pays a step for what it brings soon."""
    out = np.zeros_like(rewards)
    running = 0.0
    for i in range(len(rewards) - 1, -1, -1):
        running = rewards[i] + gamma * running
        out[i] = running
    return out


def plot(curve: list[tuple[float, int, float, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [c[0] for c in curve]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(minutes, [100 * c[2] for c in curve], marker="o", label="games ahead of the random player (%)")
    ax.plot(minutes, [5 * c[3] for c in curve], marker="s", label="points against level 1 (% of 20 games)")
    ax.axhline(90, color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("training time (CPU minutes)")
    ax.set_ylim(0, 100)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
