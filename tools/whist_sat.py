"""A whist starter found by a SAT solver, with the starter fixed by a multiplier: the search that found the
design for 57 players (``python tools/whist_sat.py 57 37``: 16 s here), which annealing and the exact
search of ``whist_search.py`` did not.

    pip install python-sat==1.9.dev24          # for this tool only; the app does not use it
    python tools/whist_sat.py N [MULTIPLIERS] [SOLVER]

N = 4k + 1 looks for a Z-cyclic starter over Z_N (0 sits out the first game); N = 4k for a 1-rotational
one over Z_(N-1) and "inf". The unknowns say, for each two players, whether they are partners (P) or
opponents (O) in the starter's games; the clauses say that each player has one partner and two opponents,
that a player's opponents are partners of each other and opponents of the player's partner, and that the
partner pairs show every difference ±d once and the opponent pairs twice (so the developed tournament
has everyone partner once and oppose twice). MULTIPLIERS (comma-separated units of Z_m, default none)
make the starter invariant under x -> u*x: the pairs of one orbit share their unknowns, which shrinks
the search. For 57 = 3 x 19, the multiplier 37 (of order 2: 37 = 1 mod 3 and -1 mod 19) does; -1 cannot,
by a sum-of-squares count. (On smaller 3p, such a multiplier gave a starter for 21 and 33, where
p = 3 mod 4, and none for 39; one that is -1 mod 3 and 1 mod p gave none for 21, 33 or 39.) Prints the
starter in the format of ``referee/tournament/whist_designs.py``.
"""
from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from whist_search import wrapped  # noqa: E402  (the data file's layout)


def search(n_players: int, multipliers: list[int], solver: str = "cadical195") -> list[tuple] | None:
    rotational = n_players % 4 == 0
    m = n_players - 1 if rotational else n_players
    inf = m
    points = list(range(m + 1)) if rotational else list(range(1, m))

    def times(unit: int, x: int) -> int:
        return inf if x == inf else unit * x % m

    group = {1}
    while (grown := group | {g * u % m for g in group for u in multipliers}) != group:
        group = grown

    def pair(u: int, v: int) -> tuple[int, int]:
        return (u, v) if u < v else (v, u)

    def orbit(u: int, v: int) -> tuple[int, int]:
        return min(pair(times(g, u), times(g, v)) for g in group)

    pool = IDPool()

    def partners(u: int, v: int) -> int:
        return pool.id(("P", *orbit(u, v)))

    def opponents(u: int, v: int) -> int:
        return pool.id(("O", *orbit(u, v)))

    clauses: set[tuple[int, ...]] = set()
    counts: list[list[int]] = []

    def exactly(literals: list[int], k: int) -> None:
        counts.extend(CardEnc.equals(lits=literals, bound=k, vpool=pool, encoding=EncType.totalizer).clauses)

    firsts = sorted({min(times(g, u) for g in group) for u in points})  # one player of each orbit
    for u in firsts:
        others = [v for v in points if v != u]
        exactly([partners(u, v) for v in others], 1)
        exactly([opponents(u, v) for v in others], 2)
        for v, w in itertools.permutations(others, 2):
            clauses.add(tuple(sorted((-partners(u, v), -opponents(u, w), opponents(v, w)))))
        for v, w in itertools.combinations(others, 2):
            clauses.add(tuple(sorted((-opponents(u, v), -opponents(u, w), partners(v, w)))))
    for u, v in itertools.combinations(points, 2):
        clauses.add((-partners(u, v), -opponents(u, v)))
    if rotational:
        clauses.add((partners(inf, 0),))
    finite = [p for p in points if p != inf]
    for d in range(1, (m - 1) // 2 + 1):
        pairs = [(u, (u + d) % m) for u in finite if (u + d) % m in finite]
        exactly([partners(u, v) for u, v in pairs], 1)
        exactly([opponents(u, v) for u, v in pairs], 2)

    with Solver(name=solver, bootstrap_with=[list(c) for c in sorted(clauses)] + counts) as sat:
        if not sat.solve():
            return None
        true = {literal for literal in sat.get_model() if literal > 0}
    tables, seated = [], set()
    for u in points:
        if u in seated:
            continue
        partner = next(v for v in points if v != u and partners(u, v) in true)
        b, d = (v for v in points if v != u and opponents(u, v) in true)
        tables.append(tuple("inf" if x == inf else x for x in (u, partner, b, d)))
        seated.update((u, partner, b, d))
    return tables


def main() -> None:
    n_players = int(sys.argv[1])
    multipliers = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else []
    started = time.monotonic()
    tables = search(n_players, multipliers, *sys.argv[3:4])
    took = time.monotonic() - started
    if tables is None:
        print(f"No starter for {n_players} with multipliers {multipliers} ({took:.0f} s)")
        sys.exit(1)
    m = n_players - 1 if n_players % 4 == 0 else n_players
    print(f"# {n_players} players, {took:.0f} s")
    print("\n".join([f"    {n_players}: (({m},), (", *wrapped(tables), "    )),"]))


if __name__ == "__main__":
    main()
