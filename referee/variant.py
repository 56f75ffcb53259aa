"""A variant as data: players, deck, tricks, bid ladder, house rules, and its scoring and ending rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from referee.allpass import AllPass
from referee.bids import Ladder
from referee.cards import Deck
from referee.errors import RefereeError
from referee.options import Option

if TYPE_CHECKING:
    from referee.hand import HandEntry
    from referee.table import Outcome, Table, GameState, Ending

ALL_HAND_FIELDS = frozenset({
    "dealer", "void", "maker", "bid", "forced", "trump", "upcard", "alone", "defender_alone",
    "partner", "sat_out", "dropped", "renege", "tricks", "auction", "joker_in_widow",
})

Scorer = Callable[["HandEntry", "Table", dict, "GameState"], "Outcome"]
Ender = Callable[["Table", dict, "GameState", "Outcome"], "Ending | None"]


def below_target(rules: dict) -> int | None:
    """The highest total of a game still under way that a side reaching the target wins (None: no target)."""
    target = rules.get("target")
    return None if target is None else target - 1


@dataclass(frozen=True)
class Variant:
    """Everything the referee and the app need to know about one game of the family.

    ``score`` turns one hand into an Outcome; ``end`` says whether the game is over after it.
    ``doc`` holds the variant module's docstring: its sources and product rulings.
    ``totals_range`` bounds the totals of a game in progress where ``open_range``'s default does not fit;
    ``counts_marks``: the variant counts marks per side beside the points (``mark_name``: what players call
    one, "hickey"), carried over by a match document's ``start_marks``; ``dealer_may_match`` lists bids the dealer may call again to take them over; ``silent_accepts`` says,
    for the rules page, which doubtful hands the referee accepts because the documents are silent or the
    score sheet cannot tell.
    """

    key: str
    name: str
    group: str
    summary: str
    players: tuple[int, ...]
    partnership: bool
    deck: Callable[[dict, int], Deck]
    tricks: dict[int, int]
    trumps: tuple[str, ...]
    hand_fields: frozenset[str]
    tricks_by: str
    options: tuple[Option, ...]
    score: Scorer
    end: Ender
    all_pass: Callable[[dict], AllPass]
    ladder: Callable[[int, dict], Ladder] = lambda n, rules: ()
    countdown: bool = False
    counts_marks: bool = False
    mark_name: str = "mark"
    solo_counts: tuple[int, ...] = ()
    auction_rounds: int | None = None
    sources: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    doc: str = ""
    default_players: int = 0
    same_dealer_after: Callable[["HandEntry", dict], bool] = field(default=lambda hand, rules: False)
    totals_range: Callable[[dict], tuple[int | None, int | None]] | None = None
    dealer_may_match: frozenset = frozenset()
    silent_accepts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        assert self.hand_fields <= ALL_HAND_FIELDS, self.hand_fields - ALL_HAND_FIELDS
        assert self.tricks_by in ("maker", "team", "seat")
        if not self.default_players:
            object.__setattr__(self, "default_players", self.players[0] if len(self.players) == 1 else
                               (4 if 4 in self.players else self.players[0]))

    # -- what the app and the CLI ask -------------------------------------------------------
    def is_partnership(self, n_players: int) -> bool:
        """Partnership play at this head-count (Pepper is each for self with two or three)."""
        return self.partnership and n_players not in self.solo_counts

    def require_players(self, n_players: Any) -> int:
        """``n_players`` when this variant is played by that many, else a RefereeError that says who plays it."""
        if type(n_players) is not int or n_players not in self.players:
            allowed = " or ".join(str(n) for n in sorted(self.players))
            raise RefereeError(f"{self.name} is played by {allowed} players, not {n_players!r}.", field="players")
        return n_players

    def tricks_entry(self, n_players: int) -> str:
        """How the app should ask for tricks at this head-count: ``maker``, ``team`` or ``seat``."""
        return "seat" if n_players in self.solo_counts else self.tricks_by

    def tricks_for(self, n_players: int) -> int:
        return self.tricks[n_players]

    def bids_for(self, n_players: int, rules: dict | None = None) -> tuple[int | str, ...]:
        """The bid ladder's values, lowest first (empty when trump is ordered up rather than bid)."""
        return tuple(b.value for b in self.ladder(n_players, self.resolve_rules(rules or {})))

    def deck_for(self, rules: dict | None = None, n_players: int | None = None) -> Deck:
        return self.deck(self.resolve_rules(rules or {}), n_players or self.default_players)

    def all_passed(self, rules: dict | None = None) -> str:
        """What the rules force when everybody passes, in one sentence."""
        return self.all_pass_rule(rules).message

    def all_pass_rule(self, rules: dict | None = None) -> AllPass:
        """The all-pass rule as data: kind (``void``, ``dealer``, ``holder``, ``no-maker``, ``never``),
        the forced bid and the sentence."""
        return self.all_pass(self.resolve_rules(rules or {}))

    def open_range(self, rules: dict) -> tuple[int | None, int | None]:
        """The lowest and highest total a side can stand at while the game is still being played (None: no
        bound), for ``rules`` already resolved. By default: below the target, since a side that reaches it
        has won (match-format.md: a hand after the game ended is an error), or, counting down, above zero;
        a variant whose scores are bounded otherwise says so in ``totals_range``."""
        if self.totals_range is not None:
            return self.totals_range(rules)
        if self.countdown:
            return 1, None
        return None, below_target(rules)

    @property
    def default_rules(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def resolve_rules(self, overrides: dict) -> dict[str, Any]:
        """Every rule resolved: the defaults, overridden by the house rules given."""
        if not isinstance(overrides, dict):
            raise RefereeError("'rules' must be an object of house rules.", field="rules")
        known = {o.key: o for o in self.options}
        rules = self.default_rules
        for key, value in overrides.items():
            if key not in known:
                names = ", ".join(known) or "none"
                raise RefereeError(f"{self.name} has no house rule called '{key}' (its house rules: {names}).",
                                   field="rules")
            rules[key] = known[key].check(value)
        return rules

    def to_json(self) -> dict:
        """The entry printed by ``python -m referee variants``."""
        return {
            "key": self.key, "name": self.name, "group": self.group, "summary": self.summary,
            "players": list(self.players), "partnership": self.partnership,
            "each_for_self_with": list(self.solo_counts),
            "deck": {str(n): self.deck(self.default_rules, n).name for n in self.players},
            "tricks": {str(n): t for n, t in self.tricks.items()},
            "bids": {str(n): list(self.bids_for(n)) for n in self.players},
            "trumps": list(self.trumps), "countdown": self.countdown,
            "hand_fields": sorted(self.hand_fields), "tricks_by": self.tricks_by,
            "all_pass": self.all_pass(self.default_rules).to_json(),
            "default_rules": self.default_rules, "options": [o.to_json() for o in self.options],
            "sources": list(self.sources),
        }
