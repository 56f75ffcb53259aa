"""Whole progressive nights through the real HTTP layer: 12, 16, 23, 40 and 100 players, both movements,
with late arrivals (who start at the tail), leavers, a table added (the head table's losers go to the
new tail), a player renamed, and the night ended after game 9 of 10. After every game the seating is
checked against the rules (tests/night_checks.py) and the tallies are checked to add up, from the CSV
a director downloads."""
from __future__ import annotations

import csv
import io
import random

import pytest

from referee.tournament.movement import Seat, TableResult
from referee.tournament.night import ChartState, GamePlan
from tests.conftest import Client
from tests.night_checks import check_game, check_night
from tests.night_helpers import Tables, check_in, confirm, create_night, send_total, start, table_codes

GAMES = 10
ARRIVALS = {3: 1, 7: 3}   # players checked in during game g, who join at game g+1
LEAVERS = {5: 2}          # players who leave after game g
RENAME = (2, "Player 001", "Renamed 001")  # during game 2 the director corrects a name
END_AFTER = 9             # during game 9 the director ends the night after it
CASES = [(n, movement) for movement in ("winners", "chart") for n in (12, 16, 23, 40, 100)]


def _plan_and_roster(app, slug: str):
    from extensions import db
    from models import Night, NightSeat

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        game = night.current_game
        rows = db.session.query(NightSeat).filter_by(night_id=night.id, game=game).all()
        state = night.chart_state
        chart = ChartState(tuple(state["roster"]), state["first_game"], state["games"]) if state else None
        plan = GamePlan(game=game, seating={r.player_id: Seat(r.table, r.seat) for r in rows if r.table},
                        sit_outs=tuple(r.player_id for r in rows if r.table is None),
                        since={r.player_id: r.since for r in rows if r.table}, chart=chart)
        roster = [p.id for p in night.players if p.plays_in(game)]
        names = {p.id: p.name for p in night.players}
        return plan, roster, names, night.status


def _leave(app, director: Client, slug: str, count: int, rng: random.Random) -> None:
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        staying = [p.id for p in night.players if p.left_after is None]
    for player_id in rng.sample(staying, count):
        assert director.post(f"/nights/{slug}/players/{player_id}/leave").status_code == 200


def _tallies_add_up(director: Client, slug: str, plan: GamePlan, scores: dict[int, tuple[int, int]],
                    names: dict, totals: dict[int, int]) -> None:
    """The CSV's column for this game gives each player their pair's points, each sit-out the average of
    the players who played (half up), and every total is the sum of its games."""
    rows = list(csv.DictReader(io.StringIO(director.get(f"/nights/{slug}/results.csv").get_data(as_text=True))))
    by_name = {row["Name"]: row for row in rows}
    column = f"Game {plan.game}"
    played = []
    for player, seat in plan.seating.items():
        ns, ew = scores[seat.table]
        points = ns if seat.seat in "NS" else ew
        played.append(points)
        assert int(by_name[names[player]][column]) == points, (plan.game, names[player])
    average = (2 * sum(played) + len(played)) // (2 * len(played))
    for player in plan.sit_outs:
        assert int(by_name[names[player]][column]) == average, (plan.game, names[player], "sat out")
    for player in list(plan.seating) + list(plan.sit_outs):
        name = names[player]
        totals[player] = totals.get(player, 0) + int(by_name[name][column])
        assert int(by_name[name]["Total"]) == totals[player], (plan.game, name)


@pytest.mark.parametrize("n_players, movement", CASES, ids=[f"{m}-{n}" for n, m in CASES])
def test_a_whole_night(app, client, n_players, movement):
    director, tables, rng = client, Tables(app), random.Random(f"night-{n_players}-{movement}")
    slug = create_night(director, movement=movement, games=GAMES)
    check_in(director, slug, [f"Player {i:03d}" for i in range(1, n_players + 1)])
    start(director, slug)
    plans, rosters, previous, results, totals, tables_added = [], [], None, [], {}, 0
    arrived = n_players
    for game in range(1, END_AFTER + 1):
        plan, roster, names, status = _plan_and_roster(app, slug)
        assert status == "playing" and plan.game == game
        if previous is not None and movement == "winners" and len({s.table for s in plan.seating.values()}) > \
                len({s.table for s in previous.seating.values()}):
            tables_added += 1  # check_game holds the head's losers to the new tail and arrivals near it
        violations = check_game(plan, roster, previous, results, movement)
        assert not violations, (game, violations)
        plans.append(plan)
        rosters.append(roster)
        if game in ARRIVALS:
            new = [f"Late {arrived + i:03d}" for i in range(1, ARRIVALS[game] + 1)]
            arrived += len(new)
            check_in(director, slug, new)
        if game in LEAVERS:
            _leave(app, director, slug, LEAVERS[game], rng)
        if game == RENAME[0]:
            _rename(app, director, slug, *RENAME[1:])
            names = _plan_and_roster(app, slug)[2]  # the CSV says the new name from now on
        if game == END_AFTER:
            assert director.post(f"/nights/{slug}/games", {"games": str(game)}).status_code == 303
        assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code == 303
        codes = table_codes(app, slug)
        scores, results = {}, []
        for table in sorted({s.table for s in plan.seating.values()}):
            ns, ew = rng.randint(0, 12), rng.randint(0, 12)
            cut = rng.choice(("NS", "EW")) if ns == ew else None
            phone = tables.phone(codes[table])
            assert send_total(phone, codes[table], ns, ew, pair="NS", cut=cut).status_code == 303
            assert confirm(phone, codes[table], pair="EW").status_code == 303
            scores[table] = (ns, ew)
            results.append(TableResult(table, cut or ("NS" if ns > ew else "EW")))
        _tallies_add_up(director, slug, plan, scores, names, totals)
        previous = plan
    plan, _, names, status = _plan_and_roster(app, slug)
    assert status == "finished" and plan.game == END_AFTER, "the night ended after game 9"
    assert RENAME[2] in names.values() and RENAME[1] not in names.values()
    assert movement == "chart" or tables_added, "the night added a table"
    assert not check_night(plans, rosters, movement)


def _rename(app, director: Client, slug: str, old: str, new: str) -> None:
    from extensions import db
    from models import Night, NightPlayer

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        player_id = db.session.query(NightPlayer).filter_by(night_id=night.id, name=old).one().id
    assert director.post(f"/nights/{slug}/players/{player_id}/rename", {"name": new}).status_code == 303
