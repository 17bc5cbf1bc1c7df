"""The vector env on the factored actions (``FactoredVectorEnv``): N games stepped in
Rust, one choice each per call, playing the factored Gymnasium env's games."""

import numpy as np
import pytest

import battaglie as b
from battaglie.gym import FactoredBattaglieEnv


@pytest.mark.parametrize("opponent", ["random", "self"])
def test_the_factored_vector_env_plays_the_factored_gymnasium_envs_games(opponent: str) -> None:
    n, seed = 3, 7
    vec = b.FactoredVectorEnv("washita", n, opponent=opponent, seed=seed, quiet_limit=12, shaping="material")
    envs = [FactoredBattaglieEnv("washita", opponent=opponent, quiet_limit=12, shaping="material") for _ in range(n)]
    singles = [env.reset(seed=seed + i)[0] for i, env in enumerate(envs)]
    obs, masks = vec.reset(seed=seed)
    ended = 0
    for _ in range(250):
        for i, single in enumerate(singles):
            for key in ("observation", "source", "directions"):
                np.testing.assert_array_equal(obs[key][i], single[key])
            np.testing.assert_array_equal(masks[i], single["action_mask"].astype(bool))
        actions = vec.sample_actions()
        obs, masks, rewards, terminated, truncated = vec.step(actions)
        assert not truncated.any()
        for i, env in enumerate(envs):
            single, reward, done, _, _ = env.step(int(actions[i]))
            assert rewards[i] == pytest.approx(reward) and terminated[i] == done
            if done:
                ended += 1
                assert vec.episode_lengths[i] == len(env.core.game())
                single, _ = env.reset()
            singles[i] = single
    assert ended > 0, "no game ended: the resets went untested"


def test_a_factored_choice_steps_towards_the_move_and_the_move_is_played_at_the_last() -> None:
    vec = b.FactoredVectorEnv("washita", 1, seed=3)
    game = vec.game(0)
    row = game.factored_row(game.legal_actions()[5])
    for step, choice in enumerate(row):
        obs, masks, rewards, terminated, _ = vec.step(np.array([choice], np.int64))
        if len(vec.game(0)) > len(game):
            break
        assert vec.choices(0) == row[: step + 1]
        assert obs["source"][0].flat[row[0]] == 1.0 and rewards[0] == 0.0
    assert vec.choices(0) == []
    assert vec.game(0).moves[0] == game.move_of(game.legal_actions()[5])


def test_an_illegal_factored_choice_forfeits_or_raises() -> None:
    vec = b.FactoredVectorEnv("washita", 2, seed=1)
    legal, offsets = vec.legal_action_indices()
    illegal = next(c for c in range(vec.num_choices) if c not in legal[offsets[0] : offsets[1]])
    _, _, rewards, terminated, _ = vec.step(np.array([illegal, legal[offsets[1]]], np.int64))
    assert rewards[0] == -1.0 and terminated[0] and not terminated[1]
    strict = b.FactoredVectorEnv("washita", 1, illegal="raise")
    with pytest.raises(b.ActionError):
        strict.step(np.array([illegal], np.int64))
    assert strict.choices(0) == [] and len(strict.game(0)) == 0


def test_factored_vector_env_arguments_are_checked() -> None:
    vec = b.FactoredVectorEnv("washita", 2)
    with pytest.raises(ValueError, match="one per env"):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(TypeError, match="int64"):
        vec.step(np.zeros(2, np.float32))
    with pytest.raises(b.ActionError, match="-1"):
        vec.step(np.array([-1, 0], np.int64))
    with pytest.raises(ValueError, match="num_envs"):
        b.FactoredVectorEnv("washita", 0)
    with pytest.raises(IndexError, match="2 envs"):
        vec.game(2)


def test_the_factored_vector_envs_buffers_are_read_only() -> None:
    vec = b.FactoredVectorEnv("washita", 2)
    obs, masks = vec.reset(seed=0)
    for array in (*obs.values(), masks, *vec.step(vec.sample_actions())[2:]):
        with pytest.raises(ValueError, match="read-only"):
            array.flat[0] = 1


def test_sampled_factored_choices_are_legal() -> None:
    vec = b.FactoredVectorEnv("fetterman", 8, seed=2)
    masks = vec.reset()[1]
    for _ in range(40):
        actions = vec.sample_actions()
        assert masks[np.arange(8), actions].all()
        masks = vec.step(actions)[1]
