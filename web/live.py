"""The match page's live region: the scoreboard, the hand form and its preview. Both the match pages
(``web.matches``) and the hand routes (``web.hands``) draw it; it imports neither."""
from __future__ import annotations

from typing import Any

from flask import session, url_for

from forms import hand_form
from forms.hand import HandFormBase
from models import Hand, Match
from referee import MatchResult
from services.hand_changes import AddHand, EditHand, would_be
from web import scoring
from web.shared_drawings import one_time_token
from web.scoring import Board, RefereeError


def entry_form(board: Board, editing: Hand | None = None) -> HandFormBase:
    """The hand form to draw: empty for a new hand, or filled from the hand being edited (a sent one is
    ``sent_form``)."""
    data: dict[str, Any] = {"token": one_time_token(), "version": board.match.version}
    if editing is not None:
        data.update(HandFormBase.data_from_hand(editing.to_dict(), board.table))
    else:
        data["outcome"] = "played"
    form = hand_form(board.table, data=data)
    form.dealer = board.dealer_for(editing)
    return form


def sent_form(match: Match, formdata: Any, editing: Hand | None = None) -> HandFormBase:
    """The hand form as a phone sent it: its fields need only the match's table. Who deals is worked out
    (by scoring the match as stored) only if the hand asks, when everybody passed."""
    form = hand_form(scoring.table_of(match), formdata=formdata)
    form.dealer_source = lambda: scoring.board(match).dealer_for(editing)
    return form


def live_context(match: Match, form: Any = None, editing: Hand | None = None, message: str | None = None,
                 result: MatchResult | None = None) -> dict[str, Any]:
    """What the live region shows. ``result``: the referee's result of the match as just saved, when
    the caller has it (not scored again)."""
    board = scoring.board(match, result)
    if form is None and (editing is not None or not board.finished):
        form = entry_form(board, editing)
    context = {"match": match, "board": board, "form": form, "editing": editing, "message": message,
               "share": _share_links(match), "undone": undone_hand(match), "event_table": _event_table_link(match)}
    if form is not None:
        context.update(preview_of(match, form, editing))
    return context


# -- taking an undo back -----------------------------------------------------------------------
UNDONE = "undone"  # session key: the hand this phone last undid (the session is signed: it cannot be forged)
NOTHING_TO_REDO = "There is no undone hand to bring back: another change came after the undo."


def remember_undone(match: Match, hand: dict, number: int) -> None:
    """Keep the hand just undone (its match-document hand and its number) with the version the undo left."""
    session[UNDONE] = {"match": match.slug, "version": match.version, "number": number, "hand": hand}


def undone_hand(match: Match) -> dict | None:
    """The hand this phone undid last in ``match``, while nothing else has changed the match since."""
    undone = session.get(UNDONE)
    if not isinstance(undone, dict) or undone.get("match") != match.slug or undone.get("version") != match.version:
        return None
    return undone


def forget_undone() -> None:
    session.pop(UNDONE, None)


def _share_links(match: Match) -> dict[str, str] | None:
    """The match's two links, shown on its page: the read-only one to share and the scorer's (this page).
    None for a night's table game, which its table's card opens."""
    if match.at_an_event:
        return None
    return {"watch": url_for("watch.show", watch_slug=match.watch_slug),
            "scorer": url_for("matches.show", match_slug=match.slug)}


def _event_table_link(match: Match) -> dict[str, Any] | None:
    """The way back to the table's page, for a team event's game on a phone of its table (or the director's):
    the table's code is the director's secret, so no one else is shown it."""
    if match.table_game is not None or match.event_game is None:  # a night's table game: no event
        return None
    from web.teams import access as event_access  # the team events' own grants

    found = event_access.event_game_of(match)
    if found is None or found[2] is None or not event_access.holds_game_table(found[1], found[2]):
        return None
    return {"number": found[2].number, "url": url_for("event_tables.show", code=found[2].code)}


# -- preview ----------------------------------------------------------------------------------
def preview_of(match: Match, form: HandFormBase, editing: Hand | None = None) -> dict[str, Any]:
    """What the hand in ``form`` would score, asked of the referee on the would-be match:
    ``line``/``notes``/``after``, or the ``problem`` in words (nothing when the form is blank)."""
    errors = {k: v for k, v in form.errors.items() if k not in ("csrf_token", "token", "version") and v}
    if errors:
        return {"problem": next(iter(errors.values()))[0]}
    if form.is_blank():
        return {}
    change = AddHand(form.to_hand(), token="") if editing is None else EditHand(editing.id, form.to_hand())
    hands, index = would_be(match, change)
    try:
        result = scoring.score(match, hands)
    except RefereeError as error:
        if error.hand in (None, index) and _not_tapped_yet(form, error.field):
            return {"hint": STILL_TO_TAP[error.field]}
        if error.hand in (None, index):
            return {"problem": error.message}
        return {"problem": f"Hand {error.hand + 1} would no longer be right: {error.message}"}
    scored = result.hands[index]
    return {"line": scored.describe(result.sides), "notes": list(scored.notes), "events": list(scored.events),
            "after": result}


# A hand the referee cannot score yet because something is still to be tapped: say what, in words
# for players (the referee's own message names the match document's keys).
STILL_TO_TAP = {
    "tricks": "Tap the tricks to see what the hand scores.",
    "maker": "Tap who made trump to see what the hand scores.",
    "bid": "Tap the bid to see what the hand scores.",
}


def _not_tapped_yet(form: HandFormBase, field: str | None) -> bool:
    if field == "tricks":  # some row of tricks still blank (a seat's, or a team's)
        return "tricks" in form.table.fields and any(form[name].data is None for name, _ in form.table.tricks_slots())
    return field in ("maker", "bid") and form.has(field) and form[field].data in (None, "")
