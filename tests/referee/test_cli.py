"""``python -m referee variants | score FILE | score - | trick FILE | legal FILE`` as a subprocess, from the
repository root (shared/spec/match-format.md, "The command line")."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# shared/spec/variants.md: key -> (players, default target or start, contract option keys)
CONTRACT = {
    "euchre": ((4,), ("target", 10), {"deck", "stick_the_dealer", "lone_defender", "loner_euchred", "renege_penalty"}),
    "euchre-3hand": ((3,), ("target", 10), set()),
    "euchre-6hand": ((6,), ("target", 10), {"loner_euchred"}),
    "call-ace-euchre": ((4, 5, 6), ("target", 10), set()),
    "hasenpfeffer": ((4,), ("target", 10), {"set_penalty"}),
    "buck-euchre": ((4,), ("start", 25), set()),
    "dirty-clubs": ((3, 4, 5, 6), ("start", 15), {"bump"}),
    "pepper": ((2, 3, 4), ("target", 30), {"set_penalty", "dealer_forced"}),
    "midwest-pepper": ((4,), ("target", 42), set()),
    "grinnell-pepper": ((4,), ("target", 42), set()),
    "bacon": ((4,), ("target", 10), {"acquitted_redeal"}),
    "bid-euchre": ((4,), ("target", 42), {"little_pepper", "big_pepper", "set_wins"}),
    "progressive-euchre": ((4,), ("hands", 8), {"euchre_sweep"}),
    "progressive-bid-euchre": ((4,), ("hands", 8), set()),
    "double-deck-bid-euchre": ((4,), ("target", 50), {"made_scores"}),
    "double-hasenpfeffer": ((4, 6), ("target", 30), {"min_bid"}),
    "call-partner-euchre": ((5,), ("hands", 10), {"target"}),
    "eau-claire-clubs": ((4,), ("start", 15), set()),
}

# shared/spec/match-format.md, "The match document (JSON)": the example, verbatim
EXAMPLE = {
    "format": "euchre-match/1",
    "variant": "euchre",
    "rules": {"target": 10, "stick_the_dealer": True},
    "players": ["Ann", "Bob", "Cy", "Di"],
    "first_dealer": 0,
    "hands": [
        {"maker": 1, "trump": "H", "tricks": 3},
        {"maker": 2, "alone": True, "tricks": 5},
        {"void": True},
    ],
}


def cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess:
    """Run the CLI; stdout and stderr come back as text (decoded as UTF-8) even when stdin is raw bytes."""
    raw = stdin if isinstance(stdin, bytes) else None if stdin is None else stdin.encode("utf-8")
    proc = subprocess.run([sys.executable, "-m", "referee", *args], cwd=ROOT, input=raw, capture_output=True,
                          timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode("utf-8"),
                                       proc.stderr.decode("utf-8", errors="replace"))


def only_json(stdout: str):
    """stdout holds exactly one JSON document on one line."""
    assert stdout.endswith("\n") and stdout.count("\n") == 1, stdout
    return json.loads(stdout)


def assert_bad_input(proc: subprocess.CompletedProcess, **expected) -> dict:
    """Exit status 2, one JSON object with 'error' (and 'hand'/'field' where they apply), nothing else."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and proc.stderr == ""
    error = only_json(proc.stdout)
    assert isinstance(error, dict) and isinstance(error.get("error"), str) and error["error"]
    assert isinstance(error.get("hand", 0), int) and isinstance(error.get("field", ""), str)
    for key, value in expected.items():
        assert error.get(key) == value, error
    return error


@pytest.fixture(scope="module")
def variants():
    proc = cli("variants")
    assert proc.returncode == 0, proc.stderr
    return only_json(proc.stdout)


def test_variants_lists_all_18_keys(variants):
    keys = [v["key"] for v in variants]
    assert sorted(keys) == sorted(CONTRACT) and len(keys) == 18


@pytest.mark.parametrize("key", sorted(CONTRACT))
def test_variant_entry_matches_variants_md(variants, key):
    entry = next(v for v in variants if v["key"] == key)
    players, (goal_key, goal), options = CONTRACT[key]
    assert sorted(entry["players"]) == sorted(players)
    assert entry["default_rules"][goal_key] == goal
    option_keys = {o["key"] for o in entry["options"]}
    assert options <= option_keys
    assert option_keys == set(entry["default_rules"])
    for option in entry["options"]:
        assert option["default"] == entry["default_rules"][option["key"]]
        assert option["help"]
        assert "choices" in option or {"min", "max"} <= set(option)
        if "choices" in option:
            assert option["default"] in option["choices"]
    assert entry["countdown"] is (goal_key == "start")
    assert entry["all_pass"]["kind"] in ("void", "dealer", "holder", "no-maker", "never")
    assert entry["sources"] and all(s.startswith("[00") for s in entry["sources"])


def test_variants_option_choices_from_variants_md(variants):
    by_key = {v["key"]: {o["key"]: o for o in v["options"]} for v in variants}
    assert by_key["euchre"]["deck"]["choices"] == [24, 32, 25]
    assert set(by_key["hasenpfeffer"]["set_penalty"]["choices"]) == {"bid", "undertricks"}
    assert set(by_key["pepper"]["set_penalty"]["choices"]) == {"fixed", "bid"}
    assert set(by_key["bacon"]["acquitted_redeal"]["choices"]) == {"same", "next"}
    assert set(by_key["double-deck-bid-euchre"]["made_scores"]["choices"]) == {"bid", "tricks"}
    assert set(by_key["double-hasenpfeffer"]["min_bid"]["choices"]) == {3, 6}
    assert by_key["bid-euchre"]["set_wins"]["default"] is True
    assert by_key["euchre"]["stick_the_dealer"]["default"] is False


def test_score_file_gives_the_match_format_example_result(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    proc = cli("score", str(path))
    assert proc.returncode == 0, proc.stderr
    result = only_json(proc.stdout)
    assert result["variant"] == "euchre"
    assert result["rules"]["target"] == 10 and result["rules"]["stick_the_dealer"] is True
    assert result["rules"]["deck"] == 24  # every rule, resolved
    assert result["sides"] == ["Ann & Cy", "Bob & Di"]
    hands = result["hands"]
    assert [h["dealer"] for h in hands] == [0, 1, 2]
    assert [h["deltas"] for h in hands] == [[0, 1], [4, 0], [0, 0]]
    assert [h["totals"] for h in hands] == [[0, 1], [4, 1], [4, 1]]
    assert hands[0]["events"] == ["made"]
    assert "lone-march" in hands[1]["events"] and "void" in hands[2]["events"]
    assert result["totals"] == [4, 1]
    assert (result["finished"], result["winner"], result["tie"]) == (False, None, False)
    assert result["result"] == "Ann & Cy lead 4-1"


def test_score_first_hand_equals_the_result_document_example():
    # match-format.md, "The result document": the first hand of the example.
    doc = dict(EXAMPLE, hands=EXAMPLE["hands"][:1])
    result = only_json(cli("score", "-", stdin=json.dumps(doc)).stdout)
    assert {k: result["hands"][0][k] for k in ("dealer", "deltas", "totals", "events")} == \
        {"dealer": 0, "deltas": [0, 1], "totals": [0, 1], "events": ["made"]}
    assert result["totals"] == [0, 1]
    assert (result["finished"], result["winner"], result["tie"]) == (False, None, False)
    assert result["result"] == "Bob & Di lead 1-0"


def test_score_stdin_equals_score_file(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    from_file = cli("score", str(path))
    from_stdin = cli("score", "-", stdin=json.dumps(EXAMPLE, indent=2))
    assert from_stdin.returncode == 0
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout)


def test_trick_judges_each_line(tmp_path):
    lines = [
        {"variant": "euchre", "trump": "H", "plays": [[0, "AS"], [1, "JD"], [2, "KS"], [3, "9S"]]},
        {"variant": "euchre", "trump": "S", "rules": {"deck": 25}, "plays": [[2, "JS"], [3, "JK"], [0, "AS"]]},
        {"variant": "double-deck-bid-euchre", "trump": "S", "plays": [[0, "AH"], [1, "AH"], [2, "KH"], [3, "9H"]]},
    ]
    path = tmp_path / "tricks.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines[:2]) + "\n\n" + json.dumps(lines[2]) + "\n")
    proc = cli("trick", str(path))
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(o["winner"], o["card"]) for o in out] == [(1, "JD"), (3, "JK"), (0, "AH")]
    assert "left bower" in out[0]["reason"] and "joker" in out[1]["reason"]


def test_trick_takes_the_table_size():
    """An extension of match-format.md: ``players`` bounds the seats of a table smaller than the largest."""
    line = {"variant": "pepper", "trump": "H", "players": 3, "plays": [[0, "AS"], [3, "KS"]]}
    error = assert_bad_input(cli("trick", "-", stdin=json.dumps(line)), field="plays")
    assert "3-player table" in error["error"]
    del line["players"]
    assert json.loads(cli("trick", "-", stdin=json.dumps(line)).stdout)["winner"] == 0


def test_legal_answers_each_line():
    lines = [{"variant": "euchre", "trump": "H", "led": "AS", "hand": ["JD", "KS", "9C"]},
             {"variant": "euchre", "trump": "H", "led": "AH", "hand": ["JD", "KS", "9C"]},
             {"variant": "euchre", "trump": "H", "led": None, "hand": ["JD", "KS"]}]
    proc = cli("legal", "-", stdin="\n".join(json.dumps(line) for line in lines))
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line) for line in proc.stdout.splitlines()] == [
        {"legal": ["KS"]}, {"legal": ["JD"]}, {"legal": ["JD", "KS"]}]


def test_bad_match_document_names_hand_and_field():
    doc = dict(EXAMPLE, hands=[{"maker": 1, "tricks": 3}, {"maker": 2, "tricks": [3, 3]}])
    error = assert_bad_input(cli("score", "-", stdin=json.dumps(doc)), hand=1, field="tricks")
    assert "add up" in error["error"]


def test_bad_rule_has_field_but_no_hand():
    doc = dict(EXAMPLE, rules={"target": 0})
    error = assert_bad_input(cli("score", "-", stdin=json.dumps(doc)), field="rules")
    assert "hand" not in error


def test_hand_after_the_end_names_the_hand():
    doc = dict(EXAMPLE, start_totals=[9, 9], hands=[{"maker": 0, "tricks": 3}, {"maker": 1, "tricks": 3}])
    assert_bad_input(cli("score", "-", stdin=json.dumps(doc)), hand=1)


def test_invalid_json():
    error = assert_bad_input(cli("score", "-", stdin='{"variant": "euchre", '))
    assert "JSON" in error["error"]


def test_unknown_command_and_usage():
    assert "usage" in assert_bad_input(cli("judge", "x.json"))["error"]
    assert "usage" in assert_bad_input(cli())["error"]
    assert "usage" in assert_bad_input(cli("score"))["error"]
    assert "usage" in assert_bad_input(cli("score", "a.json", "b.json"))["error"]


def test_missing_file(tmp_path):
    error = assert_bad_input(cli("score", str(tmp_path / "nope.json")))
    assert "Cannot read" in error["error"]


def test_trick_error_writes_nothing_else():
    good = {"variant": "euchre", "trump": "H", "plays": [[0, "AS"], [1, "JD"]]}
    bad = {"variant": "euchre", "trump": "H", "plays": [[0, "AS"], [0, "KS"]]}
    assert_bad_input(cli("trick", "-", stdin=json.dumps(good) + "\n" + json.dumps(bad) + "\n"), field="plays")
    assert_bad_input(cli("trick", "-", stdin=json.dumps(good) + "\n[1, 2]\n"))
    assert_bad_input(cli("legal", "-", stdin=json.dumps({"variant": "euchre", "trump": "H", "led": "8S",
                                                           "hand": ["AS"]})), field="led")


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"variant": "euchre", "players": ["Zoë", "B", "C", "D"], "hands": []}'.encode("latin-1"))
    assert "UTF-8" in assert_bad_input(cli("score", str(path)))["error"]


def test_stdin_that_is_not_utf8():
    assert_bad_input(cli("score", "-", stdin=b'{"variant": "\xff"}'))


def test_names_survive_any_terminal_encoding():
    doc = dict(EXAMPLE, players=["Zoë", "Bob", "Cy", "Đi"], hands=[])
    proc = cli("score", "-", stdin=json.dumps(doc, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    assert only_json(proc.stdout)["sides"] == ["Zoë & Cy", "Bob & Đi"]


def test_lone_surrogate_in_a_name_does_not_crash():
    doc = '{"variant": "euchre", "players": ["\\ud800", "Bob", "Cy", "Di"], "hands": []}'
    proc = cli("score", "-", stdin=doc)
    assert "Traceback" not in proc.stderr
    assert proc.returncode in (0, 2)
    only_json(proc.stdout)
