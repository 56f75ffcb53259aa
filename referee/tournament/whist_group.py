"""Whist tournaments developed from a starter round over a group (a product design; the rule documents
say nothing about rotation charts).

A whist tournament Wh(N) is a schedule in which every two players partner exactly once and are
opponents exactly twice: N - 1 games for N = 4k, or N games with one player out a game for N = 4k + 1.
The shipped designs (``whist_designs.py``) have a symmetry: an abelian group G of odd order m acts on
the players, and game g is the starter round with g added to every player.

- N = 4k + 1: G has N elements, the players; the starter seats every element but 0, which sits out;
  in game g the player g sits out.
- N = 4k ("1-rotational"): G has N - 1 elements plus a fixed player ``INF`` that every game seats.

G is Z_m1 x Z_m2 x ... (its "moduli"); an element is one number in mixed radix, the last modulus
turning fastest, so a cyclic group Z_m is plain arithmetic mod m.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import prod

INF = "inf"

Starter = Sequence[tuple]  # tables (a, c, b, d): a and c partner against b and d


class Group:
    """Z_m1 x Z_m2 x ... with elements as numbers 0 .. order - 1."""

    def __init__(self, moduli: Sequence[int]):
        self.moduli = tuple(moduli)
        self.order = prod(self.moduli)

    def digits(self, x: int) -> list[int]:
        out = []
        for m in reversed(self.moduli):
            x, d = divmod(x, m)
            out.append(d)
        return out[::-1]

    def number(self, digits: Sequence[int]) -> int:
        x = 0
        for m, d in zip(self.moduli, digits):
            x = x * m + d % m
        return x

    def add(self, x: int, y: int) -> int:
        if len(self.moduli) == 1:
            return (x + y) % self.order
        return self.number([a + b for a, b in zip(self.digits(x), self.digits(y))])

    def neg(self, x: int) -> int:
        if len(self.moduli) == 1:
            return -x % self.order
        return self.number([-a for a in self.digits(x)])

    def sub(self, x: int, y: int) -> int:
        return self.add(x, self.neg(y))

    def shift(self, player, g: int):
        return INF if player == INF else self.add(player, g)

    def develop(self, starter: Starter, g: int) -> list[tuple]:
        """Game ``g`` (an element of G): every starter table with g added to each player."""
        return [tuple(self.shift(p, g) for p in table) for table in starter]

    def is_whist_starter(self, n_players: int, starter: Starter) -> bool:
        """Whether developing ``starter`` over every element gives a whist tournament for ``n_players``
        (checked on the developed games, not on differences: the definition itself)."""
        expected_points = [INF, *range(self.order)] if n_players % 4 == 0 else list(range(1, self.order))
        if n_players - (n_players % 4 == 0) != self.order:
            return False
        if sorted(map(str, (p for t in starter for p in t))) != sorted(map(str, expected_points)):
            return False
        return is_whist_tournament(n_players, [self.develop(starter, g) for g in range(self.order)])


def is_whist_tournament(n_players: int, games: Sequence[Sequence[tuple]]) -> bool:
    """Every two players partner exactly once and are opponents exactly twice; nobody is seated twice
    in a game. Players may be numbers or ``INF``."""
    partners: Counter = Counter()
    opponents: Counter = Counter()
    players = set()
    for tables in games:
        seated = [p for t in tables for p in t]
        if len(seated) != len(set(seated)):
            return False
        players.update(seated)
        for a, c, b, d in tables:
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset((x, y)) for x in (a, c) for y in (b, d))
    if len(players) != n_players:
        return False
    every_pair = {frozenset(p) for p in combinations(players, 2)}
    return (set(partners) == every_pair and set(partners.values()) == {1}
            and set(opponents) == every_pair and set(opponents.values()) == {2})
