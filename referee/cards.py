"""Cards, decks, trick judging and legal plays for the whole Euchre family.

Card codes are rank then suit (match-format.md, "Cards"): ranks ``2-9 T J Q K A`` (``10`` is
accepted for ``T``), suits ``S H D C``, and ``JK`` for the joker.

The rules encoded here:
- the right bower (jack of trump) and the left bower (the other jack of the same colour) are the
  top trumps, and the left bower belongs to the trump suit for following suit
  ([000] Euchre, Card ranking; [004] Card rankings);
- the joker, where the deck has one, is the best bower, above the right bower, and belongs to the
  trump suit ([004] Variation 2: 25-card euchre; [000] Hasenpfeffer, Card ranking);
- with no trump there are no bowers and every suit ranks A K Q J T 9 ([002] Bid Euchre, Cards);
- in the double-deck games, when two identical cards meet the first one played wins
  ([003] Double Deck Bid Euchre, Play; [003] call-partner, Playing the hand);
- a player must follow the suit led if able, otherwise may play any card ([000] Euchre, Play of
  the hand).
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.documented import DocumentedEnum
from referee.errors import RefereeError

SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
ALL_RANKS = "23456789TJQKA"
RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
JOKER = "JK"
NO_TRUMP = "NT"
TRUMPS = ("S", "H", "D", "C", NO_TRUMP)
# The one vocabulary of suits and trumps on every screen: a trump button's label, a trump in words.
TRUMP_LABELS = {**SUIT_SYMBOLS, NO_TRUMP: "No trump"}
TRUMP_NAMES = {**SUIT_NAMES, NO_TRUMP: "no trump"}


@dataclass(frozen=True)
class Deck:
    """A pack: its ranks (low to high), whether it holds the joker, copies of each card, bowers."""

    name: str
    ranks: str
    joker: bool = False
    copies: int = 1
    bowers: bool = True

    @property
    def size(self) -> int:
        return len(self.ranks) * 4 * self.copies + (1 if self.joker else 0)

    def cards(self) -> list[str]:
        """Every card of the pack, in a fixed order (duplicates listed twice)."""
        one = [rank + suit for suit in SUITS for rank in self.ranks]
        return one * self.copies + ([JOKER] if self.joker else [])


EUCHRE_24 = Deck("24 cards, 9 to ace", "9TJQKA")
EUCHRE_32 = Deck("32 cards, 7 to ace", "789TJQKA")
EUCHRE_25 = Deck("24 cards and the joker as best bower", "9TJQKA", joker=True)
SIX_HAND_33 = Deck("32 cards and the joker as best bower", "789TJQKA", joker=True)
FULL_52 = Deck("52 cards, no bowers", ALL_RANKS, bowers=False)
PINOCHLE_48 = Deck("48 cards: two 24-card decks", "9TJQKA", copies=2)
PINOCHLE_48_NO_BOWERS = Deck("48 cards: two 24-card decks, no bowers", "9TJQKA", copies=2, bowers=False)
DOUBLE_40 = Deck("40 cards: two decks of 10 to ace", "TJQKA", copies=2)
DIRTY_CLUBS_PACKS = {
    3: Deck("20 cards, 10 to ace", "TJQKA"),
    4: EUCHRE_24,
    5: Deck("28 cards, 8 to ace", "89TJQKA"),
    6: EUCHRE_32,
}


def parse_card(text: object, *, field: str = "card") -> str:
    """Normalise a card code: ``"10h"`` becomes ``"TH"``; anything else that is not a card is refused."""
    if not isinstance(text, str):
        raise RefereeError(f"{text!r} is not a card; write cards like AS, 10H or JK.", field=field)
    code = text.strip().upper()
    if code == JOKER:
        return JOKER
    if code.startswith("10"):
        code = "T" + code[2:]
    if len(code) != 2 or code[0] not in ALL_RANKS or code[1] not in SUITS:
        raise RefereeError(f"{text!r} is not a card; write cards like AS, 10H or JK.", field=field)
    return code


def parse_trump(value: object, allowed: tuple[str, ...] = TRUMPS, *, field: str = "trump") -> str:
    """Check a trump value (``S H D C`` or ``NT``) against what the game allows."""
    if not isinstance(value, str) or value.upper() not in TRUMPS:
        raise RefereeError(f"{value!r} is not a trump; use S, H, D, C or NT.", field=field)
    trump = value.upper()
    if trump not in allowed:
        if trump == NO_TRUMP:
            raise RefereeError("This game has no no-trump hands.", field=field)
        raise RefereeError(f"Trump {suit_name(trump)} is not allowed here.", field=field)
    return trump


def suit_name(suit: str) -> str:
    return TRUMP_NAMES[suit]


def card_label(card: str) -> str:
    """``"JD"`` -> ``"J♦"``: the short label players read."""
    if card == JOKER:
        return "the joker"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def card_name(card: str) -> str:
    """``"JD"`` -> ``"jack of diamonds"``: for accessible labels."""
    if card == JOKER:
        return "joker"
    return f"{RANK_NAMES.get(card[0], card[0])} of {SUIT_NAMES[card[1]]}"


class CardRole(DocumentedEnum):
    """What a card of the trump suit is, in the words the card tools show beside it."""

    BEST_BOWER = ("the best bower", "The joker, above the right bower ([004] Variation 2; [000] Hasenpfeffer, "
                  "Card ranking).")
    RIGHT_BOWER = "right bower", "The jack of trump, the highest trump without a joker ([000] Euchre, Card ranking)."
    LEFT_BOWER = ("left bower", "The other jack of trump's colour; it belongs to the trump suit ([000] Euchre, "
                  "Card ranking).")
    TRUMP = "trump", "Any other card of the trump suit."


@dataclass(frozen=True)
class Ranking:
    """How cards rank for one trump suit in one deck."""

    deck: Deck
    trump: str

    @property
    def has_trump(self) -> bool:
        return self.trump != NO_TRUMP

    def is_right_bower(self, card: str) -> bool:
        return self.deck.bowers and self.has_trump and card == "J" + self.trump

    def is_left_bower(self, card: str) -> bool:
        return self.deck.bowers and self.has_trump and card == "J" + SAME_COLOUR[self.trump]

    def role(self, card: str) -> CardRole | None:
        """The card's role under this trump: a bower, a trump, or None for a plain card (module doc)."""
        if card == JOKER:
            return CardRole.BEST_BOWER if self.has_trump else None
        if self.is_right_bower(card):
            return CardRole.RIGHT_BOWER
        if self.is_left_bower(card):
            return CardRole.LEFT_BOWER
        if self.has_trump and card[1] == self.trump:
            return CardRole.TRUMP
        return None

    def suit_of(self, card: str) -> str:
        """The suit a card belongs to for following suit: the left bower and joker are trump."""
        if card == JOKER or self.is_left_bower(card):
            return self.trump
        return card[1]

    def power(self, card: str) -> int:
        """A number that orders cards within their own suit (higher beats lower)."""
        if card == JOKER:
            return 300
        if self.is_right_bower(card):
            return 200
        if self.is_left_bower(card):
            return 100
        return ALL_RANKS.index(card[0])

    def trump_order(self) -> list[str]:
        """The trump suit, best first, as it stands in this deck."""
        if not self.has_trump:
            return []
        cards = [c for c in dict.fromkeys(self.deck.cards()) if self.suit_of(c) == self.trump]
        return sorted(cards, key=self.power, reverse=True)

    def plain_order(self, suit: str) -> list[str]:
        """A non-trump suit, best first (missing its jack when that jack is the left bower)."""
        cards = [c for c in dict.fromkeys(self.deck.cards()) if c != JOKER and self.suit_of(c) == suit]
        return sorted(cards, key=self.power, reverse=True)

    def describe(self, card: str) -> str:
        """What a card is under this trump, in words: 'the left bower when hearts are trump'."""
        if card == JOKER:
            return "the joker, the best bower and highest trump"
        if self.is_right_bower(card):
            return f"the right bower (the jack of trump) when {suit_name(self.trump)} are trump"
        if self.is_left_bower(card):
            return f"the left bower when {suit_name(self.trump)} are trump (it counts as a {suit_name(self.trump)[:-1]})"
        if self.has_trump and card[1] == self.trump:
            return "a trump"
        return f"a {suit_name(card[1])[:-1]}"


def check_cards(cards: list[str], deck: Deck, *, field: str) -> None:
    """Every card must be in the deck, and no card more often than the deck holds it."""
    for card in cards:
        if card == JOKER and not deck.joker:
            raise RefereeError(f"The joker is not in this game's deck ({deck.name}).", field=field)
        if card != JOKER and card[0] not in deck.ranks:
            raise RefereeError(f"{card_label(card)} is not in this game's deck ({deck.name}).", field=field)
    for card in set(cards):
        if cards.count(card) > deck.copies:
            times = "once" if deck.copies == 1 else "twice"
            raise RefereeError(f"{card_label(card)} appears more than {times}; the deck holds it only {times}.", field=field)


@dataclass(frozen=True)
class TrickJudgement:
    """Who won a trick, with which card, and why in one sentence."""

    winner: int
    card: str
    reason: str


def winning_play(plays: list[tuple[int, str]], ranking: Ranking) -> int:
    """Index into ``plays`` of the winning play: the highest trump, else the highest card of the suit led.

    Only a strictly better card takes over, so the first of two identical cards wins
    ([003] Double Deck Bid Euchre, Play). A card off the suit led that is not trump never wins.
    """
    best = 0
    for i in range(1, len(plays)):
        card, best_card = plays[i][1], plays[best][1]
        suit, best_suit = ranking.suit_of(card), ranking.suit_of(best_card)
        if suit == best_suit:
            if ranking.power(card) > ranking.power(best_card):
                best = i
        elif ranking.has_trump and suit == ranking.trump:
            best = i
    return best


def explain_win(plays: list[tuple[int, str]], ranking: Ranking, best: int) -> str:
    """One sentence on why the winning card won, for the trick judge."""
    card = plays[best][1]
    label = card_label(card)
    led_suit = ranking.suit_of(plays[0][1])
    if sum(1 for _, c in plays if c == card) > 1:
        return (f"{label} was played twice; when identical cards meet the first one played wins, "
                f"so the first {label} takes the trick.")
    if not ranking.has_trump:
        return f"There is no trump, so the highest card of the suit led ({suit_name(led_suit)}) wins: {label}."
    if ranking.suit_of(card) != ranking.trump:
        return f"No trump was played, so the highest card of the suit led ({suit_name(led_suit)}) wins: {label}."
    what = ranking.describe(card)
    other_trumps = [c for _, c in plays if c != card and ranking.suit_of(c) == ranking.trump]
    if other_trumps:
        beaten = ", ".join(card_label(c) for c in other_trumps)
        return f"{label} is {what}, the highest trump played, so it beats {beaten}."
    if led_suit == ranking.trump:
        return f"{label} is {what} and the only trump played, so it wins."
    top_led = max((c for _, c in plays if ranking.suit_of(c) == led_suit), key=ranking.power)
    return f"{label} is {what}, and any trump beats the {suit_name(led_suit)} led, so it beats {card_label(top_led)}."


def judge(plays: list[tuple[int, str]], deck: Deck, trump: str) -> TrickJudgement:
    """Judge a trick already checked for valid cards and seats."""
    ranking = Ranking(deck, trump)
    best = winning_play(plays, ranking)
    return TrickJudgement(plays[best][0], plays[best][1], explain_win(plays, ranking, best))


def legal_cards(hand: list[str], led: str | None, ranking: Ranking) -> list[str]:
    """The cards of ``hand`` that may be played: all of them when leading or void in the suit led,
    otherwise only those that follow the suit led (the left bower follows trump, not its printed suit)."""
    if led is None:
        return list(hand)
    led_suit = ranking.suit_of(led)
    following = [c for c in hand if ranking.suit_of(c) == led_suit]
    return following or list(hand)
