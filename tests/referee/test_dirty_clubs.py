"""Dirty clubs (variant ``dirty-clubs``): [003] Dirty Clubs: Rules, Rating; shared/spec/variants.md
"dirty-clubs"."""
from __future__ import annotations

import pytest

from referee import RefereeError, judge_trick
from referee.variants.dirty_clubs import VARIANT

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "dirty-clubs"

SCORING = [
    # (players, rules, hand, deltas per player, events); everybody starts at 15
    pytest.param(4, {}, {"maker": 0, "bid": 3, "trump": "S", "tricks": [3, 1, 1, 0]}, [-3, -1, -1, 0], {"made"},
                 id="[003] Dirty Clubs, Rating: each player subtracts the number of tricks taken"),
    pytest.param(4, {}, {"maker": 0, "bid": 3, "tricks": [2, 1, 1, 1]}, [5, -1, -1, -1], {"set"},
                 id="[003] Dirty Clubs, Rating: the high bidder short of the bid adds 5 instead"),
    pytest.param(4, {}, {"maker": 2, "bid": 1, "tricks": [2, 3, 0, 0]}, [-2, -3, 5, 0], {"set"},
                 id="[003] Dirty Clubs, Rating: a bid of 1 with no trick: +5"),
    pytest.param(3, {}, {"upcard": "C", "tricks": [2, 2, 1]}, [-2, -2, -1], {"club-upcard"},
                 id="[003] Dirty Clubs, Rules: a club upcard, no bidding and clubs are trump (three players)"),
    pytest.param(5, {}, {"upcard": "C", "trump": "C", "tricks": [0, 2, 1, 1, 1]}, [0, -2, -1, -1, -1],
                 {"club-upcard"}, id="[003] Dirty Clubs: club upcard, nobody is set (no high bidder)"),
    pytest.param(4, {"bump": True}, {"maker": 0, "bid": 3, "tricks": [3, 1, 1, 0]}, [-3, -1, -1, 5], {"made"},
                 id="[003] Dirty Clubs, variation (bump): a player who takes no tricks is penalized 5"),
    pytest.param(4, {"bump": True}, {"maker": 0, "bid": 3, "dropped": [3], "tricks": [3, 1, 1, 0]}, [-3, -1, -1, 0],
                 {"dropped"}, id="[003] Dirty Clubs, bump: a player who folds cannot be penalized"),
    pytest.param(4, {"bump": True}, {"maker": 1, "bid": 2, "tricks": [2, 0, 3, 0]}, [-2, 5, -3, 5], {"set"},
                 id="[003] Dirty Clubs, bump: the set bidder with no trick is +5 once"),
    pytest.param(6, {}, {"maker": 5, "bid": 5, "tricks": [0, 0, 0, 0, 0, 5]}, [0, 0, 0, 0, 0, -5], {"made"},
                 id="[003] Dirty Clubs: six players, a bid of five made"),
]


@pytest.mark.parametrize("players, rules, hand, deltas, events", SCORING)
def test_scoring(players, rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules, players=players)


def test_the_bidding_may_go_round_a_second_time():
    # [003] Dirty Clubs, Rules: "The bid can go a second time, giving players the opportunity to increase their bid."
    hand = {"maker": 0, "bid": 3, "auction": [1, "pass", "pass", 2, "pass", "pass", "pass", 3], "tricks": [3, 1, 1, 0]}
    assert score(V, [hand])["totals"] == [12, 14, 14, 15]


def test_start_and_rotation():
    result = score(V, [{"void": True}, {"maker": 1, "bid": 2, "tricks": [1, 2, 2]}], players=3)
    assert dealers(result) == [0, 1]
    assert result["totals"] == [14, 13, 13]
    assert score(V, [], rules={"start": 21}, players=3)["totals"] == [21] * 3


ENDINGS = [
    pytest.param([3, 15, 15, 15], {"maker": 0, "bid": 3, "tricks": [3, 1, 1, 0]}, 0, False, "zero or less",
                 id="[003] Dirty Clubs, Rating: the goal is to reach 0"),
    pytest.param([3, 1, 15, 15], {"maker": 0, "bid": 3, "tricks": [3, 2, 0, 0]}, 0, False, "bidder goes out",
                 id="variants.md ruling: two reach zero, the high bidder made its bid and wins (0 v -1)"),
    pytest.param([3, 1, 15, 15], {"upcard": "C", "tricks": [3, 2, 0, 0]}, 1, False, "lower score",
                 id="variants.md ruling: two reach zero on a club upcard, the lower score wins"),
    pytest.param([3, 2, 15, 15], {"upcard": "C", "tricks": [3, 2, 0, 0]}, None, True, "equal scores",
                 id="variants.md ruling: equal scores tie"),
    pytest.param([2, 1, 15, 15], {"maker": 2, "bid": 2, "tricks": [2, 2, 1, 0]}, 1, False, "lower score",
                 id="variants.md ruling: the bidder was set, so the lower of the two at zero wins"),
]


@pytest.mark.parametrize("start, hand, winner, tie, rule", ENDINGS)
def test_game_end(start, hand, winner, tie, rule):
    assert_ending(V, [hand], winner=winner, tie=tie, rule=rule, start_totals=start)


def test_plays_on_above_zero():
    assert_not_over(V, [{"maker": 0, "bid": 4, "tricks": [3, 1, 1, 0]}], start_totals=[1, 2, 2, 15])


VALIDATION = [
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "dropped": [3], "tricks": [3, 1, 1, 0]}], 0, "dropped",
                 id="[003] Dirty Clubs: folding comes with the bump variation only"),
    pytest.param(4, {"bump": True}, [{"maker": 0, "bid": 3, "dropped": [0], "tricks": [3, 1, 1, 0]}], 0, "dropped",
                 id="the high bidder cannot drop"),
    pytest.param(4, {"bump": True}, [{"upcard": "C", "dropped": [3], "tricks": [3, 1, 1, 0]}], 0, "dropped",
                 id="variants.md ruling: nobody may drop on a club upcard"),
    pytest.param(4, {"bump": True}, [{"maker": 0, "bid": 3, "dropped": [3], "tricks": [3, 1, 0, 1]}], 0, "tricks",
                 id="[003] Dirty Clubs: a player who folds cannot take any tricks"),
    pytest.param(4, {}, [{"maker": 1, "bid": 2, "upcard": "C", "tricks": [3, 1, 1, 0]}], 0, "maker",
                 id="[003] Dirty Clubs, Rules: a club upcard means no bidding, so no maker"),
    pytest.param(4, {}, [{"upcard": "C", "trump": "D", "tricks": [3, 1, 1, 0]}], 0, "trump",
                 id="[003] Dirty Clubs: with a club upcard clubs are trump"),
    pytest.param(4, {}, [{"tricks": [3, 1, 1, 0]}], 0, "maker", id="without a club upcard there is a high bidder"),
    pytest.param(4, {}, [{"maker": 0, "tricks": [3, 1, 1, 0]}], 0, "bid", id="the high bidder's bid is needed"),
    pytest.param(4, {}, [{"maker": 0, "bid": 6, "tricks": [3, 1, 1, 0]}], 0, "bid", id="five tricks, so no bid of 6"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "tricks": 3}], 0, "tricks", id="tricks per seat are required"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "tricks": [3, 1, 1, 1]}], 0, "tricks", id="five tricks a hand"),
    pytest.param(3, {}, [{"maker": 0, "bid": 3, "tricks": [3, 1, 1, 0]}], 0, "tricks", id="three numbers for three"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "trump": "NT", "tricks": [3, 1, 1, 0]}], 0, "trump",
                 id="variants.md ruling: the no-trump variation is not the default"),
    pytest.param(4, {"bump": 1}, [], None, "rules", id="bump is true or false"),
    pytest.param(4, {}, [{"maker": 0, "bid": 4, "auction": [1, "pass", "pass", 2, "pass", "pass", "pass", 3, 4],
                          "tricks": [4, 1, 0, 0]}], 0, "auction",
                 id="[003] Dirty Clubs, Rules: the bid can go a second time, not a third (9 calls at 4 seats)"),
]


@pytest.mark.parametrize("players, rules, hands, hand, field", VALIDATION)
def test_validation(players, rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, players=players)


def test_player_counts_and_after_the_end():
    assert_refused(V, [], None, "players", players=2)
    score(V, [], players=6)
    assert_refused(V, [{"maker": 0, "bid": 3, "tricks": [3, 1, 1, 0]}, {"void": True}], 1, None,
                   start_totals=[2, 9, 9, 9])


@pytest.mark.parametrize("players, lowest", [(3, "T"), (4, "9"), (5, "8"), (6, "7")])
def test_the_pack_grows_with_the_players(players, lowest):
    """[003] Dirty Clubs, Rules: 10 to ace for three players, lower cards added as more players need them."""
    pack = VARIANT.deck_for(None, players)
    assert pack.ranks[0] == lowest and pack.size >= 5 * players + 1
    below = {"T": "9", "9": "8", "8": "7", "7": None}[lowest]
    assert judge_trick("dirty-clubs", "S", [[0, lowest + "H"], [1, "AH"]], players=players).card == "AH"
    if below:
        with pytest.raises(RefereeError) as info:
            judge_trick("dirty-clubs", "S", [[0, below + "H"], [1, "AH"]], players=players)
        assert info.value.field == "plays"


def test_the_judge_without_a_table_size_takes_the_six_player_pack():
    assert judge_trick("dirty-clubs", "S", [[0, "7H"], [1, "8H"]]).card == "8H"


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"upcard": "C", "auction": ["pass"] * 4, "tricks": [2, 1, 1, 1]}], 0, "auction",
                 id="[003] Dirty Clubs, Rules: a club upcard means there is no bidding"),
    pytest.param([{"maker": 1, "bid": 2, "upcard": "H", "auction": ["pass"] * 4, "tricks": [1, 2, 1, 1]}], 0,
                 "auction", id="variants.md dirty-clubs ruling: everybody passed, so the hand is void"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_start_totals_at_zero_are_refused():
    # [003] Dirty Clubs, Rating: the goal is to reach 0; match-format: nothing after the end
    assert_refused(V, [], None, "start_totals", start_totals=[15, 15, 0, 15])
    assert_not_over(V, [], start_totals=[25, 15, 1, 15])
