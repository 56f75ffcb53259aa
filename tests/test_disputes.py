"""The dispute tools through the Flask test client: the card order, the trick judge, the renege
check, the what-if of a match hand and the flag partial, each with htmx (the tool's fragment) and
without (the whole page, posting the same form)."""
from __future__ import annotations

import html as htmllib
import re

import pytest
from flask import render_template_string

import referee

from tests.app_helpers import add_hand, create_match, stored_hands

JUDGE = "/rules/judge"
RENEGE = "/rules/renege"


def text(response) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def words(response) -> str:
    return " ".join(text(response).split())


def is_page(response) -> bool:
    return response.get_data(as_text=True).lower().lstrip().startswith("<!doctype html>")


def field_error(response, field: str) -> str:
    """The error text shown inside the field's wrapper (#f-<field>)."""
    body = response.get_data(as_text=True)
    match = re.search(rf'id="f-{field}".*?<p class="error" id="err-{field}">(.*?)</p>', body, re.S)
    return htmllib.unescape(match.group(1)) if match else ""


def judge(client, htmx=False, **data):
    data.setdefault("variant", "euchre")
    return client.post(JUDGE, data, htmx=htmx)


# -- the card ranking viewer ---------------------------------------------------------------------
def test_card_order_page_and_fragment(client):
    page = client.get("/rules/cards?variant=euchre&trump=H")
    assert page.status_code == 200 and is_page(page)
    body = page.get_data(as_text=True)
    trump = body[body.index('id="trump-order"'):body.index("</ol>", body.index('id="trump-order"'))]
    labels = re.findall(r'aria-label="([^"]+)"', trump)
    assert labels[:3] == ["jack of hearts, right bower", "jack of diamonds, left bower", "ace of hearts, trump"]
    assert 'class="pc red ' in trump
    assert 'id="plain-D"' in body and 'id="plain-H"' not in body
    fragment = client.get("/rules/cards?variant=euchre&trump=H", htmx=True)
    assert fragment.status_code == 200 and not is_page(fragment)
    assert fragment.get_data(as_text=True).lstrip().startswith('<section class="tool ranking" id="ranking">')


def test_card_order_with_the_joker_and_no_trump(client):
    body = client.get("/rules/cards?variant=euchre&trump=S&deck=25").get_data(as_text=True)
    assert re.search(r'aria-label="joker, the best bower"', body)
    assert body.index("joker, the best bower") < body.index("jack of spades, right bower") < body.index(
        "jack of clubs, left bower")
    nt = client.get("/rules/cards?variant=pepper&trump=NT")
    assert "No trump this hand" in words(nt) and "bower" not in nt.get_data(as_text=True)


def test_card_order_defaults_and_bad_input(client):
    assert "right bower" in client.get("/rules/cards").get_data(as_text=True)  # euchre, hearts
    bad = client.get("/rules/cards?variant=nope&trump=H")
    assert bad.status_code == 422 and field_error(bad, "variant") == "Choose a game from the list."
    no_nt = client.get("/rules/cards?variant=euchre&trump=NT", htmx=True)
    assert no_nt.status_code == 422 and field_error(no_nt, "trump") == "This game has no no-trump hands."
    junk = client.get("/rules/cards?variant=euchre&trump=<b>")
    assert junk.status_code == 422 and "<b>" not in junk.get_data(as_text=True)


# -- the trick judge ----------------------------------------------------------------------------
def test_judge_left_bower_without_htmx_is_a_whole_page(client):
    response = judge(client, trump="H", led="0", plays="AH JD 9H KH")
    assert response.status_code == 200 and is_page(response)
    said = words(response)
    assert "Seat 2 wins with" in said
    assert "J♦ is the left bower when hearts are trump (it counts as a heart), the highest trump played, so it " \
           "beats A♥, 9♥, K♥." in said
    assert 'aria-label="jack of diamonds, left bower"' in response.get_data(as_text=True)


def test_judge_with_htmx_is_the_fragment(client):
    response = judge(client, htmx=True, trump="H", led="2", plays="AH JD 9H KH")
    assert response.status_code == 200 and not is_page(response)
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<section class="tool judge" id="judge">')
    assert "Seat 4 wins with" in words(response)  # led by seat 3: seat 4 played J♦
    assert 'id="card-grid" disabled' in body  # the trick is complete


def test_judge_taps_cards_one_at_a_time(client):
    plays = ""
    for card in ("AS", "JD", "KS"):
        response = judge(client, htmx=True, trump="H", led="1", plays=plays, card=card)
        assert response.status_code == 200
        plays = re.search(r'name="plays" id="plays" value="([^"]*)"', response.get_data(as_text=True)).group(1)
    assert plays == "AS JD KS"
    said = words(response)
    assert "Seat 3 is winning with" in said and "any trump beats the spades led" in said
    assert "Seat 1" in said  # next to play
    played = re.search(r'<button[^>]*id="card-AS"[^>]*>', response.get_data(as_text=True)).group(0)
    assert 'aria-label="ace of spades, played"' in played and "disabled" in played
    final = judge(client, htmx=True, trump="H", led="1", plays=plays, card="9S")
    assert "Seat 3 wins with" in words(final)


def test_judge_undo_clear_and_sit_out(client):
    undo = judge(client, trump="H", led="0", plays="AS JD", do="undo")
    assert re.search(r'name="plays" id="plays" value="AS"', undo.get_data(as_text=True))
    clear = judge(client, trump="H", led="0", plays="AS JD", do="clear")
    assert re.search(r'name="plays" id="plays" value=""', clear.get_data(as_text=True))
    # Seat 3 (the loner's partner) sits out: three cards finish the trick.
    skip = judge(client, trump="S", led="0", plays="9S AS", do="skip")
    assert re.search(r'value="9S AS --"', skip.get_data(as_text=True))
    done = judge(client, trump="S", led="0", plays="9S AS --", card="KS")
    said = words(done)
    assert "sat out" in said and "Seat 2 wins with" in said


def test_judge_no_trump(client):
    response = judge(client, variant="pepper", trump="NT", led="0", plays="KS AS JS 9D")
    said = words(response)
    assert "Seat 2 wins with" in said
    assert "There is no trump, so the highest card of the suit led (spades) wins: A♠." in said
    assert "bower" not in response.get_data(as_text=True)


def test_judge_double_deck_first_identical_card_wins(client):
    response = judge(client, variant="double-deck-bid-euchre", trump="H", led="0", plays="AS KS AS QS")
    said = words(response)
    assert "Seat 1 wins with" in said
    assert "when identical cards meet the first one played wins" in said
    body = response.get_data(as_text=True)
    assert re.search(r'id="card-AS"[^>]*disabled', body)  # both copies are out
    tapped = judge(client, variant="double-deck-bid-euchre", trump="H", led="0", plays="AS", card="AS")
    assert re.search(r'value="AS AS"', tapped.get_data(as_text=True))


def test_judge_players_and_deck_house_rule(client):
    five = judge(client, variant="call-ace-euchre", players="5", trump="C", led="0", plays="AD KD QD 7D")
    assert "Seat 1 is winning with" in words(five)  # four cards of five: not finished
    assert 'aria-label="Next to play: Seat 5"' in five.get_data(as_text=True)
    assert 'id="card-7D"' in five.get_data(as_text=True)  # the 32-card deck
    joker = judge(client, deck="25", trump="S", led="0", plays="AS JS JK 9S")
    assert "Seat 3 wins with" in words(joker) and "the joker, the best bower" in words(joker)


@pytest.mark.parametrize("plays, message", [
    ("AS ZZ", "'ZZ' is not a card; write cards like AS, 10H or JK."),
    ("AS 7S", "7♠ is not in this game's deck (24 cards, 9 to ace)."),
    ("AS JK", "The joker is not in this game's deck (24 cards, 9 to ace)."),
    ("AS AS", "A♠ appears more than once; the deck holds it only once."),
    ("AS KS QS 9S TS", "With 4 players a trick has 4 cards; you gave 5. Tap Undo or New trick."),
])
def test_judge_bad_cards_get_a_message_next_to_the_cards(client, plays, message):
    for htmx in (False, True):
        response = judge(client, htmx=htmx, trump="H", led="0", plays=plays)
        assert response.status_code == 422
        assert field_error(response, "plays") == message
        assert is_page(response) is not htmx


def test_judge_field_errors(client):
    no_nt = judge(client, trump="NT", led="0", plays="AS KS")
    assert no_nt.status_code == 422 and field_error(no_nt, "trump") == "This game has no no-trump hands."
    no_trump = judge(client, led="0", plays="AS KS")
    assert no_trump.status_code == 422 and "Tap the trump suit" in field_error(no_trump, "trump")
    game = judge(client, variant="canasta", trump="H", led="0", plays="AS")
    assert game.status_code == 422 and field_error(game, "variant") == "Choose a game from the list."
    seat = judge(client, trump="H", led="7", plays="AS")
    assert seat.status_code == 422 and field_error(seat, "led") == "Tap the seat that led (1 to 4)."
    bogus = judge(client, trump="Q", led="0")
    assert bogus.status_code == 422 and "Tap one of the trump buttons" in field_error(bogus, "trump")


def test_judge_escapes_what_was_typed(client):
    response = judge(client, trump="H", led="0", plays="<script>alert(1)</script>")
    body = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "<SCRIPT>" not in body.upper().replace("&LT;SCRIPT&GT;", "")
    assert "&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;" in body


def test_judge_needs_the_csrf_token(client):
    response = client.post(JUDGE, {"variant": "euchre", "trump": "H", "plays": "AS KS"}, csrf=False)
    assert response.status_code == 400


def test_judge_get_shows_an_empty_trick_and_takes_a_game(client):
    page = client.get(JUDGE)
    assert page.status_code == 200 and is_page(page) and "Tap the trump, who led" in words(page)
    fragment = client.get(JUDGE + "?variant=bacon", htmx=True)
    body = fragment.get_data(as_text=True)
    assert not is_page(fragment) and 'id="card-2S"' in body and 'id="game-name">Bacon<' in body


# -- the renege check ---------------------------------------------------------------------------
def renege(client, htmx=False, **data):
    data.setdefault("variant", "euchre")
    return client.post(RENEGE, data, htmx=htmx)


def test_renege_check_left_bower_catches_a_renege_without_htmx(client):
    response = renege(client, trump="H", led="AD", hand=["KS", "TH", "JD", "9D", "QC"], played="JD")
    assert response.status_code == 200 and is_page(response)
    said = words(response)
    assert "A♦ was led, so diamonds must be followed: you must play 9♦. Playing anything else is a renege. " \
           "J♦ is the left bower: it counts as a heart, not a diamond, so it does not follow." in said
    assert "Renege!" in said
    body = response.get_data(as_text=True)
    assert 'href="/rules/euchre#renege"' in body and 'id="penalty-link"' in body


def test_renege_check_with_htmx_is_the_fragment(client):
    response = renege(client, htmx=True, trump="H", led="AD", hand=["KS", "JD"], played="KS")
    assert response.status_code == 200 and not is_page(response)
    assert response.get_data(as_text=True).lstrip().startswith('<section class="tool renege" id="renege">')
    said = words(response)
    assert "No renege:" in said and "you hold none, so any card may be played" in said


def test_renege_check_left_bower_follows_trump(client):
    response = renege(client, trump="H", led="AH", hand=["JD", "KS"], played="KS")
    said = words(response)
    assert "J♦ is the left bower, so it follows trump." in said and "Renege!" in said


def test_renege_check_leading_and_no_penalty_variant(client):
    lead = renege(client, trump="S", led="lead", hand=["KS", "9D"])
    assert "You are leading, so any card may be played." in words(lead)
    pepper = renege(client, variant="pepper", trump="S", led="AD", hand=["KD", "9S"], played="9S")
    said = words(pepper)
    assert "Renege!" in said and "The referee has no renege penalty for Pepper" in said
    assert 'href="/rules/pepper#renege"' in pepper.get_data(as_text=True)


def test_renege_check_double_deck_hand_can_hold_two_copies(client):
    response = renege(client, variant="double-deck-bid-euchre", trump="C", led="AS", hand=["KS", "KS", "9H"])
    assert response.status_code == 200
    assert "you must play K♠, K♠" in words(response)
    body = response.get_data(as_text=True)
    assert re.search(r'id="hand-KS" [^>]*checked', body) and re.search(r'id="hand-KS-2" [^>]*checked', body)


@pytest.mark.parametrize("data, field, message", [
    ({"led": "AD", "hand": ["7S", "KS"]}, "hand", "7♠ is not in this game's deck (24 cards, 9 to ace)."),
    ({"led": "AD", "hand": ["KS", "QS", "JS", "TS", "9S", "AS"]}, "hand",
     "A hand in Euchre has 5 cards at most; you tapped 6."),
    ({"led": "AD", "hand": ["AD", "KS"]}, "led",
     "That card was led, so it cannot also be in this hand: the deck has only one."),
    ({"led": "AD", "hand": ["KS"], "played": "QS"}, "played", "Tap one of the cards in the hand (or leave it empty)."),
    ({"led": "XX", "hand": ["KS"]}, "led", "'XX' is not a card; write cards like AS, 10H or JK."),
])
def test_renege_check_messages_next_to_the_field(client, data, field, message):
    for htmx in (False, True):
        response = renege(client, htmx=htmx, trump="H", **data)
        assert response.status_code == 422
        assert field_error(response, field) == message


def test_renege_get_takes_the_game_from_the_rules_page_link(client):
    page = client.get(RENEGE + "?variant=bacon")
    assert page.status_code == 200 and 'id="game-name">Bacon<' in page.get_data(as_text=True)
    assert 'id="hand-2S"' in page.get_data(as_text=True)


# -- what if ---------------------------------------------------------------------------------------
def what_if(client, match_id, number, change="", htmx=False):
    url = f"/matches/{match_id}/hands/{number}/what-if" + (f"?change={change}" if change else "")
    return client.get(url, htmx=htmx)


def test_what_if_not_set_and_one_more_trick(client, app):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=2)  # Bob & Di euchred: Ann & Cy +2
    add_hand(client, match_id, maker=0, trump="S", tricks=3)  # Ann & Cy +1
    before = stored_hands(app, match_id)
    page = what_if(client, match_id, 1)
    assert page.status_code == 200 and is_page(page)
    assert {"what-if-more", "what-if-fewer", "what-if-alone", "what-if-made"} <= set(
        re.findall(r'id="(what-if-[a-z]+)"', page.get_data(as_text=True)))
    made = what_if(client, match_id, 1, "made")
    said = words(made)
    assert made.status_code == 200
    assert "If they had not been set" in said and "Bob & Di +1 (made)" in said
    assert "What if: Level at 1-1" in said
    assert "Now: Ann & Cy lead 3-0" in said
    assert "Nothing was saved" in said
    more = what_if(client, match_id, 1, "more", htmx=True)
    assert more.status_code == 200 and not is_page(more)
    assert "Bob & Di +1 (made)" in words(more)
    assert stored_hands(app, match_id) == before


def test_what_if_alone_and_impossible_changes(client):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=5)  # a march: +2
    alone = what_if(client, match_id, 1, "alone")
    assert "Bob & Di +4 (alone, lone march)" in words(alone)
    page = what_if(client, match_id, 1).get_data(as_text=True)
    assert 'id="what-if-more"' not in page and 'id="what-if-made"' not in page
    more = what_if(client, match_id, 1, "more")
    assert more.status_code == 422 and "This hand cannot have taken one more trick." in words(more)
    assert what_if(client, match_id, 1, "nonsense").status_code == 422
    assert what_if(client, match_id, 2).status_code == 404
    assert what_if(client, 999, 1).status_code == 404


def test_what_if_the_game_would_have_ended_sooner(client):
    match_id = create_match(client, rules={"rule_target": "5"})
    add_hand(client, match_id, maker=1, trump="H", tricks=4)  # 0-1
    add_hand(client, match_id, maker=1, trump="H", tricks=5)  # 0-3
    add_hand(client, match_id, maker=1, trump="H", tricks=3)  # 0-4
    alone = what_if(client, match_id, 2, "alone")  # a lone march: 0-5, the game is over
    said = words(alone)
    assert alone.status_code == 200
    assert "From hand 3 on, the match would no longer be right" in said
    assert "What if: Bob & Di win 5-0" in said


def test_what_if_for_seat_tricks(client):
    match_id = create_match(client, variant="buck-euchre")
    add_hand(client, match_id, maker=1, trump="H", tricks_0=1, tricks_1=2, tricks_2=1, tricks_3=1)  # Bob euchred
    made = what_if(client, match_id, 1, "made")
    said = words(made)
    assert made.status_code == 200, said
    assert "Bob −3" in said and "gives up one trick" in said


def test_what_if_of_a_void_hand_has_nothing_to_change(client):
    match_id = create_match(client)
    add_hand(client, match_id, outcome="void")
    page = what_if(client, match_id, 1)
    assert page.status_code == 200 and 'id="no-what-if"' in page.get_data(as_text=True)


# -- the flag partial ----------------------------------------------------------------------------
FLAG = '{% with event=ev, variant_key=key, rules=r, message=m %}{% include "disputes/_flag_rule.html" %}{% endwith %}'


def flag(app, ev, key, r=None, m=None) -> str:
    with app.test_request_context("/"):
        return render_template_string(FLAG, ev=ev, key=key, r=r, m=m)


def test_flag_partial_shows_the_rule_and_links_to_its_section(app):
    forced = flag(app, "forced", "euchre", {"stick_the_dealer": True})
    assert "Stick the dealer: the dealer is stuck and must name trump." in forced
    assert 'href="/rules/euchre#forced"' in forced
    assert 'href="/rules/euchre#deal"' in flag(app, "dealer-out-of-turn", "euchre")
    assert 'href="/rules/bid-euchre#end"' in flag(app, "after-game-end", "bid-euchre")
    sit = flag(app, "sit-out", "eau-claire-clubs", None, "Ann & Cy are at 3: no sitting out at 3, 2 or 1.")
    assert "Ann &amp; Cy are at 3" in sit and 'href="/rules/eau-claire-clubs#sit-out"' in sit
    assert flag(app, "bogus", "euchre").strip() == ""
    assert flag(app, "forced", "no-such-game").strip() == ""
    escaped = flag(app, "sit-out", "eau-claire-clubs", None, "<script>x</script>")
    assert "<script>" not in escaped and "&lt;script&gt;" in escaped


# -- what if, for every variant: the scoring examples of the rules pages as one-hand matches ----------
def store_match(app, key: str, example) -> str:
    from extensions import db
    from models import Hand, Match, MatchSeat, Player
    from web import rules_pages, scoring

    variant = referee.get_variant(key)
    doc = rules_pages.example_document(variant, example)
    with app.app_context():
        match = Match(variant=key, rules=doc["rules"], first_dealer=0, start_totals=doc.get("start_totals"),
                      status="active", version=1)
        for seat, name in enumerate(doc["players"]):
            match.seats.append(MatchSeat(seat=seat, player=Player.get_or_create(name)))
        for position, data in enumerate(doc["hands"]):
            hand = Hand(position=position, token=f"t{position}-{key}")
            hand.set_from_dict(data)
            match.hands.append(hand)
        db.session.add(match)
        db.session.flush()
        scoring.sync_status(match, scoring.score(match))
        db.session.commit()
        return match.slug


@pytest.mark.parametrize("key", list(referee.VARIANTS))
def test_what_if_answers_for_every_variant(client, app, key):
    from web import rules_pages

    asked = 0
    for example in rules_pages.EXAMPLES[key]:
        if rules_pages.score_example(referee.get_variant(key), example).refused:
            continue
        match_id = store_match(app, key, example)
        number = len(example.hands)
        page = what_if(client, match_id, number)
        assert page.status_code == 200
        offered = re.findall(r'id="what-if-([a-z]+)"', page.get_data(as_text=True))
        for change in ("more", "fewer", "alone", "made"):
            response = what_if(client, match_id, number, change, htmx=True)
            assert response.status_code == (200 if change in offered else 422), (example.label, change)
            if change in offered:
                asked += 1
                body = words(response)
                assert "That could not have happened" in body or "What if:" in body, (example.label, change, body)
    assert asked, "no what-if was offered for any example"
