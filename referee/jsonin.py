"""Reading JSON that anyone may have written: the match documents given to the command line, pasted
into the import page or uploaded to a group.

``json.loads`` alone fails in ways that are not a plain "this is not JSON": 1,000 nested brackets
raise RecursionError, an integer of more than 4,300 digits raises a bare ValueError about
``sys.set_int_max_str_digits``, and NaN or Infinity (not JSON at all) are accepted. ``loads`` turns
every one of these into ``UnreadableJSON`` with a message in plain words, and refuses a value nested
deeper than any match document is (``MAX_DEPTH``), so nothing recursive downstream can be driven
deep either.
"""
from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 16  # a match document is 4 deep (document, hands, a hand, its tricks or auction, a bid)


class UnreadableJSON(ValueError):
    """The text is not JSON this program will read. ``str(error)`` says why in plain words ("This is
    not valid JSON ..."); ``error.about("Line 3")`` says the same of a named piece of the input."""

    def __init__(self, template: str) -> None:
        self.template = template
        super().__init__(self.about("This"))

    def about(self, what: str) -> str:
        return self.template.format(what=what)


TOO_DEEP = "{what} is nested too deeply: a match document is at most %d levels deep." % MAX_DEPTH


def _no_constant(name: str) -> Any:
    raise UnreadableJSON(f"{{what}} holds {name}, which is not a number JSON allows.")


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:  # no need to walk further than the limit
            stack.extend((child, level + 1) for child in children)
    return deepest


def loads(text: str | bytes) -> Any:
    """The JSON value in ``text``; UnreadableJSON for anything that is not JSON or is nested too deeply."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except UnreadableJSON:
        raise
    except json.JSONDecodeError as error:
        raise UnreadableJSON(f"{{what}} is not valid JSON (line {error.lineno}, column {error.colno}).") from None
    except RecursionError:
        raise UnreadableJSON(TOO_DEEP) from None
    except UnicodeDecodeError:
        raise UnreadableJSON("{what} is not text (UTF-8).") from None
    except ValueError:  # an integer of more than 4,300 digits (Python's limit on reading one)
        raise UnreadableJSON("{what} holds a number far too long to be a score (thousands of digits).") from None
    if depth(value) > MAX_DEPTH:
        raise UnreadableJSON(TOO_DEEP)
    return value
