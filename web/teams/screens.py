"""A team event's screens: the projector (this round's pairings, the standings, the bracket), the standings
with every tie-break named and valued, the bracket, the printable results, the CSV, the JSON download of the
whole event (``docs/team-event-json.md``), and the director's QR table cards.

The numbers are the referee's (``standings_of``, ``playoff_states``); these views only lay them out.
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, url_for

from models.team_event import EventGame, TeamEvent
from referee.tournament.bracket import Stage
from referee.tournament.teams import TieBreak
from web.nights.pulse import poll_answer, poll_seconds
from web.nights.printouts import qr_svg
from web.nights.projector import cut, rotate_seconds
from web.public_address import public_base, public_url_for
from web.spreadsheets import spreadsheet_safe
from services import team_event as service
from web.teams import access
from web.teams.director import page

bp = Blueprint("event_screens", __name__, url_prefix="/events/<slug>")

JSON_FORMAT = "euchre-team-event/1"
TIE_BREAK_KEYS = {TieBreak.WINS: "games_won", TieBreak.POINTS: "points", TieBreak.POINT_DIFFERENCE: "point_difference",
                  TieBreak.LONERS: "loners_made", TieBreak.BETWEEN_THEM: "result_between_them",
                  TieBreak.OPPONENTS_WINS: "opponents_wins"}


@bp.app_template_global("event_is_director")
def event_is_director(event: TeamEvent) -> bool:
    return access.is_director(event)


# -- standings ----------------------------------------------------------------------------------------
def standing_rows(event: TeamEvent, games: list[EventGame] | None = None) -> list[dict[str, Any]]:
    games = service.games_of(event) if games is None else games
    byes = service.byes_of(event)
    table = service.standings_of(event, games, byes)
    steps = service.tie_breaks(event)
    by_id = {t.id: t for t in event.teams}
    wins_between = _wins_between(table, games, steps)
    rows = []
    for row in table:
        team = by_id[row.team]
        values = []
        for step, value in zip(steps, row.values):
            values.append(wins_between.get(row.team, 0) if step is TieBreak.BETWEEN_THEM else value)
        rows.append({"rank": row.rank, "shared": row.shared, "team": team, "games": row.games, "wins": row.wins,
                     "points_for": row.points_for, "points_against": row.points_against,
                     "point_difference": row.point_difference, "loners": row.loners, "byes": row.byes,
                     "opponents_wins": row.opponents_wins, "values": values,
                     "withdrawn": team.withdrawn_after is not None})
    return rows


def _wins_between(table: list[Any], games: list[EventGame], steps: tuple[TieBreak, ...]) -> dict[Any, int]:
    """Each team's wins against the teams level with it on every tie-break before "result between them"
    (the games the referee compares at that step); 0 where the step does not apply."""
    if TieBreak.BETWEEN_THEM not in steps:
        return {}
    before = steps.index(TieBreak.BETWEEN_THEM)
    level: dict[tuple, set] = {}
    for row in table:
        level.setdefault(tuple(row.values[:before]), set()).add(row.team)
    out: dict[Any, int] = {}
    for teams in level.values():
        for game in games:
            if game.done and game.bracket_match is None and game.home_id in teams and game.away_id in teams \
                    and game.winner_id is not None and len(teams) > 1:
                out[game.winner_id] = out.get(game.winner_id, 0) + 1
    return out


def standings_context(event: TeamEvent) -> dict[str, Any]:
    return {"event": event, "rows": standing_rows(event), "steps": [s.value for s in service.tie_breaks(event)],
            "format_words": service.format_words(event)}


@bp.get("/standings")
def standings(slug: str):
    event = access.get_event(slug)
    return page("teams/_standings.html", title=f"{event.name}: standings", **standings_context(event))


# -- the bracket --------------------------------------------------------------------------------------
def bracket_context(event: TeamEvent, games: list[EventGame] | None = None) -> dict[str, Any]:
    if not event.playoff_size:
        return {"event": event, "columns": [], "champion": None, "seeded": False}
    games = service.games_of(event) if games is None else games
    by_id = {t.id: t for t in event.teams}
    seeded = bool(event.playoff_seeds)
    states = service.playoff_states(event, games) if seeded else None
    bracket = service.playoff_bracket(event)
    columns: dict[tuple[Stage, int], list[dict[str, Any]]] = {}
    for index, match in enumerate(bracket.matches):
        state = states[index] if states else None
        scores = [(g.home_id, g.home_points, g.away_points, g.away_id) for g in games
                  if g.bracket_match == match.number and g.done]
        side_a = by_id[state.a].name if state and state.a is not None else match.a.words()
        side_b = by_id[state.b].name if state and state.b is not None else match.b.words()
        games_won = {}
        for winner in (g.winner_id for g in games if g.bracket_match == match.number and g.done):
            games_won[winner] = games_won.get(winner, 0) + 1
        columns.setdefault((match.stage, match.round), []).append({
            "number": match.number, "a": side_a, "b": side_b,
            "a_wins": games_won.get(state.a, 0) if state else 0, "b_wins": games_won.get(state.b, 0) if state else 0,
            "winner": by_id[state.winner].name if state and state.winner is not None else None,
            "needed": state.needed if state else True, "conditional": match.only_if_b_wins is not None,
            "games": [_score_words(by_id, s) for s in scores]})
    champion = None
    if states:
        last = [s for s in states if s.needed][-1]
        champion = by_id[last.winner].name if last.winner is not None else None
    titled = [{"title": _column_title(stage, round_), "matches": matches}
              for (stage, round_), matches in columns.items()]
    return {"event": event, "columns": titled, "champion": champion, "seeded": seeded}


def _score_words(by_id: dict, score: tuple) -> str:
    home, home_points, away_points, away = score
    return f"{by_id[home].name} {home_points}, {by_id[away].name} {away_points}"


def _column_title(stage: Stage, round_: int) -> str:
    if stage in (Stage.FINAL, Stage.RESET):
        return stage.value.capitalize()
    return f"{stage.value.capitalize()}, round {round_}"


@bp.get("/bracket")
def bracket(slug: str):
    event = access.get_event(slug)
    return page("teams/_bracket.html", title=f"{event.name}: bracket", **bracket_context(event))


# -- the projector ------------------------------------------------------------------------------------
PROJECTOR_ROWS = 12  # standings lines on one page of the big screen, under the round's tables


def projector_context(event: TeamEvent) -> dict[str, Any]:
    games = service.games_of(event)
    current = [g for g in games if g.round == event.current_round]
    byes = [b for b in service.byes_of(event) if b.round == event.current_round]
    rows = standing_rows(event, games)
    # Long standings turn page by page on the big screen, as a night's (``static/projector.js``).
    pages = [{"rows": chunk, "first": start + 1, "last": start + len(chunk)}
             for start, chunk in zip(range(0, len(rows), PROJECTOR_ROWS), cut(rows, PROJECTOR_ROWS))]
    context = {"event": event, "current": current, "byes": service.teams_named(event, [b.team_id for b in byes]),
               "rows": rows, "steps": [s.value for s in service.tie_breaks(event)],
               "standing_pages": pages, "rotate_seconds": rotate_seconds(),
               "poll_url": url_for("event_screens.projector", slug=event.slug), "poll_tag": f"p{event.id}-{event.version}",
               "poll_seconds": poll_seconds(), "poll_target": "#projector"}
    context.update(bracket_context(event, games))
    return context


@bp.get("/screen")
def projector(slug: str):
    """The projector: the round's tables, and the standings or (in the playoff) the bracket. Polls."""
    event = access.get_event(slug)
    return poll_answer(f"p{event.id}-{event.version}",
                       lambda: page("teams/_projector.html", title=event.name, projector=True,
                                    **projector_context(event))[0])


# -- print, CSV and JSON ------------------------------------------------------------------------------
@bp.get("/print")
def printable(slug: str):
    event = access.get_event(slug)
    games = service.games_of(event)
    context = standings_context(event)
    context.update(bracket_context(event, games))
    context["rounds"] = _rounds(event, games)
    context["schedule"] = service.round_robin_schedule(event)
    return page("teams/_print.html", title=f"{event.name}: results", **context)


def _rounds(event: TeamEvent, games: list[EventGame]) -> list[dict[str, Any]]:
    by_round: dict[int, list[EventGame]] = {}
    for game in games:
        by_round.setdefault(game.round, []).append(game)
    byes: dict[int, list[int]] = {}
    for bye in service.byes_of(event):
        byes.setdefault(bye.round, []).append(bye.team_id)
    return [{"number": n, "games": by_round.get(n, []), "byes": service.teams_named(event, byes.get(n, []))}
            for n in range(1, event.current_round + 1)]


@bp.get("/standings.csv")
def standings_csv(slug: str):
    event = access.get_event(slug)
    steps = service.tie_breaks(event)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Rank", "Team", "Players", "Games", "Games won", "Points for", "Points against", "Loners made",
                     "Byes"] + [s.value.capitalize() for s in steps] + ["Withdrawn"])
    for row in standing_rows(event):
        team = row["team"]
        writer.writerow([row["rank"], spreadsheet_safe(team.name), spreadsheet_safe(team.players), row["games"],
                         row["wins"], row["points_for"], row["points_against"], row["loners"], row["byes"],
                         *row["values"], "yes" if row["withdrawn"] else ""])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="standings-{event.day.isoformat()}.csv"'})


def event_document(event: TeamEvent) -> dict[str, Any]:
    """The whole event as one JSON document (``docs/team-event-json.md``)."""
    games = service.games_of(event)
    byes = service.byes_of(event)
    steps = service.tie_breaks(event)
    rows = standing_rows(event, games)
    team_key = {t.id: t.position for t in event.teams}  # a team's number in the document: its check-in order
    rounds = []
    for info in _rounds(event, games):
        rounds.append({
            "number": info["number"], "playoff": any(g.bracket_match is not None for g in info["games"]),
            "byes": [team_key[b.team_id] for b in byes if b.round == info["number"]],
            "games": [{"table": g.table, "home": team_key[g.home_id], "away": team_key[g.away_id],
                       "status": g.status, "home_points": g.home_points, "away_points": g.away_points,
                       "home_loners": g.home_loners, "away_loners": g.away_loners,
                       "winner": team_key.get(g.winner_id) if g.winner_id is not None else None,
                       "ruled_by_director": g.ruled, "corrected": g.corrected,
                       "playoff_match": g.bracket_match, "game_in_match": g.game_in_match}
                      for g in info["games"]]})
    doc: dict[str, Any] = {
        "format": JSON_FORMAT, "name": event.name, "date": event.day.isoformat(), "game": event.variant,
        "rules": dict(event.rules or {}), "bell_minutes": event.bell_minutes,
        "event_format": event.format, "rounds_planned": event.rounds, "status": event.status,
        "bye_score": {"counts_as_win": event.bye_win, "points": event.bye_points},
        "tie_breaks": [TIE_BREAK_KEYS[s] for s in steps],
        "teams": [{"number": t.position, "name": t.name, "players": [t.player_one, t.player_two],
                   "joined_round": t.joined_round, "withdrawn_after": t.withdrawn_after} for t in event.teams],
        "rounds": rounds,
        "standings": [{"rank": r["rank"], "team": r["team"].position, "shared": r["shared"], "games": r["games"],
                       "games_won": r["wins"], "points_for": r["points_for"], "points_against": r["points_against"],
                       "loners_made": r["loners"], "byes": r["byes"],
                       "tie_breaks": {TIE_BREAK_KEYS[s]: v for s, v in zip(steps, r["values"])}} for r in rows],
    }
    if event.playoff_size:
        context = bracket_context(event, games)
        doc["playoff"] = {"size": event.playoff_size, "elimination": event.playoff_elimination,
                          "best_of": event.playoff_best_of, "deciding_final": event.playoff_reset,
                          "seeds": [team_key[t] for t in event.playoff_seeds or []],
                          "champion": next((t.position for t in event.teams if t.name == context["champion"]), None)}
    return doc


@bp.get("/event.json")
def event_json(slug: str):
    event = access.get_event(slug)
    body = json.dumps(event_document(event), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="event-{event.day.isoformat()}.json"'})


# -- table cards (the director's: they carry the codes) ------------------------------------------------
@bp.get("/cards")
def cards(slug: str):
    event = access.get_event(slug)
    access.require_director(event)
    base = public_base()  # the address phones open (the night's cards do the same)
    cards = []
    for table in event.tables if base.url else ():
        url = public_url_for("event_tables.show", base, code=table.code)
        cards.append({"number": table.number, "code": table.code, "url": url,
                      "qr": qr_svg(url, f"QR code for table {table.number}")})
    return page("teams/_cards.html", title=f"{event.name}: table cards", event=event, cards=cards, address=base)
