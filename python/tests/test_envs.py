"""The environments: each library's own checker, and the vector env against the scalar one."""

import numpy as np
import pytest

import battaglie as b
from battaglie import _core


@pytest.mark.parametrize("battle", ["washita", "fetterman", "apache-pass"])
def test_gymnasium_check_env_passes(battle: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from battaglie.gym import BattaglieEnv

    check_env(BattaglieEnv(battle), skip_render_check=True)


@pytest.mark.parametrize("opponent", ["level:1", "self", "nodes:200,seed:2"])
def test_gymnasium_check_env_passes_against_each_opponent_kind(opponent: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from battaglie.gym import BattaglieEnv

    check_env(BattaglieEnv("washita", opponent=opponent, side="indians"), skip_render_check=True)


def test_a_gymnasium_episode_ends_with_the_games_result() -> None:
    import gymnasium

    import battaglie.gym  # noqa: F401  (registers the envs)

    env = gymnasium.make("battaglie/ApachePass-v0")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, done, steps = 0.0, False, 0
    while not done:
        action = rng.choice(np.flatnonzero(obs["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
        steps += 1
    assert "outcome" in info and total in (-1.0, 0.0, 1.0)
    assert steps > 10


def test_an_illegal_action_forfeits_or_raises() -> None:
    from battaglie.gym import BattaglieEnv

    env = BattaglieEnv("washita")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info.get("forfeit")) == (-1.0, True, True)
    assert info["outcome"] == "win indians"
    strict = BattaglieEnv("washita", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(b.ActionError):
        strict.step(illegal)


def test_pettingzoo_api_test_passes() -> None:
    from pettingzoo.test import api_test

    from battaglie.pettingzoo import env

    api_test(env(battle="fetterman"), num_cycles=300)


def test_pettingzoo_game_gives_opposite_rewards_at_the_end() -> None:
    from battaglie.pettingzoo import env

    e = env(battle="washita")
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = {"army": 0.0, "indians": 0.0}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    assert totals["army"] == -totals["indians"]


@pytest.mark.parametrize("opponent", ["random", "self"])
def test_the_vector_env_plays_the_scalar_envs_games(opponent: str) -> None:
    n, seed, steps = 4, 11, 400
    vec = b.VectorEnv("washita", n, opponent=opponent, seed=seed, threads=2)
    scalars = [_core.Env("washita", opponent=opponent, seed=seed + i) for i in range(n)]
    obs, mask = vec.reset(seed=seed)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        for i, s in enumerate(scalars):
            assert np.array_equal(obs[i], s.observation())
            assert np.array_equal(np.flatnonzero(mask[i]), s.legal_actions())
        actions = np.array([rng.choice(s.legal_actions()) for s in scalars], dtype=np.int64)
        obs, mask, rewards, terminated, truncated = vec.step(actions)
        for i, s in enumerate(scalars):
            reward, done, _ = s.step(int(actions[i]))
            assert (rewards[i], terminated[i]) == (reward, done)
            if done:
                ended += 1
                s.reset()
        assert not truncated.any()
    assert ended > 0, "no game ended: the auto-reset was not compared"


def test_vector_env_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        b.VectorEnv("washita", 0)
    v = b.VectorEnv("washita", 2, threads=1)
    with pytest.raises(ValueError, match="expected 2 actions"):
        v.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(TypeError, match="int64"):
        v.step([1, 2])  # type: ignore[arg-type]  # the wrong type is the test
    with pytest.raises(b.SpecError):
        b.VectorEnv("washita", 2, opponent="level:12")


def test_sampled_actions_are_legal() -> None:
    v = b.VectorEnv("fetterman", 8, seed=2, threads=1)
    obs, mask = v.reset()
    for _ in range(50):
        actions = v.sample_actions()
        assert mask[np.arange(8), actions].all()
        obs, mask, *_ = v.step(actions)
