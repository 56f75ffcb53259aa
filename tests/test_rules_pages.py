"""The rules pages: what they say comes from the referee (scoring examples scored by score_match, card
roles from card_roles, docstrings and rulings), and every variant has its page."""
from __future__ import annotations

import dataclasses
import re

import pytest
from markupsafe import escape

import referee
from web import rules_pages as rp

KEYS = list(referee.VARIANTS)

# Examples that show what the referee refuses: each is labelled so on the page ("Not allowed").
REFUSED = {
    ("euchre", "A forced dealer without stick-the-dealer"),
    ("euchre", "Bob alone takes 4, and Di, his partner, is said to have reneged"),
    ("buck-euchre", "Club upcard and Cy tries to drop"),
    ("buck-euchre", "Club upcard, and Bob is entered as the maker"),
    ("eau-claire-clubs", "Sitting out on a club upcard"),
    ("eau-claire-clubs", "Sitting out a third hand in a row"),
    ("eau-claire-clubs", "Sitting out at a score of 3"),
}


def row(key: str, label: str) -> rp.ExampleRow:
    return next(r for r in rp.scoring_rows(key) if r.label == label)


# -- the scoring table: scored by the referee ----------------------------------------------------
@pytest.mark.parametrize("key", KEYS)
def test_every_variant_has_scoring_examples_that_the_referee_scores(key):
    rows = rp.scoring_rows(key)
    assert len(rows) >= 4
    for r in rows:
        if (key, r.label) in REFUSED:
            assert r.refused and not r.line, r
        else:
            assert r.line and r.notes and not r.refused, (key, r.label, r.refused)


@pytest.mark.parametrize("key", KEYS)
def test_scoring_rows_are_exactly_what_score_match_says(key):
    variant = referee.get_variant(key)
    for example in rp.EXAMPLES[key]:
        if (key, example.label) in REFUSED:
            continue
        result = referee.score_match(rp.example_document(variant, example))
        last = result.hands[-1]
        shown = rp.score_example(variant, example)
        assert shown.line == last.describe(result.sides)
        assert shown.notes == list(last.notes)


def test_the_new_refusals_are_shown_in_the_referees_words():
    lone = row("euchre", "Bob alone takes 4, and Di, his partner, is said to have reneged")
    assert "could not renege" in lone.refused
    assert "nobody may drop" in row("buck-euchre", "Club upcard and Cy tries to drop").refused
    assert "nobody is the maker" in row("buck-euchre", "Club upcard, and Bob is entered as the maker").refused


def test_euchre_scoring_examples_in_words():
    assert row("euchre", "Makers take 3 tricks").line == "Bob & Di +1 (made)"
    assert row("euchre", "Makers take all 5").line == "Bob & Di +2 (march)"
    assert row("euchre", "Makers take 2 tricks").line == "Ann & Cy +2 (euchred)"
    assert row("euchre", "Maker alone takes all 5").line == "Bob & Di +4 (alone, lone march)"
    assert "Bob reneged: Bob & Di lose 2." in row("euchre", "Makers take 4, but Bob reneged").notes
    refused = row("euchre", "A forced dealer without stick-the-dealer")
    assert "stick-the-dealer" in refused.refused


def test_other_variants_scoring_examples():
    assert row("pepper", "Big pepper, all 6 taken").line == "Bob & Di +12 (big pepper, made)"
    assert row("euchre-6hand", "Maker alone takes all 5").line.startswith("Bob, Di & Flo +6")
    assert "forced" in row("midwest-pepper", "Everybody passes: Ann (dealer) is stuck at 4 and takes 4").line
    assert row("bacon", "All four upcards passed").line.startswith("No score")
    buck = row("buck-euchre", "Bob takes all 5")
    assert buck.game_over.startswith("Bob wins") and "at once" in buck.game_over
    assert "3, 2 or 1" in row("eau-claire-clubs", "Sitting out at a score of 3").refused


def test_examples_with_house_rules_or_head_counts_say_so():
    r = row("hasenpfeffer", "Bid 4, take 3 (house rule set_penalty: undertricks)")
    assert r.house_rules == {"set_penalty": "undertricks"}
    assert r.line == "Ann & Cy +3, Bob & Di −1 (set)"
    assert row("pepper", "Three players: Bob bids 4 and takes 5 of 8").players == 3


# -- cards: names, colours and roles from the referee's ranking -----------------------------------
def test_card_names_and_labels():
    assert rp.card_label("TH") == "10♥"
    assert rp.card_name("JD") == "jack of diamonds"
    assert rp.card_name("JK") == "joker"
    assert rp.normalise_card(" 10h ") == "TH"
    view = rp.card_view("QD")
    assert (view.rank, view.symbol, view.red) == ("Q", "♦", True)
    assert not rp.card_view("AS").red


def test_card_views_read_the_referees_card_roles():
    """Which card is which bower is the referee's (tests/referee/test_cards.py); the view only words it."""
    roles = referee.card_roles("euchre", "H")
    assert rp.card_view("JD", roles).aria == "jack of diamonds, left bower"
    assert rp.card_view("AD", roles).aria == "ace of diamonds"
    assert rp.card_view("JK", referee.card_roles("euchre", "S", {"deck": 25})).aria == "joker, the best bower"


def test_deck_rows_are_the_variants_deck():
    rows = rp.deck_rows(referee.get_variant("euchre").deck_for({"deck": 25}))
    assert [suit for suit, _ in rows] == ["S", "H", "D", "C", "JK"]
    assert rows[0][1] == ["AS", "KS", "QS", "JS", "TS", "9S"]
    bacon = rp.deck_rows(referee.get_variant("bacon").deck_for({}))
    assert len(bacon[0][1]) == 13


# -- the facts of a variant -----------------------------------------------------------------
def test_forced_rules_list_every_house_rule_that_changes_the_all_pass_rule():
    euchre = rp.forced_rules(referee.get_variant("euchre"))
    assert euchre[0] == ("", referee.get_variant("euchre").all_passed())
    assert any(when == "stick_the_dealer: yes" and "dealer" in text for when, text in euchre)
    hasen = rp.forced_rules(referee.get_variant("double-hasenpfeffer"))
    assert any(when == "min_bid: 6" and "6" in text for when, text in hasen)


def test_deal_rule_comes_from_the_referee():
    assert "same dealer deals again" in rp.deal_rule(referee.get_variant("bacon"))
    assert "same dealer" not in rp.deal_rule(referee.get_variant("euchre"))


def test_game_length_words():
    assert rp.game_length(referee.get_variant("euchre")) == "First to 10 points (house rule target)."
    assert "counts down" in rp.game_length(referee.get_variant("buck-euchre"))
    assert "8 hands" in rp.game_length(referee.get_variant("progressive-euchre"))


def test_end_section_quotes_the_rulings_about_the_end():
    assert any("equal scores are a tie" in r for r in rp.end_rulings(referee.get_variant("euchre-3hand")))
    assert not any("trick" in r for r in rp.end_rulings(referee.get_variant("double-deck-bid-euchre")))


def test_follow_suit_example_is_the_referees_explanation():
    euchre = rp.follow_example(referee.get_variant("euchre"))
    assert "left bower" in euchre["reason"] and "does not follow" in euchre["reason"]
    bacon = rp.follow_example(referee.get_variant("bacon"))
    assert "you must play J♦" in bacon["reason"]


def test_docstrings_become_plain_paragraphs():
    assert rp.paragraphs("one\ntwo\n\nthree") == ["one two", "three"]
    context = rp.rules_context(referee.get_variant("euchre"))
    assert context["end_doc"] and all("\n" not in p for p in context["end_doc"])


def test_flag_rules():
    forced = rp.flag_rule("forced", "euchre", {"stick_the_dealer": True})
    assert forced.section == "forced" and forced.text.startswith("Stick the dealer")
    assert rp.flag_rule("stuck-dealer", "midwest-pepper").text.startswith("Nobody bid: the dealer is stuck at 4")
    assert rp.flag_rule("dealer-out-of-turn", "euchre").section == "deal"
    assert rp.flag_rule("after-game-end", "bid-euchre").text.startswith("The game is over")
    assert rp.flag_rule("sit-out", "eau-claire-clubs").section == "sit-out"
    assert "may not sit out" in rp.flag_rule("sit-out", "euchre").text
    assert "3" in rp.flag_rule("renege", "euchre", {"renege_penalty": 3}).text
    assert rp.flag_rule("nonsense", "euchre") is None
    assert rp.flag_rule("forced", "no-such-game") is None
    assert rp.flag_rule("forced", "euchre", {"bogus": 1}).text == referee.get_variant("euchre").all_passed()


# -- the pages --------------------------------------------------------------------------------
def test_rules_index_lists_every_variant_grouped_and_buckenpeffer(client):
    html = client.get("/rules/").get_data(as_text=True)
    assert html.lower().startswith("<!doctype html>")
    for key, variant in referee.VARIANTS.items():
        assert f'href="/rules/{key}"' in html
        assert f'<h2 class="group">{variant.group}</h2>' in html
    assert 'href="/rules/buckenpeffer"' in html
    fragment = client.get("/rules/", htmx=True)
    assert fragment.status_code == 200
    body = fragment.get_data(as_text=True)
    assert "<html" not in body and 'id="rules-index"' in body
    assert fragment.headers.get("Vary") and "HX-Request" in fragment.headers["Vary"]


@pytest.mark.parametrize("key", KEYS)
def test_every_variant_has_its_rules_page(client, key):
    variant = referee.get_variant(key)
    page = client.get(f"/rules/{key}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<html" in html and "disputes.css" in html
    for section in ("players", "bidding", "scoring", "end", "forced", "options", "renege", "impossible", "sources"):
        assert f'id="{section}"' in html, section
    assert f"<h1>{variant.name}</h1>" in html
    for source in variant.sources:
        assert str(source).replace("&", "&amp;") in html
    for option in variant.options:
        assert f'id="option-{option.key}"' in html
    fragment = client.get(f"/rules/{key}", htmx=True).get_data(as_text=True)
    assert "<html" not in fragment and 'id="rules-page"' in fragment


@pytest.mark.parametrize("key", KEYS)
def test_rules_page_says_what_the_referee_accepts_where_the_documents_are_silent(client, key):
    variant = referee.get_variant(key)
    html = client.get(f"/rules/{key}").get_data(as_text=True)
    assert variant.silent_accepts, "every variant says what it cannot rule out"
    for note in variant.silent_accepts:
        assert escape(note) in html
    assert 'id="carried-on"' in html


@pytest.mark.parametrize("key, words", [
    ("euchre", "starts each side at 9 or less"),
    ("bacon", "starts each side between 0 and 9"),
    ("eau-claire-clubs", "starts each side between 1 and 20"),
    ("buck-euchre", "starts each side at 1 or more"),
    ("bid-euchre", "starts each side at any score"),
])
def test_rules_page_gives_the_start_totals_the_referee_accepts(client, key, words):
    assert words in client.get(f"/rules/{key}").get_data(as_text=True)


def test_rules_page_shows_referee_numbers_and_rules(client):
    html = client.get("/rules/euchre").get_data(as_text=True)
    assert "Bob &amp; Di +2 (march)" in html
    assert "Stick the dealer: the dealer is stuck and must name trump." in html
    assert 'id="renege-penalty"' in html and "renege_penalty" in html
    assert "J♦ is the left bower" in html
    assert 'href="/rules/cards?variant=euchre"' in html
    pepper = client.get("/rules/pepper").get_data(as_text=True)
    assert "no renege penalty for Pepper" in pepper
    assert "Little pepper" in pepper and "Big pepper" in pepper
    eau = client.get("/rules/eau-claire-clubs").get_data(as_text=True)
    assert 'id="sit-out"' in eau and "no sitting out at 3, 2 or 1" in eau
    assert "a minus is good" in eau


def test_rules_page_gives_each_table_size_its_deck(client):
    clubs = client.get("/rules/dirty-clubs").get_data(as_text=True)
    for deck in ("20 cards, 10 to ace;", "24 cards, 9 to ace;", "28 cards, 8 to ace;", "32 cards, 7 to ace;"):
        assert f"Deck: {deck}" in clubs, deck


@pytest.mark.parametrize("key", list(referee.VARIANTS))
def test_every_deck_name_says_its_size(key):
    """The rules page shows a deck by its name alone, so the name must give the count (the joker said apart)."""
    variant = referee.get_variant(key)
    options = [option for option in variant.options if option.key == "deck"]
    for rules in [None] + [{"deck": choice} for option in options for choice in option.choices]:
        for n in variant.players:
            deck = variant.deck_for(rules, n)
            assert deck.name.startswith(f"{deck.size - deck.joker} cards"), deck.name
            assert ("joker" in deck.name) == deck.joker, deck.name


def test_unknown_rules_page_is_404(client):
    assert client.get("/rules/no-such-game").status_code == 404
    assert client.get("/rules/no-such-game", htmx=True).status_code == 404


def test_buckenpeffer_page_explains_why_it_is_not_scoreable(client):
    html = client.get("/rules/buckenpeffer").get_data(as_text=True)
    assert "Not scoreable" in html
    assert "Minimum bid is three" in html and "must bid four tricks" in html
    assert "ebots" in html and "Burns" in html and "[003]" in html
    assert 'href="/rules/pepper"' in html
    assert "<html" not in client.get("/rules/buckenpeffer", htmx=True).get_data(as_text=True)


def test_rules_page_text_is_escaped(client, monkeypatch):
    euchre = referee.get_variant("euchre")
    evil = dataclasses.replace(euchre, rulings=("<script>alert(1)</script>",), doc="<b>bold</b> & more",
                               summary="<img src=x onerror=alert(1)>")
    monkeypatch.setitem(referee.VARIANTS, "euchre", evil)
    rp.scoring_rows.cache_clear()
    try:
        html = client.get("/rules/euchre").get_data(as_text=True)
    finally:
        rp.scoring_rows.cache_clear()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; more" in html
    assert "<img src=x" not in html


def test_no_inline_styles_or_scripts_on_the_rules_pages(client):
    for url in ["/rules/", "/rules/euchre", "/rules/buckenpeffer"]:
        html = client.get(url).get_data(as_text=True)
        assert not re.search(r"\sstyle=", html)
        assert not re.search(r"<script(?![^>]*\ssrc=)", html)
