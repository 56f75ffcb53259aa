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

from forms.disputes import SKIP, JudgeForm, RankingForm, RenegeForm
from web import scoring
from web.render import render_page
from web.rules_pages import (TRUMP_LABELS, card_label, card_view, deck_choices, deck_rows, flag_rule, roles_from_ranking,
                             rules_context, trump_words, variant_groups)

bp = Blueprint("disputes", __name__)


@bp.app_template_global("flag_rule")
def _flag_rule(event: str, variant_key: str, rules: dict | None = None):
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
    """What each card is under the chosen trump, from the referee's ranking (none before trump is chosen)."""
    if not form.trump_value or form.has_errors():
        return {}
    try:
        return roles_from_ranking(referee.card_ranking(form.game.key, form.trump_value, form.rules))
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
            roles = roles_from_ranking(ranked)
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


# -- what if: one hand of a match, changed, scored, never saved --------------------------------------
SET_EVENTS = ("set", "euchred")
CHANGES = {
    "more": "taken one more trick",
    "fewer": "taken one fewer trick",
    "alone": "gone alone",
    "made": "not been set",
}


def _shift_tricks(hand: dict, board: Any, step: int) -> tuple[dict, str] | None:
    """The hand with the makers' tricks moved by ``step`` (a trick comes from, or goes to, the
    defenders), and who gave or got it; None when no trick can move that way."""
    maker = hand.get("maker")
    tricks = hand.get("tricks")
    total = board.table.tricks
    if maker is None or tricks is None:
        return None
    changed = dict(hand)
    if isinstance(tricks, int):
        value = tricks + step
        if not 0 <= value <= total:
            return None
        changed["tricks"] = value
        return changed, ""
    counts = list(tricks)
    if len(counts) == 2 and board.table.partnership:
        mine = board.side_of(maker)
        other = 1 - mine
        if counts[mine] + step < 0 or counts[other] - step < 0:
            return None
        counts[mine] += step
        counts[other] -= step
        changed["tricks"] = counts
        return changed, ""
    # Tricks per seat: the defender with most tricks gives one up, or the next player in gets it.
    makers = {maker} | ({hand["partner"]} if hand.get("partner") is not None else set())
    dropped = set(hand.get("dropped") or [])
    n = len(counts)
    order = [(maker + i) % n for i in range(1, n)]
    others = [s for s in order if s not in makers and s not in dropped]
    if not others:
        return None
    if step > 0:
        giver = max(others, key=lambda s: counts[s])
        if counts[giver] == 0 or counts[maker] >= total:
            return None
        counts[giver] -= 1
        counts[maker] += 1
        who = board.players[giver]
        changed["tricks"] = counts
        return changed, f"{who} gives up one trick."
    if counts[maker] == 0:
        return None
    taker = others[0]
    counts[maker] -= 1
    counts[taker] += 1
    changed["tricks"] = counts
    return changed, f"{board.players[taker]} takes that trick."


def _what_if_hand(change: str, hand: dict, scored: dict, board: Any) -> tuple[dict, str] | None:
    if hand.get("void") or hand.get("maker") is None:
        return None
    if change == "more":
        return _shift_tricks(hand, board, 1)
    if change == "fewer":
        return _shift_tricks(hand, board, -1)
    if change == "alone":
        if "alone" not in board.variant.hand_fields or hand.get("alone"):
            return None
        changed = dict(hand, alone=True)
        if "partner" in board.variant.hand_fields:
            changed["partner"] = None
        return changed, ""
    if change == "made":
        if not any(e in SET_EVENTS for e in scored.get("events", [])):
            return None
        return hand, ""  # worked out in _not_set: the fewest extra tricks the referee calls made
    return None


def _not_set(match: Any, hands: list[dict], index: int, board: Any) -> tuple[dict, str] | None:
    """The fewest extra tricks for the makers that the referee no longer scores as set."""
    current: dict = hands[index]
    note = ""
    for _ in range(board.table.tricks):
        shifted = _shift_tricks(current, board, 1)
        if shifted is None:
            return None
        current, step_note = shifted
        note = step_note or note
        trial = hands[:index] + [current]
        try:
            events = scoring.score(match, trial)["hands"][index]["events"]
        except RefereeError:
            continue
        if not any(e in SET_EVENTS for e in events):
            return current, note
    return None


def what_if_result(match: Any, board: Any, index: int, change: str) -> dict[str, Any]:
    """Score the match with one hand changed. Nothing is saved."""
    hands = [row["hand"].to_dict() for row in board.rows]
    original = hands[index]
    scored = board.rows[index]["scored"]
    option = _what_if_hand(change, original, scored, board)
    if option is not None and change == "made":
        option = _not_set(match, hands, index, board)
    if option is None:
        return {"possible": False}
    changed, note = option
    trial = hands[:index] + [changed] + hands[index + 1:]
    out: dict[str, Any] = {"possible": True, "hand": changed, "note": note, "stopped": None}
    try:
        result = scoring.score(match, trial)
    except RefereeError as error:
        if error.hand is None or error.hand <= index:
            return {"possible": True, "refused": error.message, "hand": changed, "note": note}
        # A later hand no longer fits (the game would have ended sooner, a forced bid changes...): show the
        # match up to that hand.
        out["stopped"] = {"number": error.hand + 1, "message": error.message}
        result = scoring.score(match, trial[:error.hand])
    out["result"] = result
    out["line"] = scoring.describe(result["hands"][index], result["sides"])
    out["notes"] = result["hands"][index].get("notes", [])
    out["ended_at"] = next((i + 1 for i, h in enumerate(result["hands"]) if "game-over" in h.get("events", [])), None)
    return out


@bp.get("/matches/<slug:match_slug>/hands/<int:number>/what-if")
def what_if(match_slug: str, number: int):
    from web.matches import get_match  # the match pages' own lookup (404 when missing)

    match = get_match(match_slug)
    board = scoring.board(match)
    if not 1 <= number <= len(board.rows):
        abort(404)
    index = number - 1
    row = board.rows[index]
    change = request.args.get("change", "")
    options = []
    for key, words in CHANGES.items():
        available = _what_if_hand(key, row["hand"].to_dict(), row["scored"], board) is not None
        options.append({"key": key, "words": words, "available": available})
    status = 200
    answer = None
    problem = None
    if change:
        if change not in CHANGES:
            problem = "Choose one of the what-ifs shown."
            status = 422
        else:
            answer = what_if_result(match, board, index, change)
            if not answer["possible"]:
                problem = f"This hand cannot have {CHANGES[change]}."
                status = 422
    maker_side = row["scored"]["maker_side"]
    who = board.sides[maker_side] if maker_side is not None else ""
    context = {
        "match": match, "board": board, "row": row, "number": number, "change": change,
        "change_words": CHANGES.get(change, ""), "options": options, "answer": answer, "problem": problem,
        "makers": who, "card_label": card_label,
    }
    return render_page("disputes/_what_if.html", status=status, **context)
