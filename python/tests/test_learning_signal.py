"""The quiet limit as a parameter: with a longer one, random play decides games, so
random exploration and MCTS's random rollouts see wins and losses, not only draws."""

import collections
import pickle

import numpy as np
import pytest

import battaglie as b
from battaglie import _core


def results(scenario: b.Scenario, games: int) -> collections.Counter[str]:
    game = b.Game(scenario)
    return collections.Counter(game.random_playout(seed)[0].result for seed in range(games))


def test_random_games_all_draw_at_the_1977_limit_and_some_are_won_with_1000() -> None:
    washita = b.Scenario("washita")
    assert results(washita, 30) == {"draw": 30}
    longer = washita.with_quiet_limit(1000)
    assert longer.quiet_limit == 1000 and longer.start_bfen == washita.start_bfen
    won = results(longer, 30)
    assert won["army"] + won["indians"] > 0, won


def test_a_quiet_limit_out_of_range_is_a_scenario_error() -> None:
    with pytest.raises(b.ScenarioError, match="quiet_limit"):
        b.Scenario("fetterman").with_quiet_limit(0)


def test_envs_take_the_quiet_limit_and_their_copies_keep_it() -> None:
    from battaglie.gym import BattaglieEnv
    from battaglie.pettingzoo import raw_env

    env = _core.Env("apache-pass", quiet_limit=500)
    assert env.scenario.quiet_limit == 500
    assert pickle.loads(pickle.dumps(env)).scenario.quiet_limit == 500
    assert b.VectorEnv("washita", 2, quiet_limit=300).game(0).scenario.quiet_limit == 300
    assert BattaglieEnv("washita", quiet_limit=700).core.scenario.quiet_limit == 700
    assert raw_env("washita", quiet_limit=900)._core.scenario.quiet_limit == 900


def test_openspiel_random_rollouts_see_decided_games_with_a_longer_quiet_limit() -> None:
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


def test_a_material_reward_pays_each_elimination_during_the_game() -> None:
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


def test_a_shaping_weight_that_is_not_a_number_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="shaping"):
        _core.Env("washita", shaping=float("nan"))


def shaped_game(shaping: float | str | tuple[str, float], seed: int) -> tuple[list[float], float]:
    """One game of random moves against the random player, Washita with a quiet limit
    of 300: (every step's reward, the result's +1 / -1 / 0)."""
    env = _core.Env("washita", opponent="random", seed=seed, quiet_limit=300, shaping=shaping)
    rng = np.random.default_rng(seed)
    rewards = []
    for _ in range(20_000):  # bounded: a game lasts some hundreds of plies
        reward, terminated, _ = env.step(int(rng.choice(env.legal_action_indices())))
        rewards.append(reward)
        if terminated:
            assert env.outcome is not None
            winner = env.outcome.winner
            return rewards, 0.0 if winner is None else (1.0 if winner == "army" else -1.0)
    raise AssertionError("no game ended in 20,000 steps")


def test_the_winning_chance_reward_moves_during_the_game_and_adds_up_to_the_change_of_chance() -> None:
    for seed in range(3):
        rewards, result = shaped_game("chance", seed)
        shaped = sum(rewards) - result
        # Before the end the reward is the change of the Army's winning chance alone.
        assert any(r != 0 for r in rewards[:-1]) and all(abs(r) < 1 for r in rewards[:-1])
        # Over the game: the result's points (1, 0.5 or 0) less the chance at the start.
        points = (result + 1) / 2
        start_chance = points - shaped
        assert 0 < start_chance < 1, start_chance
    # The same start in every game: the chance there is one number.
    chances = {round((r + 1) / 2 - (sum(rs) - r), 4) for rs, r in (shaped_game("chance", s) for s in range(3))}
    assert len(chances) == 1, chances


def test_a_weighted_chance_reward_scales_and_material_keeps_its_number_form() -> None:
    plain, result = shaped_game("chance", 4)
    half, _ = shaped_game(("chance", 0.5), 4)
    assert np.allclose(np.array(half[:-1]) * 2, plain[:-1], atol=1e-6)
    assert shaped_game(("material", 1.0), 4) == shaped_game(1.0, 4)
    with pytest.raises(ValueError, match="material. or .chance"):
        _core.Env("washita", shaping="luck")
    with pytest.raises(TypeError, match="shaping"):
        _core.Env("washita", shaping=[1])  # type: ignore[arg-type]  # the wrong type is the test


def test_the_shaping_kind_survives_pickling() -> None:
    env = _core.Env("washita", quiet_limit=300, shaping=("chance", 0.25))
    copy = pickle.loads(pickle.dumps(env))
    action = int(env.legal_action_indices()[0])
    assert copy.step(action) == env.step(action)


def test_openspiel_mcts_with_random_rollouts_sees_decided_games_with_a_longer_quiet_limit() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    import battaglie.openspiel  # noqa: F401  (registers the games)

    def root_rewards(game_name: str) -> list[float]:
        game = pyspiel.load_game(game_name)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
        bot = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(1))
        root = bot.mcts_search(game.new_initial_state())
        return [child.total_reward for child in root.children]

    # 12 simulations, each one random rollout to the end of the game.
    assert any(r != 0 for r in root_rewards("battaglie_washita(quiet_limit=1000)"))
    assert all(r == 0 for r in root_rewards("battaglie_washita"))
