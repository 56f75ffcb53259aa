"""Standings and prizes at the end of a progressive night, with a documented tie-break.

[002] Progressive Euchre, Basics: "After 10 games, players total their tally sheets, to determine
high score and low score for the tournament." Everything else here is a product ruling, written in
:data:`PRIZE_RULES` for the screen:

- Standings: by total points; ties broken by more games won, then more loners, then the higher best
  single game; players still tied share the rank (1, 2, 2, 4).
- High score: first in the standings (shared when completely tied).
- Low score: the lowest total among players present at the end; ties broken by fewer games won, then
  fewer loners; still tied = shared. A player who won high score is not also given low score.
- Most loners: the most lone hands made; ties broken by the higher total; still tied = shared. When
  nobody made a lone hand, nobody wins it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

P = Hashable


@dataclass(frozen=True)
class Tally:
    """One player's tally sheet. ``points`` has an entry per game of the night: the points scored (a
    game sat out scores sit-out points), or None when the player was not at the night that game
    (before arriving or after leaving). ``loners`` counts lone hands made (maker alone, 3+ tricks)."""

    player: P
    name: str
    points: tuple[int | None, ...]
    wins: int
    loners: int
    sat_out: int
    present_at_end: bool

    def __post_init__(self) -> None:
        for label in ("wins", "loners", "sat_out"):
            value = getattr(self, label)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{self.name}: {label} must be a whole number of at least 0, not {value!r}")

    # Cached: ranking and drawing 400 players read each total several times (a frozen dataclass still
    # has the instance dict that cached_property writes to).
    @cached_property
    def total(self) -> int:
        return sum(p for p in self.points if p is not None)

    @cached_property
    def best_game(self) -> int | None:
        """The highest single-game score, None before any game."""
        scored = [p for p in self.points if p is not None]
        return max(scored) if scored else None

    @property
    def games_played(self) -> int:
        """Games the player was at the night for (a game sat out counts: it scores sit-out points)."""
        return sum(p is not None for p in self.points)


@dataclass(frozen=True)
class Standing:
    rank: int
    tally: Tally
    shared: bool


@dataclass(frozen=True)
class Prize:
    """``rule`` is the tie-break order used, ``decided_by`` what settled it this time."""

    key: str
    title: str
    winners: tuple[Tally, ...]
    rule: str
    decided_by: str


PRIZE_RULES: dict[str, str] = {
    "standings": ("Players are ranked by total points. Equal totals are ranked by more games won, then more "
                  "lone hands made, then the higher best single game. Players equal on all four share the rank."),
    "high": ("High score goes to the player first in the standings: the highest total, then more games won, "
             "then more lone hands, then the higher best single game. Players equal on all four share it."),
    "low": ("Low score goes to the lowest total among the players present at the end, then fewer games won, "
            "then fewer lone hands. Players equal on all three share it. The high score winner cannot also "
            "take low score."),
    "loners": ("Most loners goes to the player who made the most lone hands, then the higher total. Players "
               "equal on both share it. If nobody made a lone hand, nobody wins it."),
}
TITLES = {"high": "High score", "low": "Low score", "loners": "Most loners"}


@dataclass(frozen=True)
class _Step:
    """One tie-break criterion: ``better`` phrases it ("more games won"), ``noun`` names it in a tie."""

    better: str
    noun: str
    value: Callable[[Tally], int]
    higher_wins: bool


def _best(t: Tally) -> int:
    return t.best_game if t.best_game is not None else -10**9


TOTAL_HIGH = _Step("the highest total", "points", lambda t: t.total, True)
WINS_MORE = _Step("more games won", "games won", lambda t: t.wins, True)
LONERS_MORE = _Step("more lone hands", "lone hands", lambda t: t.loners, True)
BEST_HIGH = _Step("the higher best single game", "best game", _best, True)
TOTAL_LOW = _Step("the lowest total", "points", lambda t: t.total, False)
WINS_FEWER = _Step("fewer games won", "games won", lambda t: t.wins, False)
LONERS_FEWER = _Step("fewer lone hands", "lone hands", lambda t: t.loners, False)
LONERS_MOST = _Step("the most lone hands", "lone hands", lambda t: t.loners, True)
TOTAL_HIGHER = _Step("the higher total", "points", lambda t: t.total, True)

STANDING_STEPS = (TOTAL_HIGH, WINS_MORE, LONERS_MORE, BEST_HIGH)
LOW_STEPS = (TOTAL_LOW, WINS_FEWER, LONERS_FEWER)
LONER_STEPS = (LONERS_MOST, TOTAL_HIGHER)


def _key(t: Tally, steps: Sequence[_Step]) -> tuple[int, ...]:
    """Smaller is better."""
    return tuple(-s.value(t) if s.higher_wins else s.value(t) for s in steps)


def _check(tallies: Iterable[Tally]) -> list[Tally]:
    tallies = list(tallies)
    seen = set()
    for t in tallies:
        if t.player in seen:
            raise ValueError(f"two tallies for player {t.player!r} ({t.name})")
        seen.add(t.player)
    return tallies


def _display_order(t: Tally) -> tuple[str, str]:
    return t.name.casefold(), str(t.player)


def standings(tallies: Iterable[Tally]) -> list[Standing]:
    """Everybody ranked (product ruling, :data:`PRIZE_RULES` ``"standings"``); equal rank for a complete
    tie, and the next rank skips (1, 2, 2, 4). Within a shared rank, players are listed by name."""
    keyed = sorted(((_key(t, STANDING_STEPS), _display_order(t), t) for t in _check(tallies)),
                   key=lambda k: (k[0], k[1]))  # each key worked out once, not once per comparison
    players_with = Counter(key for key, _, _ in keyed)  # a count per player made 400 players quadratic
    out, rank, previous = [], 0, None
    for i, (key, _, t) in enumerate(keyed):
        if key != previous:
            rank, previous = i + 1, key
        out.append(Standing(rank, t, players_with[key] > 1))
    return out


def _decide(candidates: Sequence[Tally], steps: Sequence[_Step]) -> tuple[tuple[Tally, ...], str]:
    """The candidates best by ``steps`` in order, and what settled it in plain words."""
    pool = list(candidates)
    if len(pool) == 1:
        return tuple(pool), "the only player eligible"
    tied: list[str] = []
    for step in steps:
        values = [step.value(t) for t in pool]
        best = max(values) if step.higher_wins else min(values)
        top = [t for t, v in zip(pool, values) if v == best]
        if len(top) < len(pool):
            rest = [v for v in values if v != best]
            next_best = max(rest) if step.higher_wins else min(rest)
            prefix = f"tied on {_and(tied)}; " if tied else ""
            if len(top) == 1:
                return tuple(top), f"{prefix}{step.better} ({_show(best)} to {_show(next_best)})"
            pool = top
        tied.append(f"{step.noun} ({_show(best)})")
    pool.sort(key=_display_order)
    return tuple(pool), f"tied on {_and(tied)}: shared by {len(pool)} players"


def _show(value: int) -> str:
    return "none" if value == -10**9 else str(value)


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def award_prizes(tallies: Iterable[Tally]) -> list[Prize]:
    """High score, low score and most loners, in that order (product rulings, :data:`PRIZE_RULES`)."""
    tallies = _check(tallies)
    if not tallies:
        raise ValueError("no tallies: nobody played, so there are no prizes")
    high, high_by = _decide(tallies, STANDING_STEPS)
    prizes = [Prize("high", TITLES["high"], high, PRIZE_RULES["high"], high_by)]
    winners_of_high = {t.player for t in high}
    low_pool = [t for t in tallies if t.present_at_end and t.player not in winners_of_high]
    if low_pool:
        low, low_by = _decide(low_pool, LOW_STEPS)
    else:
        low, low_by = (), "nobody present at the end other than the high score winner, so no low score prize"
    prizes.append(Prize("low", TITLES["low"], low, PRIZE_RULES["low"], low_by))
    made = [t for t in tallies if t.loners > 0]
    if made:
        loners, loners_by = _decide(made, LONER_STEPS)
        if len(made) == 1:
            loners_by = f"the only player who made a lone hand ({made[0].loners})"
    else:
        loners, loners_by = (), "nobody made a lone hand, so nobody wins it"
    prizes.append(Prize("loners", TITLES["loners"], loners, PRIZE_RULES["loners"], loners_by))
    return prizes
