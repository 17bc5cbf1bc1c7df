#!/usr/bin/env python3
"""specbot: an independent battaglie engine written from the written specification.

It speaks the engine text protocol on standard input and output, implements the
rules by its own code and plays with one of four simple strategies (random,
greedy, minimax, cautious).  Standard library only (Python 3.11).

    python3 scripts/specbot.py [--strategy NAME] [--seed N] [--depth N] [--scenarios DIR]
    python3 scripts/specbot.py --selftest [--conformance DIR]
"""

import argparse
import datetime
import os
import random
import re
import sys
import time
import tomllib

KINDS = "FMV"
KBIT = (1, 2, 4)
ARMY, INDIANS = 0, 1
EMPTY = -1
SIDE_LETTER = ("A", "I")
SIDE_WORD = ("army", "indians")
DEFAULT_ELIM = {"F": ["F"], "M": ["F", "M", "V"], "V": ["F", "M", "V"]}
PASS = (-1, (), 0)
WIN = 1_000_000
INF = 10 ** 9
CP = 100                  # one piece in centi-pieces
CAUTION = 25              # cautious: penalty per own piece standing where it can be taken


class SpecError(Exception):
    """Anything the protocol answers with `error <message>`."""


def log(*a):
    print("specbot:", *a, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Scenario
# --------------------------------------------------------------------------

class Scenario:
    TOP = {"id", "name", "date", "width", "height", "start", "sides", "rules", "terrain", "notes"}

    def __init__(self, data, origin="scenario"):
        self.origin = origin
        if not isinstance(data, dict):
            raise SpecError("scenario: not a table")
        for k in data:
            if k not in self.TOP:
                raise SpecError(f"scenario: unknown key '{k}'")
        for k in ("id", "name", "date", "width", "height", "start", "sides", "terrain"):
            if k not in data:
                raise SpecError(f"scenario: missing key '{k}'")
        self.id = self._str(data, "id")
        if not re.fullmatch(r"[a-z0-9-]+", self.id):
            raise SpecError(f"scenario: id '{self.id}' is not [a-z0-9-]+")
        self.name = self._str(data, "name")
        d = data["date"]
        if isinstance(d, datetime.date) and not isinstance(d, datetime.datetime):
            self.date = d.isoformat()
        elif isinstance(d, str):
            try:
                datetime.date.fromisoformat(d)
            except ValueError:
                raise SpecError(f"scenario: date '{d}' is not an ISO date")
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", d):
                raise SpecError(f"scenario: date '{d}' is not an ISO date")
            self.date = d
        else:
            raise SpecError("scenario: date must be an ISO date")
        self.W = self._int(data, "width", 2, 16)
        self.H = self._int(data, "height", 2, 16)
        start = self._str(data, "start")
        # sides
        sides = self._table(data["sides"], "sides", ("army", "indians"))
        self.side_names = []
        for k in ("army", "indians"):
            t = sides.get(k)
            if not isinstance(t, dict):
                raise SpecError(f"scenario: missing table [sides.{k}]")
            for kk in t:
                if kk != "name":
                    raise SpecError(f"scenario: unknown key 'sides.{k}.{kk}'")
            self.side_names.append(self._str(t, "name", f"sides.{k}."))
        # rules
        self.stack_limit = 4
        self.quiet_limit = 100
        elim = {k: list(v) for k, v in DEFAULT_ELIM.items()}
        rules = self._table(data.get("rules", {}), "rules",
                            ("stack_limit", "quiet_limit", "eliminates"))
        if "stack_limit" in rules:
            self.stack_limit = self._int(rules, "stack_limit", 1, 1000, "rules.")
        if "quiet_limit" in rules:
            self.quiet_limit = self._int(rules, "quiet_limit", 1, 10 ** 9, "rules.")
        if "eliminates" in rules:
            e = rules["eliminates"]
            if not isinstance(e, dict):
                raise SpecError("scenario: [rules.eliminates] must be a table")
            for k, v in e.items():
                if k not in KINDS:
                    raise SpecError(f"scenario: unknown key 'rules.eliminates.{k}'")
                if not isinstance(v, list) or any(x not in KINDS for x in v):
                    raise SpecError(f"scenario: rules.eliminates.{k} must be a list of F, M, V")
                elim[k] = list(v)
        self.elim = [0, 0, 0]
        for i, k in enumerate(KINDS):
            for x in elim[k]:
                self.elim[i] |= KBIT[KINDS.index(x)]
        # cover[m]: kinds that at least one piece of the kinds in mask m can eliminate
        self.cover = [0] * 8
        for m in range(8):
            for i in range(3):
                if m & KBIT[i]:
                    self.cover[m] |= self.elim[i]
        # terrain
        ter = self._table(data["terrain"], "terrain", ("rows", "kinds"))
        kinds = {".": ("open", 7), "H": ("house", 1)}
        for ch, t in ter.get("kinds", {}).items():
            if len(ch) != 1:
                raise SpecError(f"scenario: terrain kind '{ch}' must be one character")
            if ch in (".", "H"):
                raise SpecError(f"scenario: terrain kind '{ch}' may not be redefined")
            if not isinstance(t, dict):
                raise SpecError(f"scenario: terrain.kinds.'{ch}' must be a table")
            for kk in t:
                if kk not in ("name", "enter"):
                    raise SpecError(f"scenario: unknown key 'terrain.kinds.{ch}.{kk}'")
            nm = self._str(t, "name", f"terrain.kinds.{ch}.")
            mask = 7
            if "enter" in t:
                en = t["enter"]
                if not isinstance(en, list) or any(x not in KINDS for x in en):
                    raise SpecError(f"scenario: terrain.kinds.{ch}.enter must be a list of F, M, V")
                mask = 0
                for x in en:
                    mask |= KBIT[KINDS.index(x)]
            kinds[ch] = (nm, mask)
        self.terrain_kinds = kinds
        rows = ter.get("rows")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise SpecError("scenario: terrain.rows must be a list of strings")
        if len(rows) != self.H:
            raise SpecError(f"scenario: terrain.rows has {len(rows)} rows, height is {self.H}")
        W, H = self.W, self.H
        self.N = W * H + H                      # map squares then one staging square per rank
        self.enter = [0] * self.N              # kinds that may enter (bit mask)
        self.tchar = [""] * (W * H)
        for i, row in enumerate(rows):
            r = H - 1 - i
            if len(row) != W:
                raise SpecError(f"scenario: terrain row {i + 1} has {len(row)} squares, width is {W}")
            for c, ch in enumerate(row):
                if ch not in kinds:
                    raise SpecError(f"scenario: terrain character '{ch}' is not defined")
                self.enter[r * W + c] = kinds[ch][1]
                self.tchar[r * W + c] = ch
        # notes: free text
        notes = data.get("notes", {})
        if not isinstance(notes, dict) or not all(isinstance(v, str) for v in notes.values()):
            raise SpecError("scenario: [notes] must be a table of strings")
        # geometry
        self.names = []
        for r in range(H):
            for c in range(W):
                self.names.append(f"{chr(97 + c)}{r + 1}")
        for r in range(H):
            self.names.append(f"@{r + 1}")
        # neighbours, in canonical destination order: file first, then rank
        self.nbrs = []
        for i in range(self.N):
            if i >= W * H:
                r = i - W * H
                self.nbrs.append((r * W,))
                continue
            r, c = divmod(i, W)
            lst = []
            if c > 0:
                lst.append((c - 1, r))
            if r > 0:
                lst.append((c, r - 1))
            if r < H - 1:
                lst.append((c, r + 1))
            if c < W - 1:
                lst.append((c + 1, r))
            lst.sort()
            self.nbrs.append(tuple(rr * W + cc for cc, rr in lst))
        # preds[x]: squares whose pieces can step onto x
        self.preds = [[] for _ in range(self.N)]
        for s in range(self.N):
            for d in self.nbrs[s]:
                self.preds[d].append(s)
        self.preds = [tuple(p) for p in self.preds]
        self.start = start
        Position.from_bfen(self, start)        # checks the start position

    @staticmethod
    def _table(t, name, keys):
        if not isinstance(t, dict):
            raise SpecError(f"scenario: [{name}] must be a table")
        for k in t:
            if k not in keys:
                raise SpecError(f"scenario: unknown key '{name}.{k}'")
        return t

    def _str(self, t, k, pre=""):
        v = t.get(k)
        if not isinstance(v, str) or not v:
            raise SpecError(f"scenario: {pre}{k} must be a non-empty string")
        return v

    def _int(self, t, k, lo, hi, pre=""):
        v = t.get(k)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise SpecError(f"scenario: {pre}{k} must be an integer in {lo}..={hi}")
        return v

    def sq_parse(self, s):
        """A square name -> index, or None."""
        m = re.fullmatch(r"(@|[A-Za-z])(\d+)", s)
        if not m or m.group(2).startswith("0"):
            return None
        r = int(m.group(2)) - 1
        if not 0 <= r < self.H:
            return None
        if m.group(1) == "@":
            return self.W * self.H + r
        c = ord(m.group(1).lower()) - 97
        if not 0 <= c < self.W:
            return None
        return r * self.W + c

    @staticmethod
    def load(arg, scenarios_dir):
        if "/" in arg or arg.endswith(".toml") or os.sep in arg:
            path = arg
        else:
            path = os.path.join(scenarios_dir, arg + ".toml")
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except FileNotFoundError:
            raise SpecError(f"scenario '{arg}' not found ({path})")
        except tomllib.TOMLDecodeError as e:
            raise SpecError(f"scenario '{arg}': bad TOML: {e}")
        except OSError as e:
            raise SpecError(f"scenario '{arg}': {e}")
        return Scenario(data, path)


# --------------------------------------------------------------------------
# Position
# --------------------------------------------------------------------------

def kmask(c):
    return (1 if c[0] else 0) | (2 if c[1] else 0) | (4 if c[2] else 0)


class Position:
    """Board state: owner[sq] (-1 empty, 0 Army, 1 Indians), cnt[sq] = (F, M, V)."""

    _zt = {}
    _zr = random.Random(0x5BEC)
    ZSIDE = 0x9E3779B97F4A7C15

    def __init__(self, sc):
        self.sc = sc
        self.owner = [EMPTY] * sc.N
        self.cnt = [(0, 0, 0)] * sc.N
        self.occ = (set(), set())
        self.pieces = [0, 0]
        self.side = ARMY
        self.quiet = 0
        self.turn = 1
        self.hash = 0
        self._opts = {}

    @classmethod
    def z(cls, sq, o, c):
        k = (sq, o, c)
        v = cls._zt.get(k)
        if v is None:
            v = cls._zt[k] = cls._zr.getrandbits(64)
        return v

    def put(self, sq, o, c):
        """Set a square (no undo); used while reading a BFEN."""
        oo = self.owner[sq]
        if oo != EMPTY:
            self.hash ^= self.z(sq, oo, self.cnt[sq])
            self.occ[oo].discard(sq)
            self.pieces[oo] -= sum(self.cnt[sq])
        self.owner[sq] = o
        self.cnt[sq] = c
        if o != EMPTY:
            self.hash ^= self.z(sq, o, c)
            self.occ[o].add(sq)
            self.pieces[o] += sum(c)

    def copy(self):
        p = Position(self.sc)
        p.owner = self.owner[:]
        p.cnt = self.cnt[:]
        p.occ = (set(self.occ[0]), set(self.occ[1]))
        p.pieces = self.pieces[:]
        p.side, p.quiet, p.turn, p.hash = self.side, self.quiet, self.turn, self.hash
        p._opts = self._opts
        return p

    def key(self):
        """Exact placement + side to move (for repetition)."""
        return (tuple(self.owner), tuple(self.cnt), self.side)

    # ---- BFEN ----------------------------------------------------------
    @classmethod
    def from_bfen(cls, sc, text):
        f = text.split(" ")
        if len(f) != 4 or any(x == "" for x in f):
            raise SpecError(f"BFEN: 4 fields separated by single spaces expected, got '{text}'")
        place, side, quiet, turn = f
        p = cls(sc)
        W, H, lim = sc.W, sc.H, sc.stack_limit
        ranks = place.split("/")
        if len(ranks) != H:
            raise SpecError(f"BFEN placement: {len(ranks)} ranks given, the map has {H}")
        for i, rk in enumerate(ranks):
            r = H - 1 - i
            where = f"rank {r + 1}"
            if rk.count("|") != 1:
                raise SpecError(f"BFEN placement: {where} needs exactly one '|' (STAGING|CELLS)")
            stg, cells = rk.split("|")
            if stg:
                if any(ch in "fmv" for ch in stg):
                    raise SpecError(f"BFEN placement: Indians in staging square @{r + 1}")
                if any(ch not in "FMV" for ch in stg):
                    raise SpecError(f"BFEN placement: bad character in staging square @{r + 1}: '{stg}'")
                c = (stg.count("F"), stg.count("M"), stg.count("V"))
                if "F" * c[0] + "M" * c[1] + "V" * c[2] != stg:
                    raise SpecError(f"BFEN placement: staging square @{r + 1}: letters must be in the order F, M, V")
                if sum(c) > lim:
                    raise SpecError(f"BFEN placement: staging square @{r + 1} holds {sum(c)} pieces, the stack limit is {lim}")
                p.put(W * H + r, ARMY, c)
            col = 0
            j = 0
            n = len(cells)
            while j < n:
                ch = cells[j]
                if ch.isdigit():
                    k = j
                    while k < n and cells[k].isdigit():
                        k += 1
                    run = cells[j:k]
                    if run.startswith("0"):
                        raise SpecError(f"BFEN placement: {where}: bad empty-run count '{run}'")
                    col += int(run)
                    j = k
                    continue
                if ch == "(":
                    k = cells.find(")", j)
                    if k < 0:
                        raise SpecError(f"BFEN placement: {where}: unclosed '('")
                    letters = cells[j + 1:k]
                    if len(letters) < 2:
                        raise SpecError(f"BFEN placement: {where}: a stack in parentheses needs at least two letters")
                    j = k + 1
                else:
                    letters = ch
                    j += 1
                if any(x not in "FMVfmv" for x in letters):
                    raise SpecError(f"BFEN placement: {where}: bad character in '{letters}'")
                if letters.isupper():
                    o = ARMY
                elif letters.islower():
                    o = INDIANS
                else:
                    raise SpecError(f"BFEN placement: {where}: stack '{letters}' mixes both sides")
                u = letters.upper()
                c = (u.count("F"), u.count("M"), u.count("V"))
                if "F" * c[0] + "M" * c[1] + "V" * c[2] != u:
                    raise SpecError(f"BFEN placement: {where}: letters of stack '{letters}' must be in the order F, M, V")
                if col >= W:
                    raise SpecError(f"BFEN placement: {where} describes more than {W} squares")
                sq = r * W + col
                if sum(c) > lim:
                    raise SpecError(f"BFEN placement: {sc.names[sq]} holds {sum(c)} pieces, the stack limit is {lim}")
                bad = kmask(c) & ~sc.enter[sq]
                if bad:
                    kn = "".join(KINDS[b] for b in range(3) if bad & KBIT[b])
                    tn = sc.terrain_kinds[sc.tchar[sq]][0]
                    raise SpecError(f"BFEN placement: {sc.names[sq]}: {kn} may not stand on {tn}")
                p.put(sq, o, c)
                col += 1
            if col != W:
                raise SpecError(f"BFEN placement: {where} describes {col} squares, the map has {W}")
        if side not in ("A", "I"):
            raise SpecError(f"BFEN: side to move must be A or I, got '{side}'")
        p.side = ARMY if side == "A" else INDIANS
        if p.side == INDIANS:
            p.hash ^= cls.ZSIDE
        if not re.fullmatch(r"\d+", quiet):
            raise SpecError(f"BFEN: bad quiet counter '{quiet}'")
        if not re.fullmatch(r"\d+", turn) or int(turn) < 1:
            raise SpecError(f"BFEN: bad turn number '{turn}'")
        p.quiet = int(quiet)
        p.turn = int(turn)
        return p

    def stack_str(self, sq):
        f, m, v = self.cnt[sq]
        s = "F" * f + "M" * m + "V" * v
        if self.owner[sq] == INDIANS:
            s = s.lower()
        return s

    def bfen(self):
        sc = self.sc
        W, H = sc.W, sc.H
        ranks = []
        for r in range(H - 1, -1, -1):
            st = W * H + r
            out = (self.stack_str(st) if self.owner[st] != EMPTY else "") + "|"
            run = 0
            for c in range(W):
                sq = r * W + c
                if self.owner[sq] == EMPTY:
                    run += 1
                    continue
                if run:
                    out += str(run)
                    run = 0
                s = self.stack_str(sq)
                out += s if len(s) == 1 else "(" + s + ")"
            if run:
                out += str(run)
            ranks.append(out)
        return f"{'/'.join(ranks)} {SIDE_LETTER[self.side]} {self.quiet} {self.turn}"

    # ---- move generation ---------------------------------------------
    def dest_options(self, side, pool, d):
        """The non-empty arrival multisets (f, m, v) of `pool` allowed on d."""
        sc = self.sc
        tm = sc.enter[d]
        mf = pool[0] if tm & 1 else 0
        mm = pool[1] if tm & 2 else 0
        mv = pool[2] if tm & 4 else 0
        if not (mf or mm or mv):
            return ()
        o = self.owner[d]
        if o == EMPTY:
            cap, need = sc.stack_limit, 0
        elif o == side:
            c = self.cnt[d]
            cap, need = sc.stack_limit - c[0] - c[1] - c[2], 0
            if cap <= 0:
                return ()
        else:
            cap, need = 1 << 30, kmask(self.cnt[d])
        key = (mf, mm, mv, cap, need)
        r = self._opts.get(key)
        if r is None:
            cover = sc.cover
            lst = []
            for f in range(mf + 1):
                for m in range(mm + 1):
                    for v in range(mv + 1):
                        s = f + m + v
                        if s == 0 or s > cap:
                            continue
                        if need and need & ~cover[(1 if f else 0) | (2 if m else 0) | (4 if v else 0)]:
                            continue
                        lst.append((f, m, v))
            r = self._opts[key] = tuple(lst)
        return r

    def gen_from(self, src, out):
        side = self.owner[src]
        pool = self.cnt[src]
        dl = []
        for d in self.sc.nbrs[src]:
            opts = self.dest_options(side, pool, d)
            if opts:
                o = self.owner[d]
                capn = sum(self.cnt[d]) if (o != EMPTY and o != side) else 0
                dl.append((d, opts, capn))
        if not dl:
            return
        n = len(dl)
        acc = []

        def rec(i, rf, rm, rv, ncap):
            if i == n:
                if acc:
                    out.append((src, tuple(acc), ncap))
                return
            rec(i + 1, rf, rm, rv, ncap)
            d, opts, capn = dl[i]
            cf = capn > 0
            for f, m, v in opts:
                if f <= rf and m <= rm and v <= rv:
                    acc.append((d, f, m, v, cf))
                    rec(i + 1, rf - f, rm - m, rv - v, ncap + capn)
                    acc.pop()

        rec(0, pool[0], pool[1], pool[2], 0)

    def gen_moves(self, side=None):
        """All moves except pass: (src, ((dst, f, m, v, capture), ...), eliminated)."""
        if side is None:
            side = self.side
        out = []
        for src in sorted(self.occ[side]):
            self.gen_from(src, out)
        return out

    def has_move(self, side):
        sc = self.sc
        owner, cnt, enter, cover, lim = self.owner, self.cnt, sc.enter, sc.cover, sc.stack_limit
        for src in self.occ[side]:
            pm = kmask(cnt[src])
            for d in sc.nbrs[src]:
                allowed = pm & enter[d]
                if not allowed:
                    continue
                o = owner[d]
                if o == EMPTY:
                    return True
                if o == side:
                    if sum(cnt[d]) < lim:
                        return True
                elif not (kmask(cnt[d]) & ~cover[allowed]):
                    return True
        return False

    # ---- make / unmake --------------------------------------------------
    def _set(self, sq, o, c, undo):
        owner, cnt = self.owner, self.cnt
        oo = owner[sq]
        oc = cnt[sq]
        undo.append((sq, oo, oc))
        h = self.hash
        if oo != EMPTY:
            h ^= self.z(sq, oo, oc)
            if o != oo:
                self.occ[oo].discard(sq)
        if o != EMPTY:
            h ^= self.z(sq, o, c)
            if o != oo:
                self.occ[o].add(sq)
        self.hash = h
        owner[sq] = o
        cnt[sq] = c

    def make(self, mv):
        """Play a move; returns the undo record."""
        s = self.side
        undo = []
        rec = (undo, self.quiet, self.turn, self.pieces[0], self.pieces[1], self.hash)
        captured = 0
        if mv[0] >= 0:
            src, groups, _ = mv
            f0, m0, v0 = self.cnt[src]
            for d, f, m, v, cf in groups:
                f0 -= f
                m0 -= m
                v0 -= v
            if f0 or m0 or v0:
                self._set(src, s, (f0, m0, v0), undo)
            else:
                self._set(src, EMPTY, (0, 0, 0), undo)
            for d, f, m, v, cf in groups:
                o = self.owner[d]
                if o == EMPTY:
                    self._set(d, s, (f, m, v), undo)
                elif o == s:
                    c = self.cnt[d]
                    self._set(d, s, (c[0] + f, c[1] + m, c[2] + v), undo)
                else:
                    k = sum(self.cnt[d])
                    captured += k
                    self.pieces[o] -= k
                    self._set(d, s, (f, m, v), undo)
        self.quiet = 0 if captured else self.quiet + 1
        if s == INDIANS:
            self.turn += 1
        self.side = 1 - s
        self.hash ^= self.ZSIDE
        return rec

    def unmake(self, rec):
        undo, self.quiet, self.turn, p0, p1, h = rec
        self.pieces[0] = p0
        self.pieces[1] = p1
        owner, cnt, occ = self.owner, self.cnt, self.occ
        for sq, o, c in reversed(undo):
            cur = owner[sq]
            if cur != o:
                if cur != EMPTY:
                    occ[cur].discard(sq)
                if o != EMPTY:
                    occ[o].add(sq)
            owner[sq] = o
            cnt[sq] = c
        self.side = 1 - self.side
        self.hash = h

    # ---- notation ------------------------------------------------------------
    def move_str(self, mv):
        if mv[0] < 0:
            return "pass"
        names = self.sc.names
        parts = []
        for d, f, m, v, cf in mv[1]:
            parts.append("F" * f + "M" * m + "V" * v + ("x" if cf else "-") + names[d])
        return names[mv[0]] + ":" + ",".join(parts)

    def parse_move(self, text, ongoing=True):
        """Parse and check a move in any accepted spelling; returns the move tuple."""
        sc = self.sc
        t = text.strip()
        if not ongoing:
            raise SpecError(f"move '{text}': the game is over")
        if t.lower() == "pass":
            if self.gen_moves():
                raise SpecError("pass is legal only when there is no other move")
            return PASS
        if ":" not in t:
            raise SpecError(f"move '{text}': expected SRC:GROUP[,GROUP...] or pass")
        srcs, rest = t.split(":", 1)
        src = sc.sq_parse(srcs)
        if src is None:
            raise SpecError(f"move '{text}': bad source square '{srcs}'")
        arr = {}
        if not rest:
            raise SpecError(f"move '{text}': no group")
        for g in rest.split(","):
            m = re.fullmatch(r"([FMVfmv]+)([-xX])(.+)", g)
            if not m:
                raise SpecError(f"move '{text}': bad group '{g}' (KINDS-DEST or KINDSxDEST)")
            d = sc.sq_parse(m.group(3))
            if d is None:
                raise SpecError(f"move '{text}': bad destination square '{m.group(3)}'")
            u = m.group(1).upper()
            a = arr.get(d, (0, 0, 0))
            arr[d] = (a[0] + u.count("F"), a[1] + u.count("M"), a[2] + u.count("V"))
        side = self.side
        if self.owner[src] != side:
            raise SpecError(f"move '{text}': no {SIDE_WORD[side]} piece on {sc.names[src]}")
        pool = self.cnt[src]
        tot = [0, 0, 0]
        for d, a in arr.items():
            for i in range(3):
                tot[i] += a[i]
        for i in range(3):
            if tot[i] > pool[i]:
                raise SpecError(f"move '{text}': {sc.names[src]} holds {pool[i]} {KINDS[i]}, the move needs {tot[i]}")
        groups = []
        ncap = 0
        for d in sorted(arr, key=lambda x: (x % sc.W, x // sc.W)):
            a = arr[d]
            dn = sc.names[d]
            if d not in sc.nbrs[src]:
                if src >= sc.W * sc.H:
                    raise SpecError(f"move '{text}': pieces on {sc.names[src]} can only step east onto {sc.names[sc.nbrs[src][0]]}")
                raise SpecError(f"move '{text}': {dn} is not one step north, east, south or west of {sc.names[src]}")
            bad = kmask(a) & ~sc.enter[d]
            if bad:
                kn = "".join(KINDS[b] for b in range(3) if bad & KBIT[b])
                raise SpecError(f"move '{text}': {kn} may not enter {dn} ({sc.terrain_kinds[sc.tchar[d]][0]})")
            o = self.owner[d]
            n = sum(a)
            if o == EMPTY:
                if n > sc.stack_limit:
                    raise SpecError(f"move '{text}': {n} pieces onto {dn}, the stack limit is {sc.stack_limit}")
                cf = False
            elif o == side:
                have = sum(self.cnt[d])
                if have + n > sc.stack_limit:
                    raise SpecError(f"move '{text}': {dn} would hold {have + n} pieces, the stack limit is {sc.stack_limit}")
                cf = False
            else:
                need = kmask(self.cnt[d])
                miss = need & ~sc.cover[kmask(a)]
                if miss:
                    kn = "".join(KINDS[b] for b in range(3) if miss & KBIT[b])
                    raise SpecError(f"move '{text}': the pieces entering {dn} cannot eliminate its {kn.lower() if side == ARMY else kn}")
                cf = True
                ncap += sum(self.cnt[d])
            groups.append((d, a[0], a[1], a[2], cf))
        return (src, tuple(groups), ncap)


# --------------------------------------------------------------------------
# Game: a position plus the history since the last position/scenario command
# --------------------------------------------------------------------------

class Game:
    def __init__(self, pos):
        self.pos = pos
        self.moves = []          # canonical strings
        self.undos = []
        self.keys = []           # exact placement keys of every position so far
        self.count = {}
        self.zrep = {}           # hash -> occurrences (for the search)
        self._push_key()

    def _push_key(self):
        k = self.pos.key()
        self.keys.append(k)
        self.count[k] = self.count.get(k, 0) + 1
        self.zrep[self.pos.hash] = self.zrep.get(self.pos.hash, 0) + 1

    def status(self):
        p = self.pos
        s = p.side
        if p.pieces[s] == 0:              # the side that just moved has eliminated all
            return "win " + SIDE_WORD[1 - s]
        if p.pieces[1 - s] == 0:          # only possible in a position read from a BFEN
            return "win " + SIDE_WORD[s]
        if not p.has_move(s) and not p.has_move(1 - s):
            return "draw deadlock"
        if self.count[self.keys[-1]] >= 3:
            return "draw repetition"
        if p.quiet >= p.sc.quiet_limit:
            return "draw quiet"
        return "ongoing"

    def legal(self):
        if self.status() != "ongoing":
            return []
        ms = self.pos.gen_moves()
        return ms if ms else [PASS]

    def play(self, text):
        mv = self.pos.parse_move(text, self.status() == "ongoing")
        s = self.pos.move_str(mv)
        self.undos.append(self.pos.make(mv))
        self.moves.append(s)
        self._push_key()
        return s

    def undo_last(self):
        k = self.keys.pop()
        self.count[k] -= 1
        self.zrep[self.pos.hash] -= 1
        self.pos.unmake(self.undos.pop())
        self.moves.pop()


# --------------------------------------------------------------------------
# perft
# --------------------------------------------------------------------------

def perft(pos, depth):
    """Move sequences of length `depth`; over (win, deadlock, quiet) = no moves."""
    if depth == 0:
        return 1
    s = pos.side
    if pos.pieces[s] == 0 or pos.pieces[1 - s] == 0 or pos.quiet >= pos.sc.quiet_limit:
        return 0
    ms = pos.gen_moves()
    if not ms:
        if not pos.has_move(1 - s):
            return 0
        ms = [PASS]
    if depth == 1:
        return len(ms)
    n = 0
    for mv in ms:
        u = pos.make(mv)
        n += perft(pos, depth - 1)
        pos.unmake(u)
    return n


# --------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------

class Searcher:
    def __init__(self, game, strategy, rng):
        self.g = game
        self.pos = game.pos
        self.strategy = strategy
        self.rng = rng
        self.rep = game.zrep
        self.nodes = 0
        self.root_side = game.pos.side

    # -- evaluation (from the side to move's view) --
    def threatened(self, side):
        """Pieces of `side` on map stacks that the enemy could eliminate on its next turn."""
        pos = self.pos
        sc = pos.sc
        owner, cnt, enter, cover, preds = pos.owner, pos.cnt, sc.enter, sc.cover, sc.preds
        enemy = 1 - side
        WH = sc.W * sc.H
        tot = 0
        for x in pos.occ[side]:
            if x >= WH:
                continue
            c = cnt[x]
            need = kmask(c)
            em = enter[x]
            for s in preds[x]:
                if owner[s] == enemy:
                    allowed = kmask(cnt[s]) & em
                    if allowed and not (need & ~cover[allowed]):
                        tot += c[0] + c[1] + c[2]
                        break
        return tot

    def evaluate(self):
        pos = self.pos
        s = pos.side
        v = CP * (pos.pieces[s] - pos.pieces[1 - s])
        if self.strategy == "cautious":
            pen = CAUTION * self.threatened(self.root_side)
            v += -pen if s == self.root_side else pen
        return v

    def terminal(self, ply):
        """Score if the game is over here (side to move's view), else None.  No deadlock test."""
        pos = self.pos
        if pos.pieces[pos.side] == 0:
            return -(WIN - ply)
        if self.rep.get(pos.hash, 0) >= 3:
            return 0
        if pos.quiet >= pos.sc.quiet_limit:
            return 0
        return None

    @staticmethod
    def order(moves):
        return sorted(moves, key=lambda m: -m[2])

    def negamax(self, depth, alpha, beta, ply):
        self.nodes += 1
        pos = self.pos
        t = self.terminal(ply)
        if t is not None:
            return t
        s = pos.side
        if depth == 0:
            if not pos.has_move(s) and not pos.has_move(1 - s):
                return 0
            return self.evaluate()
        moves = pos.gen_moves()
        if not moves:
            if not pos.has_move(1 - s):
                return 0
            moves = [PASS]
        elif depth == 1 and self.strategy == "minimax":
            return self.value1(moves, alpha, beta, ply)
        else:
            moves = self.order(moves)
        best = -INF
        rep = self.rep
        for mv in moves:
            u = pos.make(mv)
            h = pos.hash
            rep[h] = rep.get(h, 0) + 1
            sc = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            rep[h] -= 1
            pos.unmake(u)
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if alpha >= beta:
                        break
        return best

    def value1(self, moves, alpha, beta, ply):
        """Exact one-ply value for the material evaluation, without visiting every quiet reply.

        After a reply without elimination the material is unchanged, so such a reply
        scores the static material S unless it ends the game in a draw (repetition,
        deadlock, quiet limit) -> 0.  Replies with eliminations are searched one by one.
        """
        pos = self.pos
        s = pos.side
        S = CP * (pos.pieces[s] - pos.pieces[1 - s])
        rep = self.rep
        best = -INF
        caps = [m for m in moves if m[2]]
        caps.sort(key=lambda m: -m[2])
        for mv in caps:
            # bound: a capture of k pieces scores at most S + k (or a win)
            if max(mv[2] * CP + S, 0) <= best and pos.pieces[1 - s] > mv[2]:
                break
            u = pos.make(mv)
            self.nodes += 1
            if pos.pieces[pos.side] == 0:
                sc = WIN - ply - 1
            elif not pos.has_move(pos.side) and not pos.has_move(s):
                sc = 0
            else:
                sc = S + CP * mv[2]        # a position after an elimination is new: no repetition
            pos.unmake(u)
            if sc > best:
                best = sc
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        return best
        if len(caps) == len(moves):
            return best
        # quiet replies: each scores S or 0
        if pos.quiet + 1 >= pos.sc.quiet_limit:
            return max(best, 0)
        if best >= max(S, 0):
            return best
        want_draw = S < 0            # then a drawing quiet reply is the best quiet reply
        found_s = False
        found_0 = False
        for mv in moves:
            if mv[2]:
                continue
            u = pos.make(mv)
            self.nodes += 1
            if rep.get(pos.hash, 0) + 1 >= 3:
                draw = True
            elif want_draw or not found_s:
                draw = not pos.has_move(pos.side) and not pos.has_move(s)
            else:
                draw = False
            pos.unmake(u)
            if draw:
                found_0 = True
            else:
                found_s = True
            if (want_draw and found_0) or (not want_draw and found_s):
                break
        if found_s:
            best = max(best, S)
        if found_0:
            best = max(best, 0)
        return best

    def search(self, depth):
        """Returns (sorted list of best moves, score)."""
        pos = self.pos
        moves = self.order(self.g.legal())
        best = -INF
        ties = []
        rep = self.rep
        for mv in moves:
            u = pos.make(mv)
            h = pos.hash
            rep[h] = rep.get(h, 0) + 1
            beta_child = INF if best == -INF else -(best - 1)
            if depth <= 1:
                self.nodes += 1
                t = self.terminal(1)
                if t is None:
                    if not pos.has_move(pos.side) and not pos.has_move(1 - pos.side):
                        t = 0
                    else:
                        t = self.evaluate()
                sc = -t
            else:
                sc = -self.negamax(depth - 1, -INF, beta_child, 1)
            rep[h] -= 1
            pos.unmake(u)
            if sc > best:
                best = sc
                ties = [mv]
            elif sc == best:
                ties.append(mv)
        return ties, best


def choose(game, strategy, depth, rng):
    """Returns (move, info line or None)."""
    pos = game.pos
    t0 = time.time()
    if strategy == "random":
        ms = sorted(game.legal(), key=pos.move_str)
        return rng.choice(ms), None
    if strategy == "greedy":
        ms = game.legal()
        top = max(m[2] for m in ms)
        cands = sorted((m for m in ms if m[2] == top), key=pos.move_str)
        return rng.choice(cands), None
    se = Searcher(game, strategy, rng)
    ties, score = se.search(depth)
    ties.sort(key=pos.move_str)
    mv = rng.choice(ties)
    ms = int((time.time() - t0) * 1000)
    if score >= WIN - 1000:
        sc = f"win {WIN - score}"
    elif score <= -(WIN - 1000):
        sc = f"loss {WIN + score}"
    else:
        sc = str(score)
    nps = int(se.nodes * 1000 / ms) if ms > 0 else se.nodes * 1000
    info = f"info depth {depth} score {sc} nodes {se.nodes} nps {nps} time {ms} pv {pos.move_str(mv)}"
    return mv, info


# --------------------------------------------------------------------------
# Protocol
# --------------------------------------------------------------------------

def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Engine:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.sc = None
        self.game = None
        try:
            self.set_scenario(Scenario.load("washita", args.scenarios))
        except SpecError:
            pass

    def set_scenario(self, sc):
        self.sc = sc
        self.game = Game(Position.from_bfen(sc, sc.start))

    def need(self):
        if self.game is None:
            raise SpecError("no scenario loaded (use: scenario <id-or-path>)")

    def handle(self, line):
        """Returns False on quit."""
        tok = line.split()
        cmd = tok[0]
        if cmd == "quit":
            out("ok")
            return False
        if cmd == "stop":
            out("ok")
        elif cmd == "scenario":
            if len(tok) != 2:
                raise SpecError("usage: scenario <id-or-path>")
            self.set_scenario(Scenario.load(tok[1], self.args.scenarios))
            out("ok")
        elif cmd == "position":
            self.need()
            self.cmd_position(tok)
            out("ok")
        elif cmd == "move":
            self.need()
            if len(tok) < 2:
                raise SpecError("usage: move M1 [M2 ...]")
            g = self.game
            done = 0
            try:
                for m in tok[1:]:
                    g.play(m)
                    done += 1
            except SpecError:
                for _ in range(done):
                    g.undo_last()
                raise
            out("ok")
        elif cmd == "legal":
            self.need()
            if len(tok) != 1:
                raise SpecError("usage: legal")
            for s in sorted(self.game.pos.move_str(m) for m in self.game.legal()):
                out(s)
            out("ok")
        elif cmd == "bfen":
            self.need()
            out(self.game.pos.bfen())
            out("ok")
        elif cmd == "status":
            self.need()
            out(self.game.status())
            out("ok")
        elif cmd == "history":
            self.need()
            for s in self.game.moves:
                out(s)
            out("ok")
        elif cmd == "perft":
            self.need()
            if len(tok) != 2 or not tok[1].isdigit():
                raise SpecError("usage: perft <depth>")
            out(str(perft(self.game.pos.copy(), int(tok[1]))))
            out("ok")
        elif cmd == "go":
            self.need()
            i = 1
            while i < len(tok):
                if tok[i] in ("depth", "nodes", "movetime", "level") and i + 1 < len(tok) and tok[i + 1].isdigit():
                    i += 2        # accepted and ignored: the command line decides
                else:
                    raise SpecError(f"go: unknown option '{tok[i]}'")
            st = self.game.status()
            if st != "ongoing":
                raise SpecError(f"the game is over ({st})")
            mv, info = choose(self.game, self.args.strategy, self.args.depth, self.rng)
            if info:
                out(info)
            out("bestmove " + self.game.pos.move_str(mv))
            out("ok")
        else:
            raise SpecError(f"unknown command '{cmd}'")
        return True

    def cmd_position(self, tok):
        if len(tok) < 2:
            raise SpecError("usage: position startpos|bfen <BFEN> [moves ...]")
        if tok[1] == "startpos":
            text = self.sc.start
            rest = tok[2:]
        elif tok[1] == "bfen":
            if len(tok) < 6:
                raise SpecError("position bfen: 4 BFEN fields expected")
            text = " ".join(tok[2:6])
            rest = tok[6:]
        else:
            raise SpecError(f"position: expected startpos or bfen, got '{tok[1]}'")
        if rest:
            if rest[0] != "moves":
                raise SpecError(f"position: expected 'moves', got '{rest[0]}'")
            rest = rest[1:]
        g = Game(Position.from_bfen(self.sc, text))
        for m in rest:
            g.play(m)
        self.game = g


def serve(args):
    eng = Engine(args)
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            if not eng.handle(line):
                return 0
        except SpecError as e:
            out("error " + str(e).replace("\n", " "))
        except RecursionError as e:
            out("error internal: " + str(e))
        except Exception as e:  # keep running whatever happens
            log("internal error:", repr(e))
            out("error internal: " + repr(e).replace("\n", " "))
    return 0


# --------------------------------------------------------------------------
# Self-test against the conformance data
# --------------------------------------------------------------------------

def default_conformance():
    here = os.path.dirname(os.path.abspath(__file__))
    # The project keeps a copy of the shared conformance data with the rules tests.
    for c in (os.path.join(here, "..", "crates", "battaglie-rules", "tests", "conformance"),):
        if os.path.isdir(c):
            return os.path.normpath(c)
    return None


def selftest(args):
    cdir = args.conformance or default_conformance()
    if not cdir or not os.path.isdir(cdir):
        print("selftest: conformance directory not found (use --conformance DIR)")
        return 2
    cache = {}

    def scen(name):
        if name not in cache:
            cache[name] = Scenario.load(os.path.join(cdir, name), cdir)
        return cache[name]

    def rows(fname):
        path = os.path.join(cdir, fname)
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if line and not line.startswith("#"):
                    yield n, [x.strip() for x in line.split(" ; ")]

    results = {}
    fails = []

    def check(kind, n, ok, detail):
        r = results.setdefault(kind, [0, 0])
        r[1] += 1
        if ok:
            r[0] += 1
        else:
            fails.append(f"{kind} line {n}: {detail}")

    t0 = time.time()
    for n, (sf, b, d, want) in rows("perft.txt"):
        try:
            got = perft(Position.from_bfen(scen(sf), b), int(d))
            check("perft", n, got == int(want), f"{sf} {b} depth {d}: got {got}, want {want}")
        except SpecError as e:
            check("perft", n, False, f"error {e}")
    for n, (sf, b, want) in rows("legal.txt"):
        try:
            g = Game(Position.from_bfen(scen(sf), b))
            got = sorted(g.pos.move_str(m) for m in g.legal())
            w = [] if want == "-" else want.split()
            detail = f"{sf} {b}: only ours {sorted(set(got) - set(w))}, only theirs {sorted(set(w) - set(got))}"
            check("legal", n, got == sorted(w), detail)
            # every listed move must parse back to itself, in any spelling
            for s in got:
                mv = g.pos.parse_move(s)
                alt = s.lower() if s != "pass" else s
                if g.pos.move_str(mv) != s or g.pos.move_str(g.pos.parse_move(alt)) != s:
                    check("legal", n, False, f"{s} does not parse back")
        except SpecError as e:
            check("legal", n, False, f"error {e}")
    for n, (sf, b, want) in rows("status.txt"):
        try:
            got = Game(Position.from_bfen(scen(sf), b)).status()
            check("status", n, got == want, f"{sf} {b}: got '{got}', want '{want}'")
        except SpecError as e:
            check("status", n, False, f"error {e}")
    for n, (sf, moves, want_st, want_b) in rows("games.txt"):
        try:
            sc = scen(sf)
            g = Game(Position.from_bfen(sc, sc.start))
            ok = True
            for i, m in enumerate(moves.split()):
                st = g.status()
                if st != "ongoing":
                    ok = False
                    check("games", n, False, f"{sf}: game over ({st}) before move {i + 1} '{m}'")
                    break
                if g.play(m) != m:
                    ok = False
                    check("games", n, False, f"{sf}: move {i + 1} '{m}' not canonical")
                    break
            if ok:
                st, bf = g.status(), g.pos.bfen()
                check("games", n, st == want_st and bf == want_b,
                      f"{sf}: got '{st}' '{bf}', want '{want_st}' '{want_b}'")
        except SpecError as e:
            check("games", n, False, f"error {e}")
    # built-in scenarios load and their start positions round-trip
    sdir = args.scenarios
    if os.path.isdir(sdir):
        for fn in sorted(os.listdir(sdir)):
            if fn.endswith(".toml"):
                try:
                    sc = Scenario.load(os.path.join(sdir, fn), sdir)
                    b = Position.from_bfen(sc, sc.start).bfen()
                    check("scenarios", fn, b == sc.start, f"{fn}: start prints back as '{b}'")
                except SpecError as e:
                    check("scenarios", fn, False, f"{fn}: error {e}")
    dt = time.time() - t0
    for f in fails:
        print("FAIL", f)
    total_ok = sum(r[0] for r in results.values())
    total = sum(r[1] for r in results.values())
    print("selftest (" + cdir + "): " + ", ".join(f"{k} {r[0]}/{r[1]}" for k, r in results.items())
          + f"; total {total_ok}/{total} passed in {dt:.1f}s")
    return 0 if total_ok == total else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="specbot: an independent battaglie engine (text protocol on stdin/stdout)")
    ap.add_argument("--strategy", default="minimax", choices=["random", "greedy", "minimax", "cautious"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--scenarios", default=os.path.join(os.getcwd(), "crates", "battaglie-rules", "scenarios"))
    ap.add_argument("--selftest", action="store_true", help="check the rules against the conformance data and exit")
    ap.add_argument("--conformance", default=None, help="the conformance data directory (for --selftest)")
    args = ap.parse_args(argv)
    if args.depth < 1:
        ap.error("--depth must be at least 1")
    sys.setrecursionlimit(10000)
    if args.selftest:
        return selftest(args)
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
