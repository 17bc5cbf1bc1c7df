"""The quiet limit as a parameter: with a longer one, random play decides games, so
random exploration and MCTS's random rollouts see wins and losses, not only draws."""

import collections
import pickle

import numpy as np
import pytest

import battaglie as b
from battaglie import _core


def results(scenario: b.Scenario, games: int) -> collections.Counter:
    game = b.Game(scenario)
    return collections.Counter(game.random_playout(seed)[0].result for seed in range(games))


def test_random_games_all_draw_at_the_1977_limit_and_some_are_won_with_1000():
    washita = b.Scenario("washita")
    assert results(washita, 30) == {"draw": 30}
    longer = washita.with_quiet_limit(1000)
    assert longer.quiet_limit == 1000 and longer.start_bfen == washita.start_bfen
    won = results(longer, 30)
    assert won["army"] + won["indians"] > 0, won


def test_a_quiet_limit_out_of_range_is_a_scenario_error():
    with pytest.raises(b.ScenarioError, match="quiet_limit"):
        b.Scenario("fetterman").with_quiet_limit(0)


def test_envs_take_the_quiet_limit_and_their_copies_keep_it():
    from battaglie.gym import BattaglieEnv
    from battaglie.pettingzoo import raw_env

    env = _core.Env("apache-pass", quiet_limit=500)
    assert env.scenario.quiet_limit == 500
    assert pickle.loads(pickle.dumps(env)).scenario.quiet_limit == 500
    assert b.VectorEnv("washita", 2, quiet_limit=300).game(0).scenario.quiet_limit == 300
    assert BattaglieEnv("washita", quiet_limit=700).core.scenario.quiet_limit == 700
    assert raw_env("washita", quiet_limit=900)._core.scenario.quiet_limit == 900


def test_openspiel_random_rollouts_see_decided_games_with_a_longer_quiet_limit():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    import battaglie.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("battaglie_washita(quiet_limit=1000)")
    assert game.new_initial_state().battaglie.scenario.quiet_limit == 1000
    assert pickle.loads(pickle.dumps(game)).new_initial_state().battaglie.scenario.quiet_limit == 1000
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    state = game.new_initial_state()
    values = {float(evaluator.evaluate(state)[0]) for _ in range(20)}
    assert values & {1.0, -1.0}, values
    # The default is the battle's own limit, where every random rollout draws.
    short = pyspiel.load_game("battaglie_washita").new_initial_state()
    assert {float(evaluator.evaluate(short)[0]) for _ in range(5)} == {0.0}


def test_a_material_reward_pays_each_elimination_during_the_game():
    env = _core.Env("washita", opponent="random", seed=3, quiet_limit=1000, shaping=1.0)
    start = sum(env.scenario.forces("army")) + sum(env.scenario.forces("indians"))
    rng = np.random.default_rng(0)
    shaped = []
    for _ in range(5000):  # bounded: games of ~3,000 plies, resets included
        reward, terminated, _ = env.step(int(rng.choice(env.legal_action_indices())))
        if terminated:
            env.reset()
        elif reward != 0:
            shaped.append(reward)
        if len(shaped) >= 3:
            break
    assert shaped, "no elimination in 5,000 steps"
    for reward in shaped:
        # A whole number of pieces gained or lost, over the pieces at the start.
        pieces = reward * start
        assert abs(pieces - round(pieces)) < 1e-4 and round(pieces) != 0, reward
    # Without shaping the same steps pay nothing before the end.
    plain = _core.Env("washita", opponent="random", seed=3, quiet_limit=1000)
    rng = np.random.default_rng(0)
    for _ in range(300):
        reward, terminated, _ = plain.step(int(rng.choice(plain.legal_action_indices())))
        assert terminated or reward == 0
        if terminated:
            plain.reset()


def test_a_shaping_weight_that_is_not_a_number_is_a_value_error():
    with pytest.raises(ValueError, match="shaping"):
        _core.Env("washita", shaping=float("nan"))
