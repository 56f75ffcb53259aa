"""The director's prize categories (referee/tournament/awards.py). [002] names high and low score; the
rest (categories, named prizes, one award per player) are the module's product rulings."""
import pytest

from referee.tournament.awards import Category, award, check_categories
from referee.tournament.prizes import Tally


def tally(player, points, wins=0, loners=0, present=True):
    return Tally(player, player, tuple(points), wins, loners, 0, present)


NIGHT = [
    tally("Ann", [10, 9, 10], wins=3, loners=1),   # 29, best 10
    tally("Bob", [5, 12, 8], wins=2),              # 25, best 12
    tally("Cat", [6, 6, 6], wins=1, loners=2),     # 18
    tally("Dan", [2, 3, 4], wins=0),               # 9
    tally("Eve", [9, 9, 9], wins=2),               # 27
]
ALL = [Category("high"), Category("low"), Category("loners"), Category("high_game"),
       Category("named", "Ladies"), Category("named", "Men")]
TAGS = {"Ann": ["Ladies"], "Cat": ["ladies"], "Eve": ["Ladies"], "Bob": ["Men"], "Dan": ["Men"]}


def winners(prizes):
    return {p.title: [t.player for t in p.winners] for p in prizes}


def test_every_category_without_the_one_award_rule_lets_a_player_win_several():
    got = winners(award(NIGHT, ALL, tags=TAGS))
    assert got == {"High score": ["Ann"], "Low score (booby prize)": ["Dan"], "Most loners": ["Cat"],
                   "High single game": ["Bob"], "Ladies": ["Ann"], "Men": ["Bob"]}


def test_one_award_per_player_passes_winners_over_in_the_directors_order():
    prizes = award(NIGHT, ALL, tags=TAGS, one_award_per_player=True)
    got = winners(prizes)
    assert got["High score"] == ["Ann"] and got["Most loners"] == ["Cat"]
    assert got["High single game"] == ["Bob"]
    assert got["Ladies"] == ["Eve"], "Ann already took high score, Cat most loners"
    assert got["Men"] == [], "Bob and Dan both won already"
    ladies = next(p for p in prizes if p.title == "Ladies")
    assert "passed over, already a winner: Ann (High score) and Cat (Most loners)" in ladies.decided_by
    assert "One award per player" in ladies.rule


def test_a_tie_is_shared_and_says_what_split_it_or_did_not():
    even = [tally("Ann", [10, 10], wins=1), tally("Bob", [10, 10], wins=1), tally("Cat", [5, 5])]
    high = award(even, [Category("high")])[0]
    assert [t.player for t in high.winners] == ["Ann", "Bob"]
    assert "shared by 2 players" in high.decided_by
    game = award([tally("Ann", [12, 1]), tally("Bob", [12, 5])], [Category("high_game")])[0]
    assert [t.player for t in game.winners] == ["Bob"]
    assert game.decided_by == "tied on best game (12); the higher total (17 to 13)"


def test_shared_prize_counts_as_an_award_for_each_sharer():
    even = [tally("Ann", [10], wins=1), tally("Bob", [10], wins=1), tally("Cat", [9]), tally("Dan", [1])]
    got = winners(award(even, [Category("high"), Category("high_game")], one_award_per_player=True))
    assert got == {"High score": ["Ann", "Bob"], "High single game": ["Cat"]}


def test_named_categories_match_tags_whatever_their_case_and_spacing():
    got = winners(award(NIGHT, [Category("named", "  ladies ")], tags={"Dan": ["LADIES"]}))
    assert got == {"ladies": ["Dan"]}


def test_a_category_nobody_can_win_says_so():
    prize = award(NIGHT, [Category("named", "Juniors")], tags=TAGS)[0]
    assert prize.winners == () and "nobody marked “Juniors”" in prize.decided_by
    assert award([tally("Ann", [1])], [Category("loners")])[0].winners == ()


def test_the_high_score_winner_never_takes_low_score():
    two = [tally("Ann", [5]), tally("Bob", [3])]
    assert winners(award(two, [Category("high"), Category("low")])) == \
        {"High score": ["Ann"], "Low score (booby prize)": ["Bob"]}


@pytest.mark.parametrize("bad", [dict(kind="best"), dict(kind="named", title="   ")])
def test_bad_categories_are_refused(bad):
    with pytest.raises(ValueError):
        Category(**bad)


def test_the_same_category_twice_is_refused():
    twice = [Category("named", "Men"), Category("named", "men ")]
    assert check_categories(twice) == ["Men is listed twice."]
    with pytest.raises(ValueError, match="listed twice"):
        award(NIGHT, twice)
