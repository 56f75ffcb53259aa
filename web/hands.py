"""Hands: enter one (with a live preview), edit or delete any, undo the last (and take the undo back).

The views read the request and answer; the change itself is ``services.hand_changes.change_match``:
the referee checks the whole would-be match before anything is saved, a page drawn at an older
version of the match is refused with 409, and a new hand's idempotency token makes a double tap or
a retry store one hand.
"""
from __future__ import annotations

import secrets

from flask import Blueprint, abort, request, url_for

from extensions import db, htmx
from forms import apply_referee_error
from forms.hand import HandFormBase
from models import Hand, Match
from referee import MatchResult
from services.hand_changes import AddHand, DeleteHand, EditHand, Outcome, Status, UndoHand, change_match
from web import scoring
from web.converters import as_id
from web.live import (NOTHING_TO_REDO, forget_undone, live_context, preview_of, remember_undone,
                      sent_form, undone_hand)
from web.matches import get_match, go
from web.table_phones import may_write_match
from web.render import render_page
from web.scoring import RefereeError

bp = Blueprint("hands", __name__, url_prefix="/matches/<slug:match_slug>")

STALE = ("Another phone changed this match after this page was drawn, so nothing was saved. "
         "Reload the match to see the latest hands, then try again.")
BUSY = "The scoresheet was busy saving another change. Nothing was saved; tap Save again."


def _field_map(form: HandFormBase) -> dict[str, str]:
    first_tricks = form.table.tricks_slots()[0][0] if "tricks" in form.table.fields else "tricks"
    return {"tricks": first_tricks, "void": "outcome", "forced": "outcome", "auction": "bid"}


def _live(match: Match, status: int = 200, message: str | None = None, result: MatchResult | None = None):
    """After a change: the whole live region (htmx) or back to the match page (browser). ``result``:
    the referee's result of the match as saved, when the caller has it (not scored again)."""
    if htmx:
        return render_page("match.html", status=status, **live_context(match, message=message, result=result))
    return go(url_for("matches.show", match_slug=match.slug))


def _form_response(match: Match, form: HandFormBase, status: int, editing: Hand | None = None,
                   message: str | None = None):
    """The form again, with its errors (nothing was saved): just the entry section for htmx."""
    db.session.rollback()
    context = live_context(match, form=form, editing=editing, message=message)
    swap = {"HX-Retarget": "#entry", "HX-Reswap": "outerHTML show:#entry:top" if message else "outerHTML"}
    return render_page("match.html", status, swap if htmx else None, part="partials/_entry.html", **context)


def _form_answer(match: Match, form: HandFormBase, outcome: Outcome, editing: Hand | None = None):
    """What a sent hand form gets: the live region once saved, else the form again and why not."""
    if outcome.saved:
        return _live(match, result=outcome.result)
    if outcome.status is Status.REFUSED:
        _referee_error(form, outcome.error, outcome.index)
        return _form_response(match, form, 422, editing=editing)
    return _form_response(match, form, 409, editing=editing,
                          message=BUSY if outcome.status is Status.BUSY else STALE)


def _referee_error(form: HandFormBase, error: RefereeError, index: int) -> None:
    form.flag_event = error.code  # the entry form shows the rule behind a flagged error
    if error.hand is not None and error.hand != index:
        form.form_errors.append(f"Hand {error.hand + 1} would no longer be right: {error.message}")
    else:
        apply_referee_error(form, error, _field_map(form))


def _get_hand(match: Match, hand_id: int) -> Hand:
    hand = db.session.get(Hand, hand_id)
    if hand is None or hand.match_id != match.id:
        abort(404)
    return hand


@bp.before_request
def only_its_scorers_write():
    """A match is changed only from a phone that scores it, and a progressive night's table game only
    from that table's phones (see nights.access)."""
    if request.method != "POST" or request.endpoint == "hands.preview":
        return None
    match = get_match(request.view_args["match_slug"])
    problem = may_write_match(match)
    return _live_problem(match, problem, 403) if problem else None


@bp.post("/preview")
def preview(match_slug: str):
    match = get_match(match_slug)
    editing = None
    if request.args.get("hand", type=as_id):
        editing = _get_hand(match, request.args.get("hand", type=as_id))
    form = sent_form(match, request.form, editing=editing)
    form.validate()
    context = preview_of(match, form, editing) if htmx else live_context(match, form=form, editing=editing)
    return render_page("match.html", part="partials/_preview.html", **context)


@bp.post("/hands")
def add(match_slug: str):
    match = get_match(match_slug)
    form = sent_form(match, request.form)
    if not form.validate():
        return _form_response(match, form, 422)
    outcome = change_match(match, AddHand(form.to_hand(), form.token.data), form.version.data)
    return _form_answer(match, form, outcome)


@bp.get("/hands/<int:hand_id>/edit")
def edit(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    return render_page("match.html", part="partials/_entry.html", **live_context(match, editing=hand))


@bp.post("/hands/<int:hand_id>")
def update(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    form = sent_form(match, request.form, editing=hand)
    if not form.validate():
        return _form_response(match, form, 422, editing=hand)
    outcome = change_match(match, EditHand(hand.id, form.to_hand()), form.version.data)
    return _form_answer(match, form, outcome, editing=hand)


# -- delete and undo --------------------------------------------------------------------------
@bp.post("/hands/<int:hand_id>/delete")
def delete(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    return _removed(match, change_match(match, DeleteHand(hand.id), request.form.get("version", type=int)))


@bp.post("/undo")
def undo(match_slug: str):
    match = get_match(match_slug)
    last = match.hands[-1].to_dict() if match.hands else None
    number = len(match.hands)
    outcome = change_match(match, UndoHand(), request.form.get("version", type=int))
    if outcome.saved and last is not None:
        remember_undone(match, last, number)
    return _removed(match, outcome)


@bp.post("/redo")
def redo(match_slug: str):
    """Take an undo back: the hand this phone just undid comes back exactly as it was, as long as nothing
    changed the match since (the version the undo left it at)."""
    match = get_match(match_slug)
    undone = undone_hand(match)
    if undone is None:
        return _live_problem(match, NOTHING_TO_REDO, 409)
    token = f"redo-{secrets.token_urlsafe(12)}"
    outcome = change_match(match, AddHand(undone["hand"], token), request.form.get("version", type=int))
    if outcome.saved:
        forget_undone()
        return _live(match, result=outcome.result)
    if outcome.status is Status.REFUSED and outcome.error is not None:
        return _live_problem(match, f"Hand {undone['number']} cannot come back: {outcome.error.message}", 422)
    return _live_problem(match, BUSY if outcome.status is Status.BUSY else STALE, 409)


def _removed(match: Match, outcome: Outcome):
    """What a delete or an undo gets: the live region, with why nothing was deleted when it was not."""
    if outcome.saved:
        return _live(match, result=outcome.result)
    if outcome.status is Status.REFUSED:
        error = outcome.error
        if outcome.index is None:  # nothing to delete
            return _live_problem(match, error.message, 422)
        where = f"hand {error.hand + 1} would no longer be right: " if error.hand is not None else ""
        return _live_problem(match, f"Hand {outcome.index + 1} was not deleted: {where}{error.message}", 422)
    return _live_problem(match, BUSY if outcome.status is Status.BUSY else STALE, 409)


def _live_problem(match: Match, message: str, status: int):
    db.session.rollback()
    db.session.refresh(match)
    context = live_context(match, message=message)
    return render_page("match.html", status, **context)


@bp.get("/undo")
def undo_ask(match_slug: str):
    """Undo asks first: the page a phone without scripts opens from the Undo button (with them, a dialog)."""
    match = get_match(match_slug)
    board = scoring.board(match)
    if not board.rows:
        return go(url_for("matches.show", match_slug=match.slug))
    return render_page("partials/_undo_ask.html", match=match, board=board)
