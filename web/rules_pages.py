"""What the rules pages and the dispute tools show, built from the referee's own data.

Nothing here decides a rule. The scoring table is made by asking ``score_match`` to score tiny
one-hand matches; the card orders come from ``card_ranking``; the words about game ends, all-pass
hands and rulings are the referee's docstrings and sentences. This module only picks the examples
and shapes the answers for the templates (card labels, colours, accessible names).
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import referee
from referee import RefereeError, RuleSection, cards, get_variant, rule_section
from referee.cards import ALL_RANKS, JOKER, SUIT_SYMBOLS, SUITS, TRUMP_LABELS, TRUMP_NAMES

from forms.common import normalise_card, option_of, rules_for_deck, variant_groups  # noqa: F401  (shown here too)

# -- cards, for people and screen readers -----------------------------------------------------


def is_card_code(code: str) -> bool:
    return code == JOKER or (len(code) == 2 and code[0] in ALL_RANKS and code[1] in SUITS)


def trump_words(trump: str | None) -> str:
    return TRUMP_NAMES.get(trump or "", "")


def card_label(code: str) -> str:
    """"JD" -> "J♦" (anything that is not a card is shown as typed)."""
    if code == JOKER:
        return "Joker"
    if not is_card_code(code):
        return code
    return cards.card_label(code)


def card_name(code: str) -> str:
    """"JD" -> "jack of diamonds", for accessible labels."""
    if code == JOKER:
        return "joker"
    if not is_card_code(code):
        return code
    return cards.card_name(code)


@dataclass(frozen=True)
class CardView:
    code: str
    label: str
    rank: str
    symbol: str
    red: bool
    name: str
    role: str = ""

    @property
    def aria(self) -> str:
        return f"{self.name}, {self.role}" if self.role else self.name


def card_view(code: str, roles: dict[str, str] | None = None) -> CardView:
    roles = roles or {}
    if code == JOKER:
        return CardView(code, "Joker", "Jkr", "★", False, "joker", roles.get(code, ""))
    rank = "10" if code[0] == "T" else code[0]
    suit = code[1] if is_card_code(code) else ""
    return CardView(code, card_label(code), rank, SUIT_SYMBOLS.get(suit, ""), suit in ("H", "D"), card_name(code),
                    roles.get(code, ""))


def deck_rows(deck: Any) -> list[tuple[str, list[str]]]:
    """The deck's distinct cards in rows per suit, high to low, then the joker: the tap grid."""
    ranks = sorted(set(deck.ranks), key=ALL_RANKS.index, reverse=True)
    rows = [(suit, [rank + suit for rank in ranks]) for suit in SUITS]
    if deck.joker:
        rows.append(("JK", [JOKER]))
    return rows


# -- variant facts ----------------------------------------------------------------------------
def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def deck_choices(variant: Any) -> list[tuple[str, str]]:
    """The variant's ``deck`` house rule, as (value, deck name) pairs; empty when the deck is fixed."""
    option = option_of(variant, "deck")
    if option is None or option.choices is None:
        return []
    return [(str(c), variant.deck_for({"deck": c}).name) for c in option.choices]


def docstring(obj: Any) -> str:
    return inspect.getdoc(obj) or ""


def paragraphs(text: str) -> list[str]:
    """A docstring as plain paragraphs: its hard line wraps undone, its blank lines kept."""
    return [" ".join(line.strip() for line in block.splitlines()) for block in text.split("\n\n") if block.strip()]


HAND_FIELD_WORDS = {
    "maker": "who made trump (the maker or declarer)",
    "bid": "the winning bid",
    "trump": "the trump suit",
    "upcard": "the suit of the turned card",
    "alone": "whether the maker went alone",
    "defender_alone": "whether a defender went alone",
    "partner": "the called partner",
    "sat_out": "whether the defenders sat out (folded)",
    "dropped": "who dropped out",
    "renege": "who reneged, if anyone",
    "forced": "whether the bid was forced",
    "void": "whether the hand was thrown in",
    "joker_in_widow": "whether the joker was in the widow (when all passed)",
    "auction": "the calls of the auction (optional)",
}
TRICKS_WORDS = {"maker": "the makers' tricks", "team": "the tricks of each team", "seat": "each player's tricks"}
FIELD_ORDER = ("void", "joker_in_widow", "upcard", "maker", "bid", "forced", "trump", "alone", "defender_alone", "partner", "sat_out",
               "dropped", "renege", "auction")


def score_sheet_fields(variant: Any, n: int) -> list[str]:
    words = [HAND_FIELD_WORDS[f] for f in FIELD_ORDER if f in variant.hand_fields]
    if "tricks" in variant.hand_fields:
        words.append(TRICKS_WORDS[variant.tricks_entry(n)])
    return words


def seat_words(variant: Any, n: int) -> str:
    if not variant.is_partnership(n):
        return f"{n} players, each for themselves"
    teams = [", ".join(str(s + 1) for s in range(t, n, 2)) for t in range(2)]
    size = "two" if n == 4 else "three"
    where = "partners sit across" if n == 4 else "partners sit alternately"
    return f"{n} players in two teams of {size}: seats {teams[0]} against seats {teams[1]} ({where})"


# -- scoring examples: tiny matches scored by the referee -----------------------------------------
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


@dataclass(frozen=True)
class Example:
    """A little match whose last hand illustrates a score. ``hands`` are match-document hands."""

    label: str
    hands: tuple[dict, ...]
    rules: dict = field(default_factory=dict)
    players: int | None = None
    start_totals: tuple[int, ...] | None = None


def ex(label: str, *hands: dict, rules: dict | None = None, players: int | None = None,
       start: tuple[int, ...] | None = None) -> Example:
    return Example(label, tuple(hands), rules or {}, players, start)


def h(**keys: Any) -> dict:
    return keys


# Seat 0 (Ann) deals the first hand; Bob (seat 1) usually makes trump. A forced maker is the dealer.
EXAMPLES: dict[str, list[Example]] = {
    "euchre": [
        ex("Makers take 3 tricks", h(maker=1, trump="H", tricks=3)),
        ex("Makers take all 5", h(maker=1, trump="H", tricks=5)),
        ex("Makers take 2 tricks", h(maker=1, trump="H", tricks=2)),
        ex("Maker alone takes 4", h(maker=1, trump="H", alone=True, tricks=4)),
        ex("Maker alone takes all 5", h(maker=1, trump="H", alone=True, tricks=5)),
        ex("Maker alone takes 2", h(maker=1, trump="H", alone=True, tricks=2)),
        ex("A lone defender holds the makers to 2 (house rule lone_defender)",
           h(maker=1, trump="H", defender_alone=True, tricks=2), rules={"lone_defender": True}),
        ex("Makers take 4, but Bob reneged", h(maker=1, trump="H", tricks=4, renege=1)),
        ex("Bob alone takes 4, and Di, his partner, is said to have reneged",
           h(maker=1, trump="H", alone=True, tricks=4, renege=3)),
        ex("Everybody passes", h(void=True)),
        ex("Everybody passes with stick-the-dealer: Ann (dealer) takes 3", h(maker=0, forced=True, trump="S", tricks=3),
           rules={"stick_the_dealer": True}),
        ex("A forced dealer without stick-the-dealer", h(maker=0, forced=True, trump="S", tricks=3)),
    ],
    "euchre-3hand": [
        ex("Maker takes 3 tricks", h(maker=1, trump="H", tricks=3)),
        ex("Maker takes all 5", h(maker=1, trump="H", tricks=5)),
        ex("Maker takes 2 tricks", h(maker=1, trump="H", tricks=2)),
        ex("Maker takes 4, but Cy reneged", h(maker=1, trump="H", tricks=4, renege=2)),
        ex("Everybody passes", h(void=True)),
    ],
    "euchre-6hand": [
        ex("Makers take 3 tricks", h(maker=1, trump="H", tricks=3)),
        ex("Makers take all 5", h(maker=1, trump="H", tricks=5)),
        ex("Makers take 2 tricks", h(maker=1, trump="H", tricks=2)),
        ex("Maker alone takes all 5", h(maker=1, trump="H", alone=True, tricks=5)),
        ex("Maker alone takes 2", h(maker=1, trump="H", alone=True, tricks=2)),
        ex("Makers take 4, but Cy reneged", h(maker=1, trump="H", tricks=4, renege=2)),
    ],
    "call-ace-euchre": [
        ex("Maker and partner take 3", h(maker=1, partner=3, trump="H", tricks=3)),
        ex("Maker and partner take all 5", h(maker=1, partner=3, trump="H", tricks=5)),
        ex("Maker and partner take all 5, five players", h(maker=1, partner=3, trump="H", tricks=5), players=5),
        ex("Maker and partner take 2", h(maker=1, partner=3, trump="H", tricks=2)),
        ex("Maker held the called card (no partner) and takes 3", h(maker=1, partner=None, trump="H", tricks=3)),
        ex("Maker alone takes all 5", h(maker=1, partner=None, alone=True, trump="H", tricks=5)),
        ex("Maker with no partner takes 2", h(maker=1, partner=None, trump="H", tricks=2)),
    ],
    "bacon": [
        ex("Declarers take 3 tricks", h(maker=1, trump="H", tricks=3)),
        ex("Declarers take all 5", h(maker=1, trump="H", tricks=5)),
        ex("Declarers take 2: the defenders take 3", h(maker=1, trump="H", tricks=2)),
        ex("Declarers take none: the defenders take all 5", h(maker=1, trump="H", tricks=0)),
        ex("A loner takes all 5", h(maker=1, trump="H", alone=True, tricks=5)),
        ex("All four upcards passed", h(void=True)),
    ],
    "hasenpfeffer": [
        ex("Bid 3, take 4", h(maker=1, bid=3, trump="H", tricks=4)),
        ex("Bid 4, take 3", h(maker=1, bid=4, trump="H", tricks=3)),
        ex("Bid 4, take 3 (house rule set_penalty: undertricks)", h(maker=1, bid=4, trump="H", tricks=3),
           rules={"set_penalty": "undertricks"}),
        ex("Bid 6, take all 6", h(maker=1, bid=6, trump="H", tricks=6)),
        ex("All pass: Cy holds the joker, bids 3 and takes 3", h(maker=2, forced=True, bid=3, trump="C", tricks=3)),
        ex("All pass and the joker is in the widow", h(void=True)),
    ],
    "pepper": [
        ex("Bid 3, take 4", h(maker=1, bid=3, trump="H", tricks=4)),
        ex("Bid 4, take 3", h(maker=1, bid=4, trump="H", tricks=3)),
        ex("Bid 4, take 3 (house rule set_penalty: bid)", h(maker=1, bid=4, trump="H", tricks=3),
           rules={"set_penalty": "bid"}),
        ex("Little pepper, all 6 taken", h(maker=1, bid="little-pepper", trump="H", tricks=6)),
        ex("Big pepper, all 6 taken", h(maker=1, bid="big-pepper", trump="H", tricks=6)),
        ex("Big pepper, 5 taken", h(maker=1, bid="big-pepper", trump="H", tricks=5)),
        ex("Three players: Bob bids 4 and takes 5 of 8", h(maker=1, bid=4, trump="H", tricks=[2, 5, 1]), players=3),
        ex("Everybody passes", h(void=True)),
        ex("Everybody passes (house rule dealer_forced): Ann plays 1 and takes 2",
           h(maker=0, forced=True, trump="S", tricks=2), rules={"dealer_forced": True}),
    ],
    "midwest-pepper": [
        ex("Bid 4, take 5", h(maker=1, bid=4, trump="H", tricks=5)),
        ex("Bid 4, take all 6", h(maker=1, bid=4, trump="H", tricks=6)),
        ex("Bid 5, take 4", h(maker=1, bid=5, trump="H", tricks=4)),
        ex("Bid 5NT, take 5", h(maker=1, bid="5NT", trump="NT", tricks=5)),
        ex("Pepper, all 6 taken", h(maker=1, bid="pepper", trump="H", tricks=6)),
        ex("Pepper, 5 taken", h(maker=1, bid="pepper", trump="H", tricks=5)),
        ex("Everybody passes: Ann (dealer) is stuck at 4 and takes 4", h(maker=0, forced=True, trump="S", tricks=4)),
    ],
    "grinnell-pepper": [
        ex("Bid 4, take 4", h(maker=1, bid=4, trump="H", tricks=4)),
        ex("Bid 5, take all 6", h(maker=1, bid=5, trump="H", tricks=6)),
        ex("Bid 5, take 4", h(maker=1, bid=5, trump="H", tricks=4)),
        ex("Little pepper, all 6 taken", h(maker=1, bid="little-pepper", trump="H", tricks=6)),
        ex("Little pepper, 5 taken", h(maker=1, bid="little-pepper", trump="H", tricks=5)),
        ex("Big pepper, all 6 taken", h(maker=1, bid="big-pepper", trump="H", tricks=6)),
        ex("Bid 5 and the defenders fold", h(maker=1, bid=5, trump="H", sat_out=True)),
        ex("Everybody passes: Ann (dealer) is forced to 4 and takes 3", h(maker=0, forced=True, trump="S", tricks=3)),
    ],
    "bid-euchre": [
        ex("Bid 3, take 4", h(maker=1, bid=3, trump="H", tricks=4)),
        ex("Bid 3, take all 6", h(maker=1, bid=3, trump="H", tricks=6)),
        ex("Bid 4, take 3", h(maker=1, bid=4, trump="H", tricks=3)),
        ex("Little pepper, all 6 taken", h(maker=1, bid="little-pepper", trump="H", tricks=6)),
        ex("Little pepper, 5 taken", h(maker=1, bid="little-pepper", trump="H", tricks=5)),
        ex("Big pepper, all 6 taken", h(maker=1, bid="big-pepper", trump="H", tricks=6)),
        ex("Everybody passes", h(void=True)),
    ],
    "progressive-euchre": [
        ex("Makers take 3 tricks", h(maker=1, trump="H", tricks=3)),
        ex("Makers take all 5", h(maker=1, trump="H", tricks=5)),
        ex("Maker alone takes all 5", h(maker=1, trump="H", alone=True, tricks=5)),
        ex("Makers take 2 tricks", h(maker=1, trump="H", tricks=2)),
        ex("Makers take none", h(maker=1, trump="H", tricks=0)),
        ex("Maker alone takes 2", h(maker=1, trump="H", alone=True, tricks=2)),
    ],
    "progressive-bid-euchre": [
        ex("Bid 3, take 4", h(maker=1, bid=3, trump="H", tricks=4)),
        ex("Bid 4, take 3", h(maker=1, bid=4, trump="H", tricks=3)),
        ex("Little pepper (pepper), all 6 taken", h(maker=1, bid="little-pepper", trump="H", tricks=6)),
        ex("Big pepper (loner), all 6 taken", h(maker=1, bid="big-pepper", trump="H", tricks=6)),
        ex("Big pepper (loner), 5 taken", h(maker=1, bid="big-pepper", trump="H", tricks=5)),
    ],
    "double-deck-bid-euchre": [
        ex("Bid 6, take 8", h(maker=1, bid=6, trump="H", tricks=8)),
        ex("Bid 6, take 8 (house rule made_scores: tricks)", h(maker=1, bid=6, trump="H", tricks=8),
           rules={"made_scores": "tricks"}),
        ex("Bid 7, take 6", h(maker=1, bid=7, trump="H", tricks=6)),
        ex("Bid 6NT, take 7", h(maker=1, bid="6NT", trump="NT", tricks=7)),
    ],
    "double-hasenpfeffer": [
        ex("Bid 5, take 7", h(maker=1, bid=5, trump="H", tricks=7)),
        ex("Bid 6, take 5", h(maker=1, bid=6, trump="H", tricks=5)),
        ex("Bid 5 alone, take 6", h(maker=1, bid=5, alone=True, trump="H", tricks=6)),
        ex("Everybody passes: Ann (dealer) plays 3 and takes 2", h(maker=0, forced=True, trump="S", tricks=2)),
        ex("Six players: bid 4, take 5 of 8", h(maker=1, bid=4, trump="H", tricks=5), players=6),
    ],
    "call-partner-euchre": [
        ex("Bid 5, maker and partner take 6", h(maker=1, partner=3, bid=5, trump="H", tricks=6)),
        ex("Bid 5, maker and partner take 4", h(maker=1, partner=3, bid=5, trump="H", tricks=4)),
        ex("Bid 4, nobody played the called card, the maker takes 5", h(maker=1, partner=None, bid=4, trump="H", tricks=5)),
        ex("Nobody bids: Ann (dealer) takes 6 and makes it with Cy", h(maker=0, partner=2, forced=True, trump="S", tricks=6)),
    ],
    "buck-euchre": [
        ex("Bob makes trump and takes 3; Di takes none", h(maker=1, trump="H", tricks=[1, 3, 1, 0])),
        ex("Bob makes trump and takes 2", h(maker=1, trump="H", tricks=[1, 2, 1, 1])),
        ex("Ann and Di drop out; Bob takes 3", h(maker=1, trump="H", dropped=[0, 3], tricks=[0, 3, 2, 0])),
        ex("Everybody passes: no trump, no maker", h(trump="NT", tricks=[2, 1, 1, 1])),
        ex("Bob takes all 5", h(maker=1, trump="H", tricks=[0, 5, 0, 0])),
        ex("Club upcard and Cy tries to drop", h(upcard="C", trump="C", dropped=[2], tricks=[2, 3, 0, 0])),
        ex("Club upcard, and Bob is entered as the maker", h(upcard="C", maker=1, trump="C", tricks=[1, 2, 1, 1])),
    ],
    "dirty-clubs": [
        ex("Bob bids 3 and takes 3", h(maker=1, bid=3, trump="H", tricks=[1, 3, 1, 0])),
        ex("Bob bids 3 and takes 2", h(maker=1, bid=3, trump="H", tricks=[1, 2, 1, 1])),
        ex("Club upcard: clubs are trump, no bidding", h(upcard="C", tricks=[2, 1, 1, 1])),
        ex("House rule bump: Ann stays in and takes none, Di drops",
           h(maker=1, bid=3, trump="H", dropped=[3], tricks=[0, 3, 2, 0]), rules={"bump": True}),
        ex("Everybody passes", h(void=True)),
    ],
    "eau-claire-clubs": [
        ex("Bob & Di bid 3 and take 4", h(maker=1, bid=3, trump="H", tricks=[1, 4])),
        ex("Bob & Di bid 4 and take 3", h(maker=1, bid=4, trump="H", tricks=[2, 3])),
        ex("Bob & Di bid 3 and take all 5", h(maker=1, bid=3, trump="H", tricks=[0, 5])),
        ex("Bob & Di bid 3NT and take 3", h(maker=1, bid="3NT", trump="NT", tricks=[2, 3])),
        ex("Bob & Di bid 3 and the defenders sit out", h(maker=1, bid=3, trump="H", sat_out=True)),
        ex("Club upcard: both sides play clubs", h(upcard="C", tricks=[2, 3])),
        ex("Club upcard and one side takes all 5", h(upcard="C", tricks=[5, 0])),
        ex("Sitting out on a club upcard", h(upcard="C", sat_out=True)),
        ex("Sitting out a third hand in a row", h(maker=1, bid=3, trump="H", sat_out=True),
           h(maker=1, bid=3, trump="H", sat_out=True), h(maker=1, bid=3, trump="H", sat_out=True)),
        ex("Sitting out at a score of 3", h(maker=1, bid=3, trump="H", sat_out=True), start=(3, 15)),
        ex("Everybody passes on a non-club upcard", h(void=True)),
    ],
}


@dataclass
class ExampleRow:
    label: str
    line: str = ""
    notes: list[str] = field(default_factory=list)
    refused: str = ""
    house_rules: dict = field(default_factory=dict)
    players: int | None = None
    game_over: str = ""


def example_document(variant: Any, example: Example) -> dict:
    n = example.players or variant.default_players
    doc: dict[str, Any] = {"format": "euchre-match/1", "variant": variant.key, "rules": dict(example.rules),
                           "players": list(NAMES[:n]), "first_dealer": 0, "hands": list(example.hands)}
    if example.start_totals is not None:
        doc["start_totals"] = list(example.start_totals)
    return doc


def score_example(variant: Any, example: Example) -> ExampleRow:
    """Score the example with the referee; a refusal is shown in the referee's own words."""
    row = ExampleRow(example.label, house_rules=dict(example.rules), players=example.players)
    try:
        result = referee.score_match(example_document(variant, example))
    except RefereeError as error:
        row.refused = error.message
        return row
    last = result.hands[-1]
    row.line = last.describe(result.sides)
    row.notes = list(last.notes)
    if result.finished:
        row.game_over = result.result
    return row


@lru_cache(maxsize=None)
def scoring_rows(key: str) -> tuple[ExampleRow, ...]:
    variant = get_variant(key)
    return tuple(score_example(variant, example) for example in EXAMPLES.get(key, []))


def seat_caption(variant: Any) -> str:
    n = variant.default_players
    names = ", ".join(NAMES[:n])
    if variant.is_partnership(n):
        teams = " against ".join(" & ".join(NAMES[t:n:2]) for t in range(2))
        return f"{names} sit clockwise ({teams}); Ann deals and Bob makes trump unless the example says otherwise."
    return f"{names} sit clockwise, each for themselves; Ann deals and Bob makes trump unless the example says otherwise."


# -- the facts of one variant, for its rules page ---------------------------------------------
def forced_rules(variant: Any) -> list[tuple[str, str]]:
    """The all-pass rule at the defaults, then every house-rule value that changes it."""
    default = variant.all_pass_rule({})
    out = [("", default.message)]
    seen = {default.message}
    for option in variant.options:
        for choice in option.choices or ():
            if choice == option.default:
                continue
            rule = variant.all_pass_rule({option.key: choice})
            if rule.message not in seen:
                seen.add(rule.message)
                out.append((f"{option.key}: {show_value(choice)}", rule.message))
    return out


def deal_rule(variant: Any) -> str:
    """Who deals next, asked of the referee: after a played hand, and after a thrown-in one."""
    def next_dealer(hands: list[dict]) -> int | None:
        doc = {"format": "euchre-match/1", "variant": variant.key, "players": list(NAMES[:variant.default_players]),
               "first_dealer": 0, "hands": hands}
        try:
            return referee.score_match(doc).next_dealer
        except RefereeError:
            return None

    after_void = next_dealer([{"void": True}])
    words = "The deal passes one seat to the left after every hand"
    if after_void == 0:
        words += "; after a thrown-in hand the same dealer deals again"
    return words + ". A hand dealt by someone else is flagged, and the deal goes on from whoever dealt it."


def game_length(variant: Any) -> str:
    rules = variant.default_rules
    if variant.countdown:
        return f"Each side starts at {rules.get('start')} and counts down; zero or less wins (house rule start)."
    target, hands = rules.get("target"), rules.get("hands")
    if target is None and hands:
        return f"A game is {hands} hands (house rule hands); the target is off by default."
    if hands:
        return f"First to {target} points, or {hands} hands (house rules target and hands)."
    return f"First to {target} points (house rule target)."


def carried_on_words(variant: Any) -> str:
    """The start totals a game carried on from paper may have: the referee's ``open_range`` at the defaults."""
    low, high = variant.open_range(variant.resolve_rules({}))
    if low is not None and high is not None:
        span = f"between {low} and {high}"
    elif low is not None:
        span = f"at {low} or more"
    elif high is not None:
        span = f"at {high} or less"
    else:
        span = "at any score"
    return f"A game carried on from a paper score sheet starts each side {span} (with the default house rules)."


def option_rows(variant: Any) -> list[dict]:
    rows = []
    for option in variant.options:
        if option.choices is not None:
            allowed = ", ".join(show_value(c) for c in option.choices)
        else:
            allowed = f"{option.minimum} to {option.maximum}"
        if getattr(option, "nullable", False):
            allowed += ", or none"
        rows.append({"key": option.key, "default": show_value(option.default), "allowed": allowed, "help": option.help})
    return rows


def bid_ladders(variant: Any) -> list[tuple[int, tuple]]:
    """The bid ladder per head-count, listed once when it is the same for all."""
    ladders = [(n, variant.bids_for(n)) for n in sorted(variant.players)]
    if len({bids for _, bids in ladders}) == 1:
        return ladders[:1] if len(ladders) == 1 else [(0, ladders[0][1])]
    return ladders


FOLLOW_EXAMPLE = ("H", "AD", ["JD", "KS", "QC"])


def follow_example(variant: Any) -> dict | None:
    """The follow-suit rule shown by the referee on one hand: diamonds led, hearts trump, J♦ held."""
    trump, led, hand = FOLLOW_EXAMPLE
    if trump not in variant.trumps:
        return None
    try:
        answer = referee.explain_legal(variant.key, trump, led, hand)
    except RefereeError:
        return None
    return {"trump": TRUMP_NAMES[trump], "led": card_label(led), "hand": [card_label(c) for c in hand],
            "reason": answer.reason}


END_WORDS = re.compile(r"\b(tie|ties|reach|reaches|target|draw|a game is)\b", re.IGNORECASE)


def end_rulings(variant: Any) -> list[str]:
    """The product rulings that are about how a game ends (they are listed with the others too)."""
    return [ruling for ruling in variant.rulings if END_WORDS.search(ruling)]


def rules_context(variant: Any) -> dict[str, Any]:
    counts = sorted(variant.players)
    renege = option_of(variant, "renege_penalty")
    return {
        "variant": variant,
        "counts": counts,
        "seats": [(n, seat_words(variant, n), variant.deck_for({}, n), variant.tricks_for(n)) for n in counts],
        "deck_options": deck_choices(variant),
        "ladders": bid_ladders(variant),
        "trumps": [(t, TRUMP_LABELS[t], TRUMP_NAMES[t]) for t in variant.trumps],
        "sheet": score_sheet_fields(variant, variant.default_players),
        "deal": deal_rule(variant),
        "forced": forced_rules(variant),
        "forced_kind": variant.all_pass_rule({}).kind,
        "examples": scoring_rows(variant.key),
        "seat_caption": seat_caption(variant),
        "score_doc": paragraphs(docstring(variant.score)),
        "game_length": game_length(variant),
        "end_doc": paragraphs(docstring(variant.end)),
        "end_rulings": end_rulings(variant),
        "options": option_rows(variant),
        "carried_on": carried_on_words(variant),
        "renege": renege,
        "follow_example": follow_example(variant),
        "module_doc": paragraphs(variant.doc or ""),
    }


# -- flags on the match page --------------------------------------------------------------------
@dataclass(frozen=True)
class FlagRule:
    title: str
    text: str
    section: str
    variant: Any


def flag_rule(event: Any, variant_key: str, rules: dict | None = None) -> FlagRule | None:
    """The rule behind a flag on the match page, in the referee's words, and the rules-page section
    it lives in (the referee's ``rule_section`` of an event, a refusal's code, or a section).
    None for anything else, or a variant it does not know."""
    kind = rule_section(event)
    try:
        variant = get_variant(variant_key)
    except RefereeError:
        return None
    try:
        resolved_overrides = dict(rules or {})
        variant.resolve_rules(resolved_overrides)
    except RefereeError:
        resolved_overrides = {}
    if kind == RuleSection.FORCED:
        return FlagRule("Forced bid", variant.all_pass_rule(resolved_overrides).message, "forced", variant)
    if kind == RuleSection.DEAL:
        return FlagRule("Dealer out of turn", deal_rule(variant), "deal", variant)
    if kind == RuleSection.END:
        first = (paragraphs(docstring(variant.end)) or [""])[0]
        return FlagRule("Hand after the game ended",
                        f"The game is over once it is won; no hand can follow it. {first}", "end", variant)
    if kind == RuleSection.SIT_OUT:
        if "sat_out" not in variant.hand_fields:
            return FlagRule("Sitting out", f"In {variant.name} the defenders may not sit out.", "sit-out", variant)
        return FlagRule("Sitting out", f"In {variant.name} the defenders may sit out, but not always: the rules page "
                                       "lists when they may not.", "sit-out", variant)
    if kind == RuleSection.RENEGE:
        option = option_of(variant, "renege_penalty")
        if option is None:
            return FlagRule("Renege", f"The referee has no renege penalty for {variant.name}.", "renege", variant)
        penalty = variant.resolve_rules(resolved_overrides)["renege_penalty"]
        return FlagRule("Renege", f"{option.help} This match: {penalty}.", "renege", variant)
    return None
