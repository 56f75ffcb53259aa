"""A realistic night in a hall, built through ``services.night`` (the steps the pages take): players
with names of every length, games played to confirmed game totals, for the print and projector tests."""
from __future__ import annotations

import random
from datetime import date

from extensions import db
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import setup as night_setup, table_game

PIN = "2468"
FIRST = ["Ann", "Bob", "Carol", "Dave", "Evelyn", "Frank", "Grace", "Hank", "Irene", "Jack", "Kathleen", "Larry",
         "Margaret", "Ned", "Olive", "Pete", "Queenie", "Ray", "Sue", "Tom"]
LAST = ["Anderson", "Brown", "Christiansen", "Dupont", "Esposito", "Fitzgerald", "Gonzalez", "Hoffmann",
        "Ivanova", "Jablonski", "Kowalczyk", "Lindqvist", "MacDonald", "Nakamura", "O'Connell", "Petersen"]


def hall_names(players: int) -> list[str]:
    """``players`` different names (a number is added once the first and last names run out)."""
    names = []
    for i in range(players):
        name = f"{FIRST[i % len(FIRST)]} {LAST[(i * 7 + i // len(FIRST)) % len(LAST)]}"
        if name in names:  # a second Ann Anderson gets a middle initial
            first, last = name.split(" ", 1)
            name = f"{first} {'BCDEFG'[i // (len(FIRST) * len(LAST))]}. {last}"
        names.append(name)
    return names


def hall_night(players: int, games: int, *, played: int | None = None, seed: int = 15) -> str:
    """A night of ``players`` and ``games``: the first ``played`` games (all by default) played and
    confirmed, then the next one seated, or the night finished when every game was played. Its slug."""
    played = games if played is None else played
    rng = random.Random(seed)
    night = night_setup.create_night(name="Thursday euchre at the Legion hall", day=date(2026, 11, 26),
                                     variant="progressive-euchre", rules={}, games=games, hands_per_game=8,
                                     movement="winners", sit_out_mode="average", sit_out_points=0, bell_minutes=None,
                                     pin=PIN)
    night_setup.check_in(night, hall_names(players))
    db.session.commit()
    for game in range(1, played + 1):
        night_games.start_game(night, game)
        db.session.commit()
        night_bell.ring_bell(night, "director")
        for tg in night_queries.table_games(night, game):
            ns, ew = rng.randint(3, 14), rng.randint(3, 14)
            if ns == ew:
                ns += 1
            table_game.submit(night, tg, pair="NS", actor="table", totals=(ns, ew),
                              loners={"N": int(rng.random() < .15), "E": 0, "S": 0, "W": int(rng.random() < .1)},
                              cut_winner=None)
            table_game.confirm(night, tg, pair="EW", actor="table")
        db.session.commit()
    if played < games:
        night_games.start_game(night, played + 1)
    else:
        night_games.finish_night(night)
    db.session.commit()
    return night.slug
