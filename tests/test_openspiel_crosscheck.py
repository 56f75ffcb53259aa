"""Cross-check of the referee against DeepMind OpenSpiel's independent Euchre
implementation (open_spiel 2.0.2, ``pyspiel``).

For each setting of ``stick_the_dealer`` x ``lone_defender`` we play a few hundred random
deals in OpenSpiel (fixed seeds, see tests/openspiel_driver.py) and check that the
referee agrees with OpenSpiel on
- the legal cards at every turn of play (``legal_plays``),
- the winner and winning card of every trick (``judge_trick``),
- every hand's score (``score_match`` on a one-hand match): OpenSpiel's returns are
  zero-sum per player, the side with the positive return is the side that scores, and
  the magnitude is the points; an all-pass hand (only without stick-the-dealer) is void
  and scores nothing.

Seats: OpenSpiel's players 0..3 (N, E, S, W) play in that order, partners p and p + 2,
so OpenSpiel player p is our seat p and OpenSpiel's dealer is our ``first_dealer``.
OpenSpiel's ``allow_lone_defender`` is our ``lone_defender`` rule; in both a lone
defender who euchres the makers scores 4.
"""
from __future__ import annotations

import functools
import random

import pytest

try:  # works whether or not tests/ is a package
    from . import openspiel_driver as osd
except ImportError:
    import openspiel_driver as osd

from referee import judge_trick, legal_plays, score_match

N_DEALS = 250
SETTINGS = [(sd, ld) for sd in (False, True) for ld in (False, True)]
SEEDS = {(False, False): 20240101, (False, True): 20240102,
         (True, False): 20240103, (True, True): 20240104}
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
MAX_REPORTED = 8
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def _id(setting):
    sd, ld = setting
    return f"stick_the_dealer={sd}-lone_defender={ld}"


@functools.lru_cache(maxsize=None)
def deals(sd: bool, ld: bool) -> tuple:
    game = osd.load(sd, ld)
    rng = random.Random(SEEDS[sd, ld])
    return tuple(osd.play_deal(game, sd, ld, rng) for _ in range(N_DEALS))


def match_doc(deal) -> dict:
    if deal.void:
        hand = {"void": True}
    else:
        hand = {"maker": deal.maker, "trump": deal.trump, "alone": deal.alone,
                "defender_alone": deal.lone_defender is not None,
                "tricks": deal.maker_tricks, "forced": deal.forced}
    return {"format": "euchre-match/1", "variant": "euchre",
            "rules": {"stick_the_dealer": deal.sd, "lone_defender": deal.ld,
                      "target": 10},
            "players": list(PLAYERS), "first_dealer": deal.dealer, "hands": [hand]}


def expected_deltas(deal) -> list[int]:
    """Per side (team 0 holds seats 0 and 2), from OpenSpiel's per-player returns."""
    r = deal.returns
    assert len(r) == 4 and r[0] == r[2] and r[1] == r[3] and r[0] == -r[1], r
    if deal.void:
        assert r == [0, 0, 0, 0], r
        return [0, 0]
    assert r[0] != 0 and r[0] == int(r[0]), r
    return [max(int(r[0]), 0), max(int(r[1]), 0)]


def _fail(problems: list[str], total: int, what: str):
    if problems:
        shown = "\n".join(problems[:MAX_REPORTED])
        pytest.fail(f"{len(problems)} of {total} {what} disagree with OpenSpiel:\n{shown}")


@pytest.mark.parametrize("setting", SETTINGS, ids=_id)
def test_legal_cards_at_every_turn(setting):
    sd, ld = setting
    rng = random.Random(SEEDS[setting] + 7)
    problems, total = [], 0
    for n, deal in enumerate(deals(sd, ld)):
        for turn in deal.turns:
            total += 1
            hand = list(turn.hand)
            rng.shuffle(hand)  # the referee must not depend on the order of the hand
            try:
                got = legal_plays("euchre", deal.trump, turn.led, hand)
            except Exception as exc:  # noqa: BLE001 - report, don't stop
                got = f"raised {exc!r}"
            if isinstance(got, str) or sorted(got) != sorted(turn.legal) \
                    or len(set(got)) != len(got):
                problems.append(
                    f"deal {n}: legal_plays('euchre', {deal.trump!r}, {turn.led!r}, "
                    f"{hand!r}) -> {got!r}; OpenSpiel: {sorted(turn.legal)!r}")
    assert total > 1000
    _fail(problems, total, "turns")


@pytest.mark.parametrize("setting", SETTINGS, ids=_id)
def test_every_trick_winner(setting):
    sd, ld = setting
    problems, total = [], 0
    for n, deal in enumerate(deals(sd, ld)):
        for trick in deal.tricks:
            total += 1
            plays = [(seat, card) for seat, card in trick.plays]
            try:
                j = judge_trick("euchre", deal.trump, plays)
                got = (j.winner, j.card)
            except Exception as exc:  # noqa: BLE001
                got = f"raised {exc!r}"
            if got != (trick.winner, trick.card):
                problems.append(
                    f"deal {n}: judge_trick('euchre', {deal.trump!r}, {plays!r}) -> "
                    f"{got!r}; OpenSpiel: {(trick.winner, trick.card)!r}")
    assert total > 500
    _fail(problems, total, "tricks")


@pytest.mark.parametrize("setting", SETTINGS, ids=_id)
def test_every_hand_score(setting):
    sd, ld = setting
    problems, total = [], 0
    for n, deal in enumerate(deals(sd, ld)):
        total += 1
        doc = match_doc(deal)
        want = expected_deltas(deal)
        try:
            res = score_match(doc).to_json()
            hand = res["hands"][0]
            got = (hand["deltas"], hand["totals"], hand["dealer"], res["totals"])
        except Exception as exc:  # noqa: BLE001
            got = f"raised {exc!r}"
        if got != (want, want, deal.dealer, want):
            problems.append(
                f"deal {n}: score_match({doc!r}) -> (deltas, totals, dealer, match totals) "
                f"{got!r}; OpenSpiel returns {deal.returns!r} (lone defender seat "
                f"{deal.lone_defender}) -> want deltas {want!r}, dealer {deal.dealer}")
    _fail(problems, total, "hands")


@pytest.mark.parametrize("setting", SETTINGS, ids=_id)
def test_sample_covers_the_cases(setting):
    """The sample must contain the cases worth checking, or the cross-check is hollow."""
    sd, ld = setting
    sample = deals(sd, ld)
    played = [d for d in sample if not d.void]
    count = {
        "void": sum(d.void for d in sample),
        "made": sum(3 <= d.maker_tricks <= 4 for d in played),
        "march": sum(d.maker_tricks == 5 for d in played),
        "euchre": sum(d.maker_tricks < 3 for d in played),
        "lone maker": sum(d.alone for d in played),
        "lone march": sum(d.alone and d.maker_tricks == 5 for d in played),
        "lone maker euchred": sum(d.alone and d.maker_tricks < 3 for d in played),
        "lone defender": sum(d.lone_defender is not None for d in played),
        "lone defender euchres": sum(d.lone_defender is not None and d.maker_tricks < 3
                                     for d in played),
        "forced": sum(d.forced for d in played),
        "second round": sum(not d.ordered_up for d in played),
    }
    # Left-bower situations for legal_plays: the left bower led, and a hand holding the
    # left bower when its printed suit is led (it is trump, so it does not follow).
    lb_led = lb_held = 0
    for d in played:
        left = "J" + SAME_COLOUR[d.trump]
        for t in d.turns:
            lb_led += t.led == left
            lb_held += (t.led is not None and t.led != left and t.led[1] == left[1]
                        and left in t.hand)
    count["left bower led"], count["left bower held, its suit led"] = lb_led, lb_held

    need = ["made", "march", "euchre", "lone maker", "lone march", "lone maker euchred",
            "second round", "left bower led", "left bower held, its suit led"]
    need += ["lone defender", "lone defender euchres"] if ld else []
    need += ["forced"] if sd else ["void"]
    missing = [k for k in need if count[k] < 1]
    assert not missing, f"sample lacks {missing}: {count}"
    if not ld:
        assert count["lone defender"] == 0
    if sd:
        # Stick the dealer: OpenSpiel never throws a hand in (checked per bid as well:
        # the dealer's eighth call offers no pass).
        assert count["void"] == 0
    else:
        assert count["forced"] == 0
    assert sum(d.bid_checks for d in sample) >= N_DEALS


def test_returns_follow_the_rules_we_read_in_openspiel():
    """Pins down our reading of OpenSpiel's score so that a misread shows up here."""
    for sd, ld in SETTINGS:
        for d in deals(sd, ld):
            if d.void:
                continue
            t = d.maker_tricks
            if t < 3:
                want = -4 if d.lone_defender is not None else -2
            elif t < 5:
                want = 1
            else:
                want = 4 if d.alone else 2
            assert d.returns[d.maker] == want, (sd, ld, d)
