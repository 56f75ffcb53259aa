"""Team events: pairing rules, byes, standings with their tie-breaks in order, round robins and playoff
brackets, as pure functions (with property tests over random fields of 4 to 64 teams)."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tournament.bracket import (Elimination, Stage, build, champion, resolve, rounds_to_play,
                                        series_winner)
from referee.tournament.teams import (ByeScore, Format, GameResult, PairingError, TieBreak, estimate_minutes, met,
                                      pair_round, round_robin, rounds_needed, standings)


def play_event(n_teams: int, rounds: int, fmt: Format, rng: random.Random):
    """Pair and play ``rounds`` rounds with random results; return (rounds, results, byes)."""
    teams = [f"T{i}" for i in range(n_teams)]
    results: list[GameResult] = []
    byes: list[tuple[int, str]] = []
    played_rounds = []
    for number in range(1, rounds + 1):
        table = standings(teams, results, fmt, byes)
        ranked = [row.team for row in table]
        round_ = pair_round(number, ranked, met(results), Counter(t for _, t in byes),
                            Counter(p.home for r in played_rounds for p in r.pairings))
        played_rounds.append(round_)
        if round_.bye is not None:
            byes.append((number, round_.bye))
        for pairing in round_.pairings:
            home_points, away_points = rng.choice([(10, rng.randrange(10)), (rng.randrange(10), 10)])
            results.append(GameResult(number, pairing.home, pairing.away, home_points, away_points,
                                      pairing.home if home_points > away_points else pairing.away,
                                      rng.randrange(2), rng.randrange(2)))
    return teams, played_rounds, results, byes


def perfect_matching_without_repeats_exists(teams: list[str], played: Counter) -> bool:
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(played[frozenset((first, other))] == 0
               and perfect_matching_without_repeats_exists(rest[:i] + rest[i + 1:], played)
               for i, other in enumerate(rest))


@settings(max_examples=25, deadline=None)
@given(n_teams=st.integers(4, 64), seed=st.integers(0, 10_000), fmt=st.sampled_from([Format.SWISS, Format.GRAND_PRIX]))
def test_every_team_plays_once_a_round_and_never_the_same_team_twice_in_a_short_event(n_teams, seed, fmt):
    rounds = rounds_needed(fmt, n_teams)
    teams, played_rounds, results, byes = play_event(n_teams, rounds, fmt, random.Random(seed))
    for round_ in played_rounds:
        seated = [t for p in round_.pairings for t in (p.home, p.away)] + ([round_.bye] if round_.bye else [])
        assert sorted(seated) == sorted(teams)
        assert [p.table for p in round_.pairings] == list(range(1, len(round_.pairings) + 1))
    assert max(met(results).values()) == 1  # log2(n) + 1 rounds: a repeat is always avoidable


@settings(max_examples=40, deadline=None)
@given(n_teams=st.integers(4, 10), seed=st.integers(0, 10_000))
def test_a_repeat_is_made_only_when_no_round_without_one_exists(n_teams, seed):
    rng = random.Random(seed)
    teams = [f"T{i}" for i in range(n_teams)]
    results: list[GameResult] = []
    byes: list[tuple[int, str]] = []
    for number in range(1, n_teams + 2):  # past a full round robin: repeats must come
        ranked = [row.team for row in standings(teams, results, Format.SWISS, byes)]
        before = met(results)
        round_ = pair_round(number, ranked, before, Counter(t for _, t in byes))
        sitting = [t for t in ranked if t != round_.bye]
        repeats = sum(before[frozenset((p.home, p.away))] > 0 for p in round_.pairings)
        if perfect_matching_without_repeats_exists(sitting, before):
            assert repeats == 0, number
        if round_.bye:
            byes.append((number, round_.bye))
        for p in round_.pairings:
            results.append(GameResult(number, p.home, p.away, 10, 5, rng.choice([p.home, p.away])))


@settings(max_examples=30, deadline=None)
@given(n_teams=st.integers(2, 32).map(lambda n: 2 * n + 1), seed=st.integers(0, 1000))
def test_byes_rotate(n_teams, seed):
    _teams, played_rounds, _results, byes = play_event(n_teams, min(n_teams, 12), Format.SWISS, random.Random(seed))
    counts = Counter(team for _, team in byes)
    assert len(byes) == len(played_rounds) and max(counts.values()) == 1  # nobody has two before all have one


@settings(max_examples=25, deadline=None)
@given(n_teams=st.integers(4, 40), seed=st.integers(0, 1000), fmt=st.sampled_from(list(Format)))
def test_standings_follow_the_tie_breaks_in_order(n_teams, seed, fmt):
    teams, _rounds, results, byes = play_event(n_teams, 4, Format.SWISS, random.Random(seed))
    table = standings(teams, results, fmt, byes)
    assert sorted(row.team for row in table) == sorted(teams)
    ranks = [row.rank for row in table]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for above, below in zip(table, table[1:]):
        if TieBreak.BETWEEN_THEM not in [s for s in _steps(fmt)]:
            assert above.values >= below.values
        assert above.values[0] >= below.values[0]  # games won always comes first
        if above.rank == below.rank:
            assert above.shared and below.shared and above.values == below.values


def _steps(fmt):
    from referee.tournament.teams import TIE_BREAKS
    return TIE_BREAKS[fmt]


def test_grand_prix_ranks_by_wins_then_points_then_loners_then_the_game_between_them():
    results = [GameResult(1, "A", "B", 10, 8, "A", 1, 0), GameResult(1, "C", "D", 10, 2, "C", 0, 0),
               GameResult(2, "A", "C", 9, 10, "C", 0, 1), GameResult(2, "B", "D", 10, 4, "B", 2, 0)]
    table = standings(["A", "B", "C", "D"], results, Format.GRAND_PRIX)
    # C: 2 wins; A and B: 1 win each, A 19 points, B 18; D: none.
    assert [(row.rank, row.team, row.values) for row in table] == [
        (1, "C", (2, 20, 1, 0)), (2, "A", (1, 19, 1, 0)), (3, "B", (1, 18, 2, 0)), (4, "D", (0, 6, 0, 0))]
    by_difference = standings(["A", "B", "C", "D"], results, Format.GRAND_PRIX, points=TieBreak.POINT_DIFFERENCE)
    assert [row.team for row in by_difference] == ["C", "B", "A", "D"]  # B +4, A +1
    level = [GameResult(1, "A", "B", 10, 8, "A"), GameResult(2, "B", "A", 10, 8, "B"),
             GameResult(3, "A", "B", 8, 10, "B")]  # level on wins? no: B 2, A 1
    assert [row.team for row in standings(["A", "B"], level, Format.GRAND_PRIX)] == ["B", "A"]


def test_the_result_between_them_splits_teams_level_on_everything_before_it():
    results = [GameResult(1, "A", "B", 10, 9, "A"), GameResult(2, "B", "C", 10, 9, "B"),
               GameResult(3, "C", "A", 10, 9, "C")]  # a circle: everyone 1 win, 19 points, 0 loners
    table = standings(["A", "B", "C"], results, Format.GRAND_PRIX)
    assert [row.rank for row in table] == [1, 1, 1] and all(row.shared for row in table)
    # A round robin's second tie-break: the game between them, before point difference.
    results = [GameResult(1, "A", "B", 10, 9, "A"), GameResult(1, "C", "D", 10, 0, "C"),
               GameResult(2, "B", "C", 10, 9, "B"), GameResult(2, "D", "A", 10, 9, "D")]
    table = standings(["A", "B", "C", "D"], results, Format.ROUND_ROBIN)
    # A, B, C and D all won once; among all four each won once too; then point difference: C +9.
    assert [row.team for row in table][0] == "C"
    pair = standings(["A", "B"], [GameResult(1, "A", "B", 10, 0, "A"), GameResult(2, "B", "A", 10, 9, "B")],
                     Format.ROUND_ROBIN)
    assert [(row.rank, row.team) for row in pair] == [(1, "A"), (2, "B")]  # level 1-1, A +9 on points


def test_swiss_uses_opponents_wins_after_point_difference():
    results = [GameResult(1, "A", "B", 10, 5, "A"), GameResult(1, "C", "D", 10, 5, "C"),
               GameResult(2, "B", "D", 10, 5, "B")]
    table = standings(["A", "B", "C", "D"], results, Format.SWISS)
    # A and C: 1 win, +5; A beat B (1 win), C beat D (0 wins): A first.
    assert [row.team for row in table][:2] == ["A", "C"] and table[0].opponents_wins == 1


def test_a_bye_scores_as_the_director_sets():
    table = standings(["A", "B", "C"], [GameResult(1, "A", "B", 10, 3, "A")], Format.GRAND_PRIX,
                      byes=[(1, "C")], bye_score=ByeScore(win=True, points=10))
    assert [(row.team, row.wins, row.points_for, row.byes) for row in table] == [
        ("A", 1, 10, 0), ("C", 1, 10, 1), ("B", 0, 3, 0)]
    table = standings(["A", "B", "C"], [GameResult(1, "A", "B", 10, 3, "A")], Format.GRAND_PRIX,
                      byes=[(1, "C")], bye_score=ByeScore(win=False))
    assert [row.team for row in table] == ["A", "B", "C"]


@pytest.mark.parametrize("n_teams", range(2, 14))
def test_a_round_robin_meets_every_pair_exactly_once(n_teams):
    teams = list(range(n_teams))
    rounds = round_robin(teams)
    assert len(rounds) == (n_teams - 1 if n_teams % 2 == 0 else n_teams) == rounds_needed(Format.ROUND_ROBIN, n_teams)
    meetings = Counter(frozenset((p.home, p.away)) for r in rounds for p in r.pairings)
    assert set(meetings) == {frozenset(pair) for pair in itertools.combinations(teams, 2)}
    assert set(meetings.values()) == {1}
    for r in rounds:
        seated = [t for p in r.pairings for t in (p.home, p.away)] + ([r.bye] if r.bye is not None else [])
        assert sorted(seated) == teams
    homes = Counter(p.home for r in rounds for p in r.pairings)
    assert max(homes.values()) - min(homes.get(t, 0) for t in teams) <= 1  # home half the games, give or take one


def test_pairing_refuses_what_cannot_be_a_round():
    with pytest.raises(PairingError) as error:
        pair_round(3, ["A", "A", "B"], Counter())
    assert error.value.round == 3
    with pytest.raises(PairingError):
        pair_round(1, ["A"], Counter())
    with pytest.raises(PairingError):
        round_robin(["A"])


def test_the_estimated_running_time():
    # 16 teams, Grand Prix of 5 rounds at 20 minutes, a top-4 double elimination of single games.
    playoff = rounds_to_play(4, Elimination.DOUBLE)
    assert playoff == 5
    assert estimate_minutes(5, 20, playoff) == 5 * 20 + 5 * 20 + 9 * 5
    assert estimate_minutes(3, 25, 3, games_per_match=3, between_rounds=0) == 75 + 225
    assert rounds_needed(Format.SWISS, 16) == 4 and rounds_needed(Format.GRAND_PRIX, 16) == 5


# -- playoffs ---------------------------------------------------------------------------------------
def test_first_round_seeding_keeps_the_best_two_apart():
    assert [(m.a.number, m.b.number) for m in build(8, Elimination.SINGLE).matches[:4]] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(m.a.number, m.b.number) for m in build(4, Elimination.SINGLE).matches[:2]] == [(1, 4), (2, 3)]
    assert len(build(8, Elimination.SINGLE).matches) == 7 and len(build(8, Elimination.DOUBLE).matches) == 15


def test_a_best_of_three_goes_to_the_first_with_two_wins():
    assert series_winner(["A"], "A", "B", 3) is None
    assert series_winner(["A", "B", "B"], "A", "B", 3) == "B"
    assert series_winner(["A"], "A", "B", 1) == "A"


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([4, 8]), elimination=st.sampled_from(list(Elimination)), best_of=st.sampled_from([1, 3]),
       reset=st.booleans(), seed=st.integers(0, 10_000))
def test_a_playoff_always_ends_with_one_champion(size, elimination, best_of, reset, seed):
    rng = random.Random(seed)
    bracket = build(size, elimination, best_of, reset)
    seeds = [f"S{i}" for i in range(1, size + 1)]
    games: dict[int, list[str]] = {}
    for _ in range(len(bracket.matches) * 3):
        ready = [s for s in resolve(bracket, seeds, games) if s.ready]
        if not ready:
            break
        state = ready[0]
        games.setdefault(state.match.number, []).append(rng.choice([state.a, state.b]))
    states = resolve(bracket, seeds, games)
    winner = champion(states)
    assert winner in seeds and not any(s.ready for s in states)
    losses = Counter(s.b if s.winner == s.a else s.a for s in states if s.needed and s.winner is not None)
    assert winner not in losses or (elimination is Elimination.DOUBLE and losses[winner] == 1)
    out = [team for team in seeds if team != winner]
    if elimination is Elimination.SINGLE:
        assert all(losses[team] == 1 for team in out)
    elif reset:
        assert all(losses[team] == 2 for team in out)  # out only after a second lost match
    finals = [s for s in states if s.match.stage is Stage.FINAL]
    assert len(finals) == (1 if elimination is Elimination.DOUBLE else 0)


@given(n_players=st.integers(1, 64).map(lambda n: 2 * n), seed=st.text(max_size=8))
def test_a_random_draw_puts_every_player_in_exactly_one_team(n_players, seed):
    from referee.tournament.teams import draw_pairs

    names = [f"P{i}" for i in range(n_players)]
    pairs = draw_pairs(names, seed)
    assert sorted(p for pair in pairs for p in pair) == sorted(names)
    assert draw_pairs(names, seed) == pairs  # the same seed draws the same teams


def test_a_random_draw_refuses_an_odd_player_out_and_a_name_twice():
    from referee.tournament.teams import draw_pairs

    with pytest.raises(PairingError, match="cannot all be drawn into pairs"):
        draw_pairs(["Ann", "Bo", "Cy"], "s")
    with pytest.raises(PairingError, match="listed twice"):
        draw_pairs(["Ann", "ann"], "s")


@pytest.mark.parametrize("seed", [2, 7, 8, 11])
def test_six_teams_in_four_rounds_never_meet_twice(seed):
    """Six teams, four Grand Prix rounds: paired a round at a time, the third round could leave two
    triangles of teams that had not met, and the fourth round a repeat; each round now leaves a round
    of new opponents possible."""
    _, _, results, _ = play_event(6, rounds_needed(Format.GRAND_PRIX, 6), Format.GRAND_PRIX, random.Random(seed))
    assert rounds_needed(Format.GRAND_PRIX, 6) == 4
    assert max(met(results).values()) == 1
