"""``python -m referee variants | score | trick | legal`` (match-format.md, "The command line").

Output is JSON on stdout, ASCII-escaped so that any name survives any terminal encoding. On bad input:
exit status 2 and one JSON error object, never a traceback, whatever the input is (deep nesting, a
number of 5,000 digits, binary junk): JSON is read by ``referee.jsonin``, and anything the referee
still fails on is answered the same way.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from referee.catalog import VARIANTS
from referee.errors import RefereeError
from referee.jsonin import UnreadableJSON, loads
from referee.judge import judge_trick, legal_plays
from referee.match import score_match

USAGE = "usage: python -m referee variants | score FILE | trick FILE | legal FILE   (FILE may be - for stdin)"


def _read(path: str) -> str:
    if path == "-":
        try:
            return sys.stdin.read()
        except UnicodeDecodeError:
            raise RefereeError("The input is not UTF-8 text.") from None
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as err:
        raise RefereeError(f"Cannot read {path}: {err.strerror}.") from None
    except UnicodeDecodeError:
        raise RefereeError(f"{path} is not UTF-8 text.") from None
    except ValueError:  # a NUL in the name: a shell cannot pass one, but run() may be called from Python
        raise RefereeError(f"Cannot read {path!r}: that is not a file name.") from None


def _load(text: str, where: str) -> Any:
    try:
        return loads(text)
    except UnreadableJSON as err:
        raise RefereeError(err.about(where)) from None


def _lines(text: str) -> list[Any]:
    return [_load(line, f"Line {n}") for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def _object(line: Any, n: int) -> dict:
    if not isinstance(line, dict):
        raise RefereeError(f"Line {n} must be a JSON object.")
    return line


def run(argv: list[str], out: TextIO) -> int:
    """Run one command; returns the exit status."""
    if not argv or argv[0] not in ("variants", "score", "trick", "legal") or (argv[0] != "variants" and len(argv) != 2):
        out.write(json.dumps({"error": USAGE}) + "\n")
        return 2
    command = argv[0]
    try:
        if command == "variants":
            out.write(json.dumps([v.to_json() for v in VARIANTS.values()], ensure_ascii=True) + "\n")
            return 0
        text = _read(argv[1])
        if command == "score":
            result = score_match(_load(text, "The match document"))
            out.write(json.dumps(result.to_json(), ensure_ascii=True) + "\n")
            return 0
        answers = []  # everything is judged before anything is written: nothing half-written
        for n, line in enumerate(_lines(text), 1):
            query = _object(line, n)
            if command == "trick":
                verdict = judge_trick(query.get("variant"), query.get("trump"), query.get("plays"), query.get("rules"),
                                      query.get("players"))
                answers.append({"winner": verdict.winner, "card": verdict.card, "reason": verdict.reason})
            else:
                legal = legal_plays(query.get("variant"), query.get("trump"), query.get("led"), query.get("hand"),
                                    query.get("rules"))
                answers.append({"legal": legal})
        out.write("".join(json.dumps(a, ensure_ascii=True) + "\n" for a in answers))
        return 0
    except RefereeError as err:
        out.write(json.dumps(err.to_json(), ensure_ascii=True) + "\n")
        return 2
    except RecursionError:
        out.write(json.dumps({"error": "The input is nested too deeply to read."}) + "\n")
        return 2
    except (MemoryError, OverflowError):
        out.write(json.dumps({"error": "The input is too large to judge."}) + "\n")
        return 2
    except Exception as err:  # noqa: BLE001  the contract: exit 2 with JSON for any input, never a traceback
        out.write(json.dumps({"error": f"The referee could not judge this input ({type(err).__name__})."}) + "\n")
        return 2


def main() -> None:
    sys.exit(run(sys.argv[1:], sys.stdout))
