"""The prizes a director chooses for a night: which categories, in which order, and whether a player
may take more than one.

[002] Progressive Euchre, Basics: "After 10 games, players total their tally sheets, to determine high
score and low score for the tournament." The rest is product rulings, each written out in
:data:`CATEGORY_RULES` for the screen (the tie-breaks of high score, low score and most loners are those
of ``prizes``):

- Categories: high score, low score (the booby prize), most loners, high single game, and categories
  the director names ("Ladies", "Men"): the high score among the players tagged with that name at
  check-in.
- Prizes are given in the director's order. With "one award per player", a player who already took a
  prize (alone or shared) is passed over for the later ones and the next best takes it; the prize
  says who was passed over. Without it, one player may take several.
- As in ``prizes``, the high score winner never also takes low score (when high score is awarded
  before it).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.tournament.prizes import (LONER_STEPS, LOW_STEPS, PRIZE_RULES, STANDING_STEPS, TOTAL_HIGHER, Prize,
                                       Tally, _and, _check, _decide, _Step)

BUILT_IN = ("high", "low", "loners", "high_game")
TITLES = {"high": "High score", "low": "Low score (booby prize)", "loners": "Most loners",
          "high_game": "High single game"}
NAME_MAX = 40
BEST_GAME_HIGH = _Step("the highest single game", "best game",
                       lambda t: t.best_game if t.best_game is not None else -10**9, True)
HIGH_GAME_STEPS = (BEST_GAME_HIGH, TOTAL_HIGHER)
ONE_AWARD_RULE = ("One award per player: prizes are given in the order listed, and a player who already "
                  "took a prize is passed over for the later ones; the next best player takes it.")
CATEGORY_RULES = {
    "high": PRIZE_RULES["high"],
    "low": PRIZE_RULES["low"],
    "loners": PRIZE_RULES["loners"],
    "high_game": ("High single game goes to the player with the highest score in one game, then the higher "
                  "total. Players equal on both share it."),
}


def named_rule(title: str) -> str:
    return (f"{title} goes to the highest total among the players marked “{title}” at check-in, with the "
            f"tie-breaks of high score. Players equal on all of them share it.")


@dataclass(frozen=True)
class Category:
    """One prize of the night: a built-in ``kind`` (:data:`BUILT_IN`) or ``"named"`` with ``title``
    the name players are tagged with ("Ladies")."""

    kind: str
    title: str = ""

    def __post_init__(self) -> None:
        if self.kind not in BUILT_IN + ("named",):
            raise ValueError(f"unknown prize {self.kind!r}")
        if self.kind == "named" and not clean_title(self.title):
            raise ValueError("a prize the director names needs a name")

    @property
    def key(self) -> str:
        return self.kind if self.kind != "named" else f"named:{clean_title(self.title).casefold()}"

    @property
    def heading(self) -> str:
        return TITLES[self.kind] if self.kind != "named" else clean_title(self.title)


def clean_title(text: str) -> str:
    """A category's name as shown: spaces collapsed, at most :data:`NAME_MAX` characters."""
    return " ".join(str(text).split())[:NAME_MAX]


def check_categories(categories: Sequence[Category]) -> list[str]:
    """Problems with a list of categories, in plain words: the same prize twice."""
    seen: dict[str, str] = {}
    out = []
    for c in categories:
        if c.key in seen:
            out.append(f"{seen[c.key]} is listed twice.")
        seen.setdefault(c.key, c.heading)
    return out


def award(tallies: Iterable[Tally], categories: Sequence[Category], *, tags: Mapping | None = None,
          one_award_per_player: bool = False) -> list[Prize]:
    """The night's prizes, one per category in the director's order (product rulings: see the
    module). ``tags`` maps a player to the category names they were marked with at check-in."""
    tallies = _check(tallies)
    problems = check_categories(categories)
    if problems:
        raise ValueError(problems[0])
    tags = {p: {clean_title(t).casefold() for t in names} for p, names in (tags or {}).items()}
    awarded: dict = {}  # player -> heading of the first prize they took
    high_winners: set = set()
    out = []
    for category in categories:
        pool = _eligible(category, tallies, tags, high_winners)
        passed = [t for t in pool if t.player in awarded] if one_award_per_player else []
        pool = [t for t in pool if t not in passed]
        winners, decided_by = _winners(category, pool)
        if passed:
            names = _and([f"{t.name} ({awarded[t.player]})" for t in sorted(passed, key=lambda t: t.name.casefold())])
            decided_by = f"{decided_by}; passed over, already a winner: {names}"
        rule = CATEGORY_RULES.get(category.kind) or named_rule(category.heading)
        if one_award_per_player:
            rule = f"{rule} {ONE_AWARD_RULE}"
        out.append(Prize(category.key, category.heading, winners, rule, decided_by))
        for t in winners:
            awarded.setdefault(t.player, category.heading)
        if category.kind == "high":
            high_winners = {t.player for t in winners}
    return out


def _eligible(category: Category, tallies: list[Tally], tags: Mapping, high_winners: set) -> list[Tally]:
    if category.kind == "low":
        return [t for t in tallies if t.present_at_end and t.player not in high_winners]
    if category.kind == "loners":
        return [t for t in tallies if t.loners > 0]
    if category.kind == "high_game":
        return [t for t in tallies if t.best_game is not None]
    if category.kind == "named":
        wanted = clean_title(category.title).casefold()
        return [t for t in tallies if wanted in tags.get(t.player, ())]
    return list(tallies)


def _winners(category: Category, pool: list[Tally]) -> tuple[tuple[Tally, ...], str]:
    if not pool:
        return (), {"loners": "nobody made a lone hand, so nobody wins it",
                    "named": f"nobody marked “{category.heading}” is eligible, so nobody wins it",
                    }.get(category.kind, "nobody is eligible, so nobody wins it")
    steps = {"low": LOW_STEPS, "loners": LONER_STEPS, "high_game": HIGH_GAME_STEPS}.get(category.kind, STANDING_STEPS)
    return _decide(pool, steps)
