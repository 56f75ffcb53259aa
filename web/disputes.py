"""Settling disputes at the table (issue 6): the rules pages, the card ranking viewer, the trick
judge, the renege check and the what-if of a match hand.

Views stay thin: the forms check the taps, the referee decides (``judge_trick``, ``explain_legal``,
``card_ranking``, ``score_match``), and ``web.rules_pages`` shapes its answers for the templates.
Every page is one template for both kinds of request (``render_page``): htmx gets the tool's
section, a browser without JavaScript the whole page, and both post the same forms.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for

import referee
from referee import RefereeError
from referee.cards import TRUMP_LABELS

from forms.disputes import SKIP, JudgeForm, RankingForm, RenegeForm
from web import scoring
from web.matches import get_match
from web.render import render_page
from web.rules_pages import (card_label, card_view, deck_choices, deck_rows, flag_rule, rules_context,
                             trump_words, variant_groups)

bp = Blueprint("disputes", __name__)


@bp.app_template_global("flag_rule")
def _flag_rule(event: Any, variant_key: str, rules: dict | None = None):
    return flag_rule(event, variant_key, rules)


# -- the rules pages ----------------------------------------------------------------------------
@bp.get("/rules/")
def rules_index():
    return render_page("rules/_index.html", groups=variant_groups())


@bp.get("/rules/buckenpeffer")
def buckenpeffer():
    return render_page("rules/_buckenpeffer.html")


@bp.get("/rules/<key>")
def rules_page(key: str):
    if key not in referee.VARIANTS:
        abort(404)
    return render_page("rules/_page.html", **rules_context(referee.get_variant(key)))


# -- shared by the card tools -------------------------------------------------------------------
def roles_for(form: Any) -> dict[str, str]:
    """What each card is under the chosen trump, in the referee's words (none before trump is chosen)."""
    if not form.trump_value or form.has_errors():
        return {}
    try:
        return referee.card_roles(form.game.key, form.trump_value, form.rules)
    except RefereeError:
        return {}


def game_context(form: Any) -> dict[str, Any]:
    game = form.game
    return {
        "form": form,
        "game": game,
        "n": form.n,
        "deck_options": deck_choices(game),
        "trumps": [(t, TRUMP_LABELS[t]) for t in game.trumps],
        "deck": game.deck_for(form.rules, form.n),
    }


def tool_response(template: str, context: dict[str, Any]):
    status = 422 if context["form"].has_errors() else 200
    return render_page(template, status=status, **context)


# -- the card ranking viewer --------------------------------------------------------------------
@bp.get("/rules/cards")
def ranking():
    form = RankingForm(formdata=request.args if request.args else None)
    if not form.trump.data:
        form.trump.data = "H" if "H" in form.game.trumps else form.game.trumps[0]
    context = game_context(form)
    context["ranking"] = None
    if form.validate():
        try:
            ranked = referee.card_ranking(form.game.key, form.trump_value, form.rules)
        except RefereeError as error:
            form.referee_error(error)
        else:
            roles = referee.card_roles(form.game.key, form.trump_value, form.rules)
            context["ranking"] = {
                "deck": ranked["deck"],
                "trump": [card_view(c, roles) for c in ranked["trump"]],
                "plain": [(suit, [card_view(c) for c in cards]) for suit, cards in ranked["plain"].items()],
                "trump_words": trump_words(form.trump_value),
            }
    return tool_response("rules/_cards.html", context)


# -- the trick judge ------------------------------------------------------------------------------
def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


@bp.route("/rules/judge", methods=["GET", "POST"])
def judge():
    posted = request.method == "POST"
    form = JudgeForm() if posted else JudgeForm(formdata=request.args or None)
    if posted:
        form.validate()
    tokens = form.tokens() if posted else []
    n, led = form.n, form.led_seat()
    if len(tokens) > n:
        form.plays.errors = list(form.plays.errors) + [
            f"With {n} players a trick has {n} cards; you gave {len(tokens)}. Tap Undo or New trick."]
    sequence = [{"seat": (led + i) % n, "name": seat_name((led + i) % n), "code": code,
                 "card": None if code == SKIP else card_view(code), "led": i == 0} for i, code in enumerate(tokens)]
    plays = [(s["seat"], s["code"]) for s in sequence if s["code"] != SKIP]
    judgement = None
    if posted and plays and not form.has_errors():
        if not form.trump_value:
            form.trump.errors = list(form.trump.errors) + ["Tap the trump suit (or No trump) to judge the trick."]
        else:
            try:
                judgement = referee.judge_trick(form.game.key, form.trump_value, plays, form.rules, form.n)
            except RefereeError as error:
                form.referee_error(error)
    complete = len(tokens) >= n
    if judgement is not None:
        for entry in sequence:
            entry["winner"] = entry["code"] == judgement.card and entry["seat"] == judgement.winner
    form.plays.data = " ".join(tokens)
    roles = roles_for(form)
    counts = {code: tokens.count(code) for code in set(tokens)}
    context = game_context(form)
    copies = context["deck"].copies
    context.update({
        "seats": [(s, seat_name(s)) for s in range(n)],
        "led": led,
        "sequence": sequence,
        "complete": complete,
        "next_seat": None if complete else seat_name((led + len(tokens)) % n),
        "judgement": judgement,
        "winner_name": seat_name(judgement.winner) if judgement else "",
        "winning_card": card_view(judgement.card, roles) if judgement else None,
        "grid": [(suit, [(card_view(c, roles), counts.get(c, 0), complete or counts.get(c, 0) >= copies)
                         for c in row]) for suit, row in deck_rows(context["deck"])],
        "can_skip": "alone" in form.game.hand_fields or "defender_alone" in form.game.hand_fields,
        "plays_text": form.plays.data,
    })
    return tool_response("disputes/_judge.html", context)


# -- the renege check ---------------------------------------------------------------------------
@bp.route("/rules/renege", methods=["GET", "POST"])
def renege():
    posted = request.method == "POST"
    form = RenegeForm() if posted else RenegeForm(formdata=request.args or None)
    valid = form.validate() if posted else False
    led, hand, played = form.led_card(), form.hand_cards(), form.played_card()
    answer = None
    if posted and valid and hand:
        if not form.trump_value:
            form.trump.errors = list(form.trump.errors) + ["Tap the trump suit (or No trump) first."]
        else:
            try:
                answer = referee.explain_legal(form.game.key, form.trump_value, led, hand, form.rules)
            except RefereeError as error:
                form.referee_error(error)
    roles = roles_for(form)
    context = game_context(form)
    deck = context["deck"]
    verdict = None
    if answer is not None and played is not None:
        verdict = {"card": card_view(played, roles), "legal": played in answer.legal,
                   "must": [card_view(c, roles) for c in answer.legal]}
    penalty = next((o for o in form.game.options if o.key == "renege_penalty"), None)
    context.update({
        "led_code": led or "",
        "hand": hand,
        "played_code": played or "",
        "answer": answer,
        "legal": [card_view(c, roles) for c in answer.legal] if answer else [],
        "not_legal": [card_view(c, roles) for c in hand if answer and c not in answer.legal],
        "verdict": verdict,
        "penalty": penalty,
        "penalty_url": url_for("disputes.rules_page", key=form.game.key, _anchor="renege") if penalty else "",
        "led_grid": [(suit, [card_view(c, roles) for c in row]) for suit, row in deck_rows(deck)],
        "hand_grid": [(suit, [(card_view(c, roles), copy) for c in row for copy in range(deck.copies)])
                      for suit, row in deck_rows(deck)],
        "played_choices": [(card_view(c, roles), f"played-{c}" + (f"-{hand[:i].count(c) + 1}" if hand[:i].count(c) else ""))
                           for i, c in enumerate(hand)],
        "hand_counts": {c: hand.count(c) for c in set(hand)},
    })
    return tool_response("disputes/_renege.html", context)


# -- what if: one hand of a match, changed, scored, never saved (the referee's ``what_if``) ----------
CHANGES = referee.WHAT_IF_CHANGES


@bp.get("/matches/<slug:match_slug>/hands/<int:number>/what-if")
def what_if(match_slug: str, number: int):
    match = get_match(match_slug)
    board = scoring.board(match)
    if not 1 <= number <= len(board.rows):
        abort(404)
    index = number - 1
    row = board.rows[index]
    change = request.args.get("change", "")
    doc = match.document([r["hand"].to_dict() for r in board.rows])
    available = referee.possible_changes(doc, index, row["scored"])
    options = [{"key": key, "words": words, "available": available[key]} for key, words in CHANGES.items()]
    status = 200
    answer = None
    problem = None
    if change:
        if change not in CHANGES:
            problem = "Choose one of the what-ifs shown."
            status = 422
        else:
            answer = referee.what_if(doc, index, change, row["scored"])
            if not answer.possible:
                problem = f"This hand cannot have {CHANGES[change]}."
                status = 422
    maker_side = row["scored"].maker_side if row["scored"] is not None else None
    who = board.sides[maker_side] if maker_side is not None else ""
    context = {
        "match": match, "board": board, "row": row, "number": number, "change": change,
        "change_words": CHANGES.get(change, ""), "options": options, "answer": answer, "problem": problem,
        "makers": who, "card_label": card_label,
    }
    return render_page("disputes/_what_if.html", status=status, **context)
