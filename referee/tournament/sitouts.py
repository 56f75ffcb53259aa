"""Who sits out a game when the head-count is not a multiple of four, and the points a sit-out scores.

Fairness rule (a product ruling; the documents are silent): sit-outs go to the players who have sat
out least, never to someone who sat out the game before when that can be avoided; a late arrival
counts as having sat out the game before, so they play at once. Remaining ties are broken by a
seeded shuffle, so the choice is fair and reproducible.
"""
from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction


def choose_sit_outs(players: Iterable[Hashable], count: int, *, sat_out_so_far: Mapping[Hashable, int],
                    sat_out_last: Iterable[Hashable], seed: int | str) -> list[Hashable]:
    """Pick ``count`` players to sit out the next game, fairest first."""
    if count <= 0:
        return []  # a full table for everyone: nobody to rank (a thousand tables' sort is not free)
    pool = list(players)
    last = set(sat_out_last)
    rng = random.Random(f"{seed}")
    order = {p: rng.random() for p in sorted(pool, key=str)}
    pool.sort(key=lambda p: (p in last, sat_out_so_far.get(p, 0), order[p]))
    return pool[:count]


SIT_OUT_MODES = ("average", "fixed")


def sit_out_points(mode: str, fixed: int, game_points: Sequence[int]) -> int:
    """Points a player scores for a game they sit out.

    Product ruling ([002] does not mention sit-outs): ``"average"`` gives the average of every playing
    player's tally that game (``game_points`` lists each playing player's points), rounded half up
    (toward the higher number, so 6.5 gives 7 and -2.5 gives -2); ``"fixed"`` gives ``fixed`` whatever
    was scored.
    """
    if mode == "fixed":
        if isinstance(fixed, bool) or not isinstance(fixed, int):
            raise ValueError(f"fixed sit-out points must be a whole number, not {fixed!r}")
        return fixed
    if mode == "average":
        if not game_points:
            raise ValueError("average sit-out points need the points of the players who played that game")
        mean = Fraction(sum(game_points), len(game_points))
        return math.floor(mean + Fraction(1, 2))
    raise ValueError(f"unknown sit-out points mode {mode!r}: use 'average' or 'fixed'")
