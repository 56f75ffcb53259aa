"""The rotation chart of the games left, and what it costs in repeat partners and opponents. A route
of ``screens.bp``."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from extensions import db
from models import Night, NightSeat
from referee.tournament.night import ChartState, chart_for
from referee.tournament.rotation import grade_schedule
from referee.tournament.wishes import chart_cost, repaired_games
from services.night import queries as night_queries, wishes as night_wishes
from web.nights import access
from web.nights.screens import bp, screen

MOVEMENT_NAMES = {"winners": "winners advance, losers split", "chart": "rotation chart"}


def chart_context(night: Night) -> dict[str, Any]:
    context: dict[str, Any] = {"night": night, "movement": MOVEMENT_NAMES.get(night.movement, night.movement),
                               "chart": None, "message": None}
    if night.status == "finished":
        context["message"] = "The night is over: there are no games left to chart."
        return context
    first = night_queries.next_playable_game(night)
    if first > night.games:
        context["message"] = "Every game of the night has been seated: there are no games left to chart."
        return context
    roster = night_queries.roster(night, first)
    if len(roster) < 4:
        context["message"] = (f"A chart needs at least 4 players; {len(roster)} "
                              f"{'is' if len(roster) == 1 else 'are'} checked in for game {first}.")
        return context
    names = {p.id: p.name for p in roster}
    state = ChartState.from_json(night.chart_state) if night.chart_state else None
    # The chart the night plays, if the referee would seat the next game from it (same roster, in its span).
    in_use = night.movement == "chart" and state is not None and state.still_seats(names, first)
    if in_use:
        order, start, games = list(state.roster), state.first_game, state.games
    else:
        order, start, games = [p.id for p in roster], first, night.games - first + 1
    chart = chart_for(len(order), games)
    wishes = night_wishes.wishes_of(night)
    rounds = []
    # The games as the night plays them: each repaired for the seating wishes, as the referee repairs it.
    for r, (seating, sit_outs, _) in enumerate(repaired_games(chart, order, wishes, name=names.get)):
        at = {(seat.table, seat.seat): names[p] for p, seat in seating.items()}
        rows = [{"table": t, "ns": (at[(t, "N")], at[(t, "S")]), "ew": (at[(t, "E")], at[(t, "W")])}
                for t in sorted({seat.table for seat in seating.values()})]
        out = sorted((names[p] for p in sit_outs), key=str.casefold)
        rounds.append({"game": start + r, "tables": rows, "sit_outs": out,
                       "played": start + r <= night.current_game})
    quality = quality_words(chart.quality)
    if wishes:
        quality.append(wishes_cost_words(chart_cost(chart, order, wishes, name=names.get)))
    if in_use and start > 1:
        quality.append(change_cost_words(night, start, order, chart))
    context.update(chart=chart, rounds=rounds, in_use=in_use, players=len(order), first_game=start,
                   last_game=start + games - 1, quality=quality)
    return context


def wishes_cost_words(cost: Any) -> str:
    """What the seating wishes cost the chart (the referee's ``chart_cost``), in a sentence."""
    extra = [plural(count, *what) for count, what in (
        (cost.extra_repeat_partners, ("more repeat partnership",)),
        (cost.extra_repeat_opponents, ("more meeting of opponents beyond the second",
                                       "more meetings of opponents beyond the second"))) if count > 0]
    said = (f"they cost {' and '.join(extra)}" if extra else "they cost nothing in repeats")
    unmet = f" Not always met: {'; '.join(cost.unmet)}." if cost.unmet else ""
    return (f"Seating wishes: {said}, with {plural(cost.exchanges, 'seat trade')} over the chart "
            f"(the games below are shown with the trades made).{unmet}")


def change_cost_words(night: Night, start: int, order: list[int], chart: Any) -> str:
    """What redrawing the chart at game ``start`` (the roster changed) cost: the repeats over the whole
    night, the games played before it and the chart now in use, against the chart's own."""
    played: dict[int, dict[int, dict[str, int]]] = {}
    outs: dict[int, list[int]] = {}
    for seat in db.session.scalars(select(NightSeat).where(NightSeat.night_id == night.id, NightSeat.game < start)):
        if seat.table is None:
            outs.setdefault(seat.game, []).append(seat.player_id)
        else:
            played.setdefault(seat.game, {}).setdefault(seat.table, {})[seat.seat] = seat.player_id
    games = [[((t["N"], t["S"]), (t["E"], t["W"])) for t in played[g].values() if len(t) == 4] for g in sorted(played)]
    sat = [outs.get(g, []) for g in sorted(played)]
    games += [[((order[n], order[s]), (order[e], order[w])) for (n, s), (e, w) in tables] for tables in chart.games]
    sat += [[order[i] for i in out] for out in chart.sit_outs]
    players = {p for tables in games for a, b in tables for p in a + b} | {p for out in sat for p in out}
    whole = grade_schedule(players, games, sat)
    extra_partners = whole.repeat_partners - chart.quality.repeat_partners
    extra_meetings = whole.repeat_opponents - chart.quality.repeat_opponents
    if not extra_partners and not extra_meetings:
        return (f"The roster changed, so this chart starts at game {start}; joined to the games before it, "
                f"it costs no repeat partner and no extra repeat opponent.")
    return (f"The roster changed, so this chart starts at game {start}; joined to the games before it, it "
            f"costs {plural(extra_partners, 'more repeat partnership')} and "
            f"{plural(extra_meetings, 'more meeting')} beyond the second between the same two opponents.")


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def quality_words(q: Any) -> list[str]:
    words = []
    if q.repeat_partners == 0:
        words.append("Partners: nobody partners the same player twice.")
    else:
        words.append(f"Partners: {q.repeat_partners} repeat partnership{'s' if q.repeat_partners != 1 else ''}; "
                     f"at most {q.max_partner_repeats} games with the same partner.")
    if q.max_opponent_meetings <= 1:
        words.append("Opponents: no two players meet as opponents twice.")
    elif q.repeat_opponents == 0:
        words.append("Opponents: no two players meet as opponents more than twice.")
    else:
        words.append(f"Opponents: {q.repeat_opponents} meeting{'s' if q.repeat_opponents != 1 else ''} beyond "
                     f"the second between the same two opponents; two players meet at most "
                     f"{q.max_opponent_meetings} times.")
    if q.sit_outs_max == 0:
        words.append("Sit-outs: everybody plays every game.")
    elif q.sit_outs_min == q.sit_outs_max:
        words.append(f"Sit-outs: everybody sits out {q.sit_outs_max} game{'s' if q.sit_outs_max != 1 else ''}.")
    elif q.sit_outs_max - q.sit_outs_min == 1:
        words.append(f"Sit-outs: as even as they can be; each player sits out {q.sit_outs_min} or "
                     f"{q.sit_outs_max} games.")
    else:
        words.append(f"Sit-outs: each player sits out {q.sit_outs_min} to {q.sit_outs_max} games.")
    if q.partner_optimum:
        words.append("The partner optimum is reached: everybody has a different partner every game.")
    elif q.games > q.players - 1:
        words.append(f"The partner optimum cannot be reached: {q.players} players have only {q.players - 1} "
                     f"possible partners each, for {q.games} games.")
    else:
        words.append("The partner optimum is not reached: some partners repeat.")
    partners, meetings = q.gap()
    if not partners and not meetings:
        words.append(f"Best possible: no chart for {q.players} players over {q.games} "
                     f"game{'s' if q.games != 1 else ''} can have fewer repeats.")
    else:
        gaps = [plural(count, *what) for count, what in (
            (partners, ("repeat partnership",)),
            (meetings, ("repeat meeting of opponents", "repeat meetings of opponents"))) if count]
        words.append(f"Gap to the best possible: {' and '.join(gaps)} above the lower bound (no chart can go "
                     f"below it; it may not be reachable).")
    return words


@bp.get("/chart")
def chart(slug: str):
    night = access.get_night(slug)
    return screen("nights/screens/_chart.html", "Rotation chart", **chart_context(night))
