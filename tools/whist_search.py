"""Search for the whist-tournament starters shipped in ``referee/tournament/whist_designs.py``.

A whist tournament Wh(N): every two players partner once and are opponents exactly twice, in N - 1 games
(N = 4k) or N games with one player out a game (N = 4k + 1). We look for designs with a symmetry that
makes them a one-line table (a "starter round") developed over a group G of odd order m:

- N = 4k + 1 ("Z-cyclic" when G is cyclic): m = N; the starter seats every non-zero element of G;
  game g is the starter with g added to every player, and g sits out.
- N = 4k ("1-rotational"): m = N - 1; the starter seats G and a fixed player "infinity".

Developing a starter over G gives a whist tournament exactly when its differences balance: each class
{x - y, y - x} of non-zero differences (there are (m - 1) / 2) is the difference of exactly one partner
pair and of exactly two opponent pairs (pairs with infinity balance by themselves). This script builds
56 and 64 as products of smaller designs (``product``: 55 = 5 x 11, 63 = 9 x 7), and finds the others
first among the symmetric ones (partner pairs {x, -x}: an exact cover, quick where one
exists), then (N = p + 1, p a prime = 3 mod 4) among starters whose partner pairs are {x, lam*x} for the
squares x (tools/whist_pairs.c: how 60 was found), then in the cyclic group by random partner pairs and an
exact search for their tables (tools/whist_exact.c), then by simulated annealing on the difference count
(tools/whist_anneal.c), in the cyclic group first and then in products of cyclic groups, and prints the
data module (the C loops are built with ``cc``). Run it once, niced and bounded in time:

    nice -n 15 .venv/bin/python tools/whist_search.py 4 64 --seconds 300 > /tmp/designs.py
    mv /tmp/designs.py referee/tournament/whist_designs.py

(``--keep`` keeps the shipped designs and searches only the missing head-counts.) The design for 57
players came from a SAT solver instead, ``tools/whist_sat.py``.

Found starters are checked by the same rule the tests use before they are printed.
"""
from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.tournament.whist_group import INF, Group  # noqa: E402


def groups_of_order(m: int) -> list[tuple[int, ...]]:
    """The cyclic group first, then a few products Z_a x Z_b (a | b) with the same order."""
    out = [(m,)]
    for a in range(3, int(math.isqrt(m)) + 1):
        if m % (a * a) == 0:
            out.append((a, m // a))
    return out


def patterned(group: Group, n_players: int, rng: random.Random, budget: int = 200_000) -> list | None:
    """The starters whose partner pairs are {x, -x} (and {inf, 0} for N = 4k): their differences 2x
    cover every class once, and a table {x, -x} against {y, -y} has the classes of x - y and x + y twice
    each ({inf, 0} against {y, -y}: the class of y twice). So a starter is an exact cover: tables that
    use every pair {x, -x} once and every difference class once, found by Knuth's algorithm X (the item
    with the fewest options first), options in random order, giving up after ``budget`` steps."""
    def class_of(d: int) -> int:
        return min(d, group.neg(d))

    reps = sorted({class_of(x) for x in range(1, group.order)})
    options: dict[tuple, list] = {}
    for i, x in enumerate(reps):
        for y in reps[i + 1:]:
            a, b = class_of(group.sub(x, y)), class_of(group.add(x, y))
            if a != b:
                options[(x, group.neg(x), y, group.neg(y))] = [("pair", x), ("pair", y), ("class", a), ("class", b)]
    if n_players % 4 == 0:
        for y in reps:
            options[(INF, 0, y, group.neg(y))] = [("inf",), ("pair", y), ("class", y)]
    keys = list(options)
    rng.shuffle(keys)
    covers: dict[tuple, set] = {}
    for key in keys:
        for item in options[key]:
            covers.setdefault(item, set()).add(key)
    items = {("pair", x) for x in reps} | {("class", x) for x in reps} | ({("inf",)} if n_players % 4 == 0 else set())
    if set(covers) != items:
        return None
    order = {key: i for i, key in enumerate(keys)}
    steps = 0

    def select(key) -> list:
        removed = []
        for item in options[key]:
            for other in covers[item]:
                for other_item in options[other]:
                    if other_item != item:
                        covers[other_item].discard(other)
            removed.append(covers.pop(item))
        return removed

    def deselect(key, removed: list) -> None:
        for item in reversed(options[key]):
            covers[item] = removed.pop()
            for other in covers[item]:
                for other_item in options[other]:
                    if other_item != item:
                        covers[other_item].add(other)

    def solve(chosen: list) -> list | None:
        nonlocal steps
        if not covers:
            return list(chosen)
        steps += 1
        if steps > budget:
            return None
        item = min(covers, key=lambda it: len(covers[it]))
        for key in sorted(covers[item], key=order.get):
            removed = select(key)
            chosen.append(key)
            found = solve(chosen)
            chosen.pop()
            deselect(key, removed)
            if found is not None or steps > budget:
                return found
        return None

    return solve([])


# Head-counts N = 4k whose N - 1 is a product a * b of a Z-cyclic design's order (a = 4i + 1) and a
# 1-rotational design's group order (b = 4j - 1, prime), built by ``product``: N -> (a, b, the group's moduli).
PRODUCTS = {56: (5, 11, (55,)), 64: (9, 7, (3, 21))}


def crt(residues: tuple[int, ...], moduli: tuple[int, ...]) -> int:
    """The number below prod(moduli) with these residues (coprime moduli)."""
    x, m = 0, 1
    for r, n in zip(residues, moduli):
        while x % n != r % n:
            x += m
        m *= n
    return x


def product(n_players: int, designs: dict) -> tuple[tuple[int, ...], list] | None:
    """A 1-rotational Wh(a * b + 1) over A x B from a Z-cyclic Wh(a) over A and a 1-rotational Wh(b + 1)
    over B = Z_b, b prime (the classical product of starters): the players {0} x B and "inf" play the
    Wh(b + 1)'s starter; each table (a, c, b, d) of the Wh(a)'s starter becomes b tables, one for each j
    in B, ((a, j), (c, 2j), (b, 3j), (d, 4j)). The multipliers 1, 2, 3, 4 are distinct and non-zero mod b
    (b >= 5), so each of the table's differences x in A is paired with every element of B exactly once,
    as a partner difference if x was one, as an opponent difference if x was one: every class of A x B
    outside {0} x B is met as often as its A part was, and those inside as in the Wh(b + 1)."""
    if n_players not in PRODUCTS:
        return None
    a_order, b_order, moduli = PRODUCTS[n_players]
    (a_moduli, a_starter), (b_moduli, b_starter) = designs[a_order], designs[b_order + 1]
    if b_moduli != (b_order,) or b_order < 5:
        return None
    a_group, target = Group(a_moduli), Group(moduli)

    def element(in_a: int, in_b: int) -> int:
        # A x Z_b -> the target: A's first digits stay, its last digit and in_b meet in one cyclic factor (CRT)
        digits = a_group.digits(in_a)
        last = target.moduli[-1]
        return target.number([*digits[:-1], crt((digits[-1], in_b), (last // b_order, b_order))])

    starter = [tuple(INF if p == INF else element(0, p) for p in table) for table in b_starter]
    for a, c, b, d in a_starter:
        for j in range(b_order):
            starter.append(tuple(element(x, k * j % b_order) for x, k in ((a, 1), (c, 2), (b, 3), (d, 4))))
    return (moduli, starter) if target.is_whist_starter(n_players, starter) else None


def anneal_input(group: Group, n_players: int) -> str:
    """What tools/whist_anneal.c reads: the points, and every ordered pair's difference class."""
    m = group.order
    points = [-1, *range(m)] if n_players % 4 == 0 else list(range(1, m))
    ids: dict[int, int] = {}
    table = []
    for x in range(m):
        for y in range(m):
            if x == y:
                table.append(-1)
                continue
            d = group.sub(x, y)
            table.append(ids.setdefault(min(d, group.neg(d)), len(ids)))
    return f"{len(points)} {len(ids)} {m}\n{' '.join(map(str, points))}\n{' '.join(map(str, table))}\n"


def build(name: str = "whist_anneal") -> Path:
    """tools/<name>.c compiled (the annealer, or the exact search)."""
    binary = Path(tempfile.gettempdir()) / f"{name}_fixed"
    source = Path(__file__).with_name(f"{name}.c")
    subprocess.run(["cc", "-O2", "-o", str(binary), str(source), "-lm"], check=True)
    return binary


def exact(n_players: int, seconds: float, seed: int) -> list | None:
    """A starter over the cyclic group by tools/whist_exact.c: random partner pairs, then an exact search for
    the tables (see there); None when ``seconds`` (CPU) run out."""
    m = n_players - 1 if n_players % 4 == 0 else n_players
    done = subprocess.run([str(build("whist_exact")), str(m), str(seed), "200000", f"{seconds:.0f}",
                           "1" if n_players % 4 == 1 else "0"], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return [tuple(INF if x == "-1" else int(x) for x in line.split()) for line in done.stdout.splitlines()]


def multiplied_pairs(n_players: int, seconds: float) -> list | None:
    """A 1-rotational starter over Z_p (p = N - 1 a prime = 3 mod 4) whose partner pairs are {x, lam*x}, x a
    square, by tools/whist_pairs.c: each non-square lam in turn, until ``seconds`` (wall clock) have passed."""
    p = n_players - 1
    if n_players % 4 or any(p % d == 0 for d in range(2, math.isqrt(p) + 1)):
        return None
    binary = build("whist_pairs")
    squares = {x * x % p for x in range(1, p)}
    deadline = time.monotonic() + seconds
    for lam in (x for x in range(2, p) if x not in squares):
        try:
            done = subprocess.run([str(binary), str(p), str(lam)], capture_output=True, text=True,
                                  timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None
        if done.returncode == 0:
            return [tuple(INF if x == "-1" else int(x) for x in line.split()) for line in done.stdout.splitlines()]
    return None


def anneal(binary: Path, group: Group, n_players: int, seed: int, seconds: float,
           first_table: tuple = ()) -> list | None:
    """One annealing run; ``first_table`` (its points in order) stays fixed as the starter's first table."""
    stdin = anneal_input(group, n_players)
    if first_table:
        head, points, rest = stdin.split("\n", 2)
        order = [-1 if p == INF else p for p in first_table]
        points = " ".join(map(str, order + [int(p) for p in points.split() if int(p) not in order]))
        stdin = f"{head}\n{points}\n{rest}"
    done = subprocess.run([str(binary), str(seed), f"{seconds:.2f}", "0.5", str(len(first_table))], input=stdin,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None
    order = [INF if x == "-1" else int(x) for x in done.stdout.split()]
    return [tuple(order[t:t + 4]) for t in range(0, len(order), 4)]


def search(binary: Path, n_players: int, seconds: float, seed: int) -> tuple[tuple[int, ...], list] | None:
    """The patterned search in each group of the right order, then (N - 1 a prime = 3 mod 4) partner pairs
    {x, lam*x}, then random partner pairs, then annealing runs of up to 30 seconds (CPU), each group in
    turn, until ``seconds`` (wall clock) have passed."""
    m = n_players - 1 if n_players % 4 == 0 else n_players
    deadline = time.monotonic() + seconds
    groups = groups_of_order(m)
    rng = random.Random(f"whist-{n_players}-{seed}")
    for _ in range(2):
        for moduli in groups:
            found = patterned(Group(moduli), n_players, rng)
            if found and Group(moduli).is_whist_starter(n_players, found):
                return moduli, found
    found = multiplied_pairs(n_players, seconds / 2) or exact(n_players, seconds / 2, seed)
    if found and Group((m,)).is_whist_starter(n_players, found):
        return (m,), found
    attempt = 0
    while time.monotonic() < deadline:
        for moduli in groups:
            group = Group(moduli)
            attempt += 1
            found = anneal(binary, group, n_players, seed * 1000 + attempt, min(30.0, seconds))
            if found and group.is_whist_starter(n_players, found):
                return moduli, found
    return None


def search_ap(binary: Path, n_players: int, seconds: float, seed: int) -> list | None:
    """A cyclic 1-rotational design for ``n_players`` = 4k whose table with infinity seats 0, 1 and -1
    (as (inf, 0, 1, -1) or (inf, 1, 0, -1)): without infinity it is an optimal chart for 4k - 1 players,
    three of them (an arithmetic progression, so in turn order once relabelled) sitting out each game.
    See ``rotation._three_out_schedule``."""
    group = Group((n_players - 1,))
    deadline = time.monotonic() + seconds
    attempt = 0
    while time.monotonic() < deadline:
        attempt += 1
        first = (INF, 0, 1, group.order - 1) if attempt % 2 else (INF, 1, 0, group.order - 1)
        found = anneal(binary, group, n_players, seed * 1000 + attempt, min(10.0, seconds), first_table=first)
        if found and group.is_whist_starter(n_players, found):
            return found
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("low", type=int)
    parser.add_argument("high", type=int)
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit for each head-count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", type=int, nargs="*", help="search only these head-counts")
    parser.add_argument("--three-out", type=int, nargs="*", default=[],
                        help="also search designs with the table (inf, 0, 1, -1) for these head-counts (4k)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the designs already shipped and search only the missing head-counts")
    args = parser.parse_args()
    binary = build()
    found = {}
    three_out = {}
    if args.keep:
        from referee.tournament.whist_designs import THREE_OUT_DESIGNS, WHIST_DESIGNS
        found = {n: (moduli, list(starter)) for n, (moduli, starter) in WHIST_DESIGNS.items()}
        three_out = dict(THREE_OUT_DESIGNS)
    for n in args.three_out:
        if n not in three_out:
            result = search_ap(binary, n, args.seconds, args.seed)
            print(f"three out, N={n}: {'found' if result else 'not found'}", file=sys.stderr, flush=True)
            if result:
                three_out[n] = result
                print(render({}, {n: result}), file=sys.stderr, flush=True)
    for n in range(max(4, args.low), args.high + 1):
        if n % 4 in (0, 1) and n not in found and (not args.only or n in args.only):
            start = time.monotonic()
            result = product(n, found) or search(binary, n, args.seconds, args.seed)
            print(f"N={n}: {'found' if result else 'not found'} in {time.monotonic() - start:.1f}s"
                  + (f" over Z{result[0]}" if result else ""), file=sys.stderr, flush=True)
            if result:
                found[n] = result
                print(render({n: result}, {}), file=sys.stderr, flush=True)  # kept if the run is stopped
    print(render(found, three_out))


def render(found: dict, three_out: dict) -> str:
    lines = ['"""Whist-tournament starters, one per head-count (generated by tools/whist_search.py, 57 players by',
             "tools/whist_sat.py; checked by tests/tournament/test_whist_designs.py). ``WHIST_DESIGNS[N] = (moduli,",
             "starter)``: the group is",
             "Z_moduli[0] x Z_moduli[1] x ..., an element written as one number in mixed radix (the last modulus",
             "turns fastest); each table is (a, c, b, d), a and c partners against b and d; \"inf\" is the fixed",
             'player of a 1-rotational design (N = 4k). See referee/tournament/whist_group.py."""',
             "", "WHIST_DESIGNS = {"]
    for n, (moduli, starter) in sorted(found.items()):
        lines.append(f"    {n}: ({moduli!r}, (")
        lines += wrapped(starter)
        lines.append("    )),")
    lines += ["}", "",
              "# Cyclic 1-rotational designs (the group Z_(N-1)) whose table with \"inf\" is (inf, 0, 1, -1): without",
              "# \"inf\" they are charts for N - 1 players (see rotation._three_out_schedule).",
              "THREE_OUT_DESIGNS = {"]
    for n, starter in sorted(three_out.items()):
        lines.append(f"    {n}: (")
        lines += wrapped(starter)
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines)


def wrapped(starter) -> list[str]:
    lines, line = [], ""
    for table in starter:
        text = "(" + ", ".join(repr(x) for x in table) + "),"
        if line and len(line) + len(text) > 104:
            lines.append(" " * 8 + line)
            line = ""
        line = f"{line} {text}" if line else text
    return lines + [" " * 8 + line]


if __name__ == "__main__":
    main()
