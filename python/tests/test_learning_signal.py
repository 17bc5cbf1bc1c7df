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
