#!/usr/bin/env python3
"""An MCTS opponent speaking the engine protocol (docs/protocol.md).

It forwards every command to an inner `battaglie engine` and answers `go` with the
move chosen by OpenSpiel's own MCTS (`open_spiel.python.algorithms.mcts.MCTSBot`) on
the battle registered by `import battaglie.openspiel` (`battaglie_washita`,
`battaglie_fetterman`, `battaglie_apache_pass`, after the scenario the protocol set),
with a material evaluator: each leaf is scored by the material balance (Foot 100,
Mounted 300, Vehicle 250, the engine's default piece values) squashed into (-1, 1)
as tanh(balance / scale), a finished game by its exact result, with uniform priors.
The limits of `go` are ignored: the budget is the number of simulations.

Use it as an external player of `battaglie match`:

    battaglie match --a level:8 --b 'engine:"python3 scripts/mcts-bot.py --simulations 1000 --seed 1"'

Arguments (all optional):

    --simulations N   MCTS simulations per move (default 1000)
    --uct-c C         the UCT exploration constant (default 2)
    --scale S         centi-pieces of material balance for tanh's unit (default 1000)
    --seed N          the seed of the search's tie-breaking (default 1); with the same
                      seed, position and history a move is the same
    --program P       the battaglie program run as the inner engine (default battaglie)
    --verbose         one line per `go` on standard error: the move, the number of
                      legal moves and the time taken

It needs the battaglie package (`pip install ./python`) and open_spiel. Only the
built-in battles are played: `scenario` with a file is refused.
"""
import argparse
import math
import subprocess
import sys
import time

# The engine's default piece values (the evaluation's weights foot, mounted, vehicle).
PIECE_VALUES = {"foot": 100, "mounted": 300, "vehicle": 250}


def _whole(least):
    def read(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"needs a whole number, got {text!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {n}")
        return n

    return read


def _positive(text):
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"needs a number, got {text!r}") from None
    if not (x > 0 and math.isfinite(x)):
        raise argparse.ArgumentTypeError(f"must be a finite number above 0, got {text!r}")
    return x


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="mcts-bot",
        description="OpenSpiel's MCTS with a material evaluator, speaking the engine protocol.",
    )
    p.add_argument("--simulations", type=_whole(1), default=1000, help="simulations per move (default 1000)")
    p.add_argument("--uct-c", type=_positive, default=2.0, help="UCT exploration constant (default 2)")
    p.add_argument("--scale", type=_positive, default=1000.0, help="centi-pieces per unit of tanh (default 1000)")
    p.add_argument("--seed", type=_whole(0), default=1, help="seed of the search (default 1)")
    p.add_argument("--program", default="battaglie", help="the battaglie program (default battaglie)")
    p.add_argument("--verbose", action="store_true", help="one line per go on standard error")
    return p.parse_args(argv)


try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import battaglie
    import battaglie.openspiel as bo
except ImportError as e:  # pragma: no cover - a message instead of a traceback
    sys.exit(f"mcts-bot: {e}: it needs the battaglie package (pip install ./python) and open_spiel")


def material(game):
    """Each side's material in centi-pieces, (army, indians), counted from the
    observation planes 0-2 (the Army's Foot, Mounted, Vehicles) and 3-5 (the
    Indians'), each a count / the stack limit, staging squares included."""
    planes = game.observation()[:6].sum(axis=(1, 2)) * game.scenario.stack_limit
    counts = np.rint(planes).astype(np.int64)
    values = (PIECE_VALUES["foot"], PIECE_VALUES["mounted"], PIECE_VALUES["vehicle"])
    army = int(np.dot(counts[:3], values))
    indians = int(np.dot(counts[3:], values))
    return army, indians


class MaterialEvaluator(mcts.Evaluator):
    """An MCTS evaluator: for each player tanh(its material lead / scale), in (-1, 1);
    the exact returns on a finished game; uniform priors over the legal actions."""

    def __init__(self, scale=1000.0):
        if not (scale > 0 and math.isfinite(scale)):
            raise ValueError(f"scale must be a finite number above 0, got {scale!r}")
        self.scale = scale

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        army, indians = material(state.battaglie)
        v = math.tanh((army - indians) / self.scale)
        return np.array([v, -v])

    def prior(self, state):
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


def rebuild(battle, start, history):
    """The OpenSpiel state of `battle` from `start` (None: the start position, else a
    BFEN) after the moves of `history` (their notation)."""
    game = bo.load(battle)
    state = game.new_initial_state()
    if start is not None:
        state.battaglie = battaglie.Game(battle, bfen=start)
    for move in history:
        state.apply_action(state.battaglie.action_of(move))
    return game, state


def choose(game, state, args):
    """OpenSpiel's MCTSBot's move in `state`, seeded by the seed, position and history."""
    h = state.battaglie.position.hash
    seed = [args.seed & 0xFFFFFFFF, h & 0xFFFFFFFF, (h >> 32) & 0xFFFFFFFF, len(state.battaglie)]
    bot = mcts.MCTSBot(
        game,
        uct_c=args.uct_c,
        max_simulations=args.simulations,
        evaluator=MaterialEvaluator(args.scale),
        random_state=np.random.RandomState(seed),
    )
    return bot.step(state)


class Inner:
    """The inner `battaglie engine`."""

    def __init__(self, program):
        try:
            self.proc = subprocess.Popen(
                [program, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as e:
            sys.exit(f"mcts-bot: cannot run the battaglie program {program!r} (--program): {e}")

    def ask(self, line):
        """Sends one command: its data lines and its final line."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        data = []
        while True:
            answer = self.proc.stdout.readline().rstrip("\n")
            if answer == "ok" or answer.startswith("error") or not answer:
                return data, answer or "error the inner engine stopped"
            data.append(answer)


def reply(data, final):
    for d in data:
        print(d)
    print(final, flush=True)


def go(inner, battle, start, args):
    """Answers `go`: the MCTS move in the inner engine's current game."""
    history, final = inner.ask("history")
    if final != "ok":
        reply([], final)
        return
    game, state = rebuild(battle, start, history)
    if state.is_terminal():
        status, _ = inner.ask("status")
        reply([], f"error the game is over ({' '.join(status)})")
        return
    t = time.monotonic()
    actions = state.legal_actions()
    action = actions[0] if len(actions) == 1 else choose(game, state, args)
    move = state.battaglie.move_of(action)
    if args.verbose:
        print(
            f"mcts-bot: {battle} ply {len(history) + 1} {move} "
            f"{len(actions)} moves {time.monotonic() - t:.2f}s",
            file=sys.stderr, flush=True,
        )
    reply([f"bestmove {move}"], "ok")


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    inner = Inner(args.program)
    battles = {s.id for s in battaglie.Scenario.builtins()}
    battle, start = "washita", None  # the protocol's start-up scenario and position

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "go":
            try:
                go(inner, battle, start, args)
            except Exception as e:  # an answer, not a dead engine
                reply([], f"error mcts-bot: {type(e).__name__}: {' '.join(str(e).split())}")
        elif words[0] == "scenario" and len(words) == 2 and words[1] not in battles:
            reply([], f"error mcts-bot plays only the built-in battles ({', '.join(sorted(battles))}), got {words[1]!r}")
        elif words[0] == "quit":
            inner.ask("quit")
            print("ok", flush=True)
            return
        else:
            data, final = inner.ask(line)
            if final == "ok" and words[0] == "scenario":
                battle, start = words[1], None
            elif final == "ok" and words[0] == "position":
                rest = words[1:words.index("moves")] if "moves" in words else words[1:]
                start = " ".join(rest[1:]) if rest[0] == "bfen" else None
            reply(data, final)
    inner.ask("quit")


if __name__ == "__main__":
    main()
