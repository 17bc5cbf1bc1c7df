"""The vector envs under Gymnasium's vector API: the same games, observations and
same-step auto-reset (``final_obs``, ``final_info``) as Gymnasium's own
``SyncVectorEnv`` of the single envs, and Gymnasium's checks that apply to them."""

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import env_checker
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import battaglie.gym  # noqa: F401  (registers the envs)
from battaglie.gym import BattaglieEnv, FactoredBattaglieEnv
from battaglie.gym_vector import BattaglieVectorEnv, FactoredBattaglieVectorEnv


def legal(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    masks = obs["action_mask"]
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int64)


@pytest.mark.parametrize(
    ("ours", "single"), [(BattaglieVectorEnv, BattaglieEnv), (FactoredBattaglieVectorEnv, FactoredBattaglieEnv)]
)
def test_the_vector_env_steps_as_gymnasiums_same_step_sync_vector_env_does(ours: Any, single: Any) -> None:
    n, kwargs = 3, {"battle": "washita", "opponent": "random", "quiet_limit": 12}
    vector = ours(n, **kwargs)
    sync = SyncVectorEnv([lambda: single(**kwargs) for _ in range(n)], autoreset_mode=AutoresetMode.SAME_STEP)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert vector.single_observation_space == sync.single_observation_space
    assert vector.observation_space == sync.observation_space
    assert vector.action_space == sync.action_space
    obs, infos = vector.reset(seed=5)
    ref, _ = sync.reset(seed=5)
    rng, ends = np.random.default_rng(0), 0
    for _ in range(150):
        assert all(np.array_equal(obs[k], ref[k]) for k in ref)
        actions = legal(obs, rng)
        obs, rewards, terminated, truncated, infos = vector.step(actions)
        ref, ref_rewards, ref_terminated, ref_truncated, ref_infos = sync.step(actions)
        assert np.array_equal(rewards, ref_rewards) and np.array_equal(terminated, ref_terminated)
        assert np.array_equal(truncated, ref_truncated)
        assert ("final_obs" in infos) == ("final_obs" in ref_infos)
        if "final_obs" in infos:
            ends += 1
            assert np.array_equal(infos["_final_obs"], ref_infos["_final_obs"])
            assert np.array_equal(infos["_final_info"], ref_infos["_final_info"])
            for i in np.flatnonzero(infos["_final_obs"]):
                mine, theirs = infos["final_obs"][i], ref_infos["final_obs"][i]
                assert all(np.array_equal(mine[k], theirs[k]) for k in theirs)
                assert infos["final_info"]["plies"][i] > 0
    assert ends > 0, "no game ended: the auto-reset was not seen"


def test_gymnasium_makes_the_vector_env_from_the_ids_and_its_checks_pass() -> None:
    # One env: the checks read `terminated or truncated` as one bool.
    env = gymnasium.make_vec("battaglie/Washita-v0", num_envs=1, quiet_limit=30)
    assert isinstance(env.unwrapped, BattaglieVectorEnv)
    for check in (
        env_checker.check_reset_return_type,
        env_checker.check_reset_seed_determinism,
        env_checker.check_reset_options,
        env_checker.check_returned_data_not_reused,
    ):
        check(env)  # type: ignore[arg-type]
    assert isinstance(gymnasium.make_vec("battaglie/FettermanFactored-v0", num_envs=2).unwrapped, FactoredBattaglieVectorEnv)
    env.close()
