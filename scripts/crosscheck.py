#!/usr/bin/env python3
"""crosscheck: play random games through battaglie and specbot in lock-step.

Both programs speak the engine protocol (docs/protocol.md).  For each of the
three built-in battles the script plays --games random games; the same move
is sent to both programs, and after every ply their answers to `bfen`,
`legal` (compared as sets, each also checked for duplicates) and `status` are
compared.  At the end of each game their `history` is compared with the moves
that were sent.  The first ply with a difference ends that game.

    python3 scripts/crosscheck.py [--engine CMD] [--bot CMD] [--games N] [--seed S]

Run it from the project directory.  Progress goes to standard error, the
summary and every difference (in full) to standard output.  Exit status: 0
when the programs agreed everywhere, 1 when a difference was found, 2 on a
protocol failure (a program could not be started, died, hung or answered
something that is not a well-formed answer).

Moves are chosen by a random generator seeded from --seed, the battle and the
game number, from the sorted legal list, so a game does not depend on the
order in which a program lists its moves, and a game is the same whatever
--games is.  Each side of each game gets its own temper: how often it takes
an eliminating move when it has one, how often it steps forward, and how
often it steps straight back where it came from.  Eager games end in wins,
hesitant ones in quiet-limit draws, and sides that step back and forth end
games by repetition.

Standard library only, Python 3.11 or later.
"""

import argparse
import os
import random
import re
import selectors
import shlex
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque

BATTLES = ("washita", "fetterman", "apache-pass")
DEFAULT_ENGINE = "target/release/battaglie engine"
DEFAULT_BOT = "python3 scripts/specbot.py"
# Every ending the rules know, shown in the summary even when it did not occur.
ENDINGS = ("win army", "win indians", "draw deadlock", "draw repetition", "draw quiet")
CAPPED = "ply cap"
STOPPED = "stopped by a difference"

STATUS_RE = re.compile(r"ongoing|win army|win indians|draw [a-z]+")
SQUARE_RE = re.compile(r"(@|[a-p])([0-9]+)")
GROUP_RE = re.compile(r"([FMV]+)([-x])(@|[a-p])([0-9]+)")


class ProtocolFailure(Exception):
    """A program could not be started, died, hung or answered nonsense."""


# --------------------------------------------------------------------------
# Talking to one program
# --------------------------------------------------------------------------

class Answer:
    """The data lines of an answer and its final line (`ok` or `error ...`)."""

    def __init__(self, data, final):
        self.data = data
        self.final = final

    def ok(self):
        return self.final == "ok"

    def lines(self):
        return self.data + [self.final]

    def __eq__(self, other):
        return self.data == other.data and self.final == other.final


class Program:
    """One protocol program, run as a child process."""

    def __init__(self, role, command, timeout):
        self.role = role          # "engine" or "bot"
        self.command = command
        self.timeout = timeout
        self.lines = deque()      # complete lines read but not yet used
        self.partial = b""        # the start of a line not yet complete
        self.stderr = tempfile.TemporaryFile()
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise ProtocolFailure(f"the {role} command {command!r} cannot be split: {e}")
        if not argv:
            raise ProtocolFailure(f"the {role} command is empty")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.stderr, bufsize=0)
        except OSError as e:
            raise ProtocolFailure(f"cannot start the {role} ({command}): {e}")
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)

    def failure(self, command, what):
        """A ProtocolFailure naming the program, the command, and its last stderr lines."""
        msg = f"the {self.role} ({self.command}) {what} (command `{command}`)"
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass
        if self.proc.returncode is not None:
            msg += f"; it exited with status {self.proc.returncode}"
        self.stderr.seek(0)
        tail = self.stderr.read().decode("utf-8", "replace").splitlines()[-15:]
        if tail:
            msg += "\nits last lines on standard error:\n" + "\n".join("    " + t for t in tail)
        return ProtocolFailure(msg)

    def readline(self, command):
        deadline = time.monotonic() + self.timeout
        fd = self.proc.stdout.fileno()
        while not self.lines:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self.failure(command, f"gave no complete answer within {self.timeout:g} s")
            if not self.selector.select(left):
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self.failure(command, "closed its output (died?) before answering")
            *done, self.partial = (self.partial + chunk).split(b"\n")
            self.lines.extend(done)
        raw = self.lines.popleft()
        try:
            return raw.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError:
            raise self.failure(command, f"answered a line that is not UTF-8: {raw!r}")

    def ask(self, command):
        """Send one command and read its whole answer."""
        try:
            self.proc.stdin.write(command.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except OSError:
            raise self.failure(command, "stopped reading its input (died?)")
        data = []
        while True:
            line = self.readline(command)
            if line == "ok" or line == "error" or line.startswith("error "):
                return Answer(data, line)
            data.append(line)

    def close(self):
        """Ask the program to quit; end it if it does not."""
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        self.selector.close()
        self.stderr.close()


def check_shape(prog, command, ans):
    """Raise ProtocolFailure if an `ok` answer does not have the shape the protocol gives it."""
    if not ans.ok():
        return
    word = command.split()[0]
    if word in ("scenario", "move", "position", "quit") and ans.data:
        raise prog.failure(command, f"gave data lines where none belong: {ans.data[:5]!r}")
    if word == "bfen" and (len(ans.data) != 1 or len(ans.data[0].split()) != 4
                           or ans.data[0].split()[1] not in ("A", "I")):
        raise prog.failure(command, f"did not answer one BFEN line: {ans.data[:5]!r}")
    if word == "status" and (len(ans.data) != 1 or not STATUS_RE.fullmatch(ans.data[0])):
        raise prog.failure(command, f"did not answer one status line: {ans.data[:5]!r}")


# --------------------------------------------------------------------------
# Choosing moves
# --------------------------------------------------------------------------

def file_index(f):
    """File letter to column, staging (`@`) being the column west of `a`."""
    return -1 if f == "@" else ord(f) - ord("a")


def enemy_squares(bfen, side):
    """The map squares (column, rank) holding pieces of the side not to move.

    Staging squares are left out: nobody can enter them.  Returns None if the
    BFEN does not read.
    """
    try:
        ranks = bfen.split()[0].split("/")
        found = []
        for i, row in enumerate(ranks):
            rank = len(ranks) - i
            cells = row.split("|", 1)[1]
            col, j = 0, 0
            while j < len(cells):
                if cells[j].isdigit():
                    k = j
                    while k < len(cells) and cells[k].isdigit():
                        k += 1
                    col += int(cells[j:k])
                    j = k
                    continue
                if cells[j] == "(":
                    k = cells.index(")", j)
                    stack, j = cells[j + 1:k], k + 1
                else:
                    stack, j = cells[j], j + 1
                if stack[:1].isalpha() and stack.isupper() == (side == "I"):
                    found.append((col, rank))
                col += 1
        return found
    except (IndexError, ValueError):
        return None


def advance(move, side, targets):
    """How many piece-steps the move takes towards the enemy.

    With `targets` (the enemy's map squares) a step counts when it brings the
    piece closer to the nearest of them; without, when it goes towards the
    enemy's start edge (the Army starts in the west and goes east, the Indians
    the other way).  Returns 0 for `pass` and for anything that does not parse.
    """
    src, sep, rest = move.partition(":")
    m = SQUARE_RE.fullmatch(src)
    if not sep or not m:
        return 0

    def where(f, r):
        col, rank = file_index(f), int(r)
        if targets:
            return -min(abs(col - c) + abs(rank - r_) for c, r_ in targets)
        return col if side == "A" else -col

    start = where(m.group(1), m.group(2))
    total = 0
    for group in rest.split(","):
        g = GROUP_RE.fullmatch(group)
        if not g:
            return 0
        total += len(g.group(1)) * (where(g.group(3), g.group(4)) - start)
    return total


def reverse(move):
    """The move that steps straight back from a single quiet group (`c3:FF-c4` -> `c4:FF-c3`)."""
    src, sep, rest = move.partition(":")
    g = GROUP_RE.fullmatch(rest)
    if not sep or not g or g.group(2) != "-":
        return None
    return f"{g.group(3)}{g.group(4)}:{g.group(1)}-{src}"


class Temper:
    """How one side of one game chooses among its legal moves."""

    def __init__(self, rng):
        self.take = rng.choice((0.95, 0.8, 0.5, 0.2))      # play an elimination if there is one
        self.forward = rng.choice((0.95, 0.8, 0.6))        # step towards the enemy
        self.back = rng.choice((0.0, 0.0, 0.0, 0.5, 0.9))  # step straight back, once in contact


def choose(rng, moves, side, targets, temper, own_last, contact):
    """Pick a move from the legal list, after the side's temper.

    `own_last` is the side's previous move; `contact` tells whether the game
    has seen an elimination yet (stepping back starts only then, so that
    repetitions come in positions of some substance).
    """
    moves = sorted(set(moves))
    takes = [m for m in moves if "x" in m]
    if takes and rng.random() < temper.take:
        return rng.choice(takes)
    back = reverse(own_last) if own_last and contact else None
    if back in moves and rng.random() < temper.back:
        return back
    ahead = [(m, a) for m in moves if (a := advance(m, side, targets)) > 0]
    if ahead and rng.random() < temper.forward:
        # Weighted by the square of the piece-steps gained, so whole stacks ride forward.
        return rng.choices([m for m, _ in ahead], weights=[a * a for _, a in ahead])[0]
    return rng.choice(moves)


# --------------------------------------------------------------------------
# Games
# --------------------------------------------------------------------------

class Difference:
    def __init__(self, battle, game, ply, command, before, moves, answers, notes):
        self.battle = battle
        self.game = game
        self.ply = ply
        self.command = command
        self.before = before      # BFEN of the position the command was sent in
        self.moves = list(moves)  # the moves played from the start to that position
        self.answers = answers    # {"engine": Answer, "bot": Answer}
        self.notes = notes        # short explanations, one per line

    def report(self, number, names):
        out = [f"difference {number}: {self.battle} game {self.game}, ply {self.ply}, "
               f"command `{self.command}`",
               f"  BFEN before: {self.before}"]
        if self.moves:
            out.append(f"  replay: scenario {self.battle}, then "
                       f"position startpos moves {' '.join(self.moves)}")
        else:
            out.append(f"  replay: scenario {self.battle}")
        out += ["  " + n for n in self.notes]
        for role in ("engine", "bot"):
            ans = self.answers[role]
            out.append(f"  {role} ({names[role]}) answered {len(ans.data)} data line(s):")
            out += ["    " + line for line in ans.lines()]
        return "\n".join(out)


class Game:
    def __init__(self, engine, bot, battle, number, seed, max_plies):
        self.progs = {"engine": engine, "bot": bot}
        self.battle = battle
        self.number = number
        self.rng = random.Random(f"crosscheck/{seed}/{battle}/{number}")
        self.tempers = {"A": Temper(self.rng), "I": Temper(self.rng)}
        self.max_plies = max_plies
        self.moves = []
        self.last = {"A": None, "I": None}
        self.bfen = "(start position)"
        self.diffs = []

    def ask_both(self, command):
        answers = {}
        for role, prog in self.progs.items():
            ans = prog.ask(command)
            check_shape(prog, command, ans)
            answers[role] = ans
        return answers

    def differ(self, command, answers, notes, before=None):
        self.diffs.append(Difference(self.battle, self.number, len(self.moves), command,
                                     before or self.bfen, self.moves, answers, notes))

    def compare_position(self):
        """Compare bfen, legal and status at the current ply.

        Returns (legal moves, side to move, status), or None after recording
        a difference (which ends the game).
        """
        before = self.bfen
        b = self.ask_both("bfen")
        if b["engine"] != b["bot"]:
            self.differ("bfen", b, ["the BFENs differ"], before)
        elif not b["engine"].ok():
            self.differ("bfen", b, ["both programs refused `bfen`"], before)
        if b["engine"].ok():
            self.bfen = b["engine"].data[0]

        lg = self.ask_both("legal")
        notes = []
        if lg["engine"].final != lg["bot"].final:
            notes.append("the final lines differ")
        elif not lg["engine"].ok():
            notes.append("both programs refused `legal`")
        e_set, s_set = set(lg["engine"].data), set(lg["bot"].data)
        if e_set != s_set:
            notes.append(f"only in the engine's list: {' '.join(sorted(e_set - s_set)) or '-'}")
            notes.append(f"only in the bot's list: {' '.join(sorted(s_set - e_set)) or '-'}")
        for role, ans in lg.items():
            dups = sorted(m for m, n in Counter(ans.data).items() if n > 1)
            if dups:
                notes.append(f"the {role}'s list has duplicates: {' '.join(dups)}")
        if notes:
            self.differ("legal", lg, notes)

        st = self.ask_both("status")
        if st["engine"] != st["bot"]:
            self.differ("status", st, ["the statuses differ"])
        elif not st["engine"].ok():
            self.differ("status", st, ["both programs refused `status`"])
        for role in ("engine", "bot"):
            if st[role].ok() and lg[role].ok():
                status = st[role].data[0]
                if (status != "ongoing") == bool(lg[role].data):
                    self.differ("legal", lg, [
                        f"the {role}'s `legal` does not fit its status {status!r} (a finished "
                        f"game has no legal moves, an ongoing one at least `pass`)"])
        if self.diffs:
            return None
        return lg["engine"].data, self.bfen.split()[1], st["engine"].data[0]

    def play(self):
        """Play one game; returns its result (an ending, CAPPED or STOPPED)."""
        sc = self.ask_both(f"scenario {self.battle}")
        for role, ans in sc.items():
            if not ans.ok():
                raise ProtocolFailure(f"the {role} ({self.progs[role].command}) refused "
                                      f"`scenario {self.battle}`: {ans.final}")
        while True:
            got = self.compare_position()
            if got is None:
                result = STOPPED
                break
            legal, side, status = got
            if status != "ongoing":
                result = status
                break
            if len(self.moves) >= self.max_plies:
                result = CAPPED
                break
            targets = enemy_squares(self.bfen, side)
            move = choose(self.rng, legal, side, targets, self.tempers[side], self.last[side],
                          any("x" in m for m in self.moves))
            mv = self.ask_both(f"move {move}")
            if not (mv["engine"].ok() and mv["bot"].ok()):
                self.differ(f"move {move}", mv, ["a move from the legal list was refused"])
                result = STOPPED
                break
            self.moves.append(move)
            self.last[side] = move
        self.compare_history()
        return result

    def compare_history(self):
        h = self.ask_both("history")
        notes = []
        for role, ans in h.items():
            if not ans.ok() or ans.data != self.moves:
                notes.append(f"the {role}'s history is not the {len(self.moves)} moves sent")
        if notes:
            notes.append(f"moves sent: {' '.join(self.moves) or '-'}")
            self.differ("history", h, notes)


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

def summary(names, args, results, plies, diffs, elapsed, games_done):
    out = [f"crosscheck: {games_done} game(s), {args.games} per battle, seed {args.seed}",
           f"  engine: {names['engine']}",
           f"  bot:    {names['bot']}",
           f"plies compared: {plies}",
           "results:"]
    total = Counter(r for _, r in results)
    kinds = list(ENDINGS) + sorted(k for k in total if k not in ENDINGS)
    width = max(len(k) for k in kinds)
    for kind in kinds:
        per = Counter(b for b, r in results if r == kind)
        where = ", ".join(f"{b} {per[b]}" for b in BATTLES if per[b])
        out.append(f"  {kind:<{width}}  {total[kind]:4d}" + (f"   ({where})" if where else ""))
    per_game = elapsed / games_done if games_done else 0.0
    out.append(f"time: {elapsed:.1f} s, {per_game:.1f} s per game")
    out.append(f"differences: {len(diffs)}")
    for i, d in enumerate(diffs, 1):
        out.append("")
        out.append(d.report(i, names))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Play random games through battaglie's engine and specbot in lock-step "
                    "and compare their answers after every ply.")
    ap.add_argument("--engine", default=DEFAULT_ENGINE,
                    help=f"the project's engine command (default: {DEFAULT_ENGINE})")
    ap.add_argument("--bot", default=DEFAULT_BOT,
                    help=f"the independent engine's command (default: {DEFAULT_BOT})")
    ap.add_argument("--games", type=int, default=10, help="games per battle (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--max-plies", type=int, default=600,
                    help="stop a game that has not ended after this many plies (default 600)")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds to wait for any one answer (default 120)")
    args = ap.parse_args(argv)
    if args.games < 0 or args.max_plies < 1 or args.timeout <= 0:
        ap.error("--games must be at least 0, --max-plies at least 1, --timeout positive")
    names = {"engine": args.engine, "bot": args.bot}

    results, diffs, plies, done = [], [], 0, 0
    start = time.monotonic()
    progs = []
    failure = None
    interrupted = False
    try:
        progs.append(Program("engine", args.engine, args.timeout))
        progs.append(Program("bot", args.bot, args.timeout))
        for battle in BATTLES:
            for number in range(1, args.games + 1):
                t0 = time.monotonic()
                game = Game(progs[0], progs[1], battle, number, args.seed, args.max_plies)
                try:
                    result = game.play()
                except ProtocolFailure as e:
                    replay = " ".join(game.moves)
                    raise ProtocolFailure(
                        f"{battle} game {number}, ply {len(game.moves)}: {e}\n"
                        f"replay: scenario {battle}"
                        + (f", then position startpos moves {replay}" if replay else "")) from None
                finally:
                    plies += len(game.moves)
                    diffs += game.diffs
                results.append((battle, result))
                done += 1
                note = f", {len(game.diffs)} difference(s)" if game.diffs else ""
                print(f"{battle} game {number}/{args.games}: {len(game.moves)} plies, {result}"
                      f"{note} ({time.monotonic() - t0:.1f} s)", file=sys.stderr, flush=True)
    except ProtocolFailure as e:
        failure = e
    except KeyboardInterrupt:
        interrupted = True
    finally:
        for p in progs:
            p.close()

    print(summary(names, args, results, plies, diffs, time.monotonic() - start, done))
    if interrupted:
        print("\ninterrupted")
        return 130
    if failure is not None:
        print(f"\nprotocol failure: {failure}")
        print(f"crosscheck: protocol failure: {str(failure).splitlines()[0]}",
              file=sys.stderr)
        return 2
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
