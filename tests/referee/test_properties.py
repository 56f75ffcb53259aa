"""Property tests: random valid match documents for every variant, and random invalid input through the CLI.

Valid documents are built from the variant data only (players, tricks_for, bids_for, hand_fields, tricks_entry,
is_partnership, options, all_pass_rule), with simple but valid hands; start totals are drawn near the goal so that
games end often. Properties:
- a valid document never makes the referee crash or refuse;
- totals == start totals + the sum of the deltas, hand by hand;
- a game ends at most once: only the last hand may carry game-over, and `finished` agrees;
- the dealer follows the rotation, and a given dealer that differs is flagged dealer-out-of-turn;
- any hand appended after a finished game is refused, naming that hand's index;
- invalid documents through ``referee.cli.run`` give exit status 2 and one JSON object with "error".

Set REFEREE_HYPOTHESIS_EXAMPLES to run more examples than the default 150 per property.
"""
from __future__ import annotations

import io
import json
import os
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from referee import VARIANTS, RefereeError, score_match
from referee.cli import run

# 150 examples per property keeps this file well under 30 s; REFEREE_HYPOTHESIS_EXAMPLES=5000 digs deeper.
SETTINGS = settings(max_examples=int(os.environ.get("REFEREE_HYPOTHESIS_EXAMPLES", "150")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
KEYS = sorted(VARIANTS)
SUITS = ("S", "H", "D", "C")

SAFE_TEXT = st.text(max_size=12)
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                         st.floats(allow_nan=False, allow_infinity=False), SAFE_TEXT)
TRUTHY_SCALARS = st.one_of(st.just(True), st.integers(1, 10**6), st.integers(-10**6, -1),
                           st.floats(min_value=0.5, max_value=1e9), SAFE_TEXT.filter(bool))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda children: st.one_of(
    st.lists(children, max_size=4), st.dictionaries(SAFE_TEXT, children, max_size=4)), max_leaves=12)


# -- valid documents, from the variant data ---------------------------------------------------------------

def compositions(total: int, parts: int) -> st.SearchStrategy[list[int]]:
    """Lists of ``parts`` non-negative integers adding up to ``total``."""
    return st.lists(st.integers(0, parts - 1), min_size=total, max_size=total).map(
        lambda owners: [owners.count(p) for p in range(parts)])


@st.composite
def tricks_value(draw, variant, n: int, maker: int | None):
    total = variant.tricks_for(n)
    entry = variant.tricks_entry(n)
    if entry == "seat" or maker is None and not variant.is_partnership(n):
        return draw(compositions(total, n))
    if entry == "team" or maker is None:
        return draw(compositions(total, 2))
    return draw(st.integers(0, total))


@st.composite
def played_hand(draw, variant, n: int, rules: dict) -> dict:
    fields = variant.hand_fields
    ladder = variant.bids_for(n, rules)
    maker = draw(st.integers(0, n - 1))
    hand: dict = {"maker": maker}
    trump = draw(st.sampled_from([t for t in SUITS if t in variant.trumps]))
    if "bid" in fields and ladder:
        bid = draw(st.sampled_from(ladder))
        hand["bid"] = bid
        if isinstance(bid, str) and bid.endswith("NT"):
            trump = "NT"
    if "trump" in fields and draw(st.booleans()):
        hand["trump"] = trump
    partner = None
    if "partner" in fields and draw(st.booleans()):
        partner = draw(st.integers(0, n - 1).filter(lambda s: s != maker))
        hand["partner"] = partner
    if "alone" in fields and partner is None and (n == 4 or variant.key != "double-hasenpfeffer"):
        hand["alone"] = draw(st.booleans())
    if "defender_alone" in fields and rules.get("lone_defender"):
        hand["defender_alone"] = draw(st.booleans())
    if "renege" in fields and draw(st.integers(0, 4)) == 0:
        # a lone maker's partners lay their cards down, so they cannot renege ([000] Euchre)
        alone = hand.get("alone") and variant.partnership
        partners = {s for s in range(maker % 2, n, 2) if s != maker} if alone else set()
        hand["renege"] = draw(st.sampled_from([s for s in range(n) if s not in partners]))
    hand["tricks"] = draw(tricks_value(variant, n, maker))
    if "dropped" in fields and (variant.key == "buck-euchre" or rules.get("bump")):
        out = [s for s, t in enumerate(hand["tricks"]) if t == 0 and s != maker]
        hand["dropped"] = draw(st.lists(st.sampled_from(out), unique=True)) if out else []
    return hand


@st.composite
def all_passed_hand(draw, variant, n: int, rules: dict) -> dict:
    """What the variant's all_pass_rule says an all-pass hand is."""
    rule = variant.all_pass_rule(rules)
    if rule.kind in ("void", "never"):
        return {"void": True}
    if rule.kind == "no-maker":
        return {"tricks": draw(tricks_value(variant, n, None))}
    maker = draw(st.integers(0, n - 1))
    hand = {"maker": maker, "forced": True, "tricks": draw(tricks_value(variant, n, maker))}
    if rule.kind == "dealer":
        hand["dealer"] = maker
    if rule.bid is not None and draw(st.booleans()):
        hand["bid"] = rule.bid
    if "trump" in variant.hand_fields and draw(st.booleans()):
        hand["trump"] = draw(st.sampled_from([t for t in SUITS if t in variant.trumps]))
    return hand


@st.composite
def club_upcard_hand(draw, variant, n: int, rules: dict) -> dict:
    """A club upcard with no bidding (Buck Euchre, Dirty Clubs, Eau Claire: the variants with an upcard key)."""
    return {"upcard": "C", "tricks": draw(tricks_value(variant, n, None))}


@st.composite
def any_hand(draw, variant, n: int, rules: dict) -> dict:
    kinds = [played_hand, played_hand, played_hand, all_passed_hand, lambda *a: st.just({"void": True})]
    if "upcard" in variant.hand_fields:
        kinds.append(club_upcard_hand)
    kind = draw(st.sampled_from(kinds))
    hand = draw(kind(variant, n, rules))
    if "dealer" not in hand and draw(st.integers(0, 5)) == 0:
        hand = {"dealer": draw(st.integers(0, n - 1)), **hand}
    return hand


@st.composite
def match_docs(draw, short: bool = False):
    """A valid match document (not yet cut at the game's end; see ``until_the_end``)."""
    key = draw(st.sampled_from(KEYS))
    variant = VARIANTS[key]
    n = draw(st.sampled_from(variant.players))
    rules = {}
    for option in variant.options:
        if option.choices is not None and draw(st.booleans()):
            rules[option.key] = draw(st.sampled_from(option.choices))
        elif option.key == "hands" and option.default is not None:
            rules["hands"] = draw(st.integers(1, 6 if short else 12))
    resolved = variant.resolve_rules(rules)
    sides = 2 if variant.is_partnership(n) else n
    low, high = variant.open_range(resolved)
    if variant.countdown:
        totals = st.integers(1, 6 if short else resolved["start"])
    elif resolved.get("target") is not None:
        totals = st.integers(max(resolved["target"] - (6 if short else 30), -1000 if low is None else low),
                             resolved["target"] - 1)
    else:
        totals = st.integers(-20 if low is None else low, 20)
    doc = {"format": "euchre-match/1", "variant": key, "players": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:n],
           "rules": rules, "first_dealer": draw(st.integers(0, n - 1))}
    if draw(st.booleans()) or short:
        doc["start_totals"] = draw(st.lists(totals, min_size=sides, max_size=sides))
    doc["hands"] = draw(st.lists(any_hand(variant, n, resolved), max_size=20 if short else 12))
    return doc


def until_the_end(doc: dict) -> tuple[dict, dict]:
    """Cut the document after the hand that ends the game (a valid document has nothing after it); return it with
    its result. Scoring every prefix also checks that no prefix of a valid document is refused."""
    hands = doc["hands"]
    for k in range(1, len(hands) + 1):
        result = score_match(dict(doc, hands=hands[:k])).to_json()
        if result["finished"]:
            return dict(doc, hands=hands[:k]), result
    return doc, score_match(doc).to_json()


def start_totals(doc: dict, result: dict) -> list[int]:
    if "start_totals" in doc:
        return doc["start_totals"]
    return [result["rules"]["start"] if result["countdown"] else 0] * len(result["sides"])


@SETTINGS
@given(match_docs())
def test_valid_documents_score_consistently(doc):
    doc, result = until_the_end(doc)
    note(json.dumps(result["hands"][-1:]))
    variant = VARIANTS[doc["variant"]]
    n = len(doc["players"])
    assert len(result["sides"]) == (2 if variant.is_partnership(n) else n)
    assert len(result["hands"]) == len(doc["hands"])

    running = list(start_totals(doc, result))
    for out in result["hands"]:
        running = [t + d for t, d in zip(running, out["deltas"])]
        assert out["totals"] == running
    assert result["totals"] == running

    over = [i for i, out in enumerate(result["hands"]) if "game-over" in out["events"]]
    assert over in ([], [len(doc["hands"]) - 1])
    assert result["finished"] is bool(over)
    if result["finished"]:
        assert result["next_dealer"] is None
        assert (result["winner"] is None) is result["tie"]
        if not result["tie"]:
            assert 0 <= result["winner"] < len(result["sides"])
            assert result["result"].startswith(result["sides"][result["winner"]])
    else:
        assert result["winner"] is None and result["tie"] is False and result["next_dealer"] in range(n)

    dealer = doc.get("first_dealer", 0)
    for raw, out in zip(doc["hands"], result["hands"]):
        given_dealer = raw.get("dealer")
        flagged = "dealer-out-of-turn" in out["events"]
        assert flagged is (given_dealer is not None and given_dealer != dealer)
        assert out["dealer"] == (given_dealer if given_dealer is not None else dealer)
        dealer = out["dealer"] if "same-dealer" in out["events"] else (out["dealer"] + 1) % n
        if raw.get("void"):
            assert out["deltas"] == [0] * len(result["sides"]) and "void" in out["events"]
    if not result["finished"]:
        assert result["next_dealer"] == dealer
    assert result["hands_played"] == sum(1 for raw in doc["hands"] if not raw.get("void"))


@SETTINGS
@given(match_docs(short=True), st.data())
def test_any_hand_after_a_finished_game_is_refused(doc, data):
    doc, result = until_the_end(doc)
    assume(result["finished"])
    variant = VARIANTS[doc["variant"]]
    n = len(doc["players"])
    extra = data.draw(st.one_of(any_hand(variant, n, result["rules"]), JSON_VALUES), label="extra hand")
    index = len(doc["hands"])
    with pytest.raises(RefereeError) as info:
        score_match(dict(doc, hands=doc["hands"] + [extra]))
    assert info.value.hand == index
    assert "ended" in info.value.message


# -- invalid input through the CLI, in-process -----------------------------------------------------------

def run_cli(command: str, text: str) -> tuple[int, str]:
    handle, path = tempfile.mkstemp(suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        out = io.StringIO()
        status = run([command, path], out)
        return status, out.getvalue()
    finally:
        os.unlink(path)


def assert_error_output(status: int, output: str) -> dict:
    assert status == 2, output
    assert output.endswith("\n") and output.count("\n") == 1, output
    error = json.loads(output)
    assert isinstance(error, dict) and isinstance(error.get("error"), str) and error["error"]
    assert isinstance(error.get("hand", 0), int) and isinstance(error.get("field", ""), str)
    return error


def truthy(values: st.SearchStrategy) -> st.SearchStrategy:
    """Values that the referee cannot read as 'did not happen' (None, false, [], 0, "")."""
    return values.filter(lambda v: v not in (None, False, [], 0, "", {}))


@st.composite
def broken_docs(draw) -> str:
    """A valid document with one thing made impossible, as JSON text."""
    doc = draw(match_docs())
    variant = VARIANTS[doc["variant"]]
    n = len(doc["players"])
    played = [i for i, h in enumerate(doc["hands"]) if not h.get("void") and "forced" not in h]
    where = draw(st.sampled_from(["variant", "players", "first_dealer", "start_totals", "rules", "hands", "format",
                                  "hand", "tricks", "maker", "unknown-key", "bid"]))
    if where == "variant":
        doc["variant"] = draw(st.one_of(JSON_SCALARS, SAFE_TEXT).filter(lambda v: v not in VARIANTS))
    elif where == "players":
        doc["players"] = draw(st.one_of(
            TRUTHY_SCALARS,
            st.lists(SAFE_TEXT.map(lambda s: "P" + s), unique=True, max_size=8).filter(
                lambda p: len(p) not in variant.players),
            st.just(["Ann", "Ann", "Bob", "Cy", "Di", "Ed"][:max(variant.players)]),
            st.just(["Ann", "", "Cy", "Di", "Ed", "Flo"][:min(variant.players)])))
    elif where == "first_dealer":
        doc["first_dealer"] = draw(st.one_of(st.integers().filter(lambda d: not 0 <= d < n), SAFE_TEXT,
                                             st.floats(allow_nan=False), st.booleans(), st.lists(st.integers())))
    elif where == "start_totals":
        sides = 2 if variant.is_partnership(n) else n
        low, high = variant.open_range(variant.resolve_rules(doc["rules"]))
        outside = [st.integers(max_value=low - 1)] if low is not None else []
        outside += [st.integers(min_value=high + 1)] if high is not None else []
        doc["start_totals"] = draw(st.one_of(
            st.lists(st.integers(-50, 50)).filter(lambda t: len(t) != sides),
            *([st.lists(st.integers(-50, 50), min_size=sides - 1, max_size=sides - 1).flatmap(
                lambda t: st.one_of(*outside).map(lambda bad: t + [bad]))] if outside else []),
            st.lists(st.one_of(SAFE_TEXT, st.floats(allow_nan=False), st.booleans()), min_size=sides,
                     max_size=sides).filter(lambda t: t != []),
            TRUTHY_SCALARS))
    elif where == "rules":
        known = {o.key for o in variant.options}
        doc["rules"] = draw(st.one_of(
            st.dictionaries(SAFE_TEXT.filter(lambda k: k not in known), JSON_VALUES, min_size=1, max_size=3),
            truthy(st.one_of(st.integers(), SAFE_TEXT, st.lists(st.integers(), min_size=1))),
            st.sampled_from(variant.options).flatmap(lambda o: st.fixed_dictionaries(
                {o.key: JSON_SCALARS.filter(lambda v: not _allowed(o, v))}))))
    elif where == "hands":
        doc["hands"] = draw(st.one_of(st.none(), SAFE_TEXT, st.integers(), st.dictionaries(SAFE_TEXT, JSON_VALUES)))
    elif where == "format":
        doc["format"] = draw(JSON_VALUES.filter(lambda f: f != "euchre-match/1"))
    elif where == "hand" or not played:
        doc["hands"] = doc["hands"] + [draw(st.one_of(JSON_SCALARS, st.lists(JSON_VALUES)))]
    else:
        hand = doc["hands"][draw(st.sampled_from(played))]
        total = variant.tricks_for(n)
        if where == "tricks":
            hand["tricks"] = draw(st.one_of(
                st.integers().filter(lambda t: not 0 <= t <= total), SAFE_TEXT, st.floats(allow_nan=False),
                st.lists(st.integers(0, total), max_size=7).filter(lambda t: sum(t) != total or len(t) not in (2, n)),
                st.booleans()))
        elif where == "maker":
            hand["maker"] = draw(st.one_of(st.integers().filter(lambda m: not 0 <= m < n), SAFE_TEXT,
                                           st.floats(allow_nan=False), st.just(True), st.lists(st.integers())))
        elif where == "unknown-key":
            hand["x-" + draw(SAFE_TEXT)] = draw(truthy(JSON_VALUES))
        else:
            hand["bid"] = draw(st.one_of(st.integers(13, 10**6), st.integers(-10**6, 0), SAFE_TEXT.map(lambda s: "zz" + s),
                                         st.lists(st.integers(), min_size=1)))
    return json.dumps(doc)


def _allowed(option, value) -> bool:
    try:
        option.check(value)
    except RefereeError:
        return False
    return True


@SETTINGS
@given(broken_docs())
def test_invalid_documents_give_exit_2_and_a_json_error(text):
    note(text)
    assert_error_output(*run_cli("score", text))


@SETTINGS
@given(st.one_of(
    JSON_SCALARS,
    st.lists(JSON_VALUES, max_size=4),
    st.dictionaries(SAFE_TEXT.filter(lambda k: k != "variant"), JSON_VALUES),
    SAFE_TEXT.filter(lambda t: not _is_json(t)).map(lambda t: ("RAW", t)),
))
def test_garbage_gives_exit_2_and_a_json_error(value):
    text = value[1] if isinstance(value, tuple) else json.dumps(value)
    note(text)
    assert_error_output(*run_cli("score", text))


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@SETTINGS
@given(st.sampled_from(["trick", "legal"]), st.lists(st.one_of(
    JSON_SCALARS,
    st.dictionaries(st.sampled_from(["trump", "plays", "led", "hand", "rules", "x"]), JSON_VALUES),
    st.fixed_dictionaries({"variant": SAFE_TEXT.filter(lambda k: k not in VARIANTS)},
                          optional={"trump": JSON_VALUES, "plays": JSON_VALUES, "hand": JSON_VALUES}),
    st.fixed_dictionaries({"variant": st.sampled_from(KEYS), "trump": JSON_VALUES.filter(lambda t: t not in (
        "S", "H", "D", "C", "NT", "s", "h", "d", "c", "nt", "Nt", "nT"))},
        optional={"plays": JSON_VALUES, "led": JSON_VALUES, "hand": JSON_VALUES}),
), min_size=1, max_size=3))
def test_trick_and_legal_garbage_gives_exit_2(command, lines):
    text = "\n".join(json.dumps(line) for line in lines)
    note(text)
    assert_error_output(*run_cli(command, text))


@SETTINGS
@given(match_docs(), st.data())
def test_any_value_anywhere_is_scored_or_refused_never_a_crash(doc, data):
    """Replace any one value of a valid document by any JSON value: the API returns a result or raises
    RefereeError, and the CLI exits 0 with a result or 2 with an error; nothing else."""
    doc, _ = until_the_end(doc)
    paths = [(doc, k) for k in list(doc)]
    for hand in doc["hands"]:
        paths += [(hand, k) for k in list(hand)]
    target, key = data.draw(st.sampled_from(paths), label="where")
    target[key] = data.draw(JSON_VALUES, label="value")
    text = json.dumps(doc)
    note(text)
    try:
        score_match(json.loads(text))
    except RefereeError:
        pass
    status, output = run_cli("score", text)
    if status == 2:
        assert_error_output(status, output)
    else:
        assert status == 0 and isinstance(json.loads(output), dict)


# -- crashes found while writing these tests, kept as examples ---------------------------------------------

@pytest.mark.parametrize("bid", ["²", "³NT", "٣"])
def test_superscript_digit_bid_is_refused_not_a_crash(bid):
    text = json.dumps({"variant": "hasenpfeffer", "players": ["Ann", "Bob", "Cy", "Di"],
                       "hands": [{"maker": 0, "bid": bid, "tricks": 3}]})
    assert_error_output(*run_cli("score", text))
