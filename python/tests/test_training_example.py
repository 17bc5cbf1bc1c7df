"""examples/train_factored.py: a smoke run of its pieces (the training itself is
measured in docs/notebook/python-training.md, not here)."""

from pathlib import Path
from types import ModuleType

import numpy as np

import battaglie as b
from battaglie.gym import FactoredBattaglieEnv
from conftest import load_module

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_factored.py"


def _load() -> ModuleType:
    return load_module("train_factored", EXAMPLE)


def test_the_training_example_plays_whole_games_and_updates_its_policy() -> None:
    t = _load()
    feats = t.Features(b.Scenario("washita"), "army")
    policy = t.Policy(feats.size, seed=0, lr=0.01)
    before = {k: v.copy() for k, v in policy.w.items()}
    env = FactoredBattaglieEnv("washita", opponent="random", side="army", shaping=1.0)
    rng = np.random.default_rng(0)
    traces, rewards, ahead, points = t.play(env, feats, policy, rng, seed=0)
    assert env.core.outcome is not None and points in (0.0, 0.5, 1.0)
    assert len(traces) == len(rewards) > env.core.plies // 2
    returns = t.discounted(np.asarray(rewards), 0.95)
    policy.update(traces, (returns - returns.mean()) / (returns.std() + 1e-6))
    assert any(not np.array_equal(before[k], policy.w[k]) for k in before)


def test_the_discounted_return_pays_a_reward_to_the_steps_before_it() -> None:
    t = _load()
    assert np.allclose(t.discounted(np.array([0.0, 0.0, 1.0]), 0.5), [0.25, 0.5, 1.0])
