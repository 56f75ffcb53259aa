"""Hypothesis strategies for hostile input: match documents that are nearly right (a variant, its
players, hands with the keys it reads, values a little out of range) or plainly wrong (any JSON), and
the forms a phone, a stale page or a script might post."""
from __future__ import annotations

import functools
import json
import string

import referee
from hypothesis import strategies as st

VARIANTS = sorted(referee.VARIANTS)
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus")
SUITS = ("S", "H", "D", "C")
CARDS = tuple(r + s for r in ("9", "T", "J", "Q", "K", "A", "8", "7") for s in SUITS) + ("JK", "W")
ALL_HAND_KEYS = ("dealer", "void", "maker", "bid", "forced", "trump", "upcard", "alone", "defender_alone",
                 "partner", "sat_out", "dropped", "renege", "tricks", "auction")

# Anything JSON can hold, small: the values that are plainly wrong.
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.integers(),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                         st.sampled_from(["\x00", "a\x00b", "\ud800", "\u202e", "<b>", "9" * 40]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)
seat = st.integers(-1, 7)


def nearly(good: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly a plausible value, now and then a wrong one."""
    return st.one_of(good, good, good, json_scalars)


def _split(total: int, parts: int) -> st.SearchStrategy:
    """``parts`` trick counts that add up to ``total``."""
    cuts = st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1).map(sorted)
    return cuts.map(lambda c: [b - a for a, b in zip([0] + c, c + [total])])


def _tricks(variant, n: int) -> st.SearchStrategy:
    total, entry = variant.tricks_for(n), variant.tricks_entry(n)
    if entry == "maker":
        return st.integers(0, total)
    return _split(total, 2 if entry == "team" else n)


@functools.cache
def plausible_hands(key: str, n: int) -> st.SearchStrategy:
    """Hands a table of ``n`` might really enter: every value in range, the rules' checks left to the referee."""
    variant = referee.get_variant(key)
    fields = variant.hand_fields
    seats = st.integers(0, n - 1)
    required = {"maker": seats, "trump": st.sampled_from(variant.trumps), "tricks": _tricks(variant, n)}
    if "bid" in fields and variant.bids_for(n):
        required["bid"] = st.sampled_from(variant.bids_for(n))
    optional = {key: value for key, value in {
        "alone": st.booleans(), "defender_alone": st.booleans(), "sat_out": st.booleans(), "forced": st.booleans(),
        "partner": st.one_of(seats, st.none()), "dropped": st.lists(seats, max_size=2, unique=True),
        "upcard": st.sampled_from(SUITS), "renege": seats}.items() if key in fields}
    played = st.fixed_dictionaries({k: v for k, v in required.items() if k in fields}, optional=optional)
    return st.one_of(played, played, played, played, st.just({"void": True}))


@functools.cache
def wild_hands(key: str | None) -> st.SearchStrategy:
    """Hands with any of the keys, values now and then wrong, and now and then a key nobody knows."""
    variant = referee.VARIANTS.get(key or "")
    n = max(variant.players) if variant else 6
    bids = list(variant.bids_for(variant.default_players)) if variant else []
    plausible = {
        "dealer": seat, "maker": seat, "partner": st.one_of(seat, st.none()), "renege": seat,
        "void": st.booleans(), "joker_in_widow": st.booleans(), "forced": st.booleans(), "alone": st.booleans(),
        "defender_alone": st.booleans(), "sat_out": st.booleans(),
        "bid": st.sampled_from(bids + [0, 1, 7, "pass", "4NT", "little-pepper", "big-pepper"]),
        "trump": st.sampled_from(SUITS + ("NT", "X", "")), "upcard": st.sampled_from(SUITS + CARDS[:4]),
        "dropped": st.lists(seat, max_size=3),
        "tricks": st.one_of(st.integers(-1, 13), st.lists(st.integers(-1, 13), min_size=1, max_size=n + 1)),
        "auction": st.lists(st.tuples(seat, st.sampled_from(bids + ["pass", 9])).map(list), max_size=n + 1),
    }
    keys = set(variant.hand_fields if variant else ALL_HAND_KEYS) | {"dealer", "auction"}
    known = st.fixed_dictionaries({}, optional={key: nearly(plausible[key]) for key in sorted(keys)})
    unknown = st.dictionaries(st.text(max_size=6), json_scalars, min_size=1, max_size=1)
    return st.one_of(*[known] * 15, st.tuples(known, unknown).map(lambda pair: {**pair[0], **pair[1]}))


@st.composite
def match_documents(draw) -> dict | list | str | int | None:
    """A match document (match-format.md): plausible (the referee's own checks decide), mutated (values
    and keys now and then wrong), or any JSON at all."""
    kind = draw(st.sampled_from(["plausible"] * 6 + ["mutated"] * 3 + ["any"]))
    if kind == "any":
        return draw(json_values)
    if kind == "plausible":
        key = draw(st.sampled_from(VARIANTS))
        variant = referee.get_variant(key)
        n = draw(st.sampled_from(variant.players))
        names = draw(st.one_of(st.just(NAMES), st.lists(st.text(min_size=1, max_size=12), min_size=7, max_size=7)))
        doc: dict = {"format": "euchre-match/1", "variant": key, "players": list(names[:n]),
                     "first_dealer": draw(st.integers(0, n - 1))}
        if variant.options and draw(st.booleans()):
            option = draw(st.sampled_from(variant.options))
            choices = list(option.choices) if option.choices is not None else [option.minimum, option.default]
            doc["rules"] = {option.key: draw(st.sampled_from([c for c in choices if c is not None] or [option.default]))}
        doc["hands"] = draw(st.lists(plausible_hands(key, n), max_size=10))
        return doc
    key = draw(st.sampled_from(VARIANTS + ["nonsense", ""]))
    variant = referee.VARIANTS.get(key)
    n = draw(st.sampled_from(variant.players)) if variant and draw(st.booleans()) else draw(st.integers(0, 7))
    doc = {"variant": key, "players": list(NAMES[:n])}
    if draw(st.booleans()):
        doc["format"] = draw(st.sampled_from(["euchre-match/1", "euchre-match/2", 1]))
    if variant and variant.options and draw(st.booleans()):
        option = draw(st.sampled_from(variant.options))
        doc["rules"] = {option.key: draw(st.one_of(st.sampled_from(list(option.choices or ()) + [option.default]),
                                                   json_scalars))}
    elif draw(st.integers(0, 5)) == 0:
        doc["rules"] = draw(nearly(st.dictionaries(st.sampled_from(["target", "deck", "bogus"]), json_scalars)))
    if draw(st.booleans()):
        doc["first_dealer"] = draw(nearly(seat))
    if draw(st.integers(0, 4)) == 0:
        doc["start_totals"] = draw(nearly(st.lists(st.integers(-50, 50), max_size=n + 1)))
    hands = plausible_hands(key, n) if variant and n in variant.players and draw(st.booleans()) else wild_hands(key)
    doc["hands"] = draw(st.lists(nearly(hands), max_size=12))
    if draw(st.integers(0, 9)) == 0:
        doc[draw(st.sampled_from(["players", "hands", "variant"]))] = draw(json_values)  # one field plainly wrong
    return doc


@functools.cache
def hand_forms(key: str) -> st.SearchStrategy:
    """The hand form as a phone posts it for a match of ``key`` at its usual head-count (tokens aside)."""
    variant = referee.get_variant(key)
    n = variant.default_players
    total, entry = variant.tricks_for(n), variant.tricks_entry(n)
    fields: dict = {"outcome": st.sampled_from(["played"] * 4 + ["passed", "void"]),
                    "maker": st.integers(0, n - 1).map(str), "trump": st.sampled_from(variant.trumps)}
    if entry == "maker":
        fields["tricks"] = st.integers(0, total).map(str)
    else:
        fields["tricks_*"] = _split(total, 2 if entry == "team" else n)
    if "bid" in variant.hand_fields and variant.bids_for(n):
        fields["bid"] = st.sampled_from([str(b) for b in variant.bids_for(n)])
    optional = {name: st.just("y") for name in ("alone", "defender_alone", "sat_out") if name in variant.hand_fields}
    if "partner" in variant.hand_fields:
        optional["partner"] = st.sampled_from([str(s) for s in range(n)] + ["none"])
    if "dropped" in variant.hand_fields:
        optional["dropped"] = st.lists(st.integers(0, n - 1).map(str), max_size=2, unique=True)
    if "upcard" in variant.hand_fields:
        optional["upcard"] = st.sampled_from(SUITS)
    form = st.fixed_dictionaries(fields, optional=optional)

    def spread(body: dict) -> dict:
        body = dict(body)
        for i, value in enumerate(body.pop("tricks_*", [])):
            body[f"tricks_{i}"] = str(value)
        return body

    return form.map(spread)


def as_text(doc) -> st.SearchStrategy:
    """The document as a file would hold it: JSON, or JSON cut short, or not JSON at all."""
    text = json.dumps(doc)
    return st.one_of(st.just(text), st.just(text), st.integers(0, len(text)).map(lambda i: text[:i]),
                     st.text(alphabet=string.printable, max_size=40))


form_value = st.one_of(st.sampled_from(["", "0", "1", "2", "3", "5", "-1", "99", "none", "y", "played", "passed",
                                        "void", "H", "S", "NT", "bogus", "4NT", "little-pepper", "AS", "JD"]),
                       st.text(max_size=12))
HAND_FORM_FIELDS = ("outcome", "maker", "bid", "trump", "upcard", "alone", "defender_alone", "sat_out", "partner",
                    "dropped", "renege", "tricks", "tricks_0", "tricks_1", "tricks_2", "tricks_3", "tricks_4",
                    "tricks_5", "version", "token")


def form(fields) -> st.SearchStrategy:
    """A form body: some of ``fields`` (and now and then one nobody asked for), each one or more values."""
    return st.dictionaries(st.one_of(st.sampled_from(fields), st.text(max_size=6)),
                           st.one_of(form_value, st.lists(form_value, min_size=1, max_size=3)), max_size=len(fields))


# -- hostile values for every route and form field (tests/test_fuzz.py, test_every_route_answers_any_input) ------
def _hostile_texts() -> st.SearchStrategy:
    from tests.hostile_helpers import CONTROL, DEEP, HUGE_IDS, LONG_NUMBER

    return st.one_of(
        form_value,
        st.sampled_from(HUGE_IDS + CONTROL + ["-2147483649", "0", "-0", "1e999", "NaN", "٣", "+5", " 7 ", "",
                                             "\u202e", "<script>", "%00", "../..", DEEP, LONG_NUMBER,
                                             "x" * 5000]),
        st.integers().map(str),
        st.text(max_size=30))


hostile_text = _hostile_texts()
# the names of the routes' parameters (a route's address may hold any of these)
PARAM_NAMES = ("group_id", "match_id", "hand_id", "player_id", "game", "table", "number", "slug", "code", "key",
               "filename")
# every field name the app's forms and query strings use
ALL_FIELDS = (HAND_FORM_FIELDS + (
    "name", "code", "names", "reason", "pin", "pin_again", "variant", "players", "first_dealer", "name_0", "name_1",
    "name_2", "name_3", "start_0", "start_1", "rule_target", "rule_deck", "rule_stick_the_dealer", "document",
    "group", "pair", "ns_points", "ew_points", "loners_N", "loners_E", "loners_S", "loners_W", "cut_winner", "keep",
    "merge", "games", "hands_per_game", "day", "movement", "sit_out_mode", "sit_out_points", "bell_minutes",
    "plays", "led", "card", "do", "hand", "played", "deck", "since", "until", "page", "min_games", "player",
    "edit", "change", "seen", "next", "game"))
hostile_form = st.dictionaries(st.one_of(st.sampled_from(ALL_FIELDS), st.text(max_size=6)),
                               st.one_of(hostile_text, st.lists(hostile_text, min_size=1, max_size=3)), max_size=6)
# the query parameters the views read
QUERY_FIELDS = ("edit", "hand", "group", "code", "variant", "players", "game", "seen", "change", "next", "page",
                "player", "since", "until", "min_games")
hostile_query = st.dictionaries(st.one_of(st.sampled_from(QUERY_FIELDS), st.sampled_from(ALL_FIELDS)),
                                hostile_text, max_size=4)


def hostile_upload() -> st.SearchStrategy:
    """A file as an attacker would upload it: empty, junk, deep, a number of 5,000 digits, 60,000 hands."""
    from tests.hostile_helpers import DEEP, HUGE_DOCUMENT, LONG_NUMBER

    return st.one_of(st.sampled_from([b"", b"\x00\xff\xfe junk", DEEP.encode(), LONG_NUMBER.encode(),
                                      HUGE_DOCUMENT.encode(), b"{}", b"[]", b"null"]),
                     st.binary(max_size=64))
