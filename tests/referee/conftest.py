"""Shared helpers for the referee tests: build a match document, score it, and expect a refusal.

The per-variant files are tables of rule-book examples. Each row's id cites the rule document it comes
from ([000] is shared/rules/000_*.txt) or names the product ruling in shared/spec/variants.md.
"""
from __future__ import annotations

from typing import Any

import pytest

from referee import RefereeError, score_match

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
FORMAT = "euchre-match/1"


def match(variant: str, hands: list, *, rules: dict | None = None, players: int = 4,
          start_totals: list[int] | None = None, first_dealer: int | None = None) -> dict[str, Any]:
    """A match document (shared/spec/match-format.md) with players Ann, Bob, Cy, ... in seat order."""
    doc: dict[str, Any] = {"format": FORMAT, "variant": variant, "players": NAMES[:players], "hands": list(hands)}
    if rules is not None:
        doc["rules"] = rules
    if start_totals is not None:
        doc["start_totals"] = start_totals
    if first_dealer is not None:
        doc["first_dealer"] = first_dealer
    return doc


def score(variant: str, hands: list, **kwargs: Any) -> dict[str, Any]:
    """The result document for these hands."""
    return score_match(match(variant, hands, **kwargs)).to_json()


def last(result: dict[str, Any]) -> dict[str, Any]:
    return result["hands"][-1]


def refusal(variant: str, hands: list, **kwargs: Any) -> RefereeError:
    """The RefereeError that scoring these hands must raise."""
    with pytest.raises(RefereeError) as info:
        score(variant, hands, **kwargs)
    err = info.value
    assert err.message.strip() and err.message.rstrip()[-1] in ".?!", f"the error should be a sentence: {err.message!r}"
    assert "Traceback" not in err.message
    return err


def assert_refused(variant: str, hands: list, hand: int | None, field: str | None, **kwargs: Any) -> RefereeError:
    """Scoring must be refused at hand index ``hand`` for key ``field`` (match-format.md, "On bad input")."""
    err = refusal(variant, hands, **kwargs)
    assert (err.hand, err.field) == (hand, field), f"expected hand={hand} field={field}, got {err!r}"
    expected_json = {"error": err.message}
    if hand is not None:
        expected_json["hand"] = hand
    if field is not None:
        expected_json["field"] = field
    # match-format.md's keys must be exactly these; further keys are allowed extensions (e.g. an error "code")
    assert {k: v for k, v in err.to_json().items() if k in ("error", "hand", "field")} == expected_json
    return err


def assert_scores(variant: str, hand: dict, deltas: list[int], events: set[str] = frozenset(), **kwargs: Any) -> dict:
    """One hand scores ``deltas`` per side and carries at least ``events``."""
    result = score(variant, [hand], **kwargs)
    out = last(result)
    assert out["deltas"] == deltas, out["notes"]
    assert set(events) <= set(out["events"]), out["events"]
    start = kwargs.get("start_totals")
    if start is None:
        start = [result["rules"]["start"] if result["countdown"] else 0] * len(deltas)
    assert out["totals"] == result["totals"] == [s + d for s, d in zip(start, deltas)]
    return result


def assert_ending(variant: str, hands: list, *, winner: int | None, tie: bool = False, rule: str = "",
                  **kwargs: Any) -> dict:
    """The game ends on the last of ``hands`` with this winner (or tie), and the result sentence names the
    deciding rule (``rule`` is a substring of ``result``)."""
    result = score(variant, hands, **kwargs)
    assert result["finished"] is True, result["result"]
    assert result["winner"] == winner, result["result"]
    assert result["tie"] is tie, result["result"]
    assert "game-over" in last(result)["events"]
    assert all("game-over" not in h["events"] for h in result["hands"][:-1])
    assert result["next_dealer"] is None
    assert rule in result["result"], result["result"]
    if winner is not None:
        assert result["result"].startswith(result["sides"][winner]), result["result"]
    else:
        assert "tie" in result["result"].lower() or "draw" in result["result"].lower(), result["result"]
    return result


def assert_not_over(variant: str, hands: list, **kwargs: Any) -> dict:
    result = score(variant, hands, **kwargs)
    assert result["finished"] is False, result["result"]
    assert result["winner"] is None and result["tie"] is False
    assert all("game-over" not in h["events"] for h in result["hands"])
    assert result["next_dealer"] is not None
    return result


def dealers(result: dict) -> list[int]:
    return [h["dealer"] for h in result["hands"]]
