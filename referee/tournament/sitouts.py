"""Who sits out a game when the head-count is not a multiple of four.

Fairness rule (a product ruling; the documents are silent): sit-outs go to the players who have sat
out least, never to someone who sat out the game before when that can be avoided; a late arrival
counts as having sat out the game before, so they play at once. Remaining ties are broken by a
seeded shuffle, so the choice is fair and reproducible.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping


def choose_sit_outs(players: Iterable[Hashable], count: int, *, sat_out_so_far: Mapping[Hashable, int],
                    sat_out_last: Iterable[Hashable], seed: int | str) -> list[Hashable]:
    """Pick ``count`` players to sit out the next game, fairest first."""
    pool = list(players)
    last = set(sat_out_last)
    rng = random.Random(f"{seed}")
    order = {p: rng.random() for p in sorted(pool, key=str)}
    pool.sort(key=lambda p: (p in last, sat_out_so_far.get(p, 0), order[p]))
    return pool[:count]
