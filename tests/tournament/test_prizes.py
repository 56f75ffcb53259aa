"""Standings and prizes: each tie-break step, shared ranks and prizes ([002] Basics: "high score and low
score"; the tie-breaks are product rulings in referee.tournament.prizes)."""
import pytest

from referee.tournament import PRIZE_RULES, Tally, award_prizes, standings


def tally(player, points, wins=0, loners=0, sat_out=0, present=True, name=None):
    return Tally(player, name or player, tuple(points), wins, loners, sat_out, present)


def prize(prizes, key):
    (found,) = [p for p in prizes if p.key == key]
    return found


def names(tallies):
    return [t.name for t in tallies]


def test_a_tally_adds_up_only_the_games_the_player_was_there_for():
    t = tally("Ann", [None, None, 5, 9, 3, None])
    assert (t.total, t.best_game, t.games_played) == (17, 9, 3)
    assert tally("Bo", [None, None]).best_game is None
    with pytest.raises(ValueError, match="wins"):
        tally("Cy", [1], wins=-1)


def test_standings_rank_by_total():
    ranked = standings([tally("Ann", [5, 6]), tally("Bo", [9, 9]), tally("Cy", [1, 2])])
    assert [(s.rank, s.tally.name, s.shared) for s in ranked] == [(1, "Bo", False), (2, "Ann", False), (3, "Cy", False)]


def test_equal_totals_go_to_more_games_won():
    ranked = standings([tally("Ann", [10, 10], wins=1), tally("Bo", [12, 8], wins=2)])
    assert names(s.tally for s in ranked) == ["Bo", "Ann"]
    high = prize(award_prizes([tally("Ann", [10, 10], wins=1), tally("Bo", [12, 8], wins=2)]), "high")
    assert names(high.winners) == ["Bo"]
    assert high.decided_by == "tied on points (20); more games won (2 to 1)"


def test_then_more_loners():
    tallies = [tally("Ann", [10, 10], wins=2, loners=0), tally("Bo", [10, 10], wins=2, loners=1)]
    assert names(s.tally for s in standings(tallies)) == ["Bo", "Ann"]
    assert prize(award_prizes(tallies), "high").decided_by == \
        "tied on points (20) and games won (2); more lone hands (1 to 0)"


def test_then_the_higher_best_game():
    tallies = [tally("Ann", [10, 10], wins=2, loners=1), tally("Bo", [15, 5], wins=2, loners=1)]
    assert names(s.tally for s in standings(tallies)) == ["Bo", "Ann"]
    high = prize(award_prizes(tallies), "high")
    assert names(high.winners) == ["Bo"]
    assert high.decided_by.endswith("the higher best single game (15 to 10)")


def test_a_complete_tie_shares_the_rank_and_the_high_prize():
    tallies = [tally("Cy", [1, 1]), tally("Bo", [12, 8], wins=2, loners=1), tally("Ann", [8, 12], wins=2, loners=1),
               tally("Di", [0, 0])]
    ranked = standings(tallies)
    assert [(s.rank, s.tally.name, s.shared) for s in ranked] == [
        (1, "Ann", True), (1, "Bo", True), (3, "Cy", False), (4, "Di", False)]
    high = prize(award_prizes(tallies), "high")
    assert names(high.winners) == ["Ann", "Bo"]
    assert "shared by 2 players" in high.decided_by


def test_a_clear_high_score():
    high = prize(award_prizes([tally("Ann", [10, 10]), tally("Bo", [20, 5]), tally("Cy", [1, 1])]), "high")
    assert names(high.winners) == ["Bo"] and high.decided_by == "the highest total (25 to 20)"
    assert high.title == "High score" and high.rule == PRIZE_RULES["high"]


def test_low_score_counts_only_players_present_at_the_end():
    tallies = [tally("Ann", [9, 9]), tally("Bo", [1, None], present=False), tally("Cy", [4, 4]), tally("Di", [5, 5])]
    low = prize(award_prizes(tallies), "low")
    assert names(low.winners) == ["Cy"] and low.decided_by == "the lowest total (8 to 10)"


def test_low_score_ties_go_to_fewer_games_won_then_fewer_loners_then_shared():
    base = [tally("Top", [20, 20], wins=2)]
    by_wins = base + [tally("Ann", [3, 3], wins=1), tally("Bo", [3, 3], wins=0)]
    low = prize(award_prizes(by_wins), "low")
    assert names(low.winners) == ["Bo"] and low.decided_by == "tied on points (6); fewer games won (0 to 1)"
    by_loners = base + [tally("Ann", [3, 3], wins=1, loners=1), tally("Bo", [3, 3], wins=1, loners=2)]
    assert names(prize(award_prizes(by_loners), "low").winners) == ["Ann"]
    shared = base + [tally("Ann", [2, 4], wins=1, loners=1), tally("Bo", [4, 2], wins=1, loners=1)]
    low = prize(award_prizes(shared), "low")
    assert names(low.winners) == ["Ann", "Bo"] and "shared" in low.decided_by


def test_the_high_score_winner_is_not_also_low():
    tallies = [tally("Ann", [9, 9]), tally("Bo", [1, 1], present=False)]
    prizes = award_prizes(tallies)
    assert names(prize(prizes, "high").winners) == ["Ann"]
    low = prize(prizes, "low")
    assert low.winners == () and "no low score prize" in low.decided_by
    everyone_tied = [tally("Ann", [5]), tally("Bo", [5])]
    prizes = award_prizes(everyone_tied)
    assert names(prize(prizes, "high").winners) == ["Ann", "Bo"] and prize(prizes, "low").winners == ()


def test_most_loners_then_higher_total_then_shared_and_none_without_a_lone_hand():
    most = [tally("Ann", [9], loners=2), tally("Bo", [20], loners=1), tally("Cy", [1])]
    loners = prize(award_prizes(most), "loners")
    assert names(loners.winners) == ["Ann"] and loners.decided_by == "the most lone hands (2 to 1)"
    by_total = [tally("Ann", [9], loners=2), tally("Bo", [20], loners=2)]
    loners = prize(award_prizes(by_total), "loners")
    assert names(loners.winners) == ["Bo"] and loners.decided_by == "tied on lone hands (2); the higher total (20 to 9)"
    shared = [tally("Ann", [9], loners=2), tally("Bo", [9], loners=2), tally("Cy", [30])]
    assert names(prize(award_prizes(shared), "loners").winners) == ["Ann", "Bo"]
    only = prize(award_prizes([tally("Ann", [9], loners=1), tally("Bo", [10])]), "loners")
    assert names(only.winners) == ["Ann"] and "only player" in only.decided_by
    nobody = prize(award_prizes([tally("Ann", [9]), tally("Bo", [10])]), "loners")
    assert nobody.winners == () and "nobody made a lone hand" in nobody.decided_by


def test_prizes_come_in_order_with_their_rules():
    prizes = award_prizes([tally("Ann", [9], loners=1), tally("Bo", [10])])
    assert [p.key for p in prizes] == ["high", "low", "loners"]
    assert [p.title for p in prizes] == ["High score", "Low score", "Most loners"]
    assert all(p.rule == PRIZE_RULES[p.key] for p in prizes)
    assert set(PRIZE_RULES) == {"standings", "high", "low", "loners"}


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="two tallies"):
        standings([tally("Ann", [1]), tally("Ann", [2])])
    with pytest.raises(ValueError, match="no tallies"):
        award_prizes([])
    assert standings([]) == []
