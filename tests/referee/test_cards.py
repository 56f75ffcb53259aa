"""Trick judging and legal plays: bowers, the joker, no trump, the 32-, 52- and double decks.

Sources: [000] Euchre, Card ranking; [004] Card rankings; [004] Variation 2 (the joker as best bower); [000]
Hasenpfeffer, Card ranking; [004] Variation 5 (six-hand, joker); [002] Bid Euchre, Cards and [003] Eau Claire
(no trump: no bowers); [000] Bacon (52 cards); [002] Double Hasenpfeffer (no bowers); [003] Double Deck Bid
Euchre, Play and [003] Florida call-partner, Playing the hand (identical cards: the first played wins).
"""
from __future__ import annotations

import pytest

from referee import CardRole, RefereeError, card_ranking, card_roles, explain_legal, judge_trick, legal_plays

TRICKS = [
    # (variant, trump, rules, plays, winning seat, winning card, words the reason must contain)
    pytest.param("euchre", "H", None, [[0, "AS"], [1, "JD"], [2, "KS"], [3, "9S"]], 1, "JD", "left bower",
                 id="match-format.md example: J-diamonds is the left bower when hearts are trump and trumps the spade"),
    pytest.param("euchre", "H", None, [[0, "JD"], [1, "JH"], [2, "AH"], [3, "KH"]], 1, "JH", "right bower",
                 id="[000] Euchre, Card ranking: the right bower beats the left bower"),
    pytest.param("euchre", "H", None, [[0, "AH"], [1, "KH"], [2, "JD"], [3, "QH"]], 2, "JD", "left bower",
                 id="[000] Euchre, Card ranking: the left bower beats the ace of trump"),
    pytest.param("euchre", "C", None, [[0, "AC"], [1, "JS"], [2, "JC"], [3, "KC"]], 2, "JC", "right bower",
                 id="[000] Euchre: clubs trump, J-clubs right bower, J-spades left bower"),
    pytest.param("euchre", "C", None, [[3, "AS"], [0, "KS"], [1, "JS"], [2, "QS"]], 1, "JS", "left bower",
                 id="[004] Card rankings: J-spades is a club when clubs are trump, so it trumps the spade lead"),
    pytest.param("euchre", "H", None, [[0, "JD"], [1, "AD"], [2, "AH"], [3, "9H"]], 0, "JD", "left bower",
                 id="[004] Card rankings: the left bower led is a trump lead; the A-diamonds does not follow"),
    pytest.param("euchre", "S", None, [[0, "QH"], [1, "JH"], [2, "KH"], [3, "AH"]], 3, "AH", "highest card",
                 id="[000] Euchre: the J-hearts is a plain heart when spades are trump"),
    pytest.param("euchre", "S", None, [[0, "9D"], [1, "AC"], [2, "AH"], [3, "TD"]], 3, "TD", "suit led",
                 id="[000] Euchre, Play: off-suit cards that are not trump never win"),
    pytest.param("euchre", "S", None, [[0, "AD"], [1, "9S"], [2, "KD"], [3, "TS"]], 3, "TS", "trump",
                 id="[000] Euchre, Play: the highest trump wins"),
    pytest.param("euchre", "D", None, [[1, "9C"], [2, "TC"], [3, "9D"]], 3, "9D", "any trump beats",
                 id="[000] Euchre: a lone hand's trick has three cards; the lowest trump wins"),
    pytest.param("euchre", "S", {"deck": 25}, [[0, "JS"], [1, "JK"], [2, "JC"], [3, "AS"]], 1, "JK", "joker",
                 id="[004] Variation 2: the best bower (joker) is always the highest trump"),
    pytest.param("euchre", "D", {"deck": 25}, [[0, "AC"], [1, "KC"], [2, "JK"], [3, "QC"]], 2, "JK", "joker",
                 id="[004] Variation 2: the joker is a trump, so it takes a club lead"),
    pytest.param("hasenpfeffer", "C", None, [[0, "JC"], [1, "JS"], [2, "JK"], [3, "AC"]], 2, "JK", "joker",
                 id="[000] Hasenpfeffer, Card ranking: 1. the joker, 2. right bower, 3. left bower"),
    pytest.param("hasenpfeffer", "C", None, [[0, "AC"], [1, "JS"], [2, "KC"], [3, "QC"]], 1, "JS", "left bower",
                 id="[000] Hasenpfeffer, Card ranking: J-spades left bower when clubs are trump"),
    pytest.param("euchre-6hand", "H", None, [[0, "7S"], [1, "8S"], [2, "JK"], [3, "9S"], [4, "JH"], [5, "JD"]],
                 2, "JK", "joker", id="[004] Variation 5: six-hand, 32 cards and the joker, which is always highest"),
    pytest.param("euchre-6hand", "H", None, [[0, "8S"], [1, "7S"], [2, "AS"], [3, "7H"], [4, "KS"], [5, "QS"]],
                 3, "7H", "trump", id="[004] Variation 5: six-hand has 7s and 8s; the 7 of trump wins"),
    pytest.param("euchre", "H", {"deck": 32}, [[0, "7D"], [1, "8D"], [2, "7H"], [3, "AD"]], 2, "7H", "trump",
                 id="[000] Euchre, Setup: 32-card deck (7 to ace), the 7 of trump beats the ace led"),
    pytest.param("euchre", "S", {"deck": 32}, [[0, "8C"], [1, "7C"], [2, "9C"], [3, "KH"]], 2, "9C", "suit led",
                 id="[000] Euchre, Setup: 32-card deck, 9 beats 8 beats 7"),
    pytest.param("pepper", "NT", None, [[0, "JC"], [1, "JS"], [2, "AC"], [3, "QC"]], 2, "AC", "no trump",
                 id="[002] Pepper: with no trump all suits rank A K Q J 10 9, no bowers"),
    pytest.param("pepper", "NT", None, [[0, "9H"], [1, "JH"], [2, "AS"], [3, "TH"]], 1, "JH", "no trump",
                 id="[002] Pepper: no trump, the jack is just a jack; the off-suit ace cannot win"),
    pytest.param("eau-claire-clubs", "NT", None, [[0, "JD"], [1, "QD"], [2, "JH"], [3, "9D"]], 1, "QD", "no trump",
                 id="[003] Eau Claire: at Notrump there are no bowers"),
    pytest.param("bid-euchre", "NT", None, [[0, "KS"], [1, "JS"], [2, "JC"], [3, "AS"]], 3, "AS", "no trump",
                 id="[002] Bid Euchre, Cards: when playing with no trumps, all suits follow the plain ranking"),
    pytest.param("bacon", "H", None, [[0, "2D"], [1, "JD"], [2, "3D"], [3, "4H"]], 3, "4H", "trump",
                 id="[000] Bacon: 52 cards and no bowers; J-diamonds is a plain diamond, any heart trumps"),
    pytest.param("bacon", "H", None, [[0, "JH"], [1, "QH"], [2, "2H"], [3, "AS"]], 1, "QH", "trump",
                 id="[000] Bacon: no right bower: the queen of trump beats the jack"),
    pytest.param("bacon", "S", None, [[0, "2C"], [1, "3C"], [2, "JS"], [3, "AC"]], 2, "JS", "trump",
                 id="[000] Bacon: the J-spades is simply a spade"),
    pytest.param("double-hasenpfeffer", "H", None, [[0, "AH"], [1, "JH"], [2, "JD"], [3, "9H"]], 0, "AH", "trump",
                 id="[002] Double Hasenpfeffer: played without bowers, all cards rank A K Q J 10 9"),
    pytest.param("double-hasenpfeffer", "S", None, [[0, "KD"], [1, "KD"], [2, "QD"], [3, "JC"]], 0, "KD", "first",
                 id="variants.md ruling: double hasenpfeffer, the first of two identical cards wins"),
    pytest.param("double-deck-bid-euchre", "S", None, [[0, "AH"], [1, "AH"], [2, "KH"], [3, "9H"]], 0, "AH", "first",
                 id="[003] DDBE, Play: two Aces of Hearts, the first one played beats the second"),
    pytest.param("double-deck-bid-euchre", "S", None, [[0, "9S"], [1, "JC"], [2, "JS"], [3, "JS"]], 2, "JS", "first",
                 id="[003] DDBE: two right bowers, the first played wins"),
    pytest.param("double-deck-bid-euchre", "S", None, [[0, "9S"], [1, "JC"], [2, "JC"], [3, "AS"]], 1, "JC", "first",
                 id="[003] DDBE: two left bowers beat the ace of trump; the first wins"),
    pytest.param("call-partner-euchre", "D", None, [[3, "AC"], [4, "AC"], [0, "KC"], [1, "TC"], [2, "QC"]], 3, "AC",
                 "first", id="[003] Florida, Playing the hand: two highest-ranking cards, the first played wins"),
    pytest.param("call-partner-euchre", "D", None, [[0, "TC"], [1, "AS"], [2, "JH"], [3, "KD"], [4, "AD"]], 2, "JH",
                 "left bower", id="variants.md ruling: call-partner bowers rank as in euchre (J-hearts left bower)"),
    pytest.param("dirty-clubs", "C", None, [[0, "7H"], [1, "8H"], [2, "AH"], [3, "JS"], [4, "7C"]], 3, "JS",
                 "left bower", id="[003] Dirty Clubs: euchre order J of trump, J of other suit, A ...; 7s added"),
]


@pytest.mark.parametrize("variant, trump, rules, plays, seat, card, words", TRICKS)
def test_trick_winner(variant, trump, rules, plays, seat, card, words):
    verdict = judge_trick(variant, trump, plays, rules)
    assert (verdict.winner, verdict.card) == (seat, card), verdict.reason
    assert words in verdict.reason, verdict.reason


def test_card_codes_accept_10_and_lower_case():
    verdict = judge_trick("euchre", "h", [[0, "10s"], [1, "jd"], [2, "ks"], [3, "9s"]])
    assert (verdict.winner, verdict.card) == (1, "JD")
    assert judge_trick("euchre", "S", [[0, "10S"], [1, "9S"]]).card == "TS"


LEGAL = [
    # (variant, trump, rules, led, hand, legal cards)
    pytest.param("euchre", "H", None, "AS", ["JD", "KS", "9C"], ["KS"],
                 id="match-format.md example: spade led, only the K-spades follows"),
    pytest.param("euchre", "H", None, "AD", ["JD", "QD", "KS"], ["QD"],
                 id="[004] Card rankings: the left bower (J-diamonds, hearts trump) cannot follow a diamond lead"),
    pytest.param("euchre", "H", None, "AD", ["JD", "KS", "9C"], ["JD", "KS", "9C"],
                 id="[004] Card rankings: holding only the left bower in diamonds, any card may be played"),
    pytest.param("euchre", "H", None, "AH", ["JD", "KS", "9C"], ["JD"],
                 id="[004] Card rankings: the left bower must follow a heart (trump) lead"),
    pytest.param("euchre", "H", None, "JD", ["QD", "9H", "JH"], ["9H", "JH"],
                 id="[004] Card rankings: when the left bower leads, trump must follow, not its printed suit"),
    pytest.param("euchre", "C", None, "AS", ["JS", "9C", "TD"], ["JS", "9C", "TD"],
                 id="[004] Card rankings: clubs trump, the J-spades may not follow a spade lead"),
    pytest.param("euchre", "C", None, "JS", ["AS", "9C"], ["9C"],
                 id="[004] Card rankings: when J-spades leads a trick, clubs must follow (not spades)"),
    pytest.param("euchre", "S", None, None, ["JD", "KS", "9C"], ["JD", "KS", "9C"],
                 id="[000] Euchre, Play: the leader may lead any card"),
    pytest.param("euchre", "S", {"deck": 25}, "JK", ["AS", "AH"], ["AS"],
                 id="[004] Variation 2: the joker led is a trump lead"),
    pytest.param("euchre", "S", {"deck": 25}, "AH", ["JK", "9H"], ["9H"],
                 id="[004] Variation 2: the joker is a trump and does not follow hearts"),
    pytest.param("hasenpfeffer", "D", None, "9D", ["JK", "JH", "AS"], ["JK", "JH"],
                 id="[000] Hasenpfeffer: the joker and the left bower both follow a trump lead"),
    pytest.param("pepper", "NT", None, "JC", ["JS", "9S", "TC"], ["TC"],
                 id="[002] Pepper: no trump, the J-spades is a spade and cannot follow clubs"),
    pytest.param("pepper", "NT", None, "AS", ["JC", "9H"], ["JC", "9H"],
                 id="[002] Pepper: no trump, no spades held: any card"),
    pytest.param("bacon", "H", None, "5D", ["JD", "2S", "AH"], ["JD"],
                 id="[000] Bacon: no bowers, the J-diamonds follows diamonds"),
    pytest.param("double-hasenpfeffer", "H", None, "AD", ["JD", "9H"], ["JD"],
                 id="[002] Double Hasenpfeffer: no bowers, J-diamonds is a diamond"),
    pytest.param("double-deck-bid-euchre", "H", None, "AD", ["JD", "JD", "9D"], ["9D"],
                 id="[003] DDBE: bowers as in euchre, both J-diamonds are trump"),
]


@pytest.mark.parametrize("variant, trump, rules, led, hand, legal", LEGAL)
def test_legal_plays(variant, trump, rules, led, hand, legal):
    assert legal_plays(variant, trump, led, hand, rules) == legal


def test_explain_legal_names_the_left_bower():
    answer = explain_legal("euchre", "H", "AD", ["JD", "QD", "KS"])
    assert answer.legal == ["QD"]
    assert "left bower" in answer.reason and "renege" in answer.reason
    assert "leading" in explain_legal("euchre", "H", None, ["JD"]).reason


def test_card_ranking_orders_the_trump_suit():
    ranking = card_ranking("euchre", "H", {"deck": 25})
    assert ranking["trump"] == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    assert ranking["plain"]["D"] == ["AD", "KD", "QD", "TD", "9D"]
    assert card_ranking("pepper", "NT")["trump"] == []
    assert card_ranking("bacon", "S")["trump"][:3] == ["AS", "KS", "QS"]


ERRORS = [
    # (variant, trump, rules, plays, field)
    pytest.param("euchre", "H", None, [[0, "8S"], [1, "9S"]], "plays", id="[004] Variation 1: 24 cards, no 8s"),
    pytest.param("euchre", "H", {"deck": 32}, [[0, "6S"], [1, "9S"]], "plays", id="32-card deck has no 6s"),
    pytest.param("pepper", "S", None, [[0, "2H"], [1, "9H"]], "plays", id="[000] Pepper: 24 cards, no 2s"),
    pytest.param("call-partner-euchre", "S", None, [[0, "9H"], [1, "TH"]], "plays",
                 id="[003] Florida: two decks with nines removed"),
    pytest.param("euchre", "H", None, [[0, "JK"], [1, "9S"]], "plays", id="the 24-card deck has no joker"),
    pytest.param("pepper", "NT", None, [[0, "JK"], [1, "9S"]], "plays", id="a joker at no trump (pepper has no joker)"),
    pytest.param("euchre", "NT", {"deck": 25}, [[0, "JK"], [1, "9S"]], "trump",
                 id="the joker needs a trump suit: euchre with the joker has no no-trump"),
    pytest.param("euchre", "H", None, [[0, "AS"], [0, "KS"]], "plays", id="a seat played twice to the trick"),
    pytest.param("euchre", "H", None, [[0, "AS"], [1, "AS"]], "plays", id="single deck: A-spades twice"),
    pytest.param("double-deck-bid-euchre", "H", None, [[0, "AS"], [1, "AS"], [2, "AS"]], "plays",
                 id="double deck: a card three times"),
    pytest.param("euchre", "H", None, [[4, "AS"]], "plays", id="seat 4 at a four-player game"),
    pytest.param("euchre", "H", None, [[0, "AS"], [1, "KS"], [2, "QS"], [3, "9S"], [0, "TS"]], "plays",
                 id="five cards to a four-player trick"),
    pytest.param("euchre", "H", None, [], "plays", id="no cards played"),
    pytest.param("euchre", "H", None, [[0]], "plays", id="a play without its card"),
    pytest.param("euchre", "H", None, [[0, "ZZ"]], "plays", id="not a card"),
    pytest.param("euchre", "H", None, "AS KS", "plays", id="plays must be a list"),
    pytest.param("euchre", "X", None, [[0, "AS"]], "trump", id="trump X"),
    pytest.param("progressive-bid-euchre", "NT", None, [[0, "AS"]], "trump",
                 id="[002] Progressive: no-trump is not permitted"),
    pytest.param("euchre-2hand", "H", None, [[0, "AS"]], "variant", id="unknown variant"),
    pytest.param("euchre", "H", {"deck": 52}, [[0, "AS"]], "rules", id="house rule deck=52 is out of range"),
]


@pytest.mark.parametrize("variant, trump, rules, plays, field", ERRORS)
def test_trick_errors(variant, trump, rules, plays, field):
    with pytest.raises(RefereeError) as info:
        judge_trick(variant, trump, plays, rules)
    assert info.value.field == field, info.value
    assert info.value.hand is None


def test_a_table_size_bounds_the_seats():
    """Pepper seats 2, 3 or 4 ([000] Pepper, Variants): at a three-player table seat 3 does not exist, and a trick has 3 cards."""
    three = [[0, "AS"], [1, "KS"], [2, "QS"]]
    assert judge_trick("pepper", "H", three, players=3).winner == 0
    assert judge_trick("pepper", "H", three + [[3, "9S"]]).winner == 0  # no size given: the largest table
    for plays in ([[3, "AS"]], three + [[3, "9S"]]):
        with pytest.raises(RefereeError) as info:
            judge_trick("pepper", "H", plays, players=3)
        assert info.value.field == "plays" and "3-player table" in str(info.value)


@pytest.mark.parametrize("players", [5, 1, "4", True])
def test_a_table_size_the_variant_does_not_seat(players):
    with pytest.raises(RefereeError) as info:
        judge_trick("pepper", "H", [[0, "AS"]], players=players)
    assert info.value.field == "players"
    assert "2 or 3 or 4 players" in str(info.value)


@pytest.mark.parametrize("variant, trump, led, hand, field", [
    pytest.param("euchre", "H", "8S", ["AS"], "led", id="the led card is not in the deck"),
    pytest.param("euchre", "H", "AS", ["8S", "9S"], "hand", id="a held card is not in the deck"),
    pytest.param("euchre", "H", "AS", [], "hand", id="an empty hand"),
    pytest.param("euchre", "H", "AS", "KS", "hand", id="the hand must be a list"),
    pytest.param("euchre", "H", "AS", ["KS", "KS"], "hand", id="a card twice in a single-deck hand"),
    pytest.param("euchre", "H", 7, ["KS"], "led", id="led must be a card"),
    pytest.param("bacon", "NT", "AS", ["KS"], "trump", id="Bacon has no no-trump"),
])
def test_legal_errors(variant, trump, led, hand, field):
    with pytest.raises(RefereeError) as info:
        legal_plays(variant, trump, led, hand)
    assert info.value.field == field, info.value


# -- what each card of the trump suit is (the card tools' labels) -------------------------------------
ROLES = [
    pytest.param("euchre", "H", None, {"JH": CardRole.RIGHT_BOWER, "JD": CardRole.LEFT_BOWER, "AH": CardRole.TRUMP},
                 id="[000] Euchre, Card ranking: J-hearts right bower, J-diamonds left bower, then A-hearts"),
    pytest.param("euchre", "C", None, {"JC": CardRole.RIGHT_BOWER, "JS": CardRole.LEFT_BOWER, "9C": CardRole.TRUMP},
                 id="[000] Euchre: clubs trump, J-spades is the left bower"),
    pytest.param("euchre", "S", {"deck": 25}, {"JK": CardRole.BEST_BOWER, "JS": CardRole.RIGHT_BOWER,
                                               "JC": CardRole.LEFT_BOWER},
                 id="[004] Variation 2: the joker is the best bower, above the right bower"),
    pytest.param("hasenpfeffer", "D", None, {"JK": CardRole.BEST_BOWER, "JD": CardRole.RIGHT_BOWER,
                                             "JH": CardRole.LEFT_BOWER},
                 id="[000] Hasenpfeffer, Card ranking: 1. the joker, 2. right bower, 3. left bower"),
    pytest.param("bacon", "H", None, {"JH": CardRole.TRUMP, "AH": CardRole.TRUMP},
                 id="[000] Bacon: 52 cards and no bowers; the jack of trump is a plain trump"),
    pytest.param("double-hasenpfeffer", "H", None, {"JH": CardRole.TRUMP},
                 id="[002] Double Hasenpfeffer: no bowers"),
]


@pytest.mark.parametrize("variant, trump, rules, expected", ROLES)
def test_card_roles(variant, trump, rules, expected):
    roles = card_roles(variant, trump, rules)
    assert {card: roles[card] for card in expected} == expected
    assert list(roles) == card_ranking(variant, trump, rules)["trump"]  # best first, every trump, nothing else


def test_card_roles_name_only_trumps_and_none_at_no_trump():
    """[002] Bid Euchre, Cards: with no trump there are no bowers; a plain card has no role."""
    assert card_roles("pepper", "NT") == {}
    roles = card_roles("euchre", "H")
    assert "AD" not in roles and "JS" not in roles
    assert "bower" not in " ".join(card_roles("bacon", "H").values())
    assert str(CardRole.LEFT_BOWER) == "left bower"  # the words shown beside the card
