"""Seating wishes (referee/tournament/wishes.py). The documents are silent on wishes ([002] describes
the movement only): every expectation here is one of the module's product rulings."""
import random

import pytest

from referee.tournament import Seat, TableResult, plan_game
from referee.tournament.night import chart_for
from referee.tournament.wishes import Wishes, chart_cost, contradictions, honour_wishes, partners_of


def play(movement, players, wishes, *, games=8, seed="wish", departures=None):
    """A whole night with random winners; ``departures[g]`` leave before game g."""
    rng = random.Random(seed)
    roster, previous, results, counts, plans = list(players), None, [], {}, []
    for g in range(1, games + 1):
        roster = [p for p in roster if p not in (departures or {}).get(g, ())]
        plan = plan_game(movement, g, roster, previous=previous, results=results, sat_out_counts=counts,
                         total_games=games, seed=seed, wishes=wishes)
        assert set(plan.seating) | set(plan.sit_outs) == set(roster)
        seats = list(plan.seating.values())
        assert len(set(seats)) == len(seats), "two players in one seat"
        plans.append(plan)
        for p in plan.sit_outs:
            counts[p] = counts.get(p, 0) + 1
        results = [TableResult(t, rng.choice(["NS", "EW"])) for t in sorted({s.table for s in seats})]
        previous = plan
    return plans


HOME = Wishes.build(never_partners=[(1, 2)], apart=[(3, 4)], stay={5: 3},
                    couples=[(6, 7, "together"), (8, 9, "apart")])


@pytest.mark.parametrize("movement", ["winners", "chart"])
@pytest.mark.parametrize("n", [13, 16, 22, 40])
def test_both_movements_honour_every_wish_all_night(movement, n):
    for plan in play(movement, range(n), HOME, games=10):
        partner = plan.partners()
        table = {p: s.table for p, s in plan.seating.items()}
        assert partner.get(1) != 2, f"game {plan.game}: 1 and 2 partnered"
        if 3 in table and 4 in table:
            assert table[3] != table[4]
        if 5 in table:
            assert table[5] == 3, f"game {plan.game}: 5 left table 3"
        if 6 in table and 7 in table:
            assert table[6] == table[7]
        if 8 in table and 9 in table:
            assert table[8] != table[9] and partner.get(8) != 9


@pytest.mark.parametrize("movement", ["winners", "chart"])
def test_wishes_never_change_who_sits_out(movement):
    plain = play(movement, range(14), None, games=8)
    wished = play(movement, range(14), HOME, games=8)
    assert [p.sit_outs for p in plain] == [p.sit_outs for p in wished]


def test_without_wishes_the_movement_is_untouched():
    assert [p.seating for p in play("winners", range(16), None)] == \
        [p.seating for p in play("winners", range(16), Wishes())]


def test_a_never_partner_pair_trades_seats_at_their_own_table():
    seating = {1: Seat(1, "N"), 2: Seat(1, "S"), 3: Seat(1, "E"), 4: Seat(1, "W"),
               5: Seat(2, "N"), 6: Seat(2, "S"), 7: Seat(2, "E"), 8: Seat(2, "W")}
    fixed = honour_wishes(seating, Wishes.build(never_partners=[(1, 2)]))
    assert fixed.exchanges == 1 and fixed.unmet == []
    assert {p: s.table for p, s in fixed.seating.items()} == {p: s.table for p, s in seating.items()}
    assert partners_of(fixed.seating)[1] != 2
    assert "never partner" in fixed.notes[0]


def test_the_exchange_avoids_repeating_last_games_partners():
    seating = {1: Seat(1, "N"), 2: Seat(1, "S"), 3: Seat(1, "E"), 4: Seat(1, "W")}
    fixed = honour_wishes(seating, Wishes.build(never_partners=[(1, 2)]), last_partners={1: 3, 3: 1})
    assert partners_of(fixed.seating)[1] == 4


def test_the_winners_ladder_keeps_its_table_numbers_and_the_chart_renumbers():
    seating = {p: Seat(p // 4 + 1, "NESW"[p % 4]) for p in range(12)}
    stay = Wishes.build(stay={0: 3})
    moved = honour_wishes(seating, stay)
    assert moved.seating[0].table == 3 and moved.exchanges == 1
    renumbered = honour_wishes(seating, stay, renumber_tables=True)
    assert renumbered.exchanges == 0 and renumbered.seating[0].table == 3
    assert partners_of(renumbered.seating) == partners_of(seating)


def test_a_wish_out_of_reach_is_named_and_the_game_goes_ahead():
    seating = {p: Seat(p // 4 + 1, "NESW"[p % 4]) for p in range(8)}
    fixed = honour_wishes(seating, Wishes.build(stay={0: 5}), name=lambda p: f"P{p}")
    assert fixed.seating == seating
    assert fixed.unmet == ["P0 stays at table 5 (only 2 tables play)"]
    assert "cannot be met" in fixed.notes[-1]


def test_a_player_who_left_is_dropped_from_the_wishes():
    plans = play("winners", range(12), Wishes.build(never_partners=[(1, 2)], stay={3: 1}), departures={3: [3]})
    assert all(3 not in p.seating for p in plans[2:])
    assert Wishes.build(stay={3: 1}, apart=[(3, 4)]).without([3]) == Wishes()


@pytest.mark.parametrize("wishes, words", [
    (dict(couples=[(1, 2, "apart"), (1, 2, "together")]), "both together and apart"),
    (dict(couples=[(1, 2, "together")], stay={1: 1, 2: 2}), "stay at tables 1 and 2"),
    (dict(apart=[(1, 2)], stay={1: 3, 2: 3}), "both stay at table 3"),
    (dict(stay={1: 1, 2: 1, 3: 1, 4: 1, 5: 1}), "Table 1 seats four"),
    (dict(couples=[(1, 2, "together"), (2, 3, "together"), (3, 4, "together"), (4, 5, "together")]),
     "One table seats four"),
    (dict(stay={1: 0}), "which is no table"),
    (dict(never_partners=[(1, 1)]), "paired with themselves"),
])
def test_contradictory_wishes_are_refused_in_plain_words(wishes, words):
    with pytest.raises(ValueError, match=words):
        Wishes.build(**wishes)


def test_contradictions_names_players():
    wishes = Wishes(together=frozenset({frozenset({1, 2})}), apart=frozenset({frozenset({1, 2})}))
    assert contradictions(wishes, name=lambda p: "Ann" if p == 1 else "Bob") == \
        ["Ann and Bob cannot be kept both together and apart."]


def test_the_chart_cost_of_no_wishes_is_nothing_and_a_whist_chart_pays_for_them():
    chart = chart_for(16, 15)
    roster = list(range(16))
    free = chart_cost(chart, roster, None)
    assert free.plain == free.with_wishes and free.exchanges == 0
    cost = chart_cost(chart, roster, HOME)
    assert cost.plain.repeat_partners == 0 and cost.plain.repeat_opponents == 0  # whist: optimal
    assert cost.exchanges > 0
    assert cost.extra_repeat_partners + cost.extra_repeat_opponents > 0
    assert cost.unmet == ()


def test_two_exchanges_when_every_single_one_breaks_another_wish():
    # Cy must reach table 2, whose four all have wishes of their own: Di and Ed are kept together, Flo
    # must not share a table with Gus (at table 1), and Ann must never partner Bo (Cy's partner).
    seat = {"Cy": Seat(1, "N"), "Bo": Seat(1, "S"), "Gus": Seat(1, "E"), "X": Seat(1, "W"),
            "Di": Seat(2, "N"), "Ed": Seat(2, "S"), "Flo": Seat(2, "E"), "Ann": Seat(2, "W")}
    wishes = Wishes.build(stay={"Cy": 2}, couples=[("Di", "Ed", "together")], apart=[("Flo", "Gus")],
                          never_partners=[("Ann", "Bo")])
    fixed = honour_wishes(seat, wishes)
    assert fixed.unmet == [] and fixed.exchanges == 2
    table = {p: s.table for p, s in fixed.seating.items()}
    assert table["Cy"] == 2 and table["Di"] == table["Ed"] and table["Flo"] != table["Gus"]
    assert partners_of(fixed.seating)["Ann"] != "Bo"


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("movement", ["winners", "chart"])
def test_many_seeds_honour_every_wish(movement, seed):
    for plan in play(movement, range(13), HOME, games=6, seed=f"seed-{seed}"):
        partner, table = plan.partners(), {p: s.table for p, s in plan.seating.items()}
        assert partner.get(1) != 2 and partner.get(8) != 9
        assert table.get(5, 3) == 3
        if 6 in table and 7 in table:
            assert table[6] == table[7]
        if 3 in table and 4 in table:
            assert table[3] != table[4]
        if 8 in table and 9 in table:
            assert table[8] != table[9]
