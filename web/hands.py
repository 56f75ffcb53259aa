"""Hands: enter one (with a live preview), edit or delete any, undo the last.

Every change is checked by the referee on the whole would-be match document before anything is
saved, carries the match version the page was drawn at (a stale page is refused with 409), and a
new hand carries an idempotency token (a double tap or a retry stores one hand).
"""
from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from extensions import db, htmx
from forms import apply_referee_error, hand_form
from forms.hand import HandFormBase
from models import Hand, Match
from models.match import StaleMatch
from web import scoring
from web.converters import as_id
from web.matches import get_match, go, live_context
from web.nights.access import may_write_match
from web.render import page_or_fragment
from web.scoring import Board, RefereeError

bp = Blueprint("hands", __name__, url_prefix="/matches/<slug:match_slug>")

STALE = ("Another phone changed this match after this page was drawn, so nothing was saved. "
         "Reload the match to see the latest hands, then try again.")
BUSY = "The scoresheet was busy saving another change. Nothing was saved; tap Save again."


def entry_form(board: Board, editing: Hand | None = None, formdata: Any = None) -> HandFormBase:
    """The hand form: empty for a new hand, or filled from the hand being edited."""
    if formdata is not None:
        form = hand_form(board.table, formdata=formdata)
    else:
        data: dict[str, Any] = {"token": secrets.token_urlsafe(16), "version": board.match.version}
        if editing is not None:
            data.update(HandFormBase.data_from_hand(editing.to_dict(), board.table))
        else:
            data["outcome"] = "played"
        form = hand_form(board.table, data=data)
    form.dealer = board.dealer_for(editing)
    return form


def _field_map(form: HandFormBase) -> dict[str, str]:
    first_tricks = form.table.tricks_slots()[0][0] if "tricks" in form.table.fields else "tricks"
    return {"tricks": first_tricks, "void": "outcome", "forced": "outcome", "auction": "bid"}


def _live(match: Match, status: int = 200, message: str | None = None, result: dict | None = None):
    """After a change: the whole live region (htmx) or back to the match page (browser). ``result``:
    the referee's result of the match as saved, when the caller has it (not scored again)."""
    if htmx:
        db.session.refresh(match)
        return page_or_fragment("match.html", "partials/_live.html", status=status,
                                **live_context(match, message=message, result=result))
    return go(url_for("matches.show", match_slug=match.slug))


def _form_response(match: Match, form: HandFormBase, status: int, editing: Hand | None = None,
                   message: str | None = None):
    """The form again, with its errors (nothing was saved): just the entry section for htmx."""
    db.session.rollback()
    context = live_context(match, form=form, editing=editing, message=message)
    if htmx:
        swap = "outerHTML show:#entry:top" if message else "outerHTML"
        return (render_template("partials/_entry.html", **context), status,
                {"HX-Retarget": "#entry", "HX-Reswap": swap})
    return render_template("match.html", **context), status


def _would_be(match: Match, replace: Hand | None, new: dict | None) -> tuple[list[dict], int]:
    """The hands after the change, and the index of the changed hand."""
    hands = [h.to_dict() for h in match.hands]
    if replace is None:
        hands.append(new)
        return hands, len(hands) - 1
    index = [h.id for h in match.hands].index(replace.id)
    if new is None:
        del hands[index]
    else:
        hands[index] = new
    return hands, index


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


# -- preview ----------------------------------------------------------------------------------
def preview_of(match: Match, form: HandFormBase, editing: Hand | None = None) -> dict[str, Any]:
    """What the hand in ``form`` would score, asked of the referee on the would-be match:
    ``line``/``notes``/``after``, or the ``problem`` in words (nothing when the form is blank)."""
    errors = {k: v for k, v in form.errors.items() if k not in ("csrf_token", "token", "version") and v}
    if errors:
        return {"problem": next(iter(errors.values()))[0]}
    if form.is_blank():
        return {}
    hands, index = _would_be(match, editing, form.to_hand())
    try:
        result = scoring.score(match, hands)
    except RefereeError as error:
        if error.hand in (None, index) and _not_tapped_yet(form, error.field):
            return {"hint": STILL_TO_TAP[error.field]}
        if error.hand in (None, index):
            return {"problem": error.message}
        return {"problem": f"Hand {error.hand + 1} would no longer be right: {error.message}"}
    scored = result["hands"][index]
    return {"line": scoring.describe(scored, result["sides"]), "notes": scored.get("notes", []),
            "events": scored.get("events", []), "after": result}


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


@bp.post("/preview")
def preview(match_slug: str):
    match = get_match(match_slug)
    board = scoring.board(match)
    form = entry_form(board, formdata=request.form)
    editing = None
    if request.args.get("hand", type=as_id):
        editing = _get_hand(match, request.args.get("hand", type=as_id))
    form.validate()
    if htmx:
        return render_template("partials/_preview.html", **preview_of(match, form, editing))
    return render_template("match.html", **live_context(match, form=form, editing=editing))


# -- add --------------------------------------------------------------------------------------
@bp.post("/hands")
def add(match_slug: str):
    match = get_match(match_slug)
    board = scoring.board(match)
    form = entry_form(board, formdata=request.form)
    if not form.validate():
        return _form_response(match, form, 422)
    token = form.token.data
    if _token_used(match, token):
        return _live(match)
    if form.version.data != match.version:
        return _form_response(match, form, 409, message=STALE)
    hands, index = _would_be(match, None, form.to_hand())
    try:
        result = scoring.score(match, hands)
    except RefereeError as error:
        _referee_error(form, error, index)
        return _form_response(match, form, 422)
    try:
        match.claim_version(form.version.data)
        position = (db.session.scalar(select(func.max(Hand.position)).where(Hand.match_id == match.id)) or 0) + 1
        hand = Hand(match_id=match.id, position=position, token=token)
        hand.set_from_dict(hands[index])
        match.hands.append(hand)  # so sync_status sees the hand the referee scored
        scoring.sync_status(match, result)
        db.session.commit()
    except (StaleMatch, IntegrityError, OperationalError) as error:
        db.session.rollback()
        if _token_used(match, token):
            return _live(match)  # the first tap of a double tap won: one hand, and this one is a success
        return _form_response(match, form, 409, message=BUSY if isinstance(error, OperationalError) else STALE)
    return _live(match, result=result)


def _token_used(match: Match, token: str) -> bool:
    return db.session.scalar(select(Hand.id).where(Hand.match_id == match.id, Hand.token == token)) is not None


# -- edit -------------------------------------------------------------------------------------
@bp.get("/hands/<int:hand_id>/edit")
def edit(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    context = live_context(match, editing=hand)
    if htmx:
        return render_template("partials/_entry.html", **context)
    return render_template("match.html", **context)


@bp.post("/hands/<int:hand_id>")
def update(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    board = scoring.board(match)
    form = entry_form(board, formdata=request.form)
    if not form.validate():
        return _form_response(match, form, 422, editing=hand)
    if form.version.data != match.version:
        return _form_response(match, form, 409, editing=hand, message=STALE)
    hands, index = _would_be(match, hand, form.to_hand())
    try:
        result = scoring.score(match, hands)
    except RefereeError as error:
        _referee_error(form, error, index)
        return _form_response(match, form, 422, editing=hand)
    try:
        match.claim_version(form.version.data)
        hand.set_from_dict(hands[index])
        scoring.sync_status(match, result)
        db.session.commit()
    except (StaleMatch, OperationalError) as error:
        db.session.rollback()
        return _form_response(match, form, 409, editing=hand,
                              message=BUSY if isinstance(error, OperationalError) else STALE)
    return _live(match)


# -- delete and undo --------------------------------------------------------------------------
def _remove(match: Match, hand: Hand, version: int | None):
    if version != match.version:
        return _live_problem(match, STALE, 409)
    hands, index = _would_be(match, hand, None)
    _keep_dealers(match, hands, index)
    try:
        result = scoring.score(match, hands)
    except RefereeError as error:
        where = f"hand {error.hand + 1} would no longer be right: " if error.hand is not None else ""
        return _live_problem(match, f"Hand {index + 1} was not deleted: {where}{error.message}", 422)
    try:
        match.claim_version(version)
        db.session.delete(hand)
        db.session.flush()
        match.hands = [h for h in match.hands if h.id != hand.id]
        for later, kept in zip(match.hands[index:], hands[index:]):
            later.set_from_dict(kept)
        scoring.sync_status(match, result)
        db.session.commit()
    except (StaleMatch, OperationalError):
        db.session.rollback()
        return _live_problem(match, STALE, 409)
    return _live(match)


def _keep_dealers(match: Match, hands: list[dict], index: int) -> None:
    """Deleting a hand leaves who dealt every later hand as it was: each one keeps its dealer, written
    down (the hand's ``dealer`` key), so the rotation does not relabel them. The referee then marks
    the first of them as dealt out of turn, which is what the scoresheet now says."""
    if index >= len(hands):
        return  # the last hand (undo): nothing after it
    dealt = [scored["dealer"] for scored in scoring.score_kept(match)[0]["hands"]]  # those the referee scores
    for position in range(index, min(len(hands), len(dealt) - 1)):
        if hands[position].get("dealer") is None:
            hands[position]["dealer"] = dealt[position + 1]


def _live_problem(match: Match, message: str, status: int):
    db.session.rollback()
    db.session.refresh(match)
    context = live_context(match, message=message)
    if htmx:
        return render_template("partials/_live.html", **context), status
    return render_template("match.html", **context), status


@bp.post("/hands/<int:hand_id>/delete")
def delete(match_slug: str, hand_id: int):
    match = get_match(match_slug)
    hand = _get_hand(match, hand_id)
    return _remove(match, hand, request.form.get("version", type=int))


@bp.post("/undo")
def undo(match_slug: str):
    match = get_match(match_slug)
    if not match.hands:
        return _live_problem(match, "There is no hand to undo.", 422)
    return _remove(match, match.hands[-1], request.form.get("version", type=int))


@bp.get("/undo")
def undo_ask(match_slug: str):
    """Undo asks first: the page a phone without scripts opens from the Undo button (with them, a dialog)."""
    match = get_match(match_slug)
    board = scoring.board(match)
    if not board.rows:
        return go(url_for("matches.show", match_slug=match.slug))
    return page_or_fragment("undo_ask.html", "partials/_undo_ask.html", match=match, board=board)
