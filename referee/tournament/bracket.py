"""A playoff after a team event: single or double elimination for the top 4 or 8 teams, each match one
game or the best of three.

Product rulings (the rule documents describe a game, not a playoff):

- Seeds come from the event's standings; the first round meets 1 v 8, 4 v 5, 2 v 7, 3 v 6 (1 v 4, 2 v 3
  for four), so the two best seeds can meet only in the final.
- Double elimination: a team is out after its second lost match. The losers' bracket takes each team
  beaten in the winners' bracket, crossed so that two teams do not meet again there at once. The final
  sets the winners' bracket champion against the losers' bracket champion; when the latter wins, the
  two have each lost once, and one more match (the reset) decides it. A host may leave the reset out to
  finish sooner: the final then decides alone.
- A best-of-three match is won by the first team to win two games.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

T = Hashable


class Elimination(Enum):
    """How many lost matches put a team out."""

    SINGLE = "single"
    """One lost match and the team is out."""

    DOUBLE = "double"
    """Two lost matches: a winners' bracket, a losers' bracket and a final between their champions."""


class Stage(Enum):
    WINNERS = "winners' bracket"
    LOSERS = "losers' bracket"
    FINAL = "final"
    RESET = "deciding final"


@dataclass(frozen=True)
class Source:
    """Where a side of a match comes from: a seed, or the winner or loser of an earlier match."""

    kind: str   # "seed", "winner" or "loser"
    number: int

    def words(self) -> str:
        return f"seed {self.number}" if self.kind == "seed" else f"{self.kind} of match {self.number}"


@dataclass(frozen=True)
class BracketMatch:
    number: int
    stage: Stage
    round: int          # within its stage, from 1
    a: Source
    b: Source
    # The reset is played only when the losers' bracket champion (side b) wins the final.
    only_if_b_wins: int | None = None


@dataclass(frozen=True)
class Bracket:
    size: int
    elimination: Elimination
    best_of: int
    matches: tuple[BracketMatch, ...]


def seed(n: int) -> Source:
    return Source("seed", n)


def winner(n: int) -> Source:
    return Source("winner", n)


def loser(n: int) -> Source:
    return Source("loser", n)


def build(size: int, elimination: Elimination, best_of: int = 1, reset: bool = True) -> Bracket:
    """The bracket for the top ``size`` (4 or 8) teams."""
    if size not in (4, 8):
        raise ValueError("A playoff is for the top 4 or the top 8 teams.")
    if best_of not in (1, 3):
        raise ValueError("Each playoff match is one game or the best of three.")
    first = [(1, 4), (2, 3)] if size == 4 else [(1, 8), (4, 5), (2, 7), (3, 6)]
    matches: list[BracketMatch] = []

    def add(stage: Stage, round_: int, a: Source, b: Source, only_if_b_wins: int | None = None) -> int:
        matches.append(BracketMatch(len(matches) + 1, stage, round_, a, b, only_if_b_wins))
        return len(matches)

    # The winners' bracket (all of a single elimination).
    current = [add(Stage.WINNERS, 1, seed(a), seed(b)) for a, b in first]
    rounds: list[list[int]] = [current]
    while len(current) > 1:
        current = [add(Stage.WINNERS, len(rounds) + 1, winner(current[i]), winner(current[i + 1]))
                   for i in range(0, len(current), 2)]
        rounds.append(current)
    if elimination is Elimination.SINGLE:
        return Bracket(size, elimination, best_of, tuple(matches))

    # The losers' bracket: first the first round's losers meet, then each round takes in the losers
    # of the next winners' round (crossed: the second half's losers meet the first half's survivors).
    survivors = [add(Stage.LOSERS, 1, loser(rounds[0][i]), loser(rounds[0][i + 1]))
                 for i in range(0, len(rounds[0]), 2)]
    stage_round = 1
    for winners_round in rounds[1:]:
        stage_round += 1
        dropping = list(reversed(winners_round))
        survivors = [add(Stage.LOSERS, stage_round, winner(s), loser(d)) for s, d in zip(survivors, dropping)]
        if len(survivors) > 1:
            stage_round += 1
            survivors = [add(Stage.LOSERS, stage_round, winner(survivors[i]), winner(survivors[i + 1]))
                         for i in range(0, len(survivors), 2)]
    final = add(Stage.FINAL, 1, winner(rounds[-1][0]), winner(survivors[0]))
    if reset:
        add(Stage.RESET, 1, winner(final), loser(final), only_if_b_wins=final)
    return Bracket(size, elimination, best_of, tuple(matches))


def series_winner(game_winners: Sequence[T], a: T, b: T, best_of: int) -> T | None:
    """The team that has won the match (``best_of`` 1 or 3) from its games so far, or None."""
    needed = best_of // 2 + 1
    for team in (a, b):
        if sum(1 for w in game_winners if w == team) >= needed:
            return team
    return None


@dataclass(frozen=True)
class MatchState:
    match: BracketMatch
    a: T | None
    b: T | None
    winner: T | None
    needed: bool        # False for a reset that the final made unnecessary

    @property
    def ready(self) -> bool:
        return self.needed and self.winner is None and self.a is not None and self.b is not None


def resolve(bracket: Bracket, seeds: Sequence[T], games: Mapping[int, Sequence[T]]) -> list[MatchState]:
    """Who plays each match and who has won it, from the ``seeds`` (best first) and each match's
    game winners so far (``games[match number]``)."""
    if len(seeds) != bracket.size or len(set(seeds)) != len(seeds):
        raise ValueError(f"A playoff of {bracket.size} needs {bracket.size} different teams.")
    states: dict[int, MatchState] = {}

    def side(source: Source) -> T | None:
        if source.kind == "seed":
            return seeds[source.number - 1]
        earlier = states[source.number]
        if earlier.winner is None:
            return None
        if source.kind == "winner":
            return earlier.winner
        return earlier.b if earlier.winner == earlier.a else earlier.a

    for match in bracket.matches:
        a, b = side(match.a), side(match.b)
        needed = True
        if match.only_if_b_wins is not None:
            final = states[match.only_if_b_wins]
            needed = final.winner is None or final.winner == final.b
        won = series_winner(games.get(match.number, ()), a, b, bracket.best_of) if a is not None and b is not None \
            else None
        states[match.number] = MatchState(match, a, b, won, needed)
    return list(states.values())


def champion(states: Sequence[MatchState]) -> T | None:
    """The playoff's winner once it is decided, else None."""
    last = [s for s in states if s.needed][-1]
    return last.winner


def matches_to_play(size: int, elimination: Elimination, reset: bool = True) -> int:
    """The most matches a playoff can take (for the time estimate, with the reset when it is kept)."""
    return len(build(size, elimination, reset=reset).matches)


def rounds_to_play(size: int, elimination: Elimination, reset: bool = True) -> int:
    """The rounds of matches played one after another, at the most. Matches of a round run at once; a
    losers' bracket round waits for the winners' round whose losers it takes in, so it runs one round
    behind; then the final, and the reset when it is kept."""
    bracket = build(size, elimination, reset=reset)
    winners = max(m.round for m in bracket.matches if m.stage is Stage.WINNERS)
    if elimination is Elimination.SINGLE:
        return winners
    losers = max(m.round for m in bracket.matches if m.stage is Stage.LOSERS)
    return losers + 1 + 1 + (1 if reset else 0)
